package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.gcs.FlowStatus;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.LossProfile;
import org.gcs.emulator.Topology;
import org.gcs.emulator.TopologyBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The loss event rate a receiving delegate measures end to end, against the packet loss of its path. By default
 * (RFC 5348 §5.4's average of eight intervals) it reads random losses a little low, as a loss event rate should
 * (two losses within one RTT are one event): 1.00, 0.87 and 0.81 times the loss rate at 1, 3 and 6 %. Seed 004's
 * estimator ({@code cc.tfrc.loss.average=xpand}: Eq. 2's 0.5 quotient, no counting in the first RTT of an event)
 * reads them high: the average of few intervals is noisy and 1/S̄ is biased upward, 1.26–1.47 times the loss rate.
 * The bounds catch estimates that count packets still on their way as lost (as a sync overtaking tree traffic
 * did).
 */
class SimLossEstimateTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;

    private static LinkProfile lossy(long delayMs, double loss) {
        return LinkProfile.IDEAL.withOneWayDelayNs(delayMs * MS).withBandwidthBitsPerSec(10_000_000)
                .withQueueBytes(128 * 1024).withLoss(LossProfile.bernoulli(loss));
    }

    /** @return the receiving site's mean reported loss event rate while a greedy sender sends for 60 s */
    private static double meanLossEventRate(SimNetwork net, SimNode sender, String receiverSite) {
        net.runFor(5 * S);
        long start = net.nowNs();
        double sum = 0;
        int n = 0;
        while (net.nowNs() < start + 60 * S) {
            while (sender.waitingBytes() < 16_000) {
                sender.send("g", new byte[1000]);
            }
            net.runFor(10 * MS);
            if (net.nowNs() > start + 20 * S && (net.nowNs() / (10 * MS)) % 10 == 0) {
                FlowStatus flow = net.delegateOf(sender.site()).orElseThrow().flows().get(0);
                sum += flow.receivers().stream().filter(r -> r.site().equals(receiverSite)).findFirst().orElseThrow()
                        .congestion();
                n++;
            }
        }
        return sum / n;
    }

    @ParameterizedTest
    @CsvSource({"rfc5348, 0.01, 0.8, 1.2", "rfc5348, 0.03, 0.75, 1.2", "rfc5348, 0.06, 0.75, 1.2",
        "xpand, 0.01, 1.0, 2.5", "xpand, 0.03, 1.0, 2.5", "xpand, 0.06, 1.0, 2.5"})
    void shouldEstimateTheLossEventRateOfADirectPath(String average, double loss, double atLeast, double atMost) {
        Topology wan = Topology.builder("direct").site("src").site("dst").link("src", "dst", lossy(50, loss))
                .link("dst", "src", LinkProfile.IDEAL.withOneWayDelayNs(50 * MS)).build();
        SimNetwork net = new SimNetwork(wan, SimOptions.defaults().withSeed(3),
                b -> b.congestionParameter("cc.tfrc.loss.average", average));
        SimNode sender = net.start("src", "s1");
        net.start("dst", "d1").join("g");
        sender.join("g");
        double p = meanLossEventRate(net, sender, "dst");
        assertThat(p).isBetween(atLeast * loss, atMost * loss);
    }

    @Test
    void shouldNotCountPacketsStillOnTheTreeAsLost() {
        // equal links and fan-out 1 make the tree a chain: its two ends are three hops apart on the tree but one
        // hop apart directly, where the sender's probes travel, faster than the data; they must not turn packets
        // still in flight into losses
        TopologyBuilder builder = Topology.builder("chain");
        java.util.List<String> sites = java.util.List.of("a", "b", "c", "d");
        sites.forEach(builder::site);
        for (int i = 0; i < sites.size(); i++) {
            for (int j = i + 1; j < sites.size(); j++) {
                builder.bidirectionalLink(sites.get(i), sites.get(j), lossy(20, 0.01));
            }
        }
        SimNetwork net = new SimNetwork(builder.build(), SimOptions.defaults().withSeed(5), b -> b.maxFanOut(1));
        java.util.Map<String, SimNode> nodes = new java.util.LinkedHashMap<>();
        sites.forEach(site -> nodes.put(site, net.start(site, site + "1")));
        nodes.values().forEach(n -> n.join("g"));
        assertThat(net.runUntil(() -> nodes.get("a").tree("g").map(t -> t.edges().size() == 3).orElse(false),
                20 * S)).isTrue();
        net.runFor(5 * S);
        org.gcs.GroupTree chain = nodes.get("a").tree("g").orElseThrow();
        String end = chain.sites().stream().filter(site -> chain.childrenOf(site).isEmpty()).findFirst().orElseThrow();
        String otherEnd = chain.root();
        assertThat(chain.childrenOf(otherEnd)).hasSize(1);
        double p = meanLossEventRate(net, nodes.get(otherEnd), end);
        // three hops of 1 % loss: about 3 % path loss. This run (deterministic for its seed) measures 0.048; when
        // probes overtaking the data were counted as losses it measured 0.062, above the bound
        assertThat(p).isBetween(0.01, 2.0 * 0.0297);
    }
}
