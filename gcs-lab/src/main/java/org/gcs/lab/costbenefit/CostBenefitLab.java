package org.gcs.lab.costbenefit;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.gcs.FlowStatus;
import org.gcs.emulator.LinkCounters;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.Topology;
import org.gcs.lab.GroupStart.Member;
import org.gcs.lab.GroupStart;
import org.gcs.lab.LabDriver;
import org.gcs.lab.LabMath;
import org.gcs.lab.LabProgress;
import org.gcs.lab.LabUnavailableException;
import org.gcs.lab.RateTrack;
import org.gcs.lab.VirtualDriver;
import org.gcs.HopLinkStatus;
import org.gcs.sim.SimNetwork;
import org.gcs.sim.SimNode;

/**
 * What the cost-benefit experiments (seed 000) share: their node settings, the set-up of their sites and groups,
 * and their readings (flow rates from the senders' admitted bytes, the per-period peak of the hop-by-hop links'
 * waiting packets, the packet price).
 */
final class CostBenefitLab {
    /** Nanoseconds per second. */
    static final long S = 1_000_000_000L;
    /** 1000 bytes of payload: one datagram (1200 bytes, the Emulab runs' size, would be two fragments in GCS). */
    static final int MESSAGE_BYTES = 1000;
    /** How long the members may take to see each other. */
    static final long VIEW_TIMEOUT_NS = 120 * S;
    /** Settling after the views. */
    static final long WARM_UP_NS = 5 * S;
    /** How often the experiments sample: the rates, and the buffer peaks of the period that ends (Fig. 5's period). */
    static final long SAMPLE_NS = 100_000_000L;
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
     * @return the virtual driver, which the experiments need for their link changes and buffer readings
     * @throws LabUnavailableException on the real driver
     */
    static VirtualDriver virtual(LabDriver driver, String scenario) throws LabUnavailableException {
        if (driver instanceof VirtualDriver virtual) {
            return virtual;
        }
        throw new LabUnavailableException(scenario + " runs on the virtual driver only (it reads the hop-by-hop links'"
                + " buffers, or changes links, in the simulated WAN): leave out --driver real;"
                + " cost-benefit-two-bottlenecks runs on both");
    }

    /**
     * Refuses the real driver before anything starts.
     *
     * @throws LabUnavailableException on the real driver
     */
    static void requireVirtual(org.gcs.lab.LabContext ctx, String scenario) throws LabUnavailableException {
        if (ctx.driver() != org.gcs.lab.LabContext.Driver.VIRTUAL) {
            throw new LabUnavailableException(scenario + " runs on the virtual driver only (it reads the hop-by-hop"
                    + " links' buffers, or changes links, in the simulated WAN): leave out --driver real;"
                    + " cost-benefit-two-bottlenecks runs on both");
        }
    }

    /**
     * @return the topology, if it has every site the scenario needs
     * @throws IllegalArgumentException naming the missing sites (a --topology file without them)
     */
    static Topology requireSites(Topology topology, String scenario, List<String> sites) {
        List<String> missing = sites.stream().filter(s -> !topology.sites().contains(s)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(scenario + " needs the sites " + sites + " in its topology; topology "
                    + topology.name() + " lacks " + missing);
        }
        return topology;
    }

    /** @return a link's bandwidth in bytes per second, +∞ if unlimited */
    static double bytesPerSec(LinkProfile link) {
        return GroupStart.bytesPerSec(link);
    }

    /** @return the bandwidth of the directed link in bytes per second */
    static double bytesPerSec(Topology topology, String from, String to) {
        return bytesPerSec(topology.link(from, to).orElseThrow(() -> new IllegalArgumentException("topology "
                + topology.name() + " has no link " + from + " -> " + to)));
    }

    /**
     * Starts one node per relay site, then the groups' members, joins the groups, waits for every group's view, and
     * warms up ({@link GroupStart#startAndSettle}); simulated nodes stop keeping their deliveries.
     *
     * @param relays sites with no member, in which one node is started
     * @param groups each group's members
     * @return the nodes by {@link Member#key()}
     */
    static Map<String, LabDriver.LabNode> startAndSettle(LabDriver driver, List<String> relays,
                                                         Map<String, List<Member>> groups, LabProgress progress)
            throws InterruptedException {
        Map<String, LabDriver.LabNode> nodes = GroupStart.startAndSettle(driver, relays, groups, VIEW_TIMEOUT_NS,
                WARM_UP_NS, progress);
        if (driver instanceof VirtualDriver virtual) {
            // the readings come from the senders' counters and the links: a hundred members each keeping every
            // delivery would hold gigabytes by the end of a run
            virtual.network().nodes().forEach(node -> node.keepHistory(false));
        }
        return nodes;
    }

    /** @return {@code count} members named {@code prefix1..prefixN} in a site */
    static List<Member> members(String site, String prefix, int count) {
        List<Member> members = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            members.add(new Member(site, prefix + i));
        }
        return members;
    }

    /** @return the packet price C_p of the site's flow to the group, NaN if none (yet) */
    static double price(LabDriver driver, String site, String group) {
        return driver.flow(site, group).map(f -> f.extra(PRICE_EXTRA)).orElse(Double.NaN);
    }

    /** @return the controller's numbers of the site's flow to the group, rounded, empty if no flow */
    static Map<String, Object> extras(LabDriver driver, String site, String group) {
        Map<String, Object> out = new java.util.TreeMap<>();
        driver.flow(site, group).map(FlowStatus::extras).ifPresent(x -> x.forEach((k, v) -> out.put(k,
                LabMath.round(v, 4))));
        return out;
    }

    /**
     * One flow of an experiment (the paper's S_acfg, S_cdg, ...): a group, its sending site and its clients (greedy
     * sender members), with the sum of their admitted wire bytes and each client's, sampled over time.
     */
    static final class FlowTrack {
        private final String name;
        private final String group;
        private final String source;
        private final List<LabDriver.LabSender> senders = new ArrayList<>();
        private final List<RateTrack> clients = new ArrayList<>();
        private final RateTrack total = new RateTrack();
        private boolean started;
        private long lastTotal;

        FlowTrack(String name, String group, String source) {
            this.name = name;
            this.group = group;
            this.source = source;
        }

        String name() {
            return name;
        }

        String group() {
            return group;
        }

        String source() {
            return source;
        }

        boolean started() {
            return started;
        }

        /** Starts a greedy sender on every node. */
        void start(LabDriver driver, List<LabDriver.LabNode> nodes) {
            long now = driver.nowNs();
            for (LabDriver.LabNode node : nodes) {
                senders.add(driver.greedy(node, group, MESSAGE_BYTES));
                RateTrack track = new RateTrack();
                track.add(now, 0);
                clients.add(track);
            }
            if (!started) {
                total.add(now, 0);
            }
            started = true;
        }

        /** Reads the senders' counters (call at every sample, once the flow started). */
        void sample(long nowNs) {
            if (!started) {
                return;
            }
            long sum = 0;
            for (int i = 0; i < senders.size(); i++) {
                long bytes = senders.get(i).admittedWireBytes();
                clients.get(i).add(nowNs, bytes);
                sum += bytes;
            }
            total.add(nowNs, sum);
            lastTotal = sum;
        }

        /** @return the clients' admitted bytes on the wire at the latest sample */
        long admittedAtLastSample() {
            return lastTotal;
        }

        /** @return the flow's rate over the last window, NaN before it started or before a whole window */
        double rateOver(long windowNs) {
            return started ? total.rateOver(windowNs) : Double.NaN;
        }

        /** @return the flow's mean rate in [from, to], bytes per second (NaN if it did not run then) */
        double mean(long fromNs, long toNs) {
            return started ? total.meanBetween(fromNs, toNs) : Double.NaN;
        }

        /** @return each client's mean rate in [from, to] */
        List<Double> clientMeans(long fromNs, long toNs) {
            List<Double> means = new ArrayList<>();
            clients.forEach(c -> means.add(c.meanBetween(fromNs, toNs)));
            return means;
        }

        void stop() {
            senders.forEach(LabDriver.LabSender::stop);
        }
    }

    /**
     * The peaks of the waiting part of hop-by-hop output buffers, per sampling period, on chosen directed links: read
     * from each link's upstream delegate ({@code SimNode.takeHopWaitingPeaks}) at every sample. A delegate's peaks
     * start over at each read, so every upstream site is read once per sample for all its links.
     */
    static final class BufferWatch {
        private final SimNetwork net;
        private final Map<String, List<String>> downstreamByUpstream = new LinkedHashMap<>();
        private final List<String> labels = new ArrayList<>();
        private final List<Long> times = new ArrayList<>();
        private final Map<String, List<Integer>> peaks = new LinkedHashMap<>();
        private Map<String, Integer> latest = Map.of();

        /**
         * @param net the simulated network
         * @param links the directed links, each {@code {from, to}}
         */
        BufferWatch(SimNetwork net, List<String[]> links) {
            this.net = net;
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
        Map<String, Integer> sample(long nowNs) {
            Map<String, Integer> now = new LinkedHashMap<>();
            downstreamByUpstream.forEach((from, tos) -> {
                Map<String, Integer> read = net.delegateOf(from).map(CostBenefitLab::takePeaks).orElse(Map.of());
                for (String to : tos) {
                    now.put(label(from, to), read.getOrDefault(to, 0));
                }
            });
            times.add(nowNs);
            now.forEach((label, value) -> peaks.get(label).add(value));
            latest = now;
            return now;
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

    /** @return the peak of the waiting packets per outgoing link since the previous call, by neighbour site */
    static Map<String, Integer> takePeaks(SimNode delegate) {
        return delegate.takeHopWaitingPeaks();
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

    /** @return the packets the emulated link admitted and dropped at its queue, so far */
    static LinkCounters counters(SimNetwork net, String from, String to) {
        return net.linkCounters(from, to);
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

    /** @return the value rounded to that many decimals (NaN and infinities as they are) */
    static double round(double value, int decimals) {
        return LabMath.round(value, decimals);
    }

    /** @return the rates (bytes per second) in kbit/s, one decimal */
    static List<Double> kbps(List<Double> bytesPerSec) {
        return bytesPerSec.stream().map(v -> round(v * 8 / 1000, 1)).toList();
    }

    /** @return bytes per second in Mbit/s */
    static double mbps(double bytesPerSec) {
        return bytesPerSec * 8 / 1e6;
    }
}
