package org.gcs.alm.swim;

import java.util.List;
import java.util.Objects;

/**
 * The four messages of the failure detector (SWIM §3 and §4, Lifeguard §IV-A's Nack), each carrying piggy-backed
 * {@link MemberUpdate}s (SWIM §4.1). The sender is not part of the message: the transport knows it and passes it to
 * {@link SwimMember#onMessage}. Sequence numbers are chosen by the member that expects the answer and are echoed
 * unchanged.
 */
public sealed interface SwimMessage {
    /** @return the membership updates piggy-backed on this message, at most {@code maxPiggyback}; read-only */
    List<MemberUpdate> updates();

    /**
     * A direct probe: answer with an {@link Ack} of the same sequence number.
     *
     * @param seq chosen by the prober (or by the intermediary of an indirect probe)
     * @param updates piggy-backed updates
     */
    record Ping(long seq, List<MemberUpdate> updates) implements SwimMessage {
        /** Copies the updates. */
        public Ping {
            updates = List.copyOf(updates);
        }
    }

    /**
     * The answer to a {@link Ping}, or an intermediary's relay of its target's answer to a {@link PingReq}.
     *
     * @param seq the sequence number of the ping or ping-req answered
     * @param updates piggy-backed updates
     */
    record Ack(long seq, List<MemberUpdate> updates) implements SwimMessage {
        /** Copies the updates. */
        public Ack {
            updates = List.copyOf(updates);
        }
    }

    /**
     * An indirect probe request (SWIM §3.1): ping {@code target} on the sender's behalf and relay its {@link Ack};
     * send a {@link Nack} if the target stays silent (Lifeguard §IV-A).
     *
     * @param seq chosen by the prober, echoed in the relayed Ack or the Nack
     * @param target the member to ping
     * @param updates piggy-backed updates
     */
    record PingReq(long seq, String target, List<MemberUpdate> updates) implements SwimMessage {
        /** Copies the updates. */
        public PingReq {
            Objects.requireNonNull(target, "target");
            updates = List.copyOf(updates);
        }
    }

    /**
     * An intermediary's report that the target of a {@link PingReq} did not answer in time (Lifeguard §IV-A): it
     * tells the prober that the intermediary, at least, is reachable.
     *
     * @param seq the sequence number of the ping-req
     * @param updates piggy-backed updates
     */
    record Nack(long seq, List<MemberUpdate> updates) implements SwimMessage {
        /** Copies the updates. */
        public Nack {
            updates = List.copyOf(updates);
        }
    }
}
