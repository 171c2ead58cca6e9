package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MembershipAdviceTest {
    @Test
    void shouldAdviseSwimOnceAboveTheThresholdAndAgainAfterTheOverlayShrankAndGrew() {
        MembershipAdvice allToAll = new MembershipAdvice("a1", false);
        assertThat(allToAll.onSiteCount(MembershipAdvice.ALL_TO_ALL_SITES, 0)).isFalse();
        assertThat(allToAll.onSiteCount(MembershipAdvice.ALL_TO_ALL_SITES + 1, 0)).isTrue();
        assertThat(allToAll.onSiteCount(MembershipAdvice.ALL_TO_ALL_SITES + 500, 0)).as("said once").isFalse();
        assertThat(allToAll.onSiteCount(MembershipAdvice.ALL_TO_ALL_SITES, 0)).isFalse();
        assertThat(allToAll.onSiteCount(MembershipAdvice.ALL_TO_ALL_SITES + 1, 0)).as("grew past it anew").isTrue();

        MembershipAdvice swim = new MembershipAdvice("a1", true);
        assertThat(swim.onSiteCount(2048, 0)).isFalse();
    }
}
