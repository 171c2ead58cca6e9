package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.gcs.alm.overlay.DelegateAddress;
import org.junit.jupiter.api.Test;

/** What the addresses the peers see say about the path out of a site (issue 38: the STUN-like reflexive address). */
class ReflexiveAddressTest {
    private static final DelegateAddress BOUND = new DelegateAddress("10.0.0.5", 7700);
    private static final DelegateAddress EVERY_INTERFACE = new DelegateAddress("0.0.0.0", 7700);

    @Test
    void shouldSeeNoNatWhenEveryPeerSeesTheBoundAddress() {
        ReflexiveAddress reflexive = new ReflexiveAddress("a1", null, () -> BOUND);
        assertThat(reflexive.onSeenAt("b", BOUND)).isTrue();
        assertThat(reflexive.onSeenAt("c", BOUND)).as("the same picture: not logged again").isFalse();
        assertThat(reflexive.onSeenAt("d", null)).isFalse();
        assertThat(reflexive.describe(reflexive.seen())).isEqualTo("no NAT on the way");
    }

    @Test
    void shouldTellAPortKeepingNatFromAMappingOneAndASymmetricOne() {
        ReflexiveAddress reflexive = new ReflexiveAddress("a1", null, () -> BOUND);
        reflexive.onSeenAt("b", new DelegateAddress("203.0.113.7", 7700));
        assertThat(reflexive.describe(reflexive.seen())).isEqualTo("a NAT that keeps the port");

        reflexive.onSeenAt("b", new DelegateAddress("203.0.113.7", 40_001));
        assertThat(reflexive.seen()).containsExactly(new DelegateAddress("203.0.113.7", 40_001));
        assertThat(reflexive.describe(reflexive.seen())).startsWith("a NAT that maps the port");

        assertThat(reflexive.onSeenAt("c", new DelegateAddress("203.0.113.7", 40_002))).isTrue();
        assertThat(reflexive.describe(reflexive.seen())).startsWith("a NAT that gives each peer a port of its own");

        reflexive.onSeenAt("d", new DelegateAddress("198.51.100.2", 7700));
        assertThat(reflexive.describe(reflexive.seen())).isEqualTo("several routes or NATs");
    }

    @Test
    void shouldCompareOnlyThePortOfASocketBoundToEveryInterfaceAndTrustTheAnnouncedAddress() {
        DelegateAddress advertised = new DelegateAddress("203.0.113.7", 7700);
        ReflexiveAddress forwarded = new ReflexiveAddress("a1", advertised, () -> EVERY_INTERFACE);
        forwarded.onSeenAt("b", advertised);
        assertThat(forwarded.describe(forwarded.seen())).startsWith("the address it announces (wan.advertise)");

        ReflexiveAddress open = new ReflexiveAddress("a1", null, () -> EVERY_INTERFACE);
        open.onSeenAt("b", new DelegateAddress("10.0.0.9", 7700));
        assertThat(open.describe(open.seen())).isEqualTo("no NAT, or a NAT that keeps the port");
    }

    @Test
    void shouldForgetWhatAnExpiredSiteSaw() {
        ReflexiveAddress reflexive = new ReflexiveAddress("a1", null, () -> null);
        reflexive.onSeenAt("b", new DelegateAddress("203.0.113.7", 40_001));
        reflexive.onSeenAt("c", new DelegateAddress("203.0.113.7", 40_002));
        reflexive.forget("c");
        assertThat(reflexive.seen()).containsExactly(new DelegateAddress("203.0.113.7", 40_001));
        assertThat(reflexive.describe(reflexive.seen())).isEqualTo("one address for every peer so far");
    }
}
