package org.gcs.internal.engine;

/**
 * A member's hold on its own messages after its process stood still for longer than the LAN's suspicion time
 * ({@link NodeEngine#onStalled}): while it holds, the member admits nothing new and keeps what it sent whatever its
 * delegate reports stable, because its site may have excluded it and carried on without it:
 * <ul>
 *   <li>it keeps what it sent in its send window even when its delegate reports it stable: a delegate of that stale
 *       view (itself, after a hung delegate thaws) sends with a term the remote sites ignore, times them out and
 *       would release everything unacknowledged;</li>
 *   <li>it admits nothing new, so that nothing it sends reaches the rest of the site out of order: JGroups delivers to
 *       the others, after the merge, what this member multicast while the merge ran, ahead of the re-sends of what it
 *       sent before.</li>
 * </ul>
 *
 * <p>The hold ends with the first of:
 * <ul>
 *   <li>the merged LAN view that takes the member back (it was excluded: {@link #end});</li>
 *   <li>a {@code MembershipConfirm} answering this stall's probe (it was not excluded: {@link #onConfirmed}). The
 *       member multicasts a {@code MembershipProbe} {@link #PROBE_AFTER_NS} after the stall was noticed, and again
 *       every {@link #PROBE_INTERVAL_NS}; the most senior other member of the LAN view answers if its view lists the
 *       member. A member its site excluded gets no answer: the others' LAN drops its multicasts, and their view
 *       does not list it;</li>
 *   <li>{@link #MAX_HOLD_NS}, if neither came.</li>
 * </ul>
 * Without the probe, a member that stood still 3–4 s and was not excluded held its messages for the whole bound: in
 * a {@code total} group every member then waits for its acknowledgements, so the group delivered nothing for 30 s.
 *
 * <p>Probes are numbered per stall (from 1), so an answer to an earlier stall's probe, replayed, ends nothing.
 * Sans-IO: time comes in as {@code nowNs}. Not thread-safe: owned by one node's protocol engine.
 */
final class StallHold {
    /** How long a stalled member holds its messages at most while it waits for the view that merges it back. */
    static final long MAX_HOLD_NS = 30_000_000_000L;
    /**
     * How long after the stall was noticed the first probe goes out. A suspicion raised while the process stood
     * still is settled by then: the LAN's verification of a suspect (0.5 s, {@code VERIFY_SUSPECT2}) had started
     * before the process ran again, a suspicion raised after that is refuted at once (the process answers), and a
     * confirmed one is installed as a view within milliseconds; the rest is margin for a process whose LAN threads
     * run again a little after its loop. So a view that lists the member after this time will keep listing it.
     */
    static final long PROBE_AFTER_NS = 2_000_000_000L;
    /** How often an unanswered probe is repeated. */
    static final long PROBE_INTERVAL_NS = 500_000_000L;

    private boolean holding;
    private long stalledAtNs;
    private long untilNs;
    private long nextProbeNs;
    private long probe;

    /** The process stood still: holds from now, with a new probe number. */
    void start(long nowNs) {
        holding = true;
        stalledAtNs = nowNs;
        untilNs = nowNs + MAX_HOLD_NS;
        nextProbeNs = nowNs + PROBE_AFTER_NS;
        probe++;
    }

    /** The LAN merged the member back: the hold ends. */
    void end() {
        holding = false;
    }

    /**
     * @return whether a hold runs, its bound not checked: the member's ticks must go on meanwhile (they probe, and
     *     end the hold at its bound through {@link #holds})
     */
    boolean running() {
        return holding;
    }

    /** @return whether the member holds its messages now (the bound ends the hold by itself) */
    boolean holds(long nowNs) {
        if (holding && nowNs - untilNs >= 0) {
            holding = false; // neither a merge nor an answer came
        }
        return holding;
    }

    /**
     * @return the number to send in a {@code MembershipProbe} now, or 0 if none is due (not holding, or the next
     *     probe not yet due); a returned probe is taken as sent
     */
    long probeDue(long nowNs) {
        if (!holds(nowNs) || nowNs - nextProbeNs < 0) {
            return 0;
        }
        nextProbeNs = nowNs + PROBE_INTERVAL_NS;
        return probe;
    }

    /**
     * A {@code MembershipConfirm} for this member arrived.
     *
     * @param confirmedProbe the probe number it answers
     * @return how long the member held, in ns, if this ended the hold; -1 if it ended nothing (not holding, or an
     *     answer to another stall's probe)
     */
    long onConfirmed(long confirmedProbe, long nowNs) {
        if (!holds(nowNs) || confirmedProbe != probe) {
            return -1;
        }
        holding = false;
        return nowNs - stalledAtNs;
    }
}
