package org.gcs.internal.flow;

/**
 * The receiving sites of a meta-flow with the sending delegate's smoothed RTT to each, read where the flow keeps
 * them: a first transmission goes to every receiver, and a map built for each packet cost an allocation per receiver
 * and per packet on the sending delegate's loop (docs/performance.md, "CPU per message, round 5"). Valid only during
 * the call it is passed to; the flow's receivers may change afterwards.
 */
@FunctionalInterface
public interface ReceiverRtts {
    /** @param each called once per receiving site, in the order the sites became receivers */
    void forEach(Each each);

    /** One receiving site and the smoothed RTT to it. */
    @FunctionalInterface
    interface Each {
        /**
         * @param site the receiving site
         * @param srttNs the sending delegate's smoothed RTT to it, in nanoseconds
         */
        void accept(String site, long srttNs);
    }
}
