package org.gcs.cc.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GrantKindTest {
    @Test
    void shouldMatchOnlyGrantsOfItsOwnKind() {
        Grant rate = new RateGrant(1_000, "b", false);
        Grant price = new PriceGrant(2, 10, null);
        assertThat(GrantKind.RATE.matches(rate)).isTrue();
        assertThat(GrantKind.RATE.matches(price)).isFalse();
        assertThat(GrantKind.PRICE.matches(price)).isTrue();
        assertThat(GrantKind.PRICE.matches(rate)).isFalse();
        assertThat(GrantKind.RATE.matches(null)).isFalse();
        assertThat(GrantKind.PRICE.matches(null)).isFalse();
        assertThat(GrantKind.RATE.grantType()).isEqualTo(RateGrant.class);
        assertThat(GrantKind.PRICE.grantType()).isEqualTo(PriceGrant.class);
    }
}
