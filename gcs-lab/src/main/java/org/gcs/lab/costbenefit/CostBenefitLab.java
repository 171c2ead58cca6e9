package org.gcs.lab.costbenefit;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gcs.FlowStatus;
import org.gcs.HopLinkStatus;
import org.gcs.emulator.LinkCounters;
import org.gcs.emulator.Topology;
import org.gcs.lab.LabMath;
import org.gcs.lab.Run;
import org.gcs.lab.RunPlan;
import org.gcs.lab.RunPlan.Member;
import org.gcs.lab.Traffic;
import org.gcs.sim.SimNetwork;
import org.gcs.sim.SimNode;

/**
 * What the cost-benefit experiments (seed 000) share: their node settings and plan, and their readings (the
 * per-period peak of the hop-by-hop links' waiting packets, the packet price, the links' counters). Their messages
 * are the template's 1000 bytes of payload: one datagram (1200 bytes, the Emulab runs' size, would be two fragments
 * in GCS); every 100-ms sample ends one of Fig. 5's periods.
 */
final class CostBenefitLab {
    /** Nanoseconds per second. */
    static final long S = 1_000_000_000L;
    /** How long the members may take to see each other (a hundred members or more). */
    static final long VIEW_TIMEOUT_NS = 120 * S;
    /** How often progress lines are printed, in the experiment's time. */
    static final long PROGRESS_NS = 20 * S;
    /**
     * B_OUT of every hop-by-hop link, in packets: more than the soft limit M = 100 waiting packets plus a window in
     * flight, so that the price, not the buffer, holds the senders back.
     */
    static final int HOP_BUFFER_PACKETS = 300;
    /**
     * B_IN of every hop-by-hop link, in packets, which bounds the link's window as ns-2's TCP agents' {@code window_}
     * (20 by default) bounded the paper's links: more than the few packets a 2 Mbit/s link holds in flight, fewer than
     * the emulated router queue (64 KB, about 57 packets), so the links do not fill the router queue and drop.
     */
    static final int HOP_CREDIT_PACKETS = 30;
    /** The controller's parameter that turns the 1/C_p randomization off (seed 000 Fig. 2's "without"). */
    static final String RANDOMIZATION_KEY = "cc.cost-benefit.randomization";
    /** The price of a packet in the sending site's FlowStatus (C_p, dollars). */
    static final String PRICE_EXTRA = "priceDollarsPerPacket";
    /**
     * The node settings of the experiments unless --set says otherwise: the cost-benefit controller on the hop-by-hop
     * transport (whose links' output buffers are what seed 000 prices), with output buffers of
     * {@value #HOP_BUFFER_PACKETS} packets and a credit of {@value #HOP_CREDIT_PACKETS}.
     */
    static final Map<String, String> SETTINGS = Map.of("congestion.control", "cost-benefit",
            "wan.transport", "hop-by-hop",
            "hop.output.packets", Integer.toString(HOP_BUFFER_PACKETS),
            "hop.input.packets", Integer.toString(HOP_CREDIT_PACKETS));

    private CostBenefitLab() {
    }

    /**
     * @return a plan on the topology with the experiments' settings, a long view timeout, and simulated members that
     *     keep no deliveries (a hundred members each keeping every delivery would hold gigabytes by the end of a run)
     */
    static RunPlan plan(Topology topology) {
        return RunPlan.on(topology).settings(SETTINGS).viewTimeout(VIEW_TIMEOUT_NS).keepNoHistory();
    }

    /** @return {@link #plan}, refused on the real driver: the buffers are read, or links changed, in the simulator */
    static RunPlan virtualPlan(Topology topology, String scenario) {
        return plan(topology).virtualOnly(scenario + " runs on the virtual driver only (it reads the hop-by-hop links'"
                + " buffers, or changes links, in the simulated WAN): leave out --driver real;"
                + " cost-benefit-two-bottlenecks runs on both");
    }

    /** @return {@code count} members named {@code prefix1..prefixN} in a site */
    static List<Member> members(String site, String prefix, int count) {
        List<Member> members = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            members.add(new Member(site, prefix + i));
        }
        return members;
    }

    /** Starts a greedy sender on every member of the group that is in the site, in the group's order. */
    static void clients(Run run, Traffic traffic, List<Member> group, String groupName, String site) {
        group.stream().filter(m -> m.site().equals(site)).forEach(m -> traffic.greedy(run.node(m.key()), groupName));
    }

    /** @return the packet price C_p of the site's flow to the group, NaN if none (yet) */
    static double price(Run run, String site, String group) {
        return run.flow(site, group).map(f -> f.extra(PRICE_EXTRA)).orElse(Double.NaN);
    }

    /** @return the controller's numbers of the site's flow to the group, rounded, empty if no flow */
    static Map<String, Object> extras(Run run, String site, String group) {
        Map<String, Object> out = new java.util.TreeMap<>();
        run.flow(site, group).map(FlowStatus::extras).ifPresent(x -> x.forEach((k, v) -> out.put(k,
                LabMath.round(v, 4))));
        return out;
    }

    /**
     * The peaks of the waiting part of hop-by-hop output buffers, per sampling period, on chosen directed links: read
     * from each link's upstream delegate ({@code SimNode.takeHopWaitingPeaks}) at every sample. A delegate's peaks
     * start over at each read, so every upstream site is read once per sample for all its links.
     */
    static final class BufferWatch {
        private final Map<String, List<String>> downstreamByUpstream = new LinkedHashMap<>();
        private final List<String> labels = new ArrayList<>();
        private final List<Long> times = new ArrayList<>();
        private final Map<String, List<Integer>> peaks = new LinkedHashMap<>();
        private Map<String, Integer> latest = Map.of();

        /** @param links the directed links, each {@code {from, to}} */
        BufferWatch(List<String[]> links) {
            for (String[] link : links) {
                downstreamByUpstream.computeIfAbsent(link[0], k -> new ArrayList<>()).add(link[1]);
                String label = label(link[0], link[1]);
                labels.add(label);
                peaks.put(label, new ArrayList<>());
            }
        }

        static String label(String from, String to) {
            return from + "->" + to;
        }

        /** @return the links' labels ({@code E->F}) in the order given */
        List<String> labels() {
            return labels;
        }

        /** Takes the peaks of the period that ends now (a link without a delegate or a link yet reads 0). */
        void sample(Run run) {
            Map<String, Integer> now = new LinkedHashMap<>();
            downstreamByUpstream.forEach((from, tos) -> {
                Map<String, Integer> read = run.network().delegateOf(from).map(SimNode::takeHopWaitingPeaks)
                        .orElse(Map.of());
                for (String to : tos) {
                    now.put(label(from, to), read.getOrDefault(to, 0));
                }
            });
            times.add(run.nowNs());
            now.forEach((label, value) -> peaks.get(label).add(value));
            latest = now;
        }

        /** @return the peaks of the latest period */
        Map<String, Integer> latest() {
            return latest;
        }

        /** @return the largest peak of a link over the periods that end in [from, to] */
        int max(String label, long fromNs, long toNs) {
            int max = 0;
            List<Integer> values = peaks.get(label);
            for (int i = 0; i < times.size(); i++) {
                if (times.get(i) >= fromNs && times.get(i) <= toNs) {
                    max = Math.max(max, values.get(i));
                }
            }
            return max;
        }

        /** @return the mean of a link's per-period peaks over the periods that end in [from, to] */
        double mean(String label, long fromNs, long toNs) {
            List<Double> in = new ArrayList<>();
            List<Integer> values = peaks.get(label);
            for (int i = 0; i < times.size(); i++) {
                if (times.get(i) >= fromNs && times.get(i) <= toNs) {
                    in.add((double) values.get(i));
                }
            }
            return LabMath.mean(in);
        }
    }

    /**
     * A directed link's counters: the packets it admitted, those it dropped at its queue, and the hop-by-hop
     * retransmissions of its upstream delegate.
     */
    record LinkTally(long admitted, long queueDrops, long retransmissions) {
        /** @return the link's counters now */
        static LinkTally of(Run run, String from, String to) {
            LinkCounters counters = run.network().linkCounters(from, to);
            return new LinkTally(counters.admitted(), counters.droppedByQueue(), CostBenefitLab.retransmissions(
                    run.network(), from, to));
        }

        /** @return what happened since an earlier reading (null: since the start) */
        LinkTally since(LinkTally earlier) {
            return earlier == null ? this : new LinkTally(admitted - earlier.admitted,
                    queueDrops - earlier.queueDrops, retransmissions - earlier.retransmissions);
        }
    }

    /** @return the congestion window of the hop-by-hop link from a site's delegate to a neighbour, NaN if none */
    static double window(SimNetwork net, String from, String to) {
        return net.delegateOf(from).flatMap(d -> d.status().hopLink(to))
                .map(HopLinkStatus::windowPackets).orElse(Double.NaN);
    }

    /**
     * @return the retransmissions of the hop-by-hop link from a site's delegate to a neighbour so far (packets it
     *     declared lost and sent again), 0 if none
     */
    static long retransmissions(SimNetwork net, String from, String to) {
        return net.delegateOf(from).flatMap(d -> d.status().hopLink(to))
                .map(HopLinkStatus::retransmissions).orElse(0L);
    }

    /** @return the coefficient of variation (population standard deviation over the mean) of the finite values */
    static double cov(Collection<Double> values) {
        double mean = LabMath.mean(values);
        double sum = 0;
        int n = 0;
        for (double v : values) {
            if (Double.isFinite(v)) {
                sum += (v - mean) * (v - mean);
                n++;
            }
        }
        return n == 0 || mean == 0 ? Double.NaN : Math.sqrt(sum / n) / mean;
    }

    /** @return the rates (bytes per second) in kbit/s, one decimal */
    static List<Double> kbps(List<Double> bytesPerSec) {
        return bytesPerSec.stream().map(v -> LabMath.round(v * 8 / 1000, 1)).toList();
    }

    /** @return bytes per second in Mbit/s */
    static double mbps(double bytesPerSec) {
        return bytesPerSec * 8 / 1e6;
    }
}
