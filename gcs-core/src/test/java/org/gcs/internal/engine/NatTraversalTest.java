package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.gcs.FlowLimits;
import org.gcs.OverlaySettings;
import org.gcs.ProtocolTimers;
import org.gcs.TransportSettings;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.alm.overlay.SiteDirectory;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.tfrc.TfrcControl;
import org.gcs.internal.flow.FlowSettings;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.RelayFrame;
import org.junit.jupiter.api.Test;

/**
 * A delegate routes a hinted address that stays silent through the delegate whose hint named it, answers a relayed
 * peer through the same relay, drops the route once the peer is heard directly, relays only between live sites it
 * reaches directly, and relearns a silent site's address from hints.
 */
class NatTraversalTest {
    private static final long MS = 1_000_000L;
    private static final long HEARTBEAT_NS = 1_000 * MS;
    private static final long SITE_TIMEOUT_NS = 5_000 * MS;
    private static final DelegateAddress RELAY = new DelegateAddress("10.79.1.2", 7700);
    private static final DelegateAddress PEER = new DelegateAddress("10.79.3.2", 40001);
    private static final DelegateAddress OTHER = new DelegateAddress("10.79.4.2", 7700);

    private final RouteCapture io = new RouteCapture(true);
    private final List<DropReason> drops = new ArrayList<>();
    private final SiteDirectory<List<MemberGroups>> directory = new SiteDirectory<>("paris", SITE_TIMEOUT_NS);
    private final NatTraversal nat = newTraversal();

    private NatTraversal newTraversal() {
        NatTraversal traversal = new NatTraversal(settings(), io, new ProtocolMetrics() {
            @Override
            public void wanDropped(DropReason reason) {
                drops.add(reason);
            }
        }, directory, site -> false);
        assertThat(io.routes).as("a new role starts without the routes of an earlier one").containsExactly("cleared");
        io.routes.clear();
        return traversal;
    }

    @Test
    void aHintedAddressSilentForThreeHeartbeatsIsReachedThroughTheSiteThatNamedIt() {
        directory.observe("boston", 1, RELAY, 0);
        nat.onHint(PEER, "boston", 0);

        nat.onHeartbeat(Set.of(PEER), 2 * HEARTBEAT_NS);
        assertThat(io.routes).as("two heartbeats: still trying directly").isEmpty();

        directory.observe("boston", 1, RELAY, 3 * HEARTBEAT_NS);
        nat.onHeartbeat(Set.of(PEER), 3 * HEARTBEAT_NS);
        assertThat(io.routes).containsExactly(PEER + " via " + RELAY);
    }

    @Test
    void anAnsweredHintNeedsNoRelay() {
        directory.observe("boston", 1, RELAY, 0);
        nat.onHint(PEER, "boston", 0);
        nat.onHeartbeat(Set.of(), 1 * HEARTBEAT_NS); // the peer answered: no longer a pending hint
        nat.onHeartbeat(Set.of(PEER), 5 * HEARTBEAT_NS); // hinted again later: a new first time

        assertThat(io.routes).isEmpty();
    }

    @Test
    void aHintedAddressHeardDirectlyIsNotRelayedWhileItWaitsToBeTaken() {
        directory.observe("boston", 1, RELAY, 0);
        nat.onHint(PEER, "boston", 0);
        assertThat(nat.admits(PEER, null)).isTrue(); // heard, but not yet taken (a move waits for the old address)

        directory.observe("boston", 1, RELAY, 3 * HEARTBEAT_NS);
        nat.onHeartbeat(Set.of(PEER), 3 * HEARTBEAT_NS);
        assertThat(io.routes).isEmpty();
    }

    @Test
    void aRelayedDatagramIsTakenOnlyThroughALiveSitesDelegateAndAnsweredTheSameWay() {
        assertThat(nat.admits(PEER, RELAY)).as("the relay is no live site here").isFalse();
        assertThat(drops).containsExactly(DropReason.RELAY_REFUSED);

        directory.observe("boston", 1, RELAY, 0);
        assertThat(nat.admits(PEER, RELAY)).isTrue();
        assertThat(io.routes).containsExactly(PEER + " via " + RELAY);

        directory.observe("tokyo", 1, PEER, 0);
        assertThat(nat.relayedSites()).containsEntry("tokyo", "boston").hasSize(1);
    }

    @Test
    void aLiveSiteReachedDirectlyKeepsItsDirectPathWhenItWritesThroughARelay() {
        directory.observe("boston", 1, RELAY, 0);
        directory.observe("tokyo", 1, PEER, 0);

        assertThat(nat.admits(PEER, RELAY)).isTrue();
        assertThat(io.routes).isEmpty();
    }

    @Test
    void aDatagramStraightFromTheRelayedPeerEndsTheRoute() {
        directory.observe("boston", 1, RELAY, 0);
        nat.admits(PEER, RELAY);

        assertThat(nat.admits(PEER, null)).isTrue();
        assertThat(io.routes).containsExactly(PEER + " via " + RELAY, PEER + " direct");
        assertThat(nat.relayedSites()).isEmpty();
    }

    @Test
    void relaysOnlyBetweenTwoLiveSitesItReachesDirectly() throws Exception {
        RelayFrame frame = RelayFrame.decode(RelayFrame.encode(RelayFrame.Kind.FORWARD,
                new InetSocketAddress("10.79.4.2", 7700), new byte[] {0x47, 0x43, 6, 0}));
        nat.onRelayRequest(PEER, OTHER, frame);
        assertThat(io.forwarded).as("neither is a live site").isEmpty();

        directory.observe("tokyo", 1, PEER, 0);
        nat.onRelayRequest(PEER, OTHER, frame);
        assertThat(io.forwarded).as("the receiver is no live site").isEmpty();

        directory.observe("oslo", 1, OTHER, 0);
        nat.onRelayRequest(PEER, OTHER, frame);
        nat.onRelayRequest(PEER, PEER, frame);
        assertThat(io.forwarded).containsExactly(PEER + " -> " + OTHER);
        assertThat(drops).containsOnly(DropReason.RELAY_REFUSED).hasSize(3);
    }

    @Test
    void aSilentSitesNewAddressFromAHintIsTriedAndItLeavesTheAnnouncedDigest() {
        directory.observe("tokyo", 1, PEER, 0);
        long fullDigest = directory.siteSetDigest();
        var tokyo = directory.get("tokyo").orElseThrow();

        assertThat(nat.relearns(tokyo, OTHER, 2 * HEARTBEAT_NS)).as("heard recently").isFalse();
        assertThat(nat.relearns(tokyo, PEER, 10 * HEARTBEAT_NS)).as("the same address").isFalse();
        assertThat(nat.relearns(tokyo, OTHER, 4 * HEARTBEAT_NS)).isTrue();

        nat.onHeartbeat(Set.of(), 4 * HEARTBEAT_NS);
        assertThat(nat.announcedDigest()).isEqualTo(fullDigest ^ SiteDirectory.nameHash("tokyo"));
        directory.observe("tokyo", 1, PEER, 5 * HEARTBEAT_NS);
        nat.onHeartbeat(Set.of(), 5 * HEARTBEAT_NS);
        assertThat(nat.announcedDigest()).isEqualTo(fullDigest);
    }

    /**
     * With SWIM a delegate hears each site only now and then, so silence says nothing; a site SWIM doubts (suspected,
     * or its last ping not answered directly although the indirect probes answered for it) is what a NAT change looks
     * like: it leaves the announced digest, so that the peers send their hints, and a hint with another address is
     * tried.
     */
    @Test
    void withSwimADoubtedSitesNewAddressFromAHintIsTriedAndItLeavesTheAnnouncedDigest() {
        Set<String> doubted = new HashSet<>();
        NatTraversal swim = new NatTraversal(settings(OverlaySettings.SWIM), io, ProtocolMetrics.NONE, directory,
                doubted::contains);
        directory.observe("tokyo", 1, PEER, 0);
        long fullDigest = directory.siteSetDigest();
        var tokyo = directory.get("tokyo").orElseThrow();

        assertThat(swim.relearns(tokyo, OTHER, 10 * HEARTBEAT_NS)).as("silent, but not doubted").isFalse();
        swim.onHeartbeat(Set.of(), 10 * HEARTBEAT_NS);
        assertThat(swim.announcedDigest()).as("silence says nothing with SWIM").isEqualTo(fullDigest);
        doubted.add("tokyo");
        assertThat(swim.relearns(tokyo, PEER, 0)).as("the same address").isFalse();
        assertThat(swim.relearns(tokyo, OTHER, 0)).as("doubted, even if heard a moment ago").isTrue();
        swim.onHeartbeat(Set.of(), 11 * HEARTBEAT_NS);
        assertThat(swim.announcedDigest()).isEqualTo(fullDigest ^ SiteDirectory.nameHash("tokyo"));
        doubted.remove("tokyo");
        swim.onHeartbeat(Set.of(), 12 * HEARTBEAT_NS);
        assertThat(swim.announcedDigest()).isEqualTo(fullDigest);
    }

    @Test
    void aDriverWithoutRelaysChangesNothing() {
        NatTraversal off = new NatTraversal(settings(), new RouteCapture(false), ProtocolMetrics.NONE, directory,
                site -> true);
        directory.observe("boston", 1, RELAY, 0);
        directory.observe("tokyo", 1, PEER, 0);
        off.onHint(OTHER, "boston", 0);
        off.onHeartbeat(Set.of(OTHER), 10 * HEARTBEAT_NS);

        assertThat(off.admits(OTHER, RELAY)).isFalse();
        assertThat(off.relearns(directory.get("tokyo").orElseThrow(), OTHER, 10 * HEARTBEAT_NS)).isFalse();
        assertThat(off.announcedDigest()).isEqualTo(directory.siteSetDigest());
        assertThat(off.relayedSites()).isEmpty();
    }

    private static EngineSettings settings() {
        return settings(OverlaySettings.ALL_TO_ALL);
    }

    private static EngineSettings settings(String membership) {
        return new EngineSettings("paris", "paris-1", 1, true,
                new ProtocolTimers(Duration.ofNanos(HEARTBEAT_NS), Duration.ofNanos(SITE_TIMEOUT_NS),
                        Duration.ofMillis(5)), 1400,
                FlowLimits.DEFAULTS.withSendWindowBytes(1 << 20), FlowSettings.defaults(5 * MS), List.of(), null,
                OverlaySettings.DEFAULTS.withTreeRefreshInterval(Duration.ofSeconds(10)).withMembership(membership),
                new TfrcControl(new CcSettings(100_000, 2_000, 64 * 1024, 300 * MS, java.util.Map.of())), 1,
                TransportSettings.END_TO_END);
    }

    /** Keeps the routes and forwards the engine asks of its driver. */
    private static final class RouteCapture extends WanCapture {
        final List<String> routes = new ArrayList<>();
        final List<String> forwarded = new ArrayList<>();
        private final boolean relays;

        RouteCapture(boolean relays) {
            this.relays = relays;
        }

        @Override
        public boolean relays() {
            return relays;
        }

        @Override
        public void wanRoute(DelegateAddress to, DelegateAddress via) {
            routes.add(to + (via == null ? " direct" : " via " + via));
        }

        @Override
        public void wanClearRoutes() {
            routes.add("cleared");
        }

        @Override
        public void wanForward(DelegateAddress to, DelegateAddress from, RelayFrame frame) {
            forwarded.add(from + " -> " + to);
        }
    }
}
