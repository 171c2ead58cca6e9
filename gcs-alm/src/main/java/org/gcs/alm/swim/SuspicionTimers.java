package org.gcs.alm.swim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lifeguard's Local-Health-Aware Suspicion (Lifeguard §IV-B): one timer per suspected member, which starts long
 * and shortens as independent members confirm the suspicion, so that a suspicion raised by a single slow member
 * has time to be refuted while one that many members share ends quickly.
 *
 * <p>With n the number of members known (this one included), T the base protocol period, α the suspicion
 * multiplier and β the maximum multiplier:
 * <pre>
 *   Min = α · max(1, log10(max(1, n))) · T, or a fixed Min   (the fixed Min is not in Lifeguard: see below)
 *   Max = max(β · α · max(1, log10(max(1, n))) · T, Min)     (β · Min without a fixed one)
 *   K   = α − 2, or 0 when n &lt; K + 2      (the confirmations expected)
 *   timeout(C) = max(Min, Max − (Max − Min) · log(C + 1) / log(K + 1))   (C confirmations so far; Min if K = 0)
 * </pre>
 * The timer expires at (start + timeout(C)). A confirmation is a Suspect about the member, at the incarnation
 * suspected, from a member other than the one that raised this suspicion and not counted before; at most K count.
 * Min, Max and K are fixed when the suspicion starts. A fixed Min ({@link SwimSettings#suspicionMinNs}, by default
 * none) sets the time to declare a member that K others suspect too, whatever n; it leaves Max alone unless Max would
 * fall below it, so that a member suspected by one other only has as long to refute as without it.
 */
final class SuspicionTimers {
    private static final class Suspicion {
        final long incarnation;
        final long startNs;
        final long minNs;
        final long maxNs;
        final int expected;
        final Set<String> confirmers = new HashSet<>();
        long deadlineNs;
        /** When to gossip the suspicion again, or {@link Long#MAX_VALUE} once done. */
        long refreshAtNs;

        Suspicion(long incarnation, String from, long startNs, long minNs, long maxNs, int expected) {
            this.incarnation = incarnation;
            this.startNs = startNs;
            this.minNs = minNs;
            this.maxNs = maxNs;
            this.expected = expected;
            confirmers.add(from);
            deadlineNs = startNs + timeoutNs(minNs, maxNs, 0, expected);
            refreshAtNs = startNs + minNs / 2;
        }
    }

    private final SwimSettings settings;
    private final Map<String, Suspicion> suspicions = new HashMap<>();

    /** @param settings gives T, α and β */
    SuspicionTimers(SwimSettings settings) {
        this.settings = settings;
    }

    /**
     * Lifeguard §IV-B (memberlist's {@code suspicionTimeout}): Min = α · max(1, log10(max(1, n))) · T.
     *
     * @param alpha the suspicion multiplier α
     * @param members n, the members known, this one included
     * @param probeIntervalNs T, the base protocol period (not scaled by local health)
     * @return the minimum suspicion timeout
     */
    static long minTimeoutNs(int alpha, int members, long probeIntervalNs) {
        double nodeScale = Math.max(1.0, Math.log10(Math.max(1.0, members)));
        return Math.round(alpha * nodeScale * probeIntervalNs);
    }

    /**
     * Lifeguard §IV-B: K = α − 2 confirmations are expected, none when fewer than K + 2 members are known (there
     * are not enough other members to confirm).
     *
     * @param alpha the suspicion multiplier α
     * @param members n, the members known, this one included
     * @return K
     */
    static int expectedConfirmations(int alpha, int members) {
        int k = Math.max(0, alpha - 2);
        return members < k + 2 ? 0 : k;
    }

    /**
     * Lifeguard §IV-B: timeout(C) = max(Min, Max − (Max − Min) · log(C + 1) / log(K + 1)), and Min when K = 0:
     * the timeout falls from Max with no confirmation to Min with K of them, logarithmically, so that the first
     * confirmations count most.
     *
     * @param minNs Min
     * @param maxNs Max
     * @param confirmations C
     * @param expected K
     * @return the suspicion timeout, measured from the start of the suspicion
     */
    static long timeoutNs(long minNs, long maxNs, int confirmations, int expected) {
        if (expected < 1) {
            return minNs;
        }
        double fraction = Math.log(confirmations + 1.0) / Math.log(expected + 1.0);
        long timeout = Math.round(maxNs - (maxNs - minNs) * fraction);
        return Math.max(minNs, timeout);
    }

    /**
     * Starts (or restarts, for a higher incarnation) the timer of a member just suspected.
     *
     * @param member the suspected member
     * @param incarnation the incarnation suspected
     * @param from who raised the suspicion; its own later Suspects do not count as confirmations
     * @param members n, the members known, this one included
     * @param nowNs the start of the suspicion
     */
    void start(String member, long incarnation, String from, int members, long nowNs) {
        long lifeguardMinNs = minTimeoutNs(settings.suspicionMultiplier(), members, settings.probeIntervalNs());
        long minNs = settings.suspicionMinNs() > 0 ? settings.suspicionMinNs() : lifeguardMinNs;
        long maxNs = Math.max(minNs, settings.suspicionMaxMultiplier() * lifeguardMinNs);
        int expected = expectedConfirmations(settings.suspicionMultiplier(), members);
        suspicions.put(member, new Suspicion(incarnation, from, nowNs, minNs, maxNs, expected));
    }

    /**
     * Counts a Suspect about a suspected member as a confirmation, if it is about the incarnation suspected, from a
     * member not counted yet, and fewer than K were counted; the deadline moves earlier accordingly.
     *
     * @return true if it counted (memberlist then gossips the confirmation on; so does {@link SwimMember})
     */
    boolean confirm(String member, long incarnation, String from) {
        Suspicion s = suspicions.get(member);
        if (s == null || s.incarnation != incarnation || s.confirmers.size() - 1 >= s.expected
                || !s.confirmers.add(from)) {
            return false;
        }
        int confirmations = s.confirmers.size() - 1;
        s.deadlineNs = s.startNs + timeoutNs(s.minNs, s.maxNs, confirmations, s.expected);
        return true;
    }

    /** Stops a member's timer (it was refuted or declared dead); does nothing if there is none. */
    void cancel(String member) {
        suspicions.remove(member);
    }

    /**
     * Removes and returns the members whose timer expired.
     *
     * @param nowNs the current time
     * @return the members to declare dead, in no particular order
     */
    List<String> expire(long nowNs) {
        List<String> due = new ArrayList<>(0);
        for (var it = suspicions.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (e.getValue().deadlineNs <= nowNs) {
                due.add(e.getKey());
                it.remove();
            }
        }
        return due;
    }

    /**
     * Returns, once per suspicion, the members suspected here for Min / 2 already: their suspicion is to be
     * gossiped again. A member that heard a suspicion late, after the refutation's gossip had died out, would
     * otherwise keep it silently until its timer ends in a false death; gossiped again, the stale Suspect reaches
     * members that know the refutation, and their replies correct it ({@link SwimMember}). A real failure costs
     * one more round of gossip; a suspicion refuted within Min / 2 costs nothing.
     *
     * @param nowNs the current time
     * @return the members whose suspicion to gossip again, in no particular order
     */
    List<String> refresh(long nowNs) {
        List<String> due = new ArrayList<>(0);
        for (var e : suspicions.entrySet()) {
            if (e.getValue().refreshAtNs <= nowNs) {
                e.getValue().refreshAtNs = Long.MAX_VALUE;
                due.add(e.getKey());
            }
        }
        return due;
    }

    /** @return the earliest deadline or refresh, or {@link Long#MAX_VALUE} when no member is suspected */
    long nextDeadlineNs() {
        long next = Long.MAX_VALUE;
        for (Suspicion s : suspicions.values()) {
            next = Math.min(next, Math.min(s.deadlineNs, s.refreshAtNs));
        }
        return next;
    }

    /** @return the deadline of a member's timer, or {@link Long#MAX_VALUE} if it is not suspected */
    long deadlineNs(String member) {
        Suspicion s = suspicions.get(member);
        return s == null ? Long.MAX_VALUE : s.deadlineNs;
    }
}
