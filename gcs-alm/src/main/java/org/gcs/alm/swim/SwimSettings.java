package org.gcs.alm.swim;

/**
 * The tunables of SWIM and Lifeguard. The defaults follow HashiCorp memberlist's {@code DefaultLANConfig}
 * ({@link #DEFAULTS}) and {@code DefaultWANConfig} ({@link #WAN}), except {@code maxPiggyback}: memberlist fills a
 * UDP packet up to its size, this module carries a fixed number of updates.
 *
 * @param probeIntervalNs the protocol period T (SWIM §3): one probe per period; scaled by the local health
 *     multiplier (Lifeguard §IV-A)
 * @param probeTimeoutNs how long to wait for a direct Ack before asking intermediaries (SWIM §3.1); scaled like
 *     the period; less than {@code probeIntervalNs}
 * @param indirectChecks k, the number of intermediaries asked by a ping-req (SWIM §3.1)
 * @param suspicionMultiplier α, the suspicion timeout's minimum in protocol periods, before the log10(n) scale
 *     (Lifeguard §IV-B); also sets the expected confirmations K = α − 2
 * @param suspicionMaxMultiplier β, the suspicion timeout's maximum as a multiple of its minimum (Lifeguard
 *     §IV-B)
 * @param retransmitMultiplier λ, how many times each update is piggy-backed, before the log10(n + 1) scale
 *     (SWIM §4.1)
 * @param maxPiggyback the most updates carried by one message
 * @param maxLocalHealth Smax, the top of the local health score S (Lifeguard §IV-A); 0 disables the multiplier
 * @param suspicionMinNs the suspicion timeout's minimum, whatever n, or 0 for Lifeguard's α · log10(n) · T (as in
 *     Lifeguard and memberlist); see {@link #withSuspicionMin}
 */
public record SwimSettings(long probeIntervalNs, long probeTimeoutNs, int indirectChecks, int suspicionMultiplier,
                           int suspicionMaxMultiplier, int retransmitMultiplier, int maxPiggyback,
                           int maxLocalHealth, long suspicionMinNs) {
    private static final long MS = 1_000_000L;

    /** memberlist's LAN defaults: T = 1 s, probe timeout 500 ms, k = 3, α = 4, β = 6, λ = 4, Smax = 8; 8 updates. */
    public static final SwimSettings DEFAULTS = new SwimSettings(1_000 * MS, 500 * MS, 3, 4, 6, 4, 8, 8, 0);

    /** memberlist's WAN defaults: as {@link #DEFAULTS} but T = 5 s, probe timeout 3 s and α = 6. */
    public static final SwimSettings WAN = new SwimSettings(5_000 * MS, 3_000 * MS, 3, 6, 6, 4, 8, 8, 0);

    /** Validates the settings; the longest scaled period, (Smax + 1)·T, must fit in a long. */
    public SwimSettings {
        if (probeIntervalNs <= 0) {
            throw new IllegalArgumentException("probeIntervalNs must be positive, got " + probeIntervalNs);
        }
        if (probeTimeoutNs <= 0 || probeTimeoutNs >= probeIntervalNs) {
            throw new IllegalArgumentException("probeTimeoutNs must be positive and less than probeIntervalNs ("
                    + probeIntervalNs + "), got " + probeTimeoutNs);
        }
        if (indirectChecks < 0) {
            throw new IllegalArgumentException("indirectChecks must not be negative, got " + indirectChecks);
        }
        if (suspicionMultiplier < 1) {
            throw new IllegalArgumentException("suspicionMultiplier must be at least 1, got " + suspicionMultiplier);
        }
        if (suspicionMaxMultiplier < 1) {
            throw new IllegalArgumentException("suspicionMaxMultiplier must be at least 1, got "
                    + suspicionMaxMultiplier);
        }
        if (retransmitMultiplier < 1) {
            throw new IllegalArgumentException("retransmitMultiplier must be at least 1, got "
                    + retransmitMultiplier);
        }
        if (maxPiggyback < 1) {
            throw new IllegalArgumentException("maxPiggyback must be at least 1, got " + maxPiggyback);
        }
        if (maxLocalHealth < 0) {
            throw new IllegalArgumentException("maxLocalHealth must not be negative, got " + maxLocalHealth);
        }
        if (suspicionMinNs < 0) {
            throw new IllegalArgumentException("suspicionMinNs must not be negative, got " + suspicionMinNs);
        }
        Math.multiplyExact(probeIntervalNs, (long) maxLocalHealth + 1);
    }

    /**
     * @param intervalNs the new protocol period
     * @param timeoutNs the new probe timeout, less than the period
     * @return these settings with another probe interval and timeout
     */
    public SwimSettings withProbeTiming(long intervalNs, long timeoutNs) {
        return new SwimSettings(intervalNs, timeoutNs, indirectChecks, suspicionMultiplier, suspicionMaxMultiplier,
                retransmitMultiplier, maxPiggyback, maxLocalHealth, suspicionMinNs);
    }

    /**
     * @param alpha the new suspicion multiplier α
     * @param beta the new maximum-timeout multiplier β
     * @return these settings with another suspicion timeout
     */
    public SwimSettings withSuspicion(int alpha, int beta) {
        return new SwimSettings(probeIntervalNs, probeTimeoutNs, indirectChecks, alpha, beta, retransmitMultiplier,
                maxPiggyback, maxLocalHealth, suspicionMinNs);
    }

    /**
     * @param max the most updates one message carries
     * @return these settings with another {@link #maxPiggyback}
     */
    public SwimSettings withMaxPiggyback(int max) {
        return new SwimSettings(probeIntervalNs, probeTimeoutNs, indirectChecks, suspicionMultiplier,
                suspicionMaxMultiplier, retransmitMultiplier, max, maxLocalHealth, suspicionMinNs);
    }

    /**
     * Sets the suspicion timeout's minimum (not in Lifeguard): Min = {@code minNs} whatever n, in place of α ·
     * log10(n) · T; Max stays β · α · log10(n) · T, but at least Min. Lifeguard's Min grows with log10(n) so that a
     * refutation's gossip has time to reach every member; a member suspected by K others as well (the case of a
     * member that really failed) is declared dead at Min. GCS sets Min to the site timeout, the silence an operator
     * allows a site before it is removed: a site cut off for less is suspected but kept, as the all-to-all
     * heartbeats keep it; and a crash's detection stays within a bound whatever the size (α · log10(n) · T is 13 s at
     * 2048 members, and a detection would grow past 3 site timeouts with it). A member suspected by one other only
     * keeps Lifeguard's Max to refute: with Max = β · Min instead, at 1024 sites and 5 % loss a refutation that
     * came later than 30 s to one delegate made it declare the site dead, and its Dead removed the site from 171
     * views until the next refutation.
     *
     * @param minNs Min, positive
     * @return these settings with that minimum
     */
    public SwimSettings withSuspicionMin(long minNs) {
        if (minNs <= 0) {
            throw new IllegalArgumentException("minNs must be positive, got " + minNs);
        }
        return new SwimSettings(probeIntervalNs, probeTimeoutNs, indirectChecks, suspicionMultiplier,
                suspicionMaxMultiplier, retransmitMultiplier, maxPiggyback, maxLocalHealth, minNs);
    }
}
