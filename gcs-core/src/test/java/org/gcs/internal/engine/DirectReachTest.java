package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link DirectReach}: a site pinged and not heard from for longer than the reply timeout is not reached, while the
 * ping is recent.
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
}
