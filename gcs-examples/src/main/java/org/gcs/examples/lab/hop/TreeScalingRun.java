package org.gcs.examples.lab.hop;

import java.util.ArrayList;
import java.util.List;
import org.gcs.emulator.Topology;
import org.gcs.sim.SimNetwork;
import org.gcs.sim.SimNode;
import org.gcs.sim.SimOptions;

/**
 * One run of {@code transport-scaling}: GCS itself (not a model) in virtual time on a binary tree of N sites, one
 * member each, every tree edge an emulated lossy link, a greedy sender at the root, on one WAN transport. Group
 * throughput is what the slowest member delivers per second over the second half of the sending time (seed 001
 * §V: the group's rate is its slowest receiver's).
 *
 * @param delegates N, the sites (each one member, its delegate)
 * @param transport {@code end-to-end} (with TFRC) or {@code hop-by-hop} (with {@code none})
 * @param sendNs how long the root sends
 * @param seed the run's seed
 */
record TreeScalingRun(int delegates, String transport, long sendNs, long seed) {
    static final String GROUP = "tree";
    static final int MESSAGE_BYTES = 1000;
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;

    /** What a run measured. */
    record Outcome(double throughputBytesPerSec, double meanBytesPerSec, long wallMillis, String problem) {
    }

    static String site(int i) {
        return "s" + i;
    }

    /** Site i's parent in the binary tree (heap order): (i − 1) / 2. */
    static int parent(int i) {
        return (i - 1) / 2;
    }

    /** @return the tree's links: 20 ms RTT, 4 Mb/s, 0.5 % loss each way, a 64 KiB drop-tail queue */
    Topology topology() {
        StringBuilder text = new StringBuilder("name tree").append(delegates).append('\n');
        for (int i = 0; i < delegates; i++) {
            text.append("site ").append(site(i)).append('\n');
        }
        text.append("defaults bandwidth=4Mbps queue=64KB loss=0.5%\n");
        for (int i = 1; i < delegates; i++) {
            text.append("link ").append(site(parent(i))).append(" <-> ").append(site(i)).append(" rtt=20ms\n");
        }
        return Topology.parse(text.toString(), "tree" + delegates);
    }

    private String fixedTree() {
        StringBuilder tree = new StringBuilder("fixed:");
        for (int i = 1; i < delegates; i++) {
            tree.append(i > 1 ? "," : "").append(site(parent(i))).append('-').append(site(i));
        }
        return tree.toString();
    }

    Outcome run() {
        long wallStart = System.nanoTime();
        boolean hop = transport.equals("hop-by-hop");
        // control traffic grows with N²: announcements every 2 s and probes every 5 s keep 512 sites affordable
        SimOptions options = SimOptions.defaults().withSeed(seed).withTree(fixedTree(), 2)
                .withTimeouts(2 * S, 10 * S)
                .withSetting("probe.interval", "5s").withSetting("tree.refresh.interval", "1h")
                .withSetting("wan.transport", transport)
                .withSetting("congestion.control", hop ? "none" : "tfrc")
                .withSendWindowBytes(8L << 20);
        SimNetwork net = new SimNetwork(topology(), options);
        List<SimNode> nodes = new ArrayList<>();
        for (int i = 0; i < delegates; i++) {
            nodes.add(net.start(site(i), site(i) + "m"));
        }
        nodes.forEach(n -> n.join(GROUP));
        if (!net.runUntil(() -> nodes.stream().allMatch(n -> n.view(GROUP).map(v -> v.size() == delegates)
                .orElse(false) && n.tree(GROUP).map(t -> t.sites().size() == delegates).orElse(false)), 120 * S)) {
            return new Outcome(0, 0, (System.nanoTime() - wallStart) / 1_000_000,
                    "the group of " + delegates + " did not form within 120 s");
        }
        SimNode sender = nodes.get(0);
        long startNs = net.nowNs();
        long[] deliveredAtHalf = new long[delegates];
        boolean halfTaken = false;
        while (net.nowNs() - startNs < sendNs) {
            while (sender.waitingBytes() < 64 * 1024) {
                sender.send(GROUP, new byte[MESSAGE_BYTES]);
            }
            if (!halfTaken && net.nowNs() - startNs >= sendNs / 2) {
                for (int i = 1; i < delegates; i++) {
                    deliveredAtHalf[i] = nodes.get(i).delivered().size();
                }
                halfTaken = true;
            }
            net.runFor(50 * MS);
        }
        double seconds = (net.nowNs() - startNs - sendNs / 2) / 1e9;
        double slowest = Double.MAX_VALUE;
        double sum = 0;
        for (int i = 1; i < delegates; i++) {
            double rate = (nodes.get(i).delivered().size() - deliveredAtHalf[i]) * (double) MESSAGE_BYTES / seconds;
            slowest = Math.min(slowest, rate);
            sum += rate;
        }
        return new Outcome(slowest, sum / (delegates - 1), (System.nanoTime() - wallStart) / 1_000_000, null);
    }
}
