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
        assertThat(directory.observe("boston", 3, a2, S)).isEqualTo(Observation.MOVED);
        assertThat(directory.isKnownAddress(a1)).isFalse();
        assertThat(directory.observe("boston", 3, a1, S)).isEqualTo(Observation.MOVED);
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

    @Test
    void shouldNotCountThisDelegatesOwnPauseTowardsASitesTimeout() {
        directory.observe("boston", 1, a1, 0);
        directory.offerState("boston", 1, 3, "members");
        directory.observe("ottawa", 1, a2, 2 * S);
        directory.pardon(30 * S); // this delegate did not run from 2 s to 32 s
        assertThat(directory.expire(32 * S)).as("a pause says nothing of the sites").isEmpty();
        assertThat(directory.get("boston").orElseThrow().state()).isEqualTo("members");
        assertThat(directory.expire(35 * S + 1)).extracting(SiteRecord::site).containsExactly("boston");
        assertThat(directory.expire(37 * S + 1)).extracting(SiteRecord::site).containsExactly("ottawa");
    }

    @Test
    void shouldExpireASiteRefreshedAfterTheOldestWasHeardOnlyWhenItsOwnTimeoutPasses() {
        directory.observe("boston", 1, a1, 0);
        directory.observe("ottawa", 1, a2, 0);
        directory.observe("boston", 1, a1, 4 * S); // refreshed: the oldest now is ottawa at 0
        assertThat(directory.expire(5 * S + 1)).extracting(SiteRecord::site).containsExactly("ottawa");
        assertThat(directory.expire(9 * S)).isEmpty();
        assertThat(directory.expire(9 * S + 1)).extracting(SiteRecord::site).containsExactly("boston");
        assertThat(directory.sites()).isEmpty();
    }

    @Test
    void shouldKeepTheSortedNamesAndTheAddressesInStepWithTheSites() {
        DelegateAddress a3 = new DelegateAddress("10.0.0.3", 7000);
        directory.observe("ottawa", 1, a1, 0);
        directory.observe("boston", 1, a2, S);
        directory.observe("chicago", 1, a3, 2 * S);
        assertThat(directory.sortedSiteNames()).containsExactly("boston", "chicago", "ottawa");

        directory.observe("ottawa", 1, a3, 3 * S); // the same delegate, now heard from another address
        assertThat(directory.isKnownAddress(a1)).isFalse();
        assertThat(directory.isKnownAddress(a3)).as("chicago and ottawa share it").isTrue();
        directory.remove("chicago");
        assertThat(directory.isKnownAddress(a3)).as("ottawa still uses it").isTrue();
        assertThat(directory.sortedSiteNames()).containsExactly("boston", "ottawa");

        assertThat(directory.expire(6 * S + 1)).extracting(SiteRecord::site).containsExactly("boston");
        assertThat(directory.isKnownAddress(a2)).isFalse();
        assertThat(directory.sortedSiteNames()).containsExactly("ottawa");
    }

    @Test
    void shouldChangeTheVersionWhenASiteComesGoesOrMovesButNotOnARefresh() {
        directory.observe("boston", 1, a1, 0);
        long afterNew = directory.siteSetVersion();
        directory.observe("boston", 1, a1, S);
        assertThat(directory.siteSetVersion()).isEqualTo(afterNew);
        directory.observe("boston", 1, a2, 2 * S);
        long afterMove = directory.siteSetVersion();
        assertThat(afterMove).isGreaterThan(afterNew);
        directory.observe("boston", 2, a2, 3 * S);
        assertThat(directory.siteSetVersion()).as("a new delegate").isGreaterThan(afterMove);
    }

    @Test
    void shouldGiveTheSameDigestForTheSameSitesWhateverTheOrderAndWhoeverHoldsThem() {
        SiteDirectory<String> atBoston = new SiteDirectory<>("boston", 5 * S);
        atBoston.observe("ottawa", 1, a1, 0);
        atBoston.observe("home", 1, a2, 0);
        directory.observe("ottawa", 1, a1, 0);
        directory.observe("boston", 1, a2, 0);
        assertThat(directory.siteSetDigest()).isEqualTo(atBoston.siteSetDigest());

        directory.observe("chicago", 1, new DelegateAddress("10.0.0.3", 7000), 0);
        assertThat(directory.siteSetDigest()).as("home knows chicago, boston does not")
                .isNotEqualTo(atBoston.siteSetDigest());
        directory.remove("chicago");
        assertThat(directory.siteSetDigest()).isEqualTo(atBoston.siteSetDigest());
    }

    @Test
    void shouldKeepTheDigestOfTheSitesItHoldsThroughJoinsRemovalsExpiriesAndNewDelegates() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(38);
        for (int step = 0; step < 2_000; step++) {
            String site = "s" + random.nextInt(40);
            long nowNs = step * 100_000_000L;
            switch (random.nextInt(4)) {
                case 0 -> directory.remove(site);
                case 1 -> directory.expire(nowNs);
                default -> directory.observe(site, 1 + random.nextInt(3),
                        new DelegateAddress("10.0.1." + random.nextInt(40), 7000), nowNs);
            }
            long expected = SiteDirectory.nameHash("home");
            for (SiteRecord<String> known : directory.sites()) {
                expected ^= SiteDirectory.nameHash(known.site());
            }
            assertThat(directory.siteSetDigest()).as("step %d", step).isEqualTo(expected);
        }
    }

    @Test
    void shouldSpreadTheHashesOfSimilarNames() {
        java.util.Set<Long> hashes = new java.util.HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            hashes.add(SiteDirectory.nameHash("s" + i));
        }
        assertThat(hashes).hasSize(10_000);
    }
}
