package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.gcs.FlowStatus;
import org.gcs.emulator.LinkProfile;
import org.gcs.WireCost;
import org.gcs.emulator.Topology;
import org.junit.jupiter.api.Test;

/**
 * TFRC many-to-many congestion control end to end, in virtual time: a greedy sender's rate follows Eq. 1 of the
 * slowest receiving site, the limit moves when the bottleneck moves, and a drop-tail bottleneck is used well.
 */
class SimCongestionTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;
    private static final String G = "g";
    private static final int MESSAGE_BYTES = 1000;

    private static LinkProfile link(long delayMs, long bitsPerSec, long queueBytes) {
        return LinkProfile.IDEAL.withOneWayDelayNs(delayMs * MS).withBandwidthBitsPerSec(bitsPerSec)
                .withQueueBytes(queueBytes);
    }

    /** Keeps a node's send queue topped up: it always has something waiting for the window or its rate. */
    private static List<SimNode.Send> greedy(SimNetwork net, SimNode sender, long untilNs) {
        List<SimNode.Send> sends = new ArrayList<>();
        net.clock().after(0, new Runnable() {
            @Override
            public void run() {
                while (sender.waitingBytes() < 16 * MESSAGE_BYTES) {
                    sends.add(sender.send(G, new byte[MESSAGE_BYTES]));
                }
                if (net.nowNs() < untilNs) {
                    net.clock().after(2 * MS, this);
                }
            }
        });
        return sends;
    }

    /** @return the sender's rate in bytes on the wire (payload and datagram overhead) between two times */
    private static double sendingRate(List<SimNode.Send> sends, long fromNs, long toNs) {
        long admitted = sends.stream().filter(s -> s.admittedAtNs() >= fromNs && s.admittedAtNs() < toNs).count();
        return admitted * (double) WireCost.messageBytes(MESSAGE_BYTES) / ((toNs - fromNs) / 1e9);
    }

    private static FlowStatus flowOf(SimNetwork net, String site) {
        return net.delegateOf(site).orElseThrow().flows().stream().filter(f -> f.group().equals(G)).findFirst()
                .orElseThrow();
    }

    /** Samples the sending site's allowed rate and limiting site every 100 ms between two times. */
    private static List<FlowStatus> sample(SimNetwork net, String site, long fromNs, long toNs) {
        List<FlowStatus> samples = new ArrayList<>();
        net.clock().runUntil(fromNs);
        while (net.nowNs() < toNs) {
            net.runFor(100 * MS);
            samples.add(flowOf(net, site));
        }
        return samples;
    }

    @Test
    void shouldFollowTheSlowestReceivingSiteAndSwitchWhenTheBottleneckMoves() {
        Topology wan = Topology.builder("two-bottlenecks").site("src").site("fast").site("slow")
                .bidirectionalLink("src", "fast", link(15, 20_000_000, 96 * 1024))
                .bidirectionalLink("src", "slow", link(30, 20_000_000, 96 * 1024))
                .bidirectionalLink("fast", "slow", link(25, 20_000_000, 96 * 1024))
                .build();
        SimNetwork net = new SimNetwork(wan, SimOptions.defaults().withSeed(3), b -> b.treeStrategy("star"));
        net.setLink("src", "slow", link(30, 2_000_000, 32 * 1024)); // the slow site sits behind 2 Mb/s
        SimNode sender = net.start("src", "s1");
        SimNode fast = net.start("fast", "f1");
        SimNode slow = net.start("slow", "w1");
        List.of(sender, fast, slow).forEach(n -> n.join(G));
        assertThat(net.runUntil(() -> sender.view(G).map(v -> v.size() == 3).orElse(false), 10 * S)).isTrue();
        List<SimNode.Send> sends = greedy(net, sender, 130 * S);

        List<FlowStatus> first = sample(net, "src", 25 * S, 60 * S);
        FlowStatus end = first.get(first.size() - 1);
        assertThat(end.limitingSite()).contains("slow");
        long limitedBySlow = first.stream().filter(f -> f.limitingSite().orElse("").equals("slow")).count();
        assertThat(limitedBySlow).as("samples limited by the slow site").isGreaterThan(first.size() * 8 / 10);
        assertRateMatchesEquationOne(first, "slow", sendingRate(sends, 25 * S, 60 * S));

        // swap the bottlenecks: now the fast site sits behind 2 Mb/s
        net.setLink("src", "slow", link(30, 20_000_000, 96 * 1024));
        net.setLink("src", "fast", link(15, 2_000_000, 32 * 1024));
        List<FlowStatus> second = sample(net, "src", 90 * S, 125 * S);
        assertThat(second.get(second.size() - 1).limitingSite()).contains("fast");
        long limitedByFast = second.stream().filter(f -> f.limitingSite().orElse("").equals("fast")).count();
        assertThat(limitedByFast).isGreaterThan(second.size() * 8 / 10);
        assertRateMatchesEquationOne(second, "fast", sendingRate(sends, 90 * S, 125 * S));
    }

    /**
     * The sending rate is within ±20 % of Eq. 1 for the limiting site: the acceptable rate that site computes from
     * its loss event rate and the RTT the sending delegate gives it (its report), averaged over the samples.
     */
    private static void assertRateMatchesEquationOne(List<FlowStatus> samples, String limiting,
                                                     double sendingBytesPerSec) {
        double equation = 0;
        int n = 0;
        for (FlowStatus f : samples) {
            FlowStatus.Receiver r = f.receivers().stream().filter(x -> x.site().equals(limiting)).findFirst().orElseThrow();
            if (r.congestion() > 0 && Double.isFinite(r.feedback("acceptableRateBytesPerSec"))) {
                equation += r.feedback("acceptableRateBytesPerSec");
                n++;
            }
        }
        assertThat(n).as("samples with a loss event rate").isGreaterThan(samples.size() / 2);
        equation /= n;
        assertThat(sendingBytesPerSec).as("sending rate vs Eq. 1 of %s (%.0f B/s)", limiting, equation)
                .isBetween(0.8 * equation, 1.2 * equation);
    }

    @Test
    void shouldUseMostOfATwoMegabitDropTailBottleneck() {
        Topology wan = Topology.builder("bottleneck").site("src").site("dst")
                .link("src", "dst", link(25, 2_000_000, 64 * 1024))
                .link("dst", "src", link(25, 20_000_000, 96 * 1024))
                .build();
        SimNetwork net = new SimNetwork(wan, SimOptions.defaults().withSeed(4));
        SimNode sender = net.start("src", "s1");
        SimNode receiver = net.start("dst", "d1");
        sender.join(G);
        receiver.join(G);
        assertThat(net.runUntil(() -> sender.view(G).map(v -> v.size() == 2).orElse(false), 10 * S)).isTrue();
        greedy(net, sender, 125 * S);
        List<FlowStatus> samples = sample(net, "src", 20 * S, 120 * S);
        double goodputBitsPerSec = receiver.deliveredBytesBetween(20 * S, 120 * S) * 8 / 100.0;
        assertThat(goodputBitsPerSec).as("payload goodput over 100 s").isGreaterThanOrEqualTo(0.7 * 2_000_000);
        // the loss event rate settles: the last 30 s stay within a factor of 3
        List<Double> p = samples.subList(samples.size() - 300, samples.size()).stream()
                .map(f -> f.receivers().get(0).congestion()).toList();
        double min = p.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = p.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        assertThat(min).isPositive();
        assertThat(max / min).isLessThan(3);
    }

    /**
     * The exit from slow start at a drop-tail queue, as in {@code gcs bench wan-throughput} at 200 ms without loss:
     * slow start overshoots a 25 Mbit/s link to each of two sites (a 50 Mbit/s uplink's half, with half a
     * bandwidth-delay product of queue each) and the queues drop hundreds of packets. Their repairs must come out of
     * the rate, or they come on top of a rate already at the link's and keep the queues dropping: then four loss
     * events instead of two left the flow at 55 % of the link for the rest of the run. With the repairs in the rate
     * it keeps 75 %.
     */
    @Test
    void shouldLeaveSlowStartAtADropTailQueueNearTheLinksRate() {
        long linkBitsPerSec = 25_000_000;
        long queueBytes = 312_500;
        Topology wan = Topology.builder("uplink-halves").site("src").site("b").site("c")
                .link("src", "b", link(100, linkBitsPerSec, queueBytes))
                .link("src", "c", link(100, linkBitsPerSec, queueBytes))
                .link("b", "src", link(100, 50_000_000, 625_000))
                .link("c", "src", link(100, 50_000_000, 625_000))
                .bidirectionalLink("b", "c", link(100, 50_000_000, 625_000))
                .build();
        SimNetwork net = new SimNetwork(wan, SimOptions.defaults().withSeed(1), b -> b.treeStrategy("star"));
        SimNode sender = net.start("src", "s1");
        SimNode b = net.start("b", "b1");
        SimNode c = net.start("c", "c1");
        List.of(sender, b, c).forEach(n -> n.join(G));
        assertThat(net.runUntil(() -> sender.view(G).map(v -> v.size() == 3).orElse(false), 10 * S)).isTrue();
        long startNs = net.nowNs();
        greedy(net, sender, startNs + 45 * S);
        net.runFor(40 * S);

        double payloadShare = (double) MESSAGE_BYTES / WireCost.messageBytes(MESSAGE_BYTES);
        double linkPayloadBytesPerSec = linkBitsPerSec / 8.0 * payloadShare;
        for (SimNode receiver : List.of(b, c)) {
            double goodput = receiver.deliveredBytesBetween(startNs + 10 * S, startNs + 40 * S) / 30.0;
            assertThat(goodput / linkPayloadBytesPerSec).as("%s's goodput, 10-40 s, of the link's payload rate",
                    receiver.name()).isGreaterThanOrEqualTo(0.65);
        }
    }

    /**
     * A sender that calls the blocking send in a loop has one message waiting at most, and it is admitted as soon as
     * tokens arrive. Its demand must still grow while the rate holds it back, or its grant stays at whatever rate it
     * first reached, far below what the network allows.
     */
    @Test
    void shouldLetABlockingSenderGrowToTheBottleneck() {
        long bottleneckBitsPerSec = 40_000_000;
        Topology wan = Topology.builder("bottleneck").site("src").site("dst")
                .bidirectionalLink("src", "dst", link(10, bottleneckBitsPerSec, 128 * 1024))
                .build();
        SimNetwork net = new SimNetwork(wan, SimOptions.defaults().withSeed(5));
        SimNode sender = net.start("src", "s1");
        SimNode receiver = net.start("dst", "d1");
        sender.join(G);
        receiver.join(G);
        assertThat(net.runUntil(() -> sender.view(G).map(v -> v.size() == 2).orElse(false), 10 * S)).isTrue();
        List<SimNode.Send> sends = new ArrayList<>();
        long appGapNs = 50_000; // the application's own time between an admission and its next send
        net.clock().after(0, new Runnable() {
            @Override
            public void run() {
                if (sends.isEmpty() || sends.get(sends.size() - 1).admitted()) {
                    sends.add(sender.send(G, new byte[MESSAGE_BYTES]));
                }
                if (net.nowNs() < 45 * S) {
                    net.clock().after(appGapNs, this);
                }
            }
        });
        net.runFor(40 * S);
        double bitsPerSec = sendingRate(sends, 20 * S, 40 * S) * 8;
        assertThat(bitsPerSec).as("blocking sender's rate on the wire, 20-40 s")
                .isGreaterThanOrEqualTo(0.5 * bottleneckBitsPerSec);
    }
}
