package org.gcs.cc.costbenefit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.gcs.cc.api.DirectedEdge;
import org.gcs.cc.api.LinkContext;
import org.gcs.cc.api.LinkPricer;
import org.junit.jupiter.api.Test;

/**
 * The router side of seed 000 (§IV-B.3, §VI; decisions A1, A3, A16): n is the time-weighted mean of the waiting
 * packets over each T_min window, the price is Eq. 7 of it (0 if nothing waited during the window), and a link is
 * advertised every T_min while it has a price, every T_max otherwise, and at once when its price falls to 0.
 */
class ExpLinkPricerTest {
    private static final long MS = 1_000_000L;
    private static final long T_MIN = 50 * MS;
    private static final long T_MAX = 2_500 * MS;
    private static final CostBenefitSettings SETTINGS = CostBenefitSettings.DEFAULTS;

    private static ExpLinkPricer pricer(long nowNs) {
        return new ExpLinkPricer(SETTINGS, nowNs);
    }

    private static double eq7(double n) {
        return LinkPrice.dollars(n, 100, 20);
    }

    @Test
    void shouldAverageTheQueueOverTheWindowInTime() {
        ExpLinkPricer pricer = pricer(0);
        pricer.onQueue(10, 0);
        pricer.onQueue(0, 25 * MS); // 10 packets for half the window, none for the other half
        assertThat(pricer.costDollars(49 * MS)).as("the window is still open").isZero();
        assertThat(pricer.costDollars(50 * MS)).isCloseTo(eq7(5), within(1e-9));
        assertThat(pricer.averageWaitingPackets()).isCloseTo(5, within(1e-9));
    }

    @Test
    void shouldWeighEveryQueueLengthByHowLongItLasted() {
        ExpLinkPricer pricer = pricer(1_000 * MS);
        pricer.onQueue(40, 1_000 * MS); // 40 for 10 ms
        pricer.onQueue(100, 1_010 * MS); // 100 for 20 ms
        pricer.onQueue(20, 1_030 * MS); // 20 for the last 20 ms, and on into the next window
        pricer.onQueue(20, 1_040 * MS); // a look at the same length changes nothing
        double n = (40 * 10 + 100 * 20 + 20 * 20) / 50.0;
        assertThat(pricer.costDollars(1_050 * MS)).isCloseTo(eq7(n), within(1e-9));
        assertThat(pricer.averageWaitingPackets()).isCloseTo(n, within(1e-9));
        // the next window starts with the 20 packets still waiting
        assertThat(pricer.costDollars(1_100 * MS)).isCloseTo(eq7(20), within(1e-9));
    }

    @Test
    void shouldPriceAnEmptyWindowAtZero() {
        ExpLinkPricer pricer = pricer(0);
        for (long t = 0; t <= 200 * MS; t += 5 * MS) {
            pricer.onQueue(0, t);
        }
        assertThat(pricer.costDollars(200 * MS)).isZero();
        assertThat(pricer.averageWaitingPackets()).isZero();
    }

    @Test
    void shouldClampAFullBufferAtTheProhibitiveCost() {
        ExpLinkPricer pricer = pricer(0);
        pricer.onQueue(500, 0);
        assertThat(pricer.costDollars(50 * MS)).isEqualTo(20);
        assertThat(pricer.averageWaitingPackets()).isCloseTo(500, within(1e-9));
    }

    @Test
    void shouldFallToZeroOnceAWholeWindowWasEmpty() {
        ExpLinkPricer pricer = pricer(0);
        pricer.onQueue(30, 0);
        assertThat(pricer.costDollars(50 * MS)).isCloseTo(eq7(30), within(1e-9));
        pricer.onQueue(0, 60 * MS); // the second window had 30 packets for 10 ms of its 50
        assertThat(pricer.costDollars(100 * MS)).isCloseTo(eq7(6), within(1e-9));
        assertThat(pricer.costDollars(150 * MS)).isZero();
    }

    @Test
    void shouldBeDueEveryCongestedIntervalWhileItHasAPrice() {
        ExpLinkPricer pricer = pricer(0);
        pricer.onQueue(10, 0);
        assertThat(pricer.advertiseDue(0)).as("never advertised: the idle advertisement is due").isTrue();
        pricer.onAdvertised(0);
        int advertisements = 0;
        for (long t = 5 * MS; t <= 1_000 * MS; t += 5 * MS) {
            pricer.onQueue(10, t);
            if (pricer.advertiseDue(t)) {
                assertThat(t % T_MIN).as("due at %d ms", t / MS).isZero();
                assertThat(pricer.costDollars(t)).isPositive();
                pricer.onAdvertised(t);
                advertisements++;
            }
        }
        assertThat(advertisements).isEqualTo(20); // 50, 100, ..., 1000 ms
    }

    @Test
    void shouldBeDueEveryIdleIntervalWithoutAPrice() {
        ExpLinkPricer pricer = pricer(0);
        assertThat(pricer.advertiseDue(0)).isTrue();
        pricer.onAdvertised(0);
        long last = 0;
        int advertisements = 0;
        for (long t = 5 * MS; t <= 10_000 * MS; t += 5 * MS) {
            pricer.onQueue(0, t);
            if (pricer.advertiseDue(t)) {
                assertThat(t - last).isEqualTo(T_MAX);
                assertThat(pricer.costDollars(t)).isZero();
                pricer.onAdvertised(t);
                last = t;
                advertisements++;
            }
        }
        assertThat(advertisements).isEqualTo(4); // 2.5, 5, 7.5, 10 s
    }

    @Test
    void shouldBeDueAtOnceWhenThePriceFallsToZero() {
        ExpLinkPricer pricer = pricer(0);
        pricer.onAdvertised(0);
        pricer.onQueue(10, 0);
        pricer.onQueue(0, 20 * MS);
        assertThat(pricer.advertiseDue(50 * MS)).as("priced now").isTrue();
        pricer.onAdvertised(50 * MS);
        assertThat(pricer.advertiseDue(70 * MS)).isFalse();
        assertThat(pricer.advertiseDue(100 * MS)).as("the price fell to 0: due long before T_max").isTrue();
        assertThat(pricer.costDollars(100 * MS)).isZero();
        pricer.onAdvertised(100 * MS);
        assertThat(pricer.advertiseDue(150 * MS)).as("once only").isFalse();
        assertThat(pricer.advertiseDue(100 * MS + T_MAX - MS)).isFalse();
        assertThat(pricer.advertiseDue(100 * MS + T_MAX)).isTrue();
    }

    @Test
    void shouldStillBeDueAtOnceIfThePriceFellWhileNobodyLooked() {
        ExpLinkPricer pricer = pricer(0);
        pricer.onQueue(10, 0);
        pricer.onQueue(0, 50 * MS);
        assertThat(pricer.costDollars(50 * MS)).isPositive();
        pricer.onAdvertised(50 * MS);
        assertThat(pricer.advertiseDue(1_000 * MS)).isTrue(); // empty since 50 ms, price 0 since 100 ms
        assertThat(pricer.costDollars(1_000 * MS)).isZero();
    }

    @Test
    void shouldSkipALongIdleStretchAndThenAverageAsUsual() {
        ExpLinkPricer pricer = pricer(0);
        pricer.onQueue(10, 0);
        pricer.onQueue(0, 10 * MS);
        long hour = 3_600_000 * MS;
        long start = System.nanoTime();
        assertThat(pricer.costDollars(hour + 7 * MS)).isZero();
        assertThat(pricer.advertiseDue(hour + 7 * MS)).isTrue();
        pricer.onAdvertised(hour + 7 * MS);
        // the windows stay aligned on the creation time: the next one is [hour, hour + 50 ms)
        pricer.onQueue(10, hour + 25 * MS);
        pricer.onQueue(0, hour + 50 * MS);
        assertThat(pricer.costDollars(hour + 50 * MS)).isCloseTo(eq7(5), within(1e-9));
        assertThat(pricer.costDollars(2 * hour)).isZero();
        assertThat(pricer.advertiseDue(2 * hour)).as("the price fell to 0").isTrue();
        assertThat(System.nanoTime() - start).as("no loop over the idle windows").isLessThan(1_000 * MS);
    }

    @Test
    void shouldKeepPricingALinkThatStaysFullForAnHour() {
        ExpLinkPricer pricer = pricer(0);
        pricer.onQueue(75, 0);
        long hour = 3_600_000 * MS;
        assertThat(pricer.costDollars(hour)).isCloseTo(eq7(75), within(1e-9));
        assertThat(pricer.averageWaitingPackets()).isCloseTo(75, within(1e-9));
        pricer.onQueue(0, hour);
        assertThat(pricer.costDollars(hour + 50 * MS)).isZero();
    }

    @Test
    void shouldLetAnAdvertisedPriceLiveForThreeIdleIntervals() {
        assertThat(pricer(0).lifetimeNs()).isEqualTo(3 * T_MAX); // A13
    }

    @Test
    void shouldComeFromTheSchemeForEveryLink() {
        LinkPricer pricer = new CostBenefitControl().newLinkPricer(new LinkContext(new DirectedEdge("a", "b"), 7));
        assertThat(pricer).isInstanceOf(ExpLinkPricer.class);
        pricer.onQueue(50, 7);
        assertThat(pricer.costDollars(7 + T_MIN)).isCloseTo(eq7(50), within(1e-9));
    }
}
