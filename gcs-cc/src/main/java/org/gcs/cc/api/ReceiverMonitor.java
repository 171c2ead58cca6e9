package org.gcs.cc.api;

/**
 * The receiving delegate's side of a scheme for one incoming meta-flow (a sending site, one group, one epoch). It
 * watches the flow's first transmissions and the sender's header fields and yields feedback for the sending
 * delegate's {@link SourceController}: either on the next acknowledgement ({@link #onAck}, TFRC) or on its own,
 * at a deadline of its own ({@link #nextFeedbackDueNs()} and {@link #pollFeedback}, ORMCC's delayed congestion
 * indications). The engine asks for the deadline after every arrival and on every tick; there are no timers.
 *
 * <p>Reliability (gaps, NAKs, repair) stays in the engine; a monitor only measures. Calls come in time order.
 */
public interface ReceiverMonitor {
    /**
     * The header fields of a first transmission, before {@link #onFirstTransmission} for the same packet.
     *
     * @param header the decoded header of this scheme
     * @param nowNs the arrival time
     */
    void onHeader(ControlHeader header, long nowNs);

    /**
     * The RTT to the sending delegate: its smoothed RTT as it arrives on data (seed 004 §4.1), or an estimate from
     * the overlay's probes until then.
     *
     * @param rttNs positive
     * @param nowNs the current time
     */
    void onSenderRtt(long rttNs, long nowNs);

    /**
     * A first transmission arrived that is new to this receiver (not a duplicate, not a repair), in arrival order.
     * A sequence number above the highest seen means the packets between were lost.
     *
     * @param seq the flow sequence number
     * @param sendTimeNs when the sending delegate sent it, on its clock (for echoes)
     * @param wireBytes its size on the wire
     * @param nowNs the arrival time
     */
    void onFirstTransmission(long seq, long sendTimeNs, int wireBytes, long nowNs);

    /** @return true if the monitor has news that should go out with an acknowledgement at once (TFRC: a new loss event) */
    boolean ackUrgent();

    /**
     * The engine is sending an acknowledgement of the flow now.
     *
     * @param nowNs the current time
     * @return feedback to carry on it, or null
     */
    Feedback onAck(long nowNs);

    /** @return when {@link #pollFeedback} has feedback to send on its own; {@link Long#MAX_VALUE} if nothing is scheduled */
    long nextFeedbackDueNs();

    /**
     * @param nowNs the current time
     * @return the feedback due by now, to send in a feedback packet of its own; null if none is due (any more)
     */
    Feedback pollFeedback(long nowNs);

    /** @return an immutable view of the monitor's state */
    MonitorSnapshot snapshot();
}
