package org.gcs.cc.costbenefit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.Price;
import org.gcs.cc.api.RateShare;
import org.gcs.cc.api.SchemeParameters;
import org.gcs.cc.api.SenderAdmission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A sender's budget under seed 000 (§IV-B.4–8, §VI; decisions A4, A5, A8, A9, A11): salary, savings, the packet
 * price, Eqs. 10 and 11, and the 1/C_p randomization (spec §2.5 "Unit (gcs-cc)").
 */
class CostBenefitAdmissionTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;
    /** One datagram on the wire in these tests. */
    private static final int PACKET = 1_000;
    /** The paper's values, randomization off: every affordable packet goes. */
    private static final CostBenefitSettings PLAIN = CostBenefitSettings.from(
            CcSettings.DEFAULTS.withParameters(Map.of("cc.cost-benefit.randomization", "false",
                    "cc.cost-benefit.adapt.at", "salary")));
    /** Randomization on, and a salary and savings so large that the budget never limits: only the coin decides. */
    private static final CostBenefitSettings RICH = new CostBenefitSettings(20, 1e6, 1e6, 1, 2, 100, 50 * MS,
            2_500 * MS, 50 * MS, S, MS, 60 * S, true, 5 * MS, 0, BlockedWithoutPurchase.BLOCKED_PRICE,
            AdaptationClock.SALARY);

    /** A sender whose delegate has priced the group at the fee alone (an idle tree). */
    private static CostBenefitAdmission admission(CostBenefitSettings settings, long nowNs) {
        CostBenefitAdmission admission = unpriced(settings, nowNs);
        admission.onGrant(new Price(settings.feeDollars(), settings.salaryDollars()), nowNs);
        return admission;
    }

    /** A sender that has not heard its delegate's price yet. */
    private static CostBenefitAdmission unpriced(CostBenefitSettings settings, long nowNs) {
        return new CostBenefitAdmission(settings, new AdmissionContext("m1", "g", nowNs, PACKET), 42);
    }

    private static CostBenefitAdmission plain() {
        return admission(PLAIN, 0);
    }

    /** Randomization off, and this rule for a blocked period without purchase (A5). */
    private static CostBenefitAdmission plain(BlockedWithoutPurchase rule) {
        return admission(CostBenefitSettings.from(CcSettings.DEFAULTS.withParameters(Map.of(
                "cc.cost-benefit.randomization", "false", "cc.cost-benefit.adapt.at", "salary",
                "cc.cost-benefit.blocked.without.purchase", SchemeParameters.choiceName(rule)))), 0);
    }

    /** Admits one-packet messages back to back at {@code nowNs} until one is refused. */
    private static int burst(SenderAdmission admission, long nowNs) {
        int admitted = 0;
        while (admitted < 10_000 && admission.tryAdmit(PACKET, nowNs)) {
            admitted++;
        }
        return admitted;
    }

    private static double budget(SenderAdmission admission) {
        return admission.state().get("budgetDollars");
    }

    private static double periodMs(SenderAdmission admission) {
        return admission.state().get("salaryPeriodSeconds") * 1_000;
    }

    @Test
    void shouldUseThePapersValuesWhenRandomizationIsOffByParameter() {
        assertThat(PLAIN).isEqualTo(CostBenefitSettings.from(CcSettings.DEFAULTS.withParameters(Map.of(
                "cc.cost-benefit.adapt.at", "salary")))
                .withRandomization(false));
        assertThat(PLAIN.adaptationClock()).isEqualTo(AdaptationClock.SALARY);
    }

    @Test
    void shouldStartWithOneSalaryAndTheFeeAsPrice() {
        CostBenefitAdmission admission = unpriced(PLAIN, 0);
        Map<String, Double> state = admission.state();
        assertThat(state).containsEntry("budgetDollars", 10.0).containsEntry("salaryPeriodSeconds", 1.0)
                .containsEntry("priceDollarsPerPacket", 1.0).containsEntry("salaryDollars", 10.0);
        assertThat(admission.dueReport(0, true, true)).as("no demand reports: every sender has its own budget")
                .isNull();
        assertThat(burst(admission, 0)).as("one message at the fee starts the flow; then it waits for the price")
                .isEqualTo(1);
        assertThat(admission.nanosUntilAdmissible(PACKET, 0)).isEqualTo(2_500 * MS);
        admission.onGrant(new Price(3, 10), 7 * MS); // the delegate's price comes
        assertThat(burst(admission, 7 * MS)).isEqualTo(3); // $9 left at $3
    }

    @Test
    void shouldBuyAtTheFeeIfNoPriceComesWithinTheIdleAdvertisingInterval() {
        CostBenefitAdmission admission = unpriced(PLAIN, 0);
        assertThat(burst(admission, 0)).isEqualTo(1);
        assertThat(burst(admission, 2_499 * MS)).isZero();
        assertThat(burst(admission, 2_500 * MS)).as("A17's fallback: the fee alone, the first salaries paid")
                .isEqualTo(20);
    }

    @Test
    void shouldAdmitTwentyBackToBackWithFullSavingsThenTenPerSalary() {
        CostBenefitAdmission admission = plain();
        admission.onGrant(new Price(1, 10), 0); // an idle tree: the fee alone
        // not sending while the first salary accrues fills the savings
        assertThat(admission.nanosUntilAdmissible(PACKET, S)).isZero();
        assertThat(budget(admission)).isEqualTo(20);
        long t = S;
        assertThat(burst(admission, t)).isEqualTo(20);
        assertThat(budget(admission)).isZero();
        for (int salary = 1; salary <= 6; salary++) {
            long waitNs = admission.nanosUntilAdmissible(PACKET, t);
            assertThat(waitNs).as("salary %d", salary).isPositive();
            assertThat(admission.tryAdmit(PACKET, t + waitNs - 1)).as("just before salary %d", salary).isFalse();
            t += waitNs;
            assertThat(burst(admission, t)).as("salary %d", salary).isEqualTo(10);
        }
        assertThat(admission.state().get("packetsBought")).isEqualTo(80);
    }

    @Test
    void shouldShortenTheSalaryPeriodByEq10WhileBlockedOnCheapPackets() {
        CostBenefitAdmission admission = plain();
        long t = 0;
        assertThat(burst(admission, t)).isEqualTo(10); // and blocked on the 11th at $1 <= H
        List<Double> periods = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            t += admission.nanosUntilAdmissible(PACKET, t);
            assertThat(burst(admission, t)).isEqualTo(10);
            periods.add(periodMs(admission));
        }
        assertThat(periods).satisfiesExactly(
                p -> assertThat(p).isCloseTo(47.62, within(0.01)),
                p -> assertThat(p).isCloseTo(24.39, within(0.01)),
                p -> assertThat(p).isCloseTo(16.39, within(0.01)),
                p -> assertThat(p).isCloseTo(12.35, within(0.01)));
        assertThat(admission.state()).containsEntry("periodDecreases", 4.0).containsEntry("periodIncreases", 0.0);
    }

    @Test
    void shouldDoubleTheSalaryPeriodByEq11WhenTheDearestPacketCostMoreThanTheThreshold() {
        CostBenefitAdmission admission = plain();
        admission.onGrant(new Price(5, 10), 0);
        assertThat(burst(admission, 0)).isEqualTo(2); // $10 buys two $5 packets; blocked on the third
        assertThat(admission.nanosUntilAdmissible(PACKET, 0)).isEqualTo(S);
        assertThat(burst(admission, S)).isEqualTo(2);
        assertThat(periodMs(admission)).isEqualTo(2_000);
        assertThat(admission.nanosUntilAdmissible(PACKET, S)).isEqualTo(2 * S);
        assertThat(burst(admission, 3 * S)).isEqualTo(2);
        assertThat(periodMs(admission)).isEqualTo(4_000);
        assertThat(admission.state()).containsEntry("periodIncreases", 2.0).containsEntry("periodDecreases", 0.0);
    }

    @Test
    void shouldShortenAtExactlyTheThreshold() {
        CostBenefitAdmission admission = plain();
        admission.onGrant(new Price(2, 10), 0);
        assertThat(burst(admission, 0)).isEqualTo(5);
        assertThat(burst(admission, S)).isEqualTo(5);
        assertThat(periodMs(admission)).isCloseTo(47.62, within(0.01)); // only "above H" doubles (A5)
    }

    @Test
    void shouldSlowDownASenderBlockedAllPeriodOnAPacketItCannotBuyByTheBlockedPrice() {
        CostBenefitAdmission admission = plain(BlockedWithoutPurchase.BLOCKED_PRICE);
        admission.onGrant(new Price(25, 10), 0); // above the savings: nobody can buy it (A3)
        assertThat(admission.tryAdmit(PACKET, 0)).isFalse();
        assertThat(admission.nanosUntilAdmissible(PACKET, 0)).isEqualTo(Long.MAX_VALUE);
        assertThat(admission.tryAdmit(PACKET, S)).isFalse();
        assertThat(periodMs(admission)).as("nothing bought: the blocked packet's price counts (A5)")
                .isEqualTo(2_000);
        assertThat(budget(admission)).isEqualTo(20);
        admission.onGrant(new Price(3, 10), S + 1); // the price falls: it goes at once
        assertThat(admission.nanosUntilAdmissible(PACKET, S + 1)).isZero();
        assertThat(admission.tryAdmit(PACKET, S + 1)).isTrue();
        assertThat(budget(admission)).isEqualTo(17);
    }

    @Test
    void shouldKeepOrShortenTheSalaryPeriodOfASenderBlockedWithoutPurchaseIfSoConfigured() {
        for (BlockedWithoutPurchase rule : BlockedWithoutPurchase.values()) {
            CostBenefitSettings settings = new CostBenefitSettings(20, 10, 20, 1, 2, 100, 50 * MS, 2_500 * MS, 50 * MS,
                    S, MS, 60 * S, false, 5 * MS, 0, rule, AdaptationClock.SALARY);
            CostBenefitAdmission admission = admission(settings, 0);
            admission.onGrant(new Price(25, 10), 0);
            assertThat(admission.tryAdmit(PACKET, 0)).isFalse();
            assertThat(admission.tryAdmit(PACKET, S)).isFalse();
            double expected = switch (rule) {
                case BLOCKED_PRICE -> 2_000;
                case KEEP -> 1_000;
                case ZERO -> 1_000.0 * 50 / 1_050;
            };
            assertThat(periodMs(admission)).as("%s", rule).isCloseTo(expected, within(1e-6));
        }
    }

    @Test
    void shouldJudgeAPeriodByWhatWasBoughtWhenSomethingWas() {
        CostBenefitAdmission admission = plain();
        assertThat(burst(admission, 0)).isEqualTo(10); // bought at $1
        admission.onGrant(new Price(25, 10), MS);
        assertThat(admission.tryAdmit(PACKET, MS)).isFalse(); // then blocked on a $25 packet
        assertThat(admission.tryAdmit(PACKET, S)).isFalse();
        assertThat(periodMs(admission)).as("the dearest packet bought, $1 <= H").isCloseTo(47.62, within(0.01));
    }

    @Test
    void shouldKeepTheSalaryPeriodOfASenderThatIsNeverBlocked() {
        CostBenefitAdmission admission = plain();
        for (long t = 0; t <= 10 * S; t += 200 * MS) {
            assertThat(admission.tryAdmit(PACKET, t)).as("at %d ms", t / MS).isTrue();
        }
        assertThat(periodMs(admission)).isEqualTo(1_000);
        assertThat(admission.state()).containsEntry("periodIncreases", 0.0).containsEntry("periodDecreases", 0.0);
        assertThat(budget(admission)).isEqualTo(20 - 1); // saved up to S, and the last packet came after a salary
    }

    @Test
    void shouldPayEveryMissedSalaryButAdaptTheSalaryPeriodOnce() {
        CostBenefitAdmission admission = plain();
        assertThat(burst(admission, 0)).isEqualTo(10); // blocked
        long now = 3_500 * MS;
        assertThat(admission.tryAdmit(PACKET, now)).isTrue(); // salaries at 1, 2 and 3 s, then at the new T
        assertThat(budget(admission)).isEqualTo(19); // at most S = 20, then one packet
        assertThat(periodMs(admission)).isCloseTo(47.62, within(0.01));
        assertThat(burst(admission, now)).isEqualTo(19); // blocked again, at the same instant
        long periodNs = admission.periodNs();
        long nextSalaryNs = 3 * S + ((now - 3 * S) / periodNs + 1) * periodNs; // the new T's periods from 3 s on
        assertThat(admission.nanosUntilAdmissible(PACKET, now)).isEqualTo(nextSalaryNs - now)
                .isPositive().isLessThanOrEqualTo(periodNs);
        assertThat(admission.tryAdmit(PACKET, now)).isFalse();
        assertThat(admission.state()).as("T adapted once for all the salaries due at 3.5 s")
                .containsEntry("periodDecreases", 1.0);
        assertThat(admission.tryAdmit(PACKET, nextSalaryNs)).isTrue();
        assertThat(periodMs(admission)).isCloseTo(24.39, within(0.01));
    }

    @Test
    void shouldChargeAMessageOfSeveralPacketsThePriceOfEach() {
        CostBenefitAdmission admission = plain();
        admission.onGrant(new Price(2, 10), 0);
        assertThat(admission.tryAdmit(2 * PACKET + 500, 0)).as("3 packets, $6").isTrue();
        assertThat(budget(admission)).isEqualTo(4);
        assertThat(admission.tryAdmit(2 * PACKET + 500, 0)).as("$6 > $4").isFalse();
        assertThat(admission.nanosUntilAdmissible(2 * PACKET + 500, 0)).isEqualTo(S);
        assertThat(admission.tryAdmit(PACKET, 0)).as("one packet, $2").isTrue();
        assertThat(admission.tryAdmit(1, 0)).as("a tiny message is still one packet").isTrue();
        assertThat(budget(admission)).isZero();
        assertThat(admission.state().get("packetsBought")).isEqualTo(5);
        assertThat(admission.nanosUntilAdmissible(7 * PACKET, 0)).as("$14: two salaries").isEqualTo(2 * S);
    }

    @Test
    void shouldLetAMessageDearerThanTheSavingsGoWhenTheSavingsAreFullAndRepayTheExcess() {
        CostBenefitAdmission admission = plain();
        long big = 30 * PACKET; // $30 at $1 a packet: more than S = $20 can ever hold
        assertThat(admission.tryAdmit(big, 0)).isFalse();
        long waitNs = admission.nanosUntilAdmissible(big, 0);
        assertThat(waitNs).as("full savings after one salary").isEqualTo(S);
        assertThat(admission.tryAdmit(big, waitNs)).isTrue();
        assertThat(budget(admission)).as("a debt of the excess").isEqualTo(-10);
        assertThat(admission.tryAdmit(PACKET, waitNs)).isFalse();
        long untilNs = admission.nanosUntilAdmissible(PACKET, waitNs);
        assertThat(untilNs).as("two salaries repay the debt and buy a packet").isPositive()
                .isLessThan(Long.MAX_VALUE);
        long next = waitNs + admission.periodNs(); // the first salary only repays the debt
        assertThat(admission.tryAdmit(PACKET, next)).isFalse();
        assertThat(budget(admission)).isZero();
        assertThat(admission.tryAdmit(PACKET, waitNs + untilNs)).isTrue();
    }

    @Test
    void shouldNeverLetAPacketDearerThanTheSavingsGo() {
        for (BlockedWithoutPurchase rule : BlockedWithoutPurchase.values()) {
            CostBenefitAdmission admission = plain(rule);
            admission.onGrant(new Price(20.5, 10), 0);
            for (long t = 0; t <= 300 * S; t += 100 * MS) {
                assertThat(admission.tryAdmit(PACKET, t)).as("%s at %d ms", rule, t / MS).isFalse();
            }
            assertThat(admission.nanosUntilAdmissible(PACKET, 300 * S)).isEqualTo(Long.MAX_VALUE);
            assertThat(budget(admission)).isEqualTo(20);
            double expectedMs = switch (rule) {
                case BLOCKED_PRICE -> 60_000; // doubled up to max.period
                case KEEP -> 1_000;
                case ZERO -> 1; // shortened down to min.period
            };
            assertThat(periodMs(admission)).as("%s", rule).isCloseTo(expectedMs, within(1e-6));
        }
    }

    @Test
    void shouldTakeItsSalaryFromThePrice() {
        CostBenefitAdmission admission = plain();
        admission.onGrant(new Price(1, 4), 0);
        assertThat(admission.state()).containsEntry("salaryDollars", 4.0);
        assertThat(burst(admission, 0)).isEqualTo(10); // the budget it started with
        assertThat(burst(admission, S)).isEqualTo(4);
    }

    @Test
    void shouldIgnoreRateShares() {
        CostBenefitAdmission admission = plain();
        admission.onGrant(new RateShare(1), 0);
        assertThat(admission.state()).containsEntry("priceDollarsPerPacket", 1.0);
        assertThat(burst(admission, 0)).isEqualTo(10);
    }

    @Test
    void shouldSayHowLongUntilAdmissible() {
        CostBenefitAdmission admission = plain();
        assertThat(admission.nanosUntilAdmissible(PACKET, 0)).isZero();
        assertThat(admission.nanosUntilAdmissible(10 * PACKET, 0)).isZero();
        assertThat(admission.nanosUntilAdmissible(11 * PACKET, 0)).isEqualTo(S);
        assertThat(admission.nanosUntilAdmissible(20 * PACKET, 300 * MS)).isEqualTo(700 * MS);
        assertThat(admission.tryAdmit(10 * PACKET, 300 * MS)).isTrue();
        assertThat(admission.nanosUntilAdmissible(PACKET, 400 * MS)).isEqualTo(600 * MS);
        assertThat(admission.nanosUntilAdmissible(11 * PACKET, 400 * MS)).as("two salaries of the current period")
                .isEqualTo(1_600 * MS);
    }

    @ParameterizedTest(name = "price ${0}")
    @ValueSource(doubles = {1, 2, 4, 10})
    void shouldAdmitOneOverThePriceOfTheAffordableAttempts(double price) {
        CostBenefitAdmission admission = admission(RICH, 0); // every attempt is affordable
        admission.onGrant(new Price(price, 1e6), 0);
        int attempts = 10_000;
        int admitted = 0;
        long t = 0;
        for (int i = 0; i < attempts; i++) {
            t += 1_000; // 1 µs apart: well inside the 5 ms deferral, so only a wake-up gives a fresh coin
            admission.onQueued(PACKET, t); // "another packet arrives in the sending queue"
            if (admission.tryAdmit(PACKET, t)) {
                admitted++;
            }
        }
        assertThat((double) admitted / attempts).isCloseTo(1 / price, within(0.02));
        assertThat(admission.state().get("deferrals")).isEqualTo(attempts - admitted);
        assertThat(budget(admission)).isCloseTo(1e6 - admitted * price, within(1e-6));
    }

    @Test
    void shouldFlipNoNewCoinBeforeAWakeUpAndLeaveTheBudgetAlone() {
        CostBenefitAdmission admission = admission(RICH, 0);
        admission.onGrant(new Price(4, 1e6), 0);
        long t = 0;
        while (admission.tryAdmit(PACKET, t)) { // find a deferral: 3 in 4 attempts are one
            t += 5 * MS;
        }
        double budget = budget(admission);
        assertThat(admission.nanosUntilAdmissible(PACKET, t)).isEqualTo(5 * MS);
        for (long dt = 0; dt < 5 * MS; dt += 100_000) {
            assertThat(admission.tryAdmit(PACKET, t + dt)).as("deferred, no new coin").isFalse();
            assertThat(admission.nanosUntilAdmissible(PACKET, t + dt)).isEqualTo(5 * MS - dt);
        }
        assertThat(budget(admission)).isEqualTo(budget);
        assertThat(admission.state().get("deferrals")).isEqualTo(1);
        // a new message in the queue wakes it: it may be tried now
        admission.onQueued(PACKET, t + MS);
        assertThat(admission.nanosUntilAdmissible(PACKET, t + MS)).isZero();
        // the short timeout also ends a deferral
        int coins = 0;
        long at = t + 5 * MS;
        for (int i = 0; i < 200 && !admission.tryAdmit(PACKET, at); i++) {
            coins++;
            at += 5 * MS;
        }
        assertThat(admission.state().get("deferrals")).isEqualTo(1 + coins);
    }

    @Test
    void shouldFlipAFreshCoinOnANewPrice() {
        CostBenefitAdmission admission = admission(RICH, 0);
        admission.onGrant(new Price(8, 1e6), 0);
        int deferrals = 0;
        for (int i = 0; i < 1_000; i++) {
            if (!admission.tryAdmit(PACKET, 0)) {
                deferrals++;
            }
            admission.onGrant(new Price(8, 1e6), 0); // "a new cost update arrives": a fresh coin
        }
        assertThat(admission.state().get("deferrals")).isEqualTo(deferrals);
        assertThat(deferrals).isBetween(800, 950); // 7 in 8
    }

    @Test
    void shouldBeDeterministicForTheSameSeed() {
        assertThat(coinTrace(42)).isEqualTo(coinTrace(42)).isNotEqualTo(coinTrace(43));
    }

    private static List<Boolean> coinTrace(long seed) {
        CostBenefitAdmission admission = new CostBenefitAdmission(CostBenefitSettings.DEFAULTS,
                new AdmissionContext("m1", "g", 0, PACKET), seed);
        admission.onGrant(new Price(2, 10), 0);
        List<Boolean> trace = new ArrayList<>();
        for (long t = 0; t < 10 * S; t += 5 * MS) {
            trace.add(admission.tryAdmit(PACKET, t));
        }
        return trace;
    }

    /** Randomization off, the default clock: T adapts once per T_update on the shared grid (A7). */
    private static CostBenefitAdmission onTheUpdateGrid(long nowNs) {
        return admission(CostBenefitSettings.from(CcSettings.DEFAULTS.withParameters(Map.of(
                "cc.cost-benefit.randomization", "false"))), nowNs);
    }

    @Test
    void shouldAdaptOncePerUpdateIntervalAndBringTheNextSalaryForward() {
        CostBenefitAdmission admission = onTheUpdateGrid(0);
        assertThat(burst(admission, 0)).isEqualTo(10); // one salary at the fee: blocked
        assertThat(burst(admission, 49 * MS)).isZero(); // the first epoch has not ended: T is still 1 s
        assertThat(periodMs(admission)).isEqualTo(1_000);
        assertThat(burst(admission, 50 * MS)).as("Eq. 10 at the epoch's end; the salary comes now, not at 1 s")
                .isEqualTo(10);
        assertThat(periodMs(admission)).isCloseTo(47.62, within(0.01));
        assertThat(burst(admission, 98 * MS)).as("the next salary, one new period later; no adaptation inside the"
                + " epoch").isEqualTo(10);
        assertThat(periodMs(admission)).isCloseTo(47.62, within(0.01));
        assertThat(burst(admission, 100 * MS)).isZero();
        assertThat(periodMs(admission)).isCloseTo(24.39, within(0.01)); // the second epoch: Eq. 10 again
    }

    @Test
    void shouldDoubleThePeriodAtTheEpochsEndWhenItBoughtAboveTheThreshold() {
        CostBenefitAdmission admission = onTheUpdateGrid(0);
        admission.onGrant(new Price(3, 10), 0);
        assertThat(burst(admission, 0)).isEqualTo(3);
        assertThat(admission.tryAdmit(PACKET, 50 * MS)).isFalse();
        assertThat(periodMs(admission)).isEqualTo(2_000); // Eq. 11 after 50 ms, not after the 1-s salary
        assertThat(admission.tryAdmit(PACKET, 100 * MS)).as("T shrank: the salary comes at once").isTrue();
        assertThat(periodMs(admission)).as("blocked, nothing bought: $0 at most H (A5)").isCloseTo(
                2_000.0 * 50 / 2_050, within(1e-6));
    }

    @Test
    void shouldGiveSendersOnDifferentPeriodsTheSameClock() {
        CostBenefitAdmission early = onTheUpdateGrid(0);
        CostBenefitAdmission late = onTheUpdateGrid(37 * MS); // joins in the middle of an epoch
        burst(early, 37 * MS);
        burst(late, 37 * MS);
        burst(early, 50 * MS);
        burst(late, 50 * MS);
        assertThat(periodMs(late)).as("both adapt at 50 ms").isEqualTo(periodMs(early)).isCloseTo(47.62,
                within(0.01));
    }
}
