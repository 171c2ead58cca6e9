package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gcs.GroupMessage;
import org.junit.jupiter.api.Test;

/**
 * Two LANs configured with one site name (issue 15, Deliver 5): both delegates and their peers learn of it within
 * the site timeout, and no message counts as stable while one of the two LANs did not get it; a normal delegate
 * failover is not reported.
 */
class SimDuplicateSiteTest {
    private static final long S = 1_000_000_000L;
    private static final String G = "g";
    private static final long SITE_TIMEOUT_NS = org.gcs.ProtocolTimers.DEFAULTS.siteTimeout().toNanos();

    @Test
    void shouldReportTwoDelegatesOfOneSiteWithOneTermOnBothSidesAndHoldTheirMessagesUnstable() {
        duplicateSite(false);
    }

    @Test
    void shouldReportASecondDelegateWithAHigherTermWhileTheFirstStillSpeaks() {
        duplicateSite(true);
    }

    private void duplicateSite(boolean higherTerm) {
        SimNetwork net = new SimNetwork(null, SimOptions.defaults());
        SimNode a = net.start("a", "a1");
        SimNode x1 = net.start("x", "x1");
        a.join(G);
        x1.join(G);
        assertThat(net.runUntil(() -> a.view(G).map(v -> v.size() == 2).orElse(false), 10 * S)).isTrue();
        for (int i = 0; i < 10; i++) {
            a.send(G, new byte[100]);
        }
        assertThat(net.runUntil(() -> x1.delivered().size() == 10 && a.sendIdle(), 10 * S))
                .as("one site x: delivered and stable").isTrue();
        assertThat(a.conflictedSites()).isEmpty();

        SimNode x2;
        if (higherTerm) { // the copy's delegate takes the role at its LAN's third view: term 3 against x1's term 1
            SimNode x0 = net.startInLan("x-copy", "x", "x0");
            x2 = net.startInLan("x-copy", "x", "x2");
            net.stop(x0);
        } else {
            x2 = net.startInLan("x-copy", "x", "x2"); // a second LAN configured with site = x, term 1 as well
        }
        x2.join(G);
        long startedNs = net.nowNs();
        assertThat(net.runUntil(() -> a.conflictedSites().contains("x") && x1.conflictedSites().contains("x")
                && x2.conflictedSites().contains("x"), SITE_TIMEOUT_NS))
                .as("a, x1 and x2 know of the conflict within the site timeout").isTrue();
        assertThat(net.nowNs() - startedNs).isLessThanOrEqualTo(SITE_TIMEOUT_NS);

        int more = 20;
        for (int i = 0; i < more; i++) {
            a.send(G, new byte[100]);
        }
        net.runFor(3 * S);
        int atX1 = x1.delivered().size() - 10;
        int atX2 = x2.delivered().size();
        assertThat(Math.min(atX1, atX2)).as("one of the two LANs misses messages").isLessThan(more);
        assertThat(a.sendIdle()).as("what one LAN of x lacks is not stable at the sender").isFalse();
        assertThat(a.conflictedSites()).containsExactly("x");

        // the operator stops the copy that missed the messages: the conflict ends and everything becomes stable
        SimNode missing = atX2 < atX1 ? x2 : x1;
        SimNode kept = missing == x2 ? x1 : x2;
        net.stop(missing);
        assertThat(net.runUntil(() -> a.sendIdle() && a.conflictedSites().isEmpty(), 3 * SITE_TIMEOUT_NS)).isTrue();
        List<GroupMessage> fromA = kept.delivered().stream().filter(m -> m.sender().equals(a.id())).toList();
        if (kept == x1) {
            assertThat(DeliveryChecker.problems(kept.id(), fromA, Map.of(a.id(), 10L + more))).isEmpty();
        }
    }

    @Test
    void shouldNotReportANormalDelegateFailover() {
        SimNetwork net = new SimNetwork(null, SimOptions.defaults());
        SimNode a = net.start("a", "a1");
        SimNode b1 = net.start("b", "b1");
        SimNode b2 = net.start("b", "b2");
        SimNode b3 = net.start("b", "b3");
        List<SimNode> all = List.of(a, b1, b2, b3);
        all.forEach(n -> n.join(G));
        assertThat(net.runUntil(() -> a.view(G).map(v -> v.size() == 4).orElse(false), 10 * S)).isTrue();
        List<Set<String>> seen = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            a.send(G, new byte[100]);
        }
        net.crash(b1);
        for (int t = 0; t < 40; t++) {
            net.runFor(S / 4);
            seen.add(Set.copyOf(a.conflictedSites()));
            net.delegateOf("b").ifPresent(d -> seen.add(Set.copyOf(d.conflictedSites())));
        }
        net.stop(b2); // a graceful hand-over to b3
        for (int i = 0; i < 10; i++) {
            a.send(G, new byte[100]);
        }
        for (int t = 0; t < 40; t++) {
            net.runFor(S / 4);
            seen.add(Set.copyOf(a.conflictedSites()));
            net.delegateOf("b").ifPresent(d -> seen.add(Set.copyOf(d.conflictedSites())));
        }
        assertThat(seen).allMatch(Set::isEmpty);
        assertThat(net.runUntil(() -> a.sendIdle() && b3.delivered().size() == 20, 10 * S)).isTrue();
    }
}
