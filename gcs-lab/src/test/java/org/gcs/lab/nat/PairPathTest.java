package org.gcs.lab.nat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.gcs.lab.nat.PairPath.Kind;
import org.gcs.tools.netns.NatNetwork.Nat;
import org.junit.jupiter.api.Test;

/** How a pair is classified from its two reports, and what the scenario expects of each kind of pair. */
class PairPathTest {
    private static final NatSite BOSTON = new NatSite("boston", Nat.NONE);
    private static final NatSite PARIS = new NatSite("paris", Nat.PORT_PRESERVING);
    private static final NatSite OSLO = new NatSite("oslo", Nat.PORT_PRESERVING);
    private static final NatSite TOKYO = new NatSite("tokyo", Nat.SYMMETRIC);

    private static NatAgentReport sees(List<String> remote, Map<String, String> relayed) {
        return new NatAgentReport(0, false, true, remote, new TreeMap<>(relayed), List.of(), new TreeMap<>());
    }

    @Test
    void shouldCallAPairWithAPublicSiteDirectAndTwoNattedSitesPunched() {
        NatAgentReport boston = sees(List.of("oslo", "paris"), Map.of());
        NatAgentReport paris = sees(List.of("boston", "oslo"), Map.of());
        NatAgentReport oslo = sees(List.of("boston", "paris"), Map.of());

        assertThat(PairPath.classify(BOSTON, PARIS, boston, paris).kind()).isEqualTo(Kind.DIRECT);
        assertThat(PairPath.classify(PARIS, OSLO, paris, oslo)).isEqualTo(new PairPath(PARIS, OSLO, Kind.PUNCHED,
                null));
    }

    @Test
    void shouldCallAPairRelayedIfEitherSideNamesARelay() {
        NatAgentReport paris = sees(List.of("boston", "tokyo"), Map.of());
        NatAgentReport tokyo = sees(List.of("boston", "paris"), Map.of("paris", "boston"));

        assertThat(PairPath.classify(PARIS, TOKYO, paris, tokyo)).isEqualTo(new PairPath(PARIS, TOKYO, Kind.RELAYED,
                "boston"));
        assertThat(PairPath.classify(TOKYO, PARIS, tokyo, paris).via()).isEqualTo("boston");
    }

    @Test
    void shouldCallAPairUnreachableUnlessBothListEachOther() {
        NatAgentReport paris = sees(List.of("boston", "tokyo"), Map.of());
        NatAgentReport tokyo = sees(List.of("boston"), Map.of());

        assertThat(PairPath.classify(PARIS, TOKYO, paris, tokyo).kind()).isEqualTo(Kind.UNREACHABLE);
        assertThat(PairPath.classify(PARIS, TOKYO, paris, null).kind()).isEqualTo(Kind.UNREACHABLE);
    }

    @Test
    void shouldExpectDirectWithAPublicSitePunchedBetweenPortPreservingNatsAndRelayedWithASymmetricOne() {
        assertThat(new PairPath(BOSTON, TOKYO, Kind.UNREACHABLE, null).expected()).isEqualTo(Kind.DIRECT);
        assertThat(new PairPath(PARIS, OSLO, Kind.UNREACHABLE, null).expected()).isEqualTo(Kind.PUNCHED);
        assertThat(new PairPath(OSLO, TOKYO, Kind.UNREACHABLE, null).expected()).isEqualTo(Kind.RELAYED);
        assertThat(new PairPath(PARIS, OSLO, Kind.PUNCHED, null).pairName()).isEqualTo("paris-oslo");
    }
}
