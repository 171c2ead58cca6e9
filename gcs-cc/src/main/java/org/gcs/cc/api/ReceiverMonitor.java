package org.gcs.cc.api;

/**
 * The receiving delegate's side of a scheme for one incoming meta-flow (a sending site, one group, one epoch). It
 * watches the flow's first transmissions and the sender's header fields and yields feedback for the sending
 * delegate's {@link SourceController}: either on the next acknowledgement ({@link #onAck}, TFRC) or on its own,
 * at a deadline of its own ({@link #nextFeedbackDueNs()} and {@link #pollFeedback}, ORMCC's delayed congestion
 * indications). The engine asks for the deadline after every arrival and on every tick; there are no timers.
 *
 * <p>Reliability (gaps, NAKs, repair) stays in the engine; a monitor only measures. Calls come in time order.
 *
 * <p>A monitor must watch the arrivals and show its state ({@link #onFirstTransmission}, {@link #snapshot()}); the
 * other hooks default to a monitor that ignores headers and the RTT and sends no feedback, so a scheme overrides
 * the way its feedback goes out (on acknowledgements, or on its own) and nothing else.
 */
public interface ReceiverMonitor {
    /**
     * The header fields of a first transmission, before {@link #onFirstTransmission} for the same packet. Ignored by
     * default: for a scheme whose source sends no header.
     *
     * @param header the decoded header of this scheme
     * @param nowNs the arrival time
     */
    default void onHeader(ControlHeader header, long nowNs) {
    }

    /**
     * The RTT to the sending delegate: its smoothed RTT as it arrives on data (seed 004 §4.1), or an estimate from
     * the overlay's probes until then. Ignored by default: for a monitor that does not use the RTT.
     *
     * @param rttNs positive
     * @param nowNs the current time
     */
    default void onSenderRtt(long rttNs, long nowNs) {
    }

    /**
     * A first transmission arrived that is new to this receiver (not a duplicate, not a repair), in arrival order.
     * A sequence number above the highest seen means the packets between were lost. Abstract: watching the arrivals
     * is what a monitor is for (one that measures nothing says so with an empty body).
     *
     * @param seq the flow sequence number
     * @param sendTimeNs when the sending delegate sent it, on its clock (for echoes)
     * @param wireBytes its size on the wire
     * @param nowNs the arrival time
     */
    void onFirstTransmission(long seq, long sendTimeNs, int wireBytes, long nowNs);

    /**
     * By default false: the acknowledgement interval suits the monitor's feedback.
     *
     * @return true if the monitor has news that should go out with an acknowledgement at once (TFRC: a new loss event)
     */
    default boolean ackUrgent() {
        return false;
    }

    /**
     * The engine is sending an acknowledgement of the flow now. By default null: no feedback rides on
     * acknowledgements (a scheme that sends none, or sends it on its own with {@link #pollFeedback}).
     *
     * @param nowNs the current time
     * @return feedback to carry on it, or null
     */
    default Feedback onAck(long nowNs) {
        return null;
    }

    /**
     * By default {@link Long#MAX_VALUE}: nothing is ever sent on its own. A scheme that overrides it overrides
     * {@link #pollFeedback} too.
     *
     * @return when {@link #pollFeedback} has feedback to send on its own; {@link Long#MAX_VALUE} if nothing is
     *     scheduled
     */
    default long nextFeedbackDueNs() {
        return Long.MAX_VALUE;
    }

    /**
     * By default null, which goes with the default {@link #nextFeedbackDueNs()}.
     *
     * @param nowNs the current time
     * @return the feedback due by now, to send in a feedback packet of its own; null if none is due (any more)
     */
    default Feedback pollFeedback(long nowNs) {
        return null;
    }

    /**
     * Abstract: every monitor shows its state, under its scheme's name.
     *
     * @return an immutable view of the monitor's state
     */
    MonitorSnapshot snapshot();
}
