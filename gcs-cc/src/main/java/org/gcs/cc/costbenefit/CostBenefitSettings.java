package org.gcs.cc.costbenefit;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.SchemeParameters;
import org.gcs.cc.api.SchemeSettings;

/**
 * The cost-benefit scheme's settings ({@code cc.cost-benefit.*}). Defaults are the paper's (seed 000 §IV-B, §V-B,
 * §VII: "salary $10, S = C_max = $20, Δ = $1, M = 100 packets", H = 2, T_min = 50 ms, T_max = 2.5 s, initial T = 1 s);
 * the rest are our decisions, documented in {@code docs/congestion-control.md}.
 *
 * @param maxLinkCostDollars {@code max.link.cost}, C_max, default 20: the price of a link whose buffer holds M
 *     packets on average; prices are clamped there (§IV-B.3: "the cost of the link will increase until a given value
 *     C_max")
 * @param salaryDollars {@code salary}, default 10: what a sender earns every salary period
 * @param savingsDollars {@code savings}, S, default 20 (= C_max): the most a sender's budget holds
 * @param feeDollars {@code fee}, Δ, default 1: the processing fee every packet pays on top of its links (Eq. 8)
 * @param thresholdDollars {@code threshold}, H, default 2: a blocked sender whose dearest packet of the period cost
 *     more than this gets a longer salary period (Eq. 11), otherwise a shorter one (Eq. 10)
 * @param softBufferPackets {@code soft.buffer}, M, default 100: the desired buffer occupancy of a link (Eq. 7)
 * @param congestedAdvertiseNs {@code advertise.congested}, T_min, default 50 ms: how often a link with a price is
 *     advertised, and the window over which its occupancy is averaged
 * @param idleAdvertiseNs {@code advertise.idle}, T_max, default 2.5 s: how often a link without a price is
 *     advertised (at 0)
 * @param updateIntervalNs {@code update.interval}, T_update, default 50 ms (= T_min): Eq. 10's "minimum time between
 *     two cost updates"
 * @param initialPeriodNs {@code initial.period}, default 1 s: a new sender's salary period
 * @param minPeriodNs {@code min.period}, default 1 ms: the shortest salary period (the paper has none)
 * @param maxPeriodNs {@code max.period}, default 60 s: the longest salary period (the paper has none)
 * @param randomization {@code randomization}, default true: an affordable packet goes with probability 1/C_p only,
 *     otherwise it waits for the next wake-up (§IV-B.8)
 * @param deferNs {@code defer}, default 10 ms (two protocol ticks; measured, decision A9): the "short timeout" a
 *     deferred packet waits at most
 * @param increaseOncePerNs {@code increase.once.per}, default 0 (off, the paper's rule): at most one Eq. 10 step per
 *     this interval, for a TCP-like linear increase in time
 * @param blockedWithoutPurchase {@code blocked.without.purchase}, default {@code zero}: what a blocked
 *     salary period in which nothing was bought counts as ({@link BlockedWithoutPurchase}; the paper is silent)
 * @param adaptationClock {@code adapt.at}, default {@code update-interval}: when T adapts ({@link AdaptationClock};
 *     the paper's words are {@code salary})
 */
public record CostBenefitSettings(double maxLinkCostDollars, double salaryDollars, double savingsDollars,
                                  double feeDollars, double thresholdDollars, double softBufferPackets,
                                  long congestedAdvertiseNs, long idleAdvertiseNs, long updateIntervalNs,
                                  long initialPeriodNs, long minPeriodNs, long maxPeriodNs, boolean randomization,
                                  long deferNs, long increaseOncePerNs, BlockedWithoutPurchase blockedWithoutPurchase,
                                  AdaptationClock adaptationClock)
        implements SchemeSettings {
    /** Nanoseconds per millisecond. */
    private static final long MS = 1_000_000L;
    /** The paper's values (seed 000 §VII) and ours where it has none. */
    public static final CostBenefitSettings DEFAULTS = new CostBenefitSettings(20, 10, 20, 1, 2, 100, 50 * MS,
            2_500 * MS, 50 * MS, 1_000 * MS, MS, 60_000 * MS, true, 10 * MS, 0, BlockedWithoutPurchase.ZERO,
            AdaptationClock.UPDATE_INTERVAL);
    /** The largest price a link advertisement carries: milli-dollars in 16 bits. */
    public static final double MAX_LINK_COST_ON_WIRE = 65.535;

    /** Rejects values no formula can use. */
    public CostBenefitSettings {
        positive("maxLinkCostDollars", maxLinkCostDollars);
        if (maxLinkCostDollars > MAX_LINK_COST_ON_WIRE) {
            throw new IllegalArgumentException("maxLinkCostDollars must be at most " + MAX_LINK_COST_ON_WIRE
                    + " (advertisements carry milli-dollars in 16 bits), got " + maxLinkCostDollars);
        }
        positive("salaryDollars", salaryDollars);
        positive("savingsDollars", savingsDollars);
        positive("feeDollars", feeDollars);
        positive("thresholdDollars", thresholdDollars);
        positive("softBufferPackets", softBufferPackets);
        if (congestedAdvertiseNs <= 0 || idleAdvertiseNs < congestedAdvertiseNs || updateIntervalNs <= 0
                || deferNs <= 0 || increaseOncePerNs < 0) {
            throw new IllegalArgumentException("intervals must be positive, with advertise.idle >= advertise.congested;"
                    + " got congested " + congestedAdvertiseNs + " ns, idle " + idleAdvertiseNs + " ns, update "
                    + updateIntervalNs + " ns, defer " + deferNs + " ns, increase.once.per " + increaseOncePerNs + " ns");
        }
        if (blockedWithoutPurchase == null) {
            throw new IllegalArgumentException("blockedWithoutPurchase must not be null; use ZERO (the default)");
        }
        if (adaptationClock == null) {
            throw new IllegalArgumentException("adaptationClock must not be null; use UPDATE_INTERVAL (the default)");
        }
        if (minPeriodNs <= 0 || initialPeriodNs < minPeriodNs || maxPeriodNs < initialPeriodNs) {
            throw new IllegalArgumentException("salary periods need 0 < min.period <= initial.period <= max.period, got "
                    + minPeriodNs + ", " + initialPeriodNs + ", " + maxPeriodNs + " ns");
        }
    }

    private static void positive(String name, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be positive and finite, got " + value);
        }
    }

    @Override
    public String scheme() {
        return CostBenefitControl.NAME;
    }

    @Override
    public Map<String, String> toParameters() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("max.link.cost", Double.toString(maxLinkCostDollars));
        p.put("salary", Double.toString(salaryDollars));
        p.put("savings", Double.toString(savingsDollars));
        p.put("fee", Double.toString(feeDollars));
        p.put("threshold", Double.toString(thresholdDollars));
        p.put("soft.buffer", Double.toString(softBufferPackets));
        p.put("advertise.congested", congestedAdvertiseNs + "ns");
        p.put("advertise.idle", idleAdvertiseNs + "ns");
        p.put("update.interval", updateIntervalNs + "ns");
        p.put("initial.period", initialPeriodNs + "ns");
        p.put("min.period", minPeriodNs + "ns");
        p.put("max.period", maxPeriodNs + "ns");
        p.put("randomization", Boolean.toString(randomization));
        p.put("defer", deferNs + "ns");
        p.put("increase.once.per", increaseOncePerNs + "ns");
        p.put("blocked.without.purchase", SchemeParameters.choiceName(blockedWithoutPurchase));
        p.put("adapt.at", SchemeParameters.choiceName(adaptationClock));
        return p;
    }

    /**
     * @param enabled whether the 1/C_p randomization runs
     * @return a copy with that choice
     */
    public CostBenefitSettings withRandomization(boolean enabled) {
        return new CostBenefitSettings(maxLinkCostDollars, salaryDollars, savingsDollars, feeDollars, thresholdDollars,
                softBufferPackets, congestedAdvertiseNs, idleAdvertiseNs, updateIntervalNs, initialPeriodNs,
                minPeriodNs, maxPeriodNs, enabled, deferNs, increaseOncePerNs, blockedWithoutPurchase, adaptationClock);
    }

    /**
     * @param settings the node's settings
     * @return the scheme's settings from the {@code cc.cost-benefit.*} parameters, defaults for those not given
     * @throws IllegalArgumentException if a parameter is unknown or invalid (the message names it)
     */
    public static CostBenefitSettings from(CcSettings settings) {
        SchemeParameters p = SchemeParameters.of(settings, CostBenefitControl.NAME);
        long hour = 3_600_000 * MS;
        CostBenefitSettings parsed = new CostBenefitSettings(
                p.number("max.link.cost", DEFAULTS.maxLinkCostDollars, 0.001, MAX_LINK_COST_ON_WIRE),
                p.number("salary", DEFAULTS.salaryDollars, 0.001, 1e6),
                p.number("savings", DEFAULTS.savingsDollars, 0.001, 1e6),
                p.number("fee", DEFAULTS.feeDollars, 0.001, 1e6),
                p.number("threshold", DEFAULTS.thresholdDollars, 0.001, 1e6),
                p.number("soft.buffer", DEFAULTS.softBufferPackets, 1, 1e6),
                p.durationNs("advertise.congested", DEFAULTS.congestedAdvertiseNs, MS, hour),
                p.durationNs("advertise.idle", DEFAULTS.idleAdvertiseNs, MS, hour),
                p.durationNs("update.interval", DEFAULTS.updateIntervalNs, MS, hour),
                p.durationNs("initial.period", DEFAULTS.initialPeriodNs, 1_000, hour),
                p.durationNs("min.period", DEFAULTS.minPeriodNs, 1_000, hour),
                p.durationNs("max.period", DEFAULTS.maxPeriodNs, 1_000, hour),
                p.bool("randomization", DEFAULTS.randomization),
                p.durationNs("defer", DEFAULTS.deferNs, 1_000, hour),
                p.durationNs("increase.once.per", DEFAULTS.increaseOncePerNs, 0, hour),
                p.choice("blocked.without.purchase", DEFAULTS.blockedWithoutPurchase),
                p.choice("adapt.at", DEFAULTS.adaptationClock));
        p.rejectUnknown();
        return parsed;
    }
}
