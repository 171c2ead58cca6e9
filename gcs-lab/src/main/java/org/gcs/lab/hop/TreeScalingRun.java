package org.gcs.lab.hop;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gcs.GroupMessage;
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

    /**
     * What a run measured.
     *
     * @param throughputBytesPerSec what the slowest member delivered per second over the second half of the sending
     * @param meanBytesPerSec the members' mean over the same time
     * @param wallMillis the run's wall-clock time
     * @param formingSec the virtual time until every member saw the whole group and the whole tree
     * @param formingWallMillis the wall-clock time that took
     * @param problem what went wrong, or null
     */
    record Outcome(double throughputBytesPerSec, double meanBytesPerSec, long wallMillis, double formingSec,
                   long formingWallMillis, String problem) {
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
        SimNetwork net = new SimNetwork(topology(), SimOptions.defaults().withSeed(seed), b -> b
                .treeStrategy(fixedTree()).maxFanOut(2)
                .heartbeatInterval(Duration.ofSeconds(2)).siteTimeout(Duration.ofSeconds(10))
                .set("probe.interval", "5s").set("tree.refresh.interval", "1h")
                .set("wan.transport", transport)
                .set("congestion.control", hop ? "none" : "tfrc")
                .sendWindowBytes(8L << 20));
        List<SimNode> nodes = new ArrayList<>();
        DeliveryCounter[] counters = new DeliveryCounter[delegates];
        for (int i = 0; i < delegates; i++) {
            SimNode node = net.start(site(i), site(i) + "m");
            counters[i] = new DeliveryCounter();
            node.keepHistory(false);
            node.onMessage(counters[i]::onMessage);
            nodes.add(node);
        }
        nodes.forEach(n -> n.join(GROUP));
        long formDeadlineNs = net.nowNs() + 120 * S;
        while (!formed(nodes) && net.nowNs() < formDeadlineNs) {
            net.runFor(100 * MS); // checking 512 members after every event was a fifth of the run's time
        }
        if (!formed(nodes)) {
            long wallMillis = (System.nanoTime() - wallStart) / 1_000_000;
            return new Outcome(0, 0, wallMillis, net.nowNs() / 1e9, wallMillis,
                    "the group of " + delegates + " did not form within 120 s");
        }
        double formingSec = net.nowNs() / 1e9;
        long formingWallMillis = (System.nanoTime() - wallStart) / 1_000_000;
        SimNode sender = nodes.get(0);
        long startNs = net.nowNs();
        long[] deliveredAtHalf = new long[delegates];
        boolean halfTaken = false;
        long sent = 0;
        while (net.nowNs() - startNs < sendNs) {
            while (sender.waitingBytes() < 64 * 1024) {
                sender.send(GROUP, ByteBuffer.allocate(MESSAGE_BYTES).putLong(0, sent++).array());
            }
            if (!halfTaken && net.nowNs() - startNs >= sendNs / 2) {
                for (int i = 1; i < delegates; i++) {
                    deliveredAtHalf[i] = counters[i].delivered;
                }
                halfTaken = true;
            }
            net.runFor(50 * MS);
        }
        double seconds = (net.nowNs() - startNs - sendNs / 2) / 1e9;
        double slowest = Double.MAX_VALUE;
        double sum = 0;
        String problem = null;
        for (int i = 1; i < delegates; i++) {
            double rate = (counters[i].delivered - deliveredAtHalf[i]) * (double) MESSAGE_BYTES / seconds;
            slowest = Math.min(slowest, rate);
            sum += rate;
            if (counters[i].breaks > 0 && problem == null) {
                problem = site(i) + " broke the sender's order " + counters[i].breaks + " times (a message skipped,"
                        + " repeated or reordered) on " + transport + " with " + delegates + " sites";
            }
        }
        return new Outcome(slowest, sum / (delegates - 1), (System.nanoTime() - wallStart) / 1_000_000, formingSec,
                formingWallMillis, problem);
    }

    /** @return true once every member sees the whole group and a tree that spans every site */
    private boolean formed(List<SimNode> nodes) {
        return nodes.stream().allMatch(n -> n.view(GROUP).map(v -> v.size() == delegates).orElse(false)
                && n.tree(GROUP).map(t -> t.edges().size() == delegates - 1).orElse(false));
    }

    /**
     * Counts one member's deliveries and checks that the numbers the sender wrote in the payloads arrive each
     * once, without a gap and in order (the members do not keep the messages: at 512 sites that would be gigabytes).
     */
    private static final class DeliveryCounter {
        private long delivered;
        private long next;
        private long breaks;

        void onMessage(GroupMessage message) {
            long number = ByteBuffer.wrap(message.payload()).getLong(0);
            if (number != next) {
                breaks++;
            }
            next = number + 1;
            delivered++;
        }
    }
}
