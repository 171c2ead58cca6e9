package org.gcs.cc.api;

/**
 * A member's side of a scheme for one group it sends to: it admits the member's messages (TFRC and ORMCC: a token
 * bucket at the share the sending delegate granted, seed 004 §4.2) and tells the sending delegate what the member
 * needs. Sizes are bytes on the wire, the units of every rate. Calls come in time order.
 *
 * <p>An admission must admit, say when it will, and take its grants ({@link #tryAdmit}, {@link #nanosUntilAdmissible},
 * {@link #onGrant}); the demand side ({@link #onQueued}, {@link #dueReport}) and {@link #state()} default to an
 * admission that reports no demand and has no numbers of its own.
 */
public interface SenderAdmission {
    /**
     * A message of {@code wireBytes} joined the group's queue (demand estimation). Ignored by default: for an
     * admission that estimates no demand.
     *
     * @param wireBytes its size on the wire
     * @param nowNs the current time
     */
    default void onQueued(long wireBytes, long nowNs) {
    }

    /**
     * Admits the message at the head of the group's queue if it may go now, and takes what it costs. Abstract: this
     * is what an admission is for.
     *
     * @param wireBytes its size on the wire
     * @param nowNs the current time
     * @return true if it may go (its cost is taken), false if it must wait
     */
    boolean tryAdmit(long wireBytes, long nowNs);

    /**
     * Abstract: the engine waits this long before it asks {@link #tryAdmit} again, so only the admission can say.
     *
     * @param wireBytes the size of the message at the head of the queue
     * @param nowNs the current time
     * @return how long until it may go: 0 now, {@link Long#MAX_VALUE} not before the next grant
     */
    long nanosUntilAdmissible(long wireBytes, long nowNs);

    /**
     * The sending delegate granted this member its part of the group's aggregate. Abstract: a scheme's grants
     * reach its senders here; one that has nothing to limit says so with an empty body.
     *
     * @param grant the member's grant
     * @param nowNs the current time
     */
    void onGrant(SenderGrant grant, long nowNs);

    /**
     * Called on the protocol ticks: at every tick while messages of the member wait or are unstable, and at least at
     * {@link #nextReportCheckNs} when none do (a quiet member skips the ticks in between): the report the sending
     * delegate should get now, if one is due. By default null:
     * the member reports no demand (the sending delegate splits nothing by demand, as under a price).
     *
     * @param nowNs the current time
     * @param messagesWaiting whether messages of the group wait for admission
     * @param messagesUnstable whether messages of the group are sent and not yet stable
     * @return the report, or null if none is due (or the scheme sends none)
     */
    default DemandReport dueReport(long nowNs, boolean messagesWaiting, boolean messagesUnstable) {
        return null;
    }

    /**
     * When {@link #dueReport} must next be asked even if no message of the member waits or is unstable (a demand
     * that decays after the member stopped sending is still reported). The engine ticks a quiet member then, on its
     * tick grid, and may skip its ticks until then: a report asked for before that time while nothing waits or is
     * unstable must be null, and asking must change nothing. By default never: an admission that reports no demand.
     *
     * @return the time, on the clock of the {@code nowNs} arguments; {@link Long#MAX_VALUE} if no report can come due
     *     before a message waits again
     */
    default long nextReportCheckNs() {
        return Long.MAX_VALUE;
    }

    /**
     * @return the admission's own numbers for meters and status (cost-benefit: {@code budgetDollars},
     *     {@code salaryPeriodSeconds}, {@code priceDollarsPerPacket}), by lowerCamelCase name with the unit; empty if
     *     it has none
     */
    default java.util.Map<String, Double> state() {
        return java.util.Map.of();
    }
}
