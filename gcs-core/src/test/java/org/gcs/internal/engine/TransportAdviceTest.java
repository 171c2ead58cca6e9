package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The WARN that names wan.transport = hop-by-hop once the overlay outgrows end to end (issue 38). */
class TransportAdviceTest {
    @Test
    void shouldAdviseOncePerGrowthPastTheThresholdOnEndToEndOnly() {
        TransportAdvice endToEnd = new TransportAdvice("a1", false);
        assertThat(endToEnd.onSiteCount(TransportAdvice.END_TO_END_SITES, 0)).isFalse();
        assertThat(endToEnd.onSiteCount(TransportAdvice.END_TO_END_SITES + 1, 0)).isTrue();
        assertThat(endToEnd.onSiteCount(TransportAdvice.END_TO_END_SITES + 40, 0)).as("said once").isFalse();
        assertThat(endToEnd.onSiteCount(3, 0)).isFalse();
        assertThat(endToEnd.onSiteCount(TransportAdvice.END_TO_END_SITES + 1, 0)).as("grew past it anew").isTrue();

        TransportAdvice hopByHop = new TransportAdvice("a1", true);
        assertThat(hopByHop.onSiteCount(2048, 0)).isFalse();
    }
}
