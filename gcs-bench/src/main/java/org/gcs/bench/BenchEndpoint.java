package org.gcs.bench;

/**
 * One node of the system under test, as the benchmark drives it: it connects, tells when it sees every member it
 * needs, sends payloads (blocking under the system's back-pressure) and hands every delivered payload to a
 * {@link Delivery}.
 */
interface BenchEndpoint extends AutoCloseable {
    /** The position of a delivery from a system that does not number its order. */
    long NO_POSITION = 0;

    /** Receives delivered payloads, on the system's delivery thread(s). */
    @FunctionalInterface
    interface Delivery {
        /**
         * @param senderKey identifies the sender, the same at every member (0 when the system does not say)
         * @param position the message's position in the agreed order, where the system numbers it (GCS total
         *        order, from 1); {@link #NO_POSITION} otherwise
         * @param bytes an array holding the payload (do not keep it)
         * @param offset where the payload starts
         * @param length its length
         */
        void deliver(long senderKey, long position, byte[] bytes, int offset, int length);
    }

    /**
     * Connects and returns once this node is a member of its cluster (or bound, for UDP).
     *
     * @param delivery where delivered payloads go
     * @throws Exception if the node cannot start
     */
    void start(Delivery delivery) throws Exception;

    /** @return true once this node sees every member (and site) of the run it should see */
    boolean ready();

    /** @return true if this node carries its site's traffic to other sites (GCS delegate, RELAY2 site master) */
    boolean master();

    /** @return a short description of what the node sees (views), for progress and error messages */
    String describe();

    /**
     * @return what limits the node's traffic right now, when the system tells (GCS: the allowed rate of the
     *         delegate's flow, RTT, loss event rate, the senders' demands and grants); empty otherwise
     */
    default String status() {
        return "";
    }

    /**
     * Sends one payload to every member; blocks while the system pushes back.
     *
     * @param payload the bytes (not modified afterwards)
     * @throws Exception if the system refuses or fails
     */
    void send(byte[] payload) throws Exception;

    /**
     * Returns once every payload given to {@link #send} was taken by the system (for a system that takes sends
     * asynchronously); nothing to do for the others.
     *
     * @throws Exception if a send failed meanwhile
     */
    default void flush() throws Exception {
    }

    /** Leaves the cluster and releases sockets and threads. */
    @Override
    void close();
}
