package org.gcs.lab;

import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.gcs.FlowStatus;
import org.gcs.GcsClosedException;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigBuilder;
import org.gcs.GcsNode;
import org.gcs.GroupView;
import org.gcs.LanConfig;
import org.gcs.emulator.Topology;
import org.gcs.WireCost;
import org.gcs.emulator.LinkEmulation;

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
    private final List<Node> nodes = new ArrayList<>();
    private final List<SenderThread> senders = new ArrayList<>();
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
    public boolean realTime() {
        return true;
    }

    @Override
    public LabNode start(String site, String member) {
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
                .seedAddresses(seedsFor(site))
                .heartbeatInterval(HEARTBEAT)
                .siteTimeout(SITE_TIMEOUT)
                .lan(lan)
                .wanPipelineHook(LinkEmulation.of(topology, seed))
                .treeStrategy(treeStrategy);
        GcsConfig config = nodeSettings.applyTo(builder).build(); // --set wins over the driver's defaults
        Node node = new Node(site, member, GcsNode.start(config));
        nodes.add(node);
        return node;
    }

    private List<InetSocketAddress> seedsFor(String site) {
        List<InetSocketAddress> seeds = new ArrayList<>();
        for (Node node : nodes) {
            if (!node.site().equals(site)) {
                seeds.add(new InetSocketAddress("127.0.0.1", node.gcs().wanAddress().getPort()));
            }
        }
        return seeds;
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
    public boolean awaitViews(String group, List<LabNode> members, int size, long timeoutNs)
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
        for (Node node : nodes) {
            if (node.site().equals(site) && node.gcs().isDelegate()) {
                return node.gcs().flows();
            }
        }
        return List.of();
    }

    @Override
    public LabSender greedy(LabNode node, String group, int messageBytes) {
        return startSender(new SenderThread((Node) node, group, messageBytes, Double.POSITIVE_INFINITY));
    }

    @Override
    public LabSender fixedRate(LabNode node, String group, int messageBytes, double wireBytesPerSec) {
        if (!(wireBytesPerSec > 0) || Double.isInfinite(wireBytesPerSec)) {
            throw new IllegalArgumentException("rate must be positive and finite, got " + wireBytesPerSec);
        }
        return startSender(new SenderThread((Node) node, group, messageBytes, wireBytesPerSec));
    }

    private LabSender startSender(SenderThread sender) {
        senders.add(sender);
        sender.thread.start();
        return sender;
    }

    /** Stops the senders, then closes every node in parallel (each leaves a JGroups cluster, which takes a moment). */
    @Override
    public void close() {
        senders.forEach(SenderThread::stop);
        if (nodes.isEmpty()) {
            return;
        }
        ExecutorService closer = Executors.newFixedThreadPool(Math.min(nodes.size(), 8), r -> {
            Thread t = new Thread(r, "gcs-lab-close");
            t.setDaemon(true);
            return t;
        });
        List<Future<?>> closing = new ArrayList<>();
        for (Node node : nodes) {
            closing.add(closer.submit(node.gcs()::close));
        }
        for (Future<?> f : closing) {
            try {
                f.get(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            } catch (Exception e) {
                // a node that fails to close cleanly is abandoned: its threads are daemons
            }
        }
        closer.shutdownNow();
        nodes.clear();
    }

    private record Node(String site, String name, GcsNode gcs) implements LabNode {
        @Override
        public void join(String group) {
            gcs.join(group);
        }

        @Override
        public void leave(String group) {
            gcs.leave(group);
        }

        @Override
        public Optional<GroupView> view(String group) {
            return gcs.view(group);
        }
    }

    /**
     * A sender on a thread of its own. Greedy: keeps {@value VirtualDriver#GREEDY_QUEUE_MESSAGES} asynchronous sends
     * outstanding, like the virtual driver's greedy sender. Fixed rate: blocking sends on a schedule, without
     * catching up on time lost while blocked.
     */
    private static final class SenderThread implements LabSender {
        private final Node node;
        private final String group;
        private final int messageBytes;
        private final long wireBytesPerMessage;
        private final double rate;
        private final AtomicLong admitted = new AtomicLong();
        private final Semaphore outstanding = new Semaphore(VirtualDriver.GREEDY_QUEUE_MESSAGES);
        private final Thread thread;
        private volatile boolean stopped;

        SenderThread(Node node, String group, int messageBytes, double wireBytesPerSec) {
            this.node = node;
            this.group = group;
            this.messageBytes = messageBytes;
            this.wireBytesPerMessage = WireCost.messageBytes(messageBytes);
            this.rate = wireBytesPerSec;
            this.thread = new Thread(this::run, "gcs-lab-send-" + node.name());
            this.thread.setDaemon(true);
        }

        private void run() {
            try {
                if (Double.isInfinite(rate)) {
                    runGreedy();
                } else {
                    runPaced();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (GcsClosedException e) {
                // the driver is closing
            }
        }

        private void runGreedy() throws InterruptedException {
            while (!stopped) {
                if (!outstanding.tryAcquire(50, TimeUnit.MILLISECONDS)) {
                    continue;
                }
                node.gcs().sendAsync(group, new byte[messageBytes]).whenComplete((ok, failure) -> {
                    if (failure == null) {
                        admitted.addAndGet(wireBytesPerMessage);
                    }
                    outstanding.release();
                });
            }
        }

        private void runPaced() throws InterruptedException {
            long intervalNs = Math.max(1, Math.round(1e9 * wireBytesPerMessage / rate));
            long next = System.nanoTime();
            while (!stopped) {
                long now = System.nanoTime();
                if (next - now > 0) {
                    LockSupport.parkNanos(next - now);
                    continue;
                }
                node.gcs().send(group, new byte[messageBytes]);
                admitted.addAndGet(wireBytesPerMessage);
                next += intervalNs;
                if (System.nanoTime() - next > intervalNs) {
                    next = System.nanoTime(); // blocked: no catching up in a burst
                }
            }
        }

        @Override
        public LabNode node() {
            return node;
        }

        @Override
        public long admittedWireBytes() {
            return admitted.get();
        }

        @Override
        public void stop() {
            stopped = true;
        }
    }
}
