package org.gcs.cc.costbenefit;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.DemandReport;
import org.gcs.cc.api.Price;
import org.gcs.cc.api.SenderAdmission;
import org.gcs.cc.api.SenderGrant;

/**
 * A sender's budget for one group under seed 000's cost-benefit flow control (§IV-B.4–8, §VI): a token bucket of
 * dollars, not bytes. Every salary period T the sender earns the salary its delegate hands out, up to savings S; a
 * message of d packets costs d · C_p, the group's price (Eq. 8), and goes only if the budget holds that much, which
 * it then loses (decision A4: {@code k ≥ cost}, "subtracted from the budget"). A sender that cannot afford its next
 * message is blocked until it earns more or the price falls; T adapts ({@link SalaryPeriod}) once per T_update on a
 * grid every sender shares, or at each salary as the paper words it ({@link AdaptationClock}, decision A7); a shorter
 * T brings the next salary forward, to no earlier than now.
 *
 * <p>Randomization (§IV-B.8): an affordable message goes with probability 1/C_p; otherwise it is deferred, budget
 * untouched, until the next message is queued, a new price comes, or {@code defer} passes, and then the coin is
 * flipped again (decision A9).
 *
 * <p>A message of several packets that costs more than the savings can ever hold (d · C_p > S, each packet
 * affordable) goes when the savings are full, and the budget owes the excess, which later salaries repay first (as
 * an oversized message in a token bucket); otherwise it could never go. A single packet dearer than S still waits
 * for the price to fall (decision A3).
 *
 * <p>Salaries are paid lazily when the admission is asked (the engine asks at every tick and event): all periods
 * that ended are paid, and T adapts at most once (decision A8); periods of the new T that also ended by then are paid
 * without adapting again. The budget starts with one salary; the first salary comes
 * after the initial period.
 *
 * <p>Before its delegate's first price, a sender buys one message at the fee alone (which starts its site's flow, so
 * that the delegate prices the group) and then waits for the price, at most {@code advertise.idle}, after which it
 * buys at the fee (decision A17). Buying on at the fee would let every new sender spend its first budget on a link
 * that may be congested already: twenty new clients pushed a priced link's buffer from about 100 to 235 packets in
 * seed 000's Scenario 2.
 */
public final class CostBenefitAdmission implements SenderAdmission {
    private final CostBenefitSettings settings;
    private final AdmissionContext context;
    private final SalaryPeriod period;
    private final SplittableRandom random;
    private double budgetDollars;
    private double salaryDollars;
    private double priceDollars;
    private long nextSalaryNs;
    private long lastSalaryNs;
    private long epochEndNs;
    private boolean blocked;
    private double dearestBoughtDollars;
    private double blockedOnDollars;
    private long deferredUntilNs = Long.MIN_VALUE;
    private boolean woken;
    private long packetsBought;
    private final long createdNs;
    private boolean priced;
    private long deferrals;

    /**
     * @param settings the scheme's settings
     * @param context the member, the group, the time, the packet size
     * @param seed the seed of the randomization's coin
     */
    public CostBenefitAdmission(CostBenefitSettings settings, AdmissionContext context, long seed) {
        this.settings = settings;
        this.context = context;
        this.period = new SalaryPeriod(settings);
        this.random = new SplittableRandom(seed);
        this.salaryDollars = settings.salaryDollars();
        this.budgetDollars = Math.min(settings.savingsDollars(), salaryDollars);
        this.priceDollars = settings.feeDollars();
        this.createdNs = context.nowNs();
        this.lastSalaryNs = context.nowNs();
        this.nextSalaryNs = lastSalaryNs + period.periodNs();
        this.epochEndNs = nextEpochEndNs(context.nowNs());
    }

    @Override
    public void onQueued(long wireBytes, long nowNs) {
        woken = true; // "another packet arrives in the sending queue"
    }

    @Override
    public boolean tryAdmit(long wireBytes, long nowNs) {
        catchUp(nowNs);
        if (awaitsPrice(nowNs)) {
            return false; // not blocked by a price: it has none yet
        }
        double cost = context.packets(wireBytes) * priceDollars;
        if (budgetDollars < neededDollars(cost)) {
            blocked = true;
            blockedOnDollars = Math.max(blockedOnDollars, priceDollars);
            return false;
        }
        if (settings.randomization()) {
            if (nowNs < deferredUntilNs && !woken) {
                return false;
            }
            woken = false;
            if (random.nextDouble() >= 1 / Math.max(1, priceDollars)) {
                deferredUntilNs = nowNs + settings.deferNs();
                deferrals++;
                return false;
            }
        }
        deferredUntilNs = Long.MIN_VALUE;
        budgetDollars -= cost;
        dearestBoughtDollars = Math.max(dearestBoughtDollars, priceDollars);
        packetsBought += context.packets(wireBytes);
        return true;
    }

    @Override
    public long nanosUntilAdmissible(long wireBytes, long nowNs) {
        catchUp(nowNs);
        if (awaitsPrice(nowNs)) {
            return createdNs + settings.idleAdvertiseNs() - nowNs; // or sooner, when the price comes
        }
        double needed = neededDollars(context.packets(wireBytes) * priceDollars);
        if (budgetDollars >= needed) {
            return settings.randomization() && nowNs < deferredUntilNs && !woken ? deferredUntilNs - nowNs : 0;
        }
        if (Double.isInfinite(needed)) {
            return Long.MAX_VALUE; // not before the price falls
        }
        long salaries = (long) Math.ceil((needed - budgetDollars) / salaryDollars);
        return nextSalaryNs - nowNs + (salaries - 1) * period.periodNs();
    }

    @Override
    public void onGrant(SenderGrant grant, long nowNs) {
        if (grant instanceof Price price) {
            catchUp(nowNs);
            priced = true;
            priceDollars = price.dollarsPerPacket();
            salaryDollars = price.salaryDollars();
            woken = true; // "a new cost update arrives"
        }
    }

    @Override
    public DemandReport dueReport(long nowNs, boolean messagesWaiting, boolean messagesUnstable) {
        return null; // every sender has its own budget: the delegate splits nothing
    }

    @Override
    public Map<String, Double> state() {
        Map<String, Double> state = new LinkedHashMap<>();
        state.put("budgetDollars", budgetDollars);
        state.put("salaryPeriodSeconds", period.periodNs() / 1e9);
        state.put("priceDollarsPerPacket", priceDollars);
        state.put("salaryDollars", salaryDollars);
        state.put("packetsBought", (double) packetsBought);
        state.put("deferrals", (double) deferrals);
        state.put("periodIncreases", (double) period.decreases()); // Eq. 11 doubled T (the rate decreased)
        state.put("periodDecreases", (double) period.increases()); // Eq. 10 shortened T (the rate increased)
        return state;
    }

    /** @return the dollars in the budget now (without paying salaries that are due) */
    double budgetDollars() {
        return budgetDollars;
    }

    /** @return the salary period T in nanoseconds */
    long periodNs() {
        return period.periodNs();
    }

    /**
     * @param cost what a message costs
     * @return what the budget must hold to buy it: the cost; the savings S for a message of several packets that
     *     costs more than S (it leaves a debt); +∞ if one packet costs more than S (A3: it waits for the price)
     */
    private double neededDollars(double cost) {
        double savings = settings.savingsDollars();
        if (cost <= savings) {
            return cost;
        }
        return priceDollars <= savings ? savings : Double.POSITIVE_INFINITY;
    }

    /** @return whether the sender bought its first message and still waits for its delegate's first price (A17) */
    private boolean awaitsPrice(long nowNs) {
        return !priced && packetsBought > 0 && nowNs - createdNs < settings.idleAdvertiseNs();
    }

    /** Adapts T if an epoch ended ({@link AdaptationClock#UPDATE_INTERVAL}), then pays the salaries that are due. */
    private void catchUp(long nowNs) {
        if (settings.adaptationClock() == AdaptationClock.UPDATE_INTERVAL && nowNs >= epochEndNs) {
            adapt(nowNs);
            epochEndNs = nextEpochEndNs(nowNs);
            // a shorter T brings the next salary forward, to no earlier than now: no back pay
            nextSalaryNs = Math.min(nextSalaryNs, Math.max(lastSalaryNs + period.periodNs(), nowNs));
        }
        paySalaries(nowNs);
    }

    /** @return the end of the epoch {@code nowNs} is in, on a grid of T_update every sender shares */
    private long nextEpochEndNs(long nowNs) {
        long updateNs = settings.updateIntervalNs();
        return Math.floorDiv(nowNs, updateNs) * updateNs + updateNs;
    }

    /** Eq. 10 or 11 from what the sender met since the last adaptation, which starts the next one afresh. */
    private void adapt(long nowNs) {
        if (dearestBoughtDollars > 0) {
            period.adapt(blocked, dearestBoughtDollars, nowNs);
        } else if (blocked) {
            switch (settings.blockedWithoutPurchase()) {
                case BLOCKED_PRICE -> period.adapt(true, blockedOnDollars, nowNs);
                case ZERO -> period.adapt(true, 0, nowNs);
                case KEEP -> { }
            }
        }
        blocked = false;
        dearestBoughtDollars = 0;
        blockedOnDollars = 0;
    }

    private void paySalaries(long nowNs) {
        if (nowNs < nextSalaryNs) {
            return;
        }
        long periodNs = period.periodNs();
        long paid = 1 + (nowNs - nextSalaryNs) / periodNs;
        budgetDollars = Math.min(settings.savingsDollars(), budgetDollars + paid * salaryDollars);
        lastSalaryNs = nextSalaryNs + (paid - 1) * periodNs;
        if (settings.adaptationClock() == AdaptationClock.SALARY) {
            adapt(nowNs);
        }
        nextSalaryNs = lastSalaryNs + period.periodNs();
        if (nextSalaryNs <= nowNs) { // a shorter T: its periods that ended too are paid, T adapts no more
            long more = 1 + (nowNs - nextSalaryNs) / period.periodNs();
            budgetDollars = Math.min(settings.savingsDollars(), budgetDollars + more * salaryDollars);
            lastSalaryNs = nextSalaryNs + (more - 1) * period.periodNs();
            nextSalaryNs = lastSalaryNs + period.periodNs();
        }
        woken = true; // "the client is unblocked when it receives more dollars"
    }
}
