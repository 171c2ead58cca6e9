package org.gcs.lab;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.gcs.FlowStatus;
import org.gcs.GcsClosedException;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigBuilder;
import org.gcs.GcsNode;
import org.gcs.GroupMember;
import org.gcs.LanConfig;
import org.gcs.WireCost;
import org.gcs.emulator.LinkEmulation;
import org.gcs.emulator.Topology;
import org.gcs.tools.local.LoopbackSeeds;
import org.gcs.tools.send.Pacing;
import org.gcs.tools.send.RealTimeSender;
import org.gcs.tools.send.SendCounter;
import org.gcs.tools.threads.Threads;

/**
 * The real-time driver: real {@link GcsNode}s in this JVM, every site a JGroups cluster on UDP multicast bound to
 * 127.0.0.1 (a multicast port and cluster name of its own for this run), WAN sockets on 127.0.0.1 through the
 * link emulator (seeded), a random cluster key. Senders run on threads of their own. Time is
 * {@link System#nanoTime()}; the many threads of a dozen nodes share the machine's cores, which adds noise the
 * virtual driver does not have.
 */
public final class RealDriver implements LabDriver {
    private static final Duration HEARTBEAT = Duration.ofMillis(500);
    private static final Duration SITE_TIMEOUT = Duration.ofSeconds(5);
    private static final Duration LAN_JOIN_TIMEOUT = Duration.ofMillis(500);
    private static final int MCAST_PORT_LOW = 50_000;
    private static final int MCAST_PORT_SPREAD = 10_000;

    private final Topology topology;
    private final long seed;
    private final String treeStrategy;
    private final org.gcs.tools.cli.NodeSettings nodeSettings;
    private final byte[] clusterKey = new byte[32];
    private final String runId;
    private final int portBase;
    private final List<GcsNode> nodes = new ArrayList<>();
    private final List<LabSender> senders = new ArrayList<>();
    private final Map<String, LanConfig> lans = new LinkedHashMap<>();
    private final long startNs = System.nanoTime();
    private long scheduleNs;
    private boolean scheduled;

    /**
     * @param topology the emulated WAN
     * @param seed the emulator's seed (loss and jitter); the run still varies with thread timing
     * @param treeStrategy the multicast tree strategy ({@code spt} or {@code star})
     */
    public RealDriver(Topology topology, long seed, String treeStrategy) {
        this(topology, seed, treeStrategy, org.gcs.tools.cli.NodeSettings.NONE);
    }

    /**
     * @param topology the emulated WAN
     * @param seed the seed of the emulator's random loss and jitter
     * @param treeStrategy the multicast tree strategy
     * @param nodeSettings settings applied to every node (--controller, --set)
     */
    public RealDriver(Topology topology, long seed, String treeStrategy,
                      org.gcs.tools.cli.NodeSettings nodeSettings) {
        this.topology = topology;
        this.seed = seed;
        this.treeStrategy = treeStrategy;
        this.nodeSettings = nodeSettings;
        SecureRandom random = new SecureRandom();
        random.nextBytes(clusterKey);
        this.runId = HexFormat.of().formatHex(clusterKey, 0, 3);
        this.portBase = MCAST_PORT_LOW + random.nextInt(MCAST_PORT_SPREAD - topology.sites().size());
    }

    @Override
    public String name() {
        return "real";
    }

    @Override
    public GroupMember start(String site, String member) {
        int index = topology.sites().indexOf(site);
        if (index < 0) {
            throw new IllegalArgumentException("site '" + site + "' is not in topology " + topology.sites());
        }
        LanConfig lan = lans.computeIfAbsent(site, s -> LanConfig.builder().bindAddress("127.0.0.1")
                .mcastPort(portBase + index).clusterName("gcs-lab-" + runId + "-" + s).joinTimeout(LAN_JOIN_TIMEOUT)
                .build());
        GcsConfigBuilder builder = LabDriver.labDefaults(GcsConfig.builder())
                .site(site)
                .memberName(member)
                .clusterKey(clusterKey)
                .wanBind("127.0.0.1", 0)
                .seedAddresses(LoopbackSeeds.outside(site, nodes))
                .heartbeatInterval(HEARTBEAT)
                .siteTimeout(SITE_TIMEOUT)
                .lan(lan)
                .wanPipelineHook(LinkEmulation.of(topology, seed))
                .treeStrategy(treeStrategy);
        GcsConfig config = nodeSettings.applyTo(builder).build(); // --set wins over the driver's defaults
        GcsNode node = GcsNode.start(config);
        nodes.add(node);
        return node;
    }

    @Override
    public long nowNs() {
        return System.nanoTime() - startNs;
    }

    @Override
    public void advance(long durationNs) throws InterruptedException {
        long now = nowNs();
        if (!scheduled || now - scheduleNs > durationNs) {
            scheduleNs = now; // first step, or fell behind by more than a step: restart the schedule here
            scheduled = true;
        }
        scheduleNs += durationNs;
        long wait = scheduleNs - nowNs();
        if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
        }
    }

    @Override
    public boolean awaitViews(String group, List<? extends GroupMember> members, int size, long timeoutNs)
            throws InterruptedException {
        scheduled = false;
        long deadline = System.nanoTime() + timeoutNs;
        while (true) {
            if (members.stream().allMatch(n -> n.view(group).map(v -> v.size() == size).orElse(false))) {
                return true;
            }
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            Thread.sleep(50);
        }
    }

    @Override
    public List<FlowStatus> flows(String site) {
        for (GcsNode node : nodes) {
            if (node.self().site().equals(site) && node.isDelegate()) {
                return node.flows();
            }
        }
        return List.of();
    }

    /**
     * Starts a sender on a thread of its own, with asynchronous sends. It ends at {@link LabSender#stop()}, an
     * interrupt or a failed send (the node closing).
     */
    @Override
    public LabSender send(GroupMember node, String group, int messageBytes, Pacing pacing) {
        RealTimeSender sends = new RealTimeSender(pacing, sequence -> node.sendAsync(group,
                new byte[messageBytes]), new SendCounter(WireCost.messageBytes(messageBytes)));
        LabSender sender = new LabSender(node, sends.counter(), sends::stop);
        senders.add(sender);
        Threads.startDaemon(() -> {
            sends.run();
            if (sends.failure() instanceof RuntimeException e && !(e instanceof GcsClosedException)) {
                throw e; // a failure other than the node closing: the thread ends loudly, as an uncaught exception
            }
        }, "gcs-lab-send-" + node.self().name());
        return sender;
    }

    /** Stops the senders, then closes every node in parallel (each leaves a JGroups cluster, which takes a moment). */
    @Override
    public void close() {
        senders.forEach(LabSender::stop);
        if (nodes.isEmpty()) {
            return;
        }
        Threads.closeAll(List.copyOf(nodes), "gcs-lab-close", Duration.ofSeconds(30));
        nodes.clear();
    }
}
