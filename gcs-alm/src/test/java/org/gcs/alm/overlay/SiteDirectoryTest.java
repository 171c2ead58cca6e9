package org.gcs.alm.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SiteDirectoryTest {
    private static final long S = 1_000_000_000L;
    private final DelegateAddress a1 = new DelegateAddress("10.0.0.1", 7000);
    private final DelegateAddress a2 = new DelegateAddress("10.0.0.2", 7000);
    private final SiteDirectory<String> directory = new SiteDirectory<>("home", 5 * S);

    @Test
    void shouldTrackNewSitesRefreshesAndNewDelegates() {
        assertThat(directory.observe("boston", 3, a1, 0)).isEqualTo(Observation.NEW_SITE);
        assertThat(directory.observe("boston", 3, a1, S)).isEqualTo(Observation.REFRESHED);
        assertThat(directory.observe("boston", 2, a2, S)).isEqualTo(Observation.STALE);
        assertThat(directory.observe("boston", 4, a2, 2 * S)).isEqualTo(Observation.NEW_DELEGATE);
        assertThat(directory.get("boston")).get().extracting(SiteRecord::address).isEqualTo(a2);
        assertThat(directory.isKnownAddress(a1)).isFalse();
    }

    @Test
    void shouldIgnoreDatagramsClaimingToComeFromTheLocalSite() {
        assertThat(directory.observe("home", 9, a1, 0)).isEqualTo(Observation.STALE);
        assertThat(directory.sites()).isEmpty();
    }

    @Test
    void shouldKeepOnlyNewerStateWithinATerm() {
        directory.observe("boston", 1, a1, 0);
        assertThat(directory.offerState("boston", 1, 5, "v5")).isTrue();
        assertThat(directory.offerState("boston", 1, 4, "v4")).isFalse();
        assertThat(directory.offerState("boston", 0, 9, "old term")).isFalse();
        assertThat(directory.get("boston").orElseThrow().state()).isEqualTo("v5");
        // a new delegate restarts versions but keeps the last state until it publishes its own
        directory.observe("boston", 2, a2, S);
        assertThat(directory.get("boston").orElseThrow().state()).isEqualTo("v5");
        assertThat(directory.offerState("boston", 2, 0, "new")).isTrue();
    }

    @Test
    void shouldExpireSilentSitesOnly() {
        directory.observe("boston", 1, a1, 0);
        directory.observe("ottawa", 1, a2, 3 * S);
        assertThat(directory.expire(5 * S)).isEmpty();
        assertThat(directory.expire(5 * S + 1)).extracting(SiteRecord::site).containsExactly("boston");
        assertThat(directory.sites()).extracting(SiteRecord::site).containsExactly("ottawa");
    }
}
