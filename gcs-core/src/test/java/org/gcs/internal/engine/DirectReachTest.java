package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link DirectReach}: a site pinged and not heard from for longer than the reply timeout is not reached, while the
 * ping is recent; a site that answers none of the pings sent it every period for {@code 2 · site.timeout} is one-way.
 */
class DirectReachTest {
    private static final long PERIOD_NS = 1_000_000_000L;

    private final DirectReach reach = new DirectReach(PERIOD_NS);

    @Test
    void aPingWithoutAnyDatagramBackForAPeriodLeavesTheSiteUnreachedUntilItIsHeard() {
        assertThat(reach.unreached("paris", 10 * PERIOD_NS)).as("never pinged").isFalse();
        reach.onPingSent("paris", 0);
        assertThat(reach.unreached("paris", PERIOD_NS)).as("within the reply timeout").isFalse();
        reach.onPingSent("paris", PERIOD_NS); // the next ping does not restart the clock
        assertThat(reach.unreached("paris", PERIOD_NS + 1)).isTrue();
        assertThat(reach.unreached("oslo", PERIOD_NS + 1)).isFalse();
        reach.onHeard("paris");
        assertThat(reach.unreached("paris", 2 * PERIOD_NS)).as("any datagram from it").isFalse();
    }

    @Test
    void aSiteAnsweredInTimeOrForgottenIsNotUnreached() {
        reach.onPingSent("paris", 0);
        reach.onHeard("paris");
        assertThat(reach.unreached("paris", 3 * PERIOD_NS)).isFalse();
        reach.onPingSent("oslo", 0);
        reach.forget("oslo");
        assertThat(reach.unreached("oslo", 3 * PERIOD_NS)).isFalse();
    }

    /** At a thousand sites the next ping to a site comes a thousand periods later: one lost answer is not doubt. */
    @Test
    void anUnansweredPingCountsOnlyWhileItIsRecentAndTheNextOneStartsAfresh() {
        reach.onPingSent("paris", 0);
        assertThat(reach.unreached("paris", DirectReach.RECENT_PERIODS * PERIOD_NS)).isTrue();
        assertThat(reach.unreached("paris", DirectReach.RECENT_PERIODS * PERIOD_NS + 1)).isFalse();
        reach.onPingSent("paris", 100 * PERIOD_NS);
        assertThat(reach.unreached("paris", 100 * PERIOD_NS + PERIOD_NS)).as("a new reply timeout").isFalse();
        assertThat(reach.unreached("paris", 101 * PERIOD_NS + 1)).isTrue();
    }

    /** A one-way link b → a seen from a (b's answers lost) or from b (its pings lost, a's pings arrive). */
    @Test
    void aSitePingedEveryPeriodThatAnswersNoneForTheOneWayTimeIsOneWayWhateverElseItSends() {
        long oneWayNs = 10 * PERIOD_NS;
        long spacingNs = PERIOD_NS / DirectReach.RUN_PINGS_PER_PERIOD;
        reach.onPingSent("paris", 0);
        assertThat(reach.reachPingsDue(spacingNs - 1)).isEmpty();
        for (int ping = 1; ping < 20; ping++) {
            long nowNs = ping * spacingNs;
            assertThat(reach.reachPingsDue(nowNs)).as("due again half a period after the last")
                    .containsExactly("paris");
            reach.onPingSent("paris", nowNs);
            reach.onHeard("paris"); // its own pings still come: a datagram that is no answer does not end the run
            assertThat(reach.oneWaySites(oneWayNs, nowNs)).isEmpty();
        }
        assertThat(reach.oneWaySites(oneWayNs, oneWayNs - 1)).as("not yet two site timeouts").isEmpty();
        assertThat(reach.oneWaySites(oneWayNs, oneWayNs)).containsExactly("paris");
        reach.onAnswered("paris");
        assertThat(reach.oneWaySites(oneWayNs, oneWayNs)).as("an Ack or a Nack ends the run").isEmpty();
        assertThat(reach.reachPingsDue(11 * PERIOD_NS)).isEmpty();
    }

    @Test
    void aRunWithoutAPingEveryPeriodIsNoVerdictAndARunNotPingedAgainEnds() {
        long oneWayNs = 10 * PERIOD_NS;
        reach.onPingSent("paris", 0);
        for (long nowNs = PERIOD_NS; nowNs < oneWayNs; nowNs += PERIOD_NS) {
            reach.onPingSent("paris", nowNs);
        }
        assertThat(reach.oneWaySites(oneWayNs, oneWayNs)).as("one ping a period in two site timeouts").isEmpty();
        reach.onPingSent("oslo", 0);
        assertThat(reach.reachPingsDue((DirectReach.RECENT_PERIODS + 1) * PERIOD_NS)).as("oslo was not pinged again:"
                + " its run ended (SWIM suspects it, say)").isEqualTo(List.of());
        for (long nowNs = 0; nowNs <= oneWayNs; nowNs += PERIOD_NS / 2) {
            reach.onPingSent("rome", nowNs);
        }
        assertThat(reach.oneWaySites(oneWayNs, oneWayNs)).containsExactly("rome");
        reach.clearRuns();
        assertThat(reach.oneWaySites(oneWayNs, oneWayNs)).as("this delegate paused: runs say nothing").isEmpty();
    }
}
