package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.gcs.GcsConfigBuilder;
import org.gcs.internal.wire.WanPacket.SiteState;
import org.junit.jupiter.api.Test;

/**
 * The overlay's control plane at a size where its costs show (40 sites, more than the 32 delegates one announcement
 * may name): announcements name peers only while digests differ and never more than 32, link reports go only to the
 * coordinator and the site after it, and a site that one delegate alone knows still reaches everyone through gossip.
 * These are the mechanics of {@code overlay.membership = all-to-all}, which the tests set (SWIM's are
 * {@link SimSwimMembershipTest}'s).
 */
class SimOverlayGossipTest {
    private static final long S = 1_000_000_000L;
    private static final int SITES = 40;
    private static final String G = "g";
    private static final UnaryOperator<GcsConfigBuilder> ALL_TO_ALL =
            b -> b.set("overlay.membership", "all-to-all");

    /** What the delegates announce to each other, as a WAN filter that lets everything through. */
    private static final class Announcements implements WanFilter {
        boolean recording;
        int withPeers;
        int mostPeers;
        int total;
        /** Receiving site → announcements to it that carried link reports. */
        final Map<String, Integer> withLinksTo = new TreeMap<>();

        @Override
        public boolean pass(String fromSite, String toSite, org.gcs.driver.WanPacketInfo packet) {
            // white-box: the announcements' gossip, which only the engine's own envelope shows
            if (((org.gcs.internal.wire.WanEnvelope) packet.engineEnvelope()).packet() instanceof SiteState state) {
                mostPeers = Math.max(mostPeers, state.peers().size());
                if (recording) {
                    total++;
                    withPeers += state.peers().isEmpty() ? 0 : 1;
                    if (!state.links().isEmpty()) {
                        withLinksTo.merge(toSite, 1, Integer::sum);
                    }
                }
            }
            return true;
        }
    }

    private static String site(int i) {
        return String.format("s%02d", i);
    }

    private static List<SimNode> startSites(SimNetwork net) {
        List<SimNode> nodes = new ArrayList<>();
        for (int i = 0; i < SITES; i++) {
            nodes.add(net.start(site(i), site(i) + "m"));
        }
        nodes.forEach(n -> n.join(G));
        return nodes;
    }

    private static boolean everyoneSeesAll(List<SimNode> nodes) {
        return nodes.stream().allMatch(n -> n.view(G).map(v -> v.size() == nodes.size()).orElse(false));
    }

    /** 40 sites that formed one group and had 3 s more for their digests to agree, watched from the start. */
    private record Formed(SimNetwork net, List<SimNode> nodes, Announcements announcements) {
        static Formed start() {
            SimNetwork net = new SimNetwork(null, SimOptions.defaults(), ALL_TO_ALL);
            Announcements announcements = new Announcements();
            net.setWanFilter(announcements);
            List<SimNode> nodes = startSites(net);
            assertThat(net.runUntil(() -> everyoneSeesAll(nodes), 20 * S)).isTrue();
            net.runFor(3 * S);
            return new Formed(net, nodes, announcements);
        }
    }

    @Test
    void shouldAnnounceNoPeersAndReportLinksOnlyToTheCoordinatorsOnceTheOverlayIsStable() {
        Formed formed = Formed.start();
        SimNetwork net = formed.net();
        Announcements announcements = formed.announcements();
        announcements.recording = true;
        net.runFor(5 * S);

        assertThat(announcements.mostPeers).as("peers in one announcement, forming included").isEqualTo(32);
        assertThat(announcements.total).as("40 sites heartbeat to 39 each second").isGreaterThan(5 * 40 * 39 - 400);
        assertThat(announcements.withPeers).isZero();
        assertThat(announcements.withLinksTo.keySet()).containsExactly("s00", "s01");
        // each heartbeat every other site reports to both; s00 reports to s01 only and s01 to s00 only
        assertThat(announcements.withLinksTo.get("s00")).isGreaterThanOrEqualTo(4 * 39);
        assertThat(announcements.withLinksTo.get("s01")).isGreaterThanOrEqualTo(4 * 39);
    }

    @Test
    void shouldBringASiteThatOneDelegateKnowsToEveryOtherThroughSlicesOfPeers() {
        Formed formed = Formed.start();
        SimNetwork net = formed.net();
        Announcements announcements = formed.announcements();
        List<SimNode> nodes = new ArrayList<>(formed.nodes());

        SimNode late = net.startSeededBy("late", "late-1", List.of(nodes.get(SITES - 1)));
        late.join(G);
        nodes.add(late);
        long joinedNs = net.nowNs();
        assertThat(net.runUntil(() -> everyoneSeesAll(nodes), 20 * S)).isTrue();
        assertThat(net.nowNs() - joinedNs).as("a few heartbeats").isLessThan(6 * S);
        assertThat(announcements.mostPeers).isEqualTo(32);

        net.runFor(3 * S);
        announcements.recording = true;
        net.runFor(3 * S);
        assertThat(announcements.withPeers).as("all digests agree again").isZero();
    }

    @Test
    void shouldFoldABurstOfSiteChangesIntoFewPublicationsToTheLan() {
        SimNetwork net = new SimNetwork(null, SimOptions.defaults(), ALL_TO_ALL);
        List<SimNode> nodes = startSites(net);
        assertThat(net.runUntil(() -> everyoneSeesAll(nodes), 20 * S)).isTrue();
        double formingSec = net.nowNs() / 1e9;
        // each view a member installs follows one publication of the remote sites (or its own join)
        int views = nodes.get(0).views().size();
        assertThat(views).as("views at s00 while 40 sites formed in %.2f s", formingSec)
                .isLessThanOrEqualTo(2 + (int) (formingSec / 0.05));
    }
}
