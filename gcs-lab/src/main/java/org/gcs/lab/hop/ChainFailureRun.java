package org.gcs.lab.hop;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gcs.GroupMessage;
import org.gcs.MemberId;
import org.gcs.emulator.Topology;
import org.gcs.sim.SimNetwork;
import org.gcs.sim.SimNode;
import org.gcs.sim.SimOptions;

/**
 * One run of seed 001's failure experiments (§IV, Fig. 4) on GCS's hop-by-hop transport in virtual time: a chain
 * of sites c1 – c2 – … – cN (a fixed tree), two members per site, a greedy sender at c1, and the delegates of some
 * relay sites crashed one after another. The site's other member takes over with empty buffers; its upstream
 * neighbour replays its backup. The end-to-end repair is off, so only the links and the backups deliver.
 *
 * @param sites the chain's length N
 * @param outputPackets B_OUT
 * @param inputPackets B_IN
 * @param backupPackets B_back
 * @param failures the relay sites whose delegates crash, in order
 * @param firstFailureNs when the first crash happens, after sending starts
 * @param failureIntervalNs the time between two crashes
 * @param sendNs how long the sender sends
 * @param seed the run's seed (loss draws, timer phases)
 */
record ChainFailureRun(int sites, int outputPackets, int inputPackets, int backupPackets, List<String> failures,
                       long firstFailureNs, long failureIntervalNs, long sendNs, long seed) {
    static final String GROUP = "chain";
    static final int MESSAGE_BYTES = 1000;
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;
    /** How long the chain may take to deliver the backlog after the sender stops. */
    private static final long DRAIN_NS = 300 * S;

    /** What a run measured. */
    record Outcome(long sent, List<Failure> failures, List<String> problems, double sinkPacketsPerSec,
                   long wallMillis) {
    }

    /**
     * One crash.
     *
     * @param site the relay site whose delegate died
     * @param atSec when, seconds after sending started
     * @param duplicates packets the orphan (the next site downstream) received again and dropped by flow sequence
     *     until the next crash or the end: the redundant part of the backup replay
     * @param sinkGapSec the longest time the last site delivered nothing, from the crash on
     */
    record Failure(String site, double atSec, long duplicates, double sinkGapSec) {
    }

    /** @return the chain: c1 … cN, each link 40 ms RTT, 2 Mb/s, 1 % loss, a 64 KiB drop-tail queue */
    Topology topology() {
        StringBuilder text = new StringBuilder("site");
        for (int i = 1; i <= sites; i++) {
            text.append(' ').append(site(i));
        }
        text.append("\ndefaults bandwidth=2Mbps queue=64KB loss=1%\n");
        for (int i = 1; i < sites; i++) {
            text.append("link ").append(site(i)).append(" <-> ").append(site(i + 1)).append(" rtt=40ms\n");
        }
        return Topology.parse(text.toString(), "chain" + sites);
    }

    static String site(int i) {
        return "c" + i;
    }

    private String fixedTree() {
        StringBuilder tree = new StringBuilder("fixed:");
        for (int i = 1; i < sites; i++) {
            tree.append(i > 1 ? "," : "").append(site(i)).append('-').append(site(i + 1));
        }
        return tree.toString();
    }

    Outcome run(Map<String, String> extraSettings) {
        long wallStart = System.nanoTime();
        SimNetwork net = new SimNetwork(topology(), SimOptions.defaults().withSeed(seed), b -> {
            b.treeStrategy(fixedTree()).maxFanOut(2)
                    .set("wan.transport", "hop-by-hop").set("congestion.control", "none")
                    .set("hop.output.packets", Integer.toString(outputPackets))
                    .set("hop.input.packets", Integer.toString(inputPackets))
                    .set("hop.backup.packets", Integer.toString(backupPackets))
                    .set("hop.e2e.repair", "false")
                    .sendWindowBytes(64L << 20);
            extraSettings.forEach(b::set);
            return b;
        });
        List<SimNode> nodes = new ArrayList<>();
        for (int i = 1; i <= sites; i++) {
            nodes.add(net.start(site(i), site(i) + "a"));
            nodes.add(net.start(site(i), site(i) + "b"));
        }
        nodes.forEach(n -> n.join(GROUP));
        List<String> problems = new ArrayList<>();
        if (!net.runUntil(() -> nodes.stream().allMatch(n -> n.view(GROUP).map(v -> v.size() == nodes.size())
                .orElse(false) && n.tree(GROUP).map(t -> t.sites().size() == sites).orElse(false)), 60 * S)) {
            problems.add("the group did not form within 60 s");
            return new Outcome(0, List.of(), problems, 0, (System.nanoTime() - wallStart) / 1_000_000);
        }
        SimNode sender = net.delegateOf(site(1)).orElseThrow();
        SimNode sink = net.nodes(site(sites)).get(1); // not the delegate: deliveries through the site's LAN
        long startNs = net.nowNs();
        long sent = 0;
        // greedy, but no more than the chain's buffers hold and a little: the backlog drains after sending stops
        long backlogBytes = ((long) sites * (inputPackets + outputPackets) + 200) * MESSAGE_BYTES;
        List<SimNode> dead = new ArrayList<>();
        List<Long> crashTimes = new ArrayList<>();
        List<Long> sinkDeliveryTimes = new ArrayList<>();
        sink.onMessage(m -> sinkDeliveryTimes.add(net.nowNs()));
        int next = 0;
        List<SimNode> orphans = new ArrayList<>();
        List<Long> duplicatesAtCrash = new ArrayList<>();
        List<Long> duplicates = new ArrayList<>();
        while (net.nowNs() - startNs < sendNs) {
            while (sender.unstableBytes() + sender.waitingBytes() < backlogBytes) {
                sender.send(GROUP, new byte[MESSAGE_BYTES]);
                sent++;
            }
            if (next < failures.size() && net.nowNs() - startNs >= firstFailureNs + next * failureIntervalNs) {
                closeDuplicateWindow(orphans, duplicatesAtCrash, duplicates);
                SimNode delegate = net.delegateOf(failures.get(next)).orElseThrow();
                SimNode orphan = net.delegateOf(downstreamOf(failures.get(next))).orElseThrow();
                orphans.add(orphan);
                duplicatesAtCrash.add(orphan.duplicatesDropped());
                net.crash(delegate);
                dead.add(delegate);
                crashTimes.add(net.nowNs());
                next++;
            }
            net.runFor(20 * MS);
        }
        List<SimNode> survivors = nodes.stream().filter(n -> !dead.contains(n)).toList();
        long expected = sent;
        net.runUntil(() -> survivors.stream().allMatch(n -> n.delivered().size() >= expected), DRAIN_NS);
        long endNs = net.nowNs();
        net.runFor(5 * S); // anything that would arrive twice arrives now
        closeDuplicateWindow(orphans, duplicatesAtCrash, duplicates);
        for (SimNode node : survivors) {
            List<Long> sequence = node.delivered().stream().filter(m -> m.sender().equals(sender.id()))
                    .map(GroupMessage::sequence).toList();
            check(node.id(), sequence, expected, problems);
        }
        List<Failure> measured = new ArrayList<>();
        for (int k = 0; k < crashTimes.size(); k++) {
            measured.add(new Failure(failures.get(k), (crashTimes.get(k) - startNs) / 1e9, duplicates.get(k),
                    longestGapSec(sinkDeliveryTimes, crashTimes.get(k), endNs)));
        }
        long lastDelivery = sinkDeliveryTimes.isEmpty() ? endNs : sinkDeliveryTimes.get(sinkDeliveryTimes.size() - 1);
        double rate = sinkDeliveryTimes.size() / Math.max(1e-9, (lastDelivery - startNs) / 1e9);
        return new Outcome(sent, measured, problems, rate, (System.nanoTime() - wallStart) / 1_000_000);
    }

    /** The site after a relay site in the chain: the orphan of its delegate's failure. */
    private static String downstreamOf(String site) {
        return site(Integer.parseInt(site.substring(1)) + 1);
    }

    /** Ends the duplicate count of the latest crash, if one is open (its orphan may itself have died since). */
    private static void closeDuplicateWindow(List<SimNode> orphans, List<Long> atCrash, List<Long> duplicates) {
        if (duplicates.size() < orphans.size()) {
            int k = duplicates.size();
            SimNode orphan = orphans.get(k);
            duplicates.add(orphan.alive() ? orphan.duplicatesDropped() - atCrash.get(k) : -1);
        }
    }

    private static void check(MemberId member, List<Long> sequence, long expected, List<String> problems) {
        long previous = 0;
        for (long seq : sequence) {
            if (seq <= previous) {
                problems.add(member + ": " + (seq == previous ? "duplicate " : "out of order ") + seq);
                return;
            }
            previous = seq;
        }
        if (sequence.size() != expected) {
            problems.add(member + ": delivered " + sequence.size() + " of " + expected);
        }
    }

    private static double longestGapSec(List<Long> times, long fromNs, long toNs) {
        long previous = fromNs;
        long longest = 0;
        for (long t : times) {
            if (t < fromNs) {
                continue;
            }
            if (t > toNs) {
                break;
            }
            longest = Math.max(longest, t - previous);
            previous = t;
        }
        return longest / 1e9;
    }
}
