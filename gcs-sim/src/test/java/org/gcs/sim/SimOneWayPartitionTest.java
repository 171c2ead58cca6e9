package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.GroupMessage;
import org.gcs.MemberId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A one-way partition (issue 15, Deliver 7): site a cannot receive from site b while b still receives from a. What
 * a user expects is what a two-way partition gives: a drops b when b falls silent, and b drops a once a's
 * announcements show for the site timeout that a does not hear b (at most about twice the site timeout in all) —
 * no flow waits for ever for acknowledgements that cannot come, the other sites keep delivering, and once the link
 * heals both come back and every message is delivered exactly once at every site that had its sender in view.
 * With SWIM, a does not hear b's answers to its pings and b's pings do not reach a, while the indirect probes
 * through c and d keep both alive: each drops the other once its pings went unanswered for twice the site timeout.
 */
class SimOneWayPartitionTest {
    private static final long S = 1_000_000_000L;
    private static final String G = "g";
    private static final long SITE_TIMEOUT_NS = org.gcs.ProtocolTimers.DEFAULTS.siteTimeout().toNanos();

    /** Drops b → a while the partition lasts. */
    private static final class OneWay implements WanFilter {
        boolean cut;

        @Override
        public boolean pass(String fromSite, String toSite, org.gcs.driver.WanPacketInfo packet) {
            return !(cut && fromSite.equals("b") && toSite.equals("a"));
        }
    }

    @ParameterizedTest(name = "overlay.membership = {0}")
    @ValueSource(strings = {"all-to-all", "swim"})
    void shouldDropEachOtherOnAOneWayLinkKeepTheRestGoingAndHealExactlyOnce(String membership) {
        SimNetwork net = new SimNetwork(null, SimOptions.defaults(), b -> b.set("overlay.membership", membership));
        OneWay link = new OneWay();
        net.setWanFilter(link);
        SimNode a = net.start("a", "a1");
        SimNode b = net.start("b", "b1");
        SimNode c = net.start("c", "c1");
        SimNode d = net.start("d", "d1");
        List<SimNode> all = List.of(a, b, c, d);
        all.forEach(n -> n.join(G));
        assertThat(net.runUntil(() -> all.stream().allMatch(n -> sitesInView(n) == 4), 20 * S)).isTrue();
        Map<MemberId, Long> sent = new HashMap<>();

        link.cut = true;
        long cutNs = net.nowNs();
        assertThat(net.runUntil(() -> !a.view(G).orElseThrow().sites().contains("b")
                && !b.view(G).orElseThrow().sites().contains("a"), 4 * SITE_TIMEOUT_NS)).isTrue();
        assertThat(net.nowNs() - cutNs).as("both dropped the other within three site timeouts and a heartbeat")
                .isLessThanOrEqualTo(3 * SITE_TIMEOUT_NS + S);
        assertThat(c.view(G).orElseThrow().sites()).containsExactly("a", "b", "c", "d");

        for (SimNode sender : all) { // everyone sends during the partition: nobody may stall
            send(sender, 10, sent);
        }
        assertThat(net.runUntil(() -> all.stream().allMatch(SimNode::sendIdle), 4 * SITE_TIMEOUT_NS))
                .as("every sender's messages became stable during the partition").isTrue();
        assertThat(net.runUntil(() -> count(c, a) == 10 && count(c, b) == 10 && count(d, a) == 10
                && count(d, b) == 10 && count(a, c) == 10 && count(b, c) == 10 && count(a, d) == 10
                && count(b, d) == 10, 10 * S)).as("the other sites keep delivering").isTrue();
        assertThat(count(a, b)).as("a is cut off from b").isZero();

        link.cut = false;
        assertThat(net.runUntil(() -> all.stream().allMatch(n -> sitesInView(n) == 4), 4 * SITE_TIMEOUT_NS))
                .as("a and b see each other again: %s", all.stream().map(n -> n.name() + "=" + n.view(G).map(
                        v -> v.sites()).orElse(null) + "/" + n.remoteSites()).toList()).isTrue();
        for (SimNode sender : all) {
            send(sender, 10, sent);
        }
        assertThat(net.runUntil(() -> all.stream().allMatch(SimNode::sendIdle)
                && all.stream().allMatch(n -> n.delivered().stream().filter(m -> m.sequence() > 10).count() == 40),
                6 * SITE_TIMEOUT_NS)).as("after healing everything reaches everyone").isTrue();
        for (SimNode receiver : all) {
            for (SimNode sender : all) {
                List<GroupMessage> got = receiver.delivered().stream().filter(m -> m.sender().equals(sender.id()))
                        .toList();
                assertThat(got.stream().map(GroupMessage::sequence).distinct().count()).as("no duplicates")
                        .isEqualTo(got.size());
                if (!(receiver == a && sender == b) && !(receiver == b && sender == a)) {
                    assertThat(DeliveryChecker.problems(receiver.id(), got, Map.of(sender.id(), sent.get(sender.id()))))
                            .isEmpty();
                }
            }
        }
        assertThat(a.delivered().stream().filter(m -> m.sender().equals(b.id())).map(GroupMessage::sequence))
                .as("a got b's messages sent after healing, in order").endsWith(11L, 12L, 13L, 14L, 15L, 16L, 17L,
                        18L, 19L, 20L);
    }

    private static int sitesInView(SimNode node) {
        return node.view(G).map(v -> v.sites().size()).orElse(0);
    }

    private static long count(SimNode receiver, SimNode sender) {
        return receiver.delivered().stream().filter(m -> m.sender().equals(sender.id())).count();
    }

    private static void send(SimNode sender, int messages, Map<MemberId, Long> sent) {
        for (int i = 0; i < messages; i++) {
            sender.send(G, new byte[100]);
        }
        sent.merge(sender.id(), (long) messages, Long::sum);
    }
}
