package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.gcs.GcsConfigBuilder;
import org.gcs.GroupView;
import org.junit.jupiter.api.Test;

/**
 * {@code overlay.membership = swim} in virtual time: 24 sites with one member each, 5 % of the WAN datagrams lost at
 * random. The overlay forms and carries a group; the delegates' datagrams per second stay near SWIM's few per period
 * instead of one announcement to every site; no live site leaves a view during a minute of loss; a membership change
 * reaches every site through the gossiped incarnation; a crashed delegate leaves every view within 3 site timeouts.
 */
class SimSwimMembershipTest {
    private static final long S = 1_000_000_000L;
    private static final int SITES = 24;
    private static final String G = "g";
    private static final long SITE_TIMEOUT_NS = 5 * S;

    private static String site(int i) {
        return String.format("s%02d", i);
    }

    /** Drops a share of the WAN datagrams, the same ones for a seed. */
    private static final class RandomLoss implements WanFilter {
        private final SplittableRandom random;
        private final double lossRate;

        RandomLoss(long seed, double lossRate) {
            this.random = new SplittableRandom(seed);
            this.lossRate = lossRate;
        }

        @Override
        public boolean pass(String fromSite, String toSite, org.gcs.driver.WanPacketInfo packet) {
            return random.nextDouble() >= lossRate;
        }
    }

    private record Formed(SimNetwork net, List<SimNode> nodes, List<String> shrinks) {
    }

    private static Formed form(String membership, double lossRate) {
        UnaryOperator<GcsConfigBuilder> settings = b -> b.set("overlay.membership", membership);
        SimNetwork net = new SimNetwork(null, SimOptions.defaults().withSeed(3), settings);
        net.setWanFilter(new RandomLoss(11, lossRate));
        List<SimNode> nodes = new ArrayList<>();
        List<String> shrinks = new ArrayList<>();
        for (int i = 0; i < SITES; i++) {
            SimNode node = net.start(site(i), site(i) + "m");
            node.keepHistory(false);
            nodes.add(node);
        }
        nodes.forEach(n -> n.join(G));
        assertThat(net.runUntil(() -> everyoneSees(nodes, SITES), 60 * S)).as("the group forms").isTrue();
        for (SimNode node : nodes) {
            int[] last = {SITES};
            node.onView(view -> {
                if (view.group().equals(G)) {
                    if (view.size() < last[0]) {
                        shrinks.add(node.site() + " saw " + view.size());
                    }
                    last[0] = view.size();
                }
            });
        }
        return new Formed(net, nodes, shrinks);
    }

    private static boolean everyoneSees(List<SimNode> nodes, int size) {
        return nodes.stream().filter(SimNode::alive)
                .allMatch(n -> n.view(G).map(GroupView::size).orElse(0) == size);
    }

    private static double datagramsPerDelegatePerSecond(Formed formed, long windowNs) {
        long before = formed.nodes().stream().mapToLong(SimNode::wanDatagramsSent).sum();
        formed.net().runFor(windowNs);
        long after = formed.nodes().stream().mapToLong(SimNode::wanDatagramsSent).sum();
        return (after - before) / (double) SITES / (windowNs / 1e9);
    }

    @Test
    void shouldKeepEveryLiveSiteThroughAMinuteOfLossAndSendAFewDatagramsPerSecond() {
        Formed swim = form("swim", 0.05);
        swim.net().runFor(10 * S); // the digests agree, the first link reports went out
        double swimRate = datagramsPerDelegatePerSecond(swim, 60 * S);
        assertThat(swim.shrinks()).as("no live site left a view").isEmpty();
        Formed allToAll = form("all-to-all", 0.05);
        allToAll.net().runFor(10 * S);
        double allToAllRate = datagramsPerDelegatePerSecond(allToAll, 20 * S);
        System.out.printf("datagrams per delegate per second at %d sites: swim %.1f, all-to-all %.1f%n", SITES,
                swimRate, allToAllRate);
        // SWIM: a Ping, an Ack or two, the odd ping-req per period; link reports to the two coordinators; the links'
        // probes, 2 sites per probe.interval and their answers: about 12 whatever the sites. All to all: a heartbeat
        // to each of the 23 other sites, and 2 probes and 2 answers to each (4.6 per site and second)
        assertThat(swimRate).isLessThan(16);
        assertThat(allToAllRate).isGreaterThan(4 * (SITES - 1));
    }

    @Test
    void shouldSpreadAMembershipChangeThroughTheGossipedIncarnation() {
        Formed formed = form("swim", 0.05);
        formed.nodes().get(7).leave(G);
        long startNs = formed.net().nowNs();
        assertThat(formed.net().runUntil(() -> formed.nodes().stream().filter(n -> n != formed.nodes().get(7))
                .allMatch(n -> n.view(G).map(GroupView::size).orElse(0) == SITES - 1), 30 * S))
                .as("every site learns that s07 left the group").isTrue();
        System.out.printf("a leave reached every site in %.1f s%n", (formed.net().nowNs() - startNs) / 1e9);
        formed.nodes().get(7).join(G);
        boolean rejoined = formed.net().runUntil(() -> everyoneSees(formed.nodes(), SITES), 30 * S);
        assertThat(rejoined).as("and that it joined again").isTrue();
    }

    @Test
    void shouldRemoveACrashedDelegateFromEveryViewWithinThreeSiteTimeouts() {
        Formed formed = form("swim", 0.05);
        formed.net().runFor(10 * S);
        SimNode victim = formed.nodes().get(5);
        formed.net().crash(victim);
        long crashNs = formed.net().nowNs();
        assertThat(formed.net().runUntil(() -> formed.nodes().stream().filter(SimNode::alive)
                .noneMatch(n -> n.remoteSites().contains(victim.site())), 3 * SITE_TIMEOUT_NS))
                .as("every delegate removed the crashed site").isTrue();
        System.out.printf("crash detected by every delegate in %.1f s%n", (formed.net().nowNs() - crashNs) / 1e9);
        assertThat(formed.net().runUntil(() -> everyoneSees(formed.nodes(), SITES - 1), 5 * S)).isTrue();
        assertThat(formed.shrinks()).hasSize(SITES - 1); // each survivor's view shrank once, for the crash only
    }
}
