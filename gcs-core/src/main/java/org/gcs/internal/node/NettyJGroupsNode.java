package org.gcs.internal.node;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.SingleThreadEventLoop;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.gcs.GcsClosedException;
import org.gcs.GcsConfig;
import org.gcs.GcsException;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.MessageListener;
import org.gcs.MessageTooLargeException;
import org.gcs.Names;
import org.gcs.NotJoinedException;
import org.gcs.Registration;
import org.gcs.TreeListener;
import org.gcs.ViewListener;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.emulator.LinkEmulatorHandler;
import org.gcs.internal.engine.EngineIo;
import org.gcs.internal.engine.EngineSettings;
import org.gcs.internal.engine.LanView;
import org.gcs.internal.engine.NodeEngine;
import org.gcs.internal.engine.SendRequest;
import org.gcs.internal.flow.FlowSettings;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.LanCodec;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.Stable;
import org.gcs.internal.wire.MalformedDatagramException;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanReceiver;
import org.gcs.internal.wire.ReplayGuard;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.ClusterKeys;
import java.security.SecureRandom;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacker;
import org.gcs.metrics.NodeMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The production driver of a {@link NodeEngine}: one Netty event loop owns the engine, the WAN UDP channel
 * and the protocol timer, so protocol state needs no locks. JGroups threads and application threads hand
 * their work to that loop (a JGroups message batch as one task, {@link LanInbox}). Two more threads: the delivery
 * thread calls listeners (one message at a time, in order), and the LAN-out thread performs JGroups sends, which
 * may block on JGroups flow control. The loop hands work to both in batches ({@link HandOffBatcher}): what the
 * loop tasks queued at one moment produce travels as one task.
 *
 * <p>Memory is bounded on every path: sends wait for room ({@link PendingSends}, then the send window);
 * received messages wait for listener capacity ({@code deliveryBacklogBytes}, which blocks the JGroups receive
 * thread and so pushes back to the LAN's flow control); hand-offs to the LAN beyond a watermark pause the
 * delegate's WAN receivers, which then stop acknowledging, which blocks remote senders.
 */
public final class NettyJGroupsNode implements GcsNode {
    private static final Logger LOG = LoggerFactory.getLogger(NettyJGroupsNode.class);
    private static final long LAN_OUT_HIGH_WATERMARK_BYTES = 8L << 20;
    private static final long LAN_OUT_LOW_WATERMARK_BYTES = 2L << 20;
    /**
     * The largest JGroups message a LAN bundle makes: under FRAG4's 60 000-byte fragments, so a bundle is never cut,
     * and large enough for tens of 1000-byte messages.
     */
    private static final int LAN_BUNDLE_MAX_BYTES = 32 * 1024;
    /** Depth of the senders' token buckets. */
    private static final long BURST_BYTES = 64 * 1024;
    /** How often the flow snapshot (API, metrics) and the LAN congestion signal are refreshed. */
    private static final long STATUS_INTERVAL_NS = 100_000_000L;

    private final GcsConfig config;
    private final MemberId self;
    private final long incarnation;
    private final NodeMetrics metrics;
    private final RateLimitedLog warnings = new RateLimitedLog(LOG);
    /** Touched by the event loop only. */
    private final TickGapMonitor tickGaps = new TickGapMonitor(TickGapMonitor.DEFAULT_THRESHOLD_NS);
    private final EventLoopGroup loopGroup;
    private final EventLoop loop;
    private final ExecutorService deliveryExecutor;
    private final LanSender lanOut;
    private final WanSocketKind wanSocketKind;
    private final PendingSends pendingSends;
    private final DeliveryPermits deliveryPermits;
    private final DeliveryBacklog deliveryBacklog;
    private final MemberStallPolicy stallPolicy;
    /** When the stall checks may log their next line (they run every 100 ms; one line per 10 s is enough). */
    private long nextStuckLineNs;
    private long nextHoldingLineNs;
    /** Why this member was excluded from a group, until it joins the group again. */
    private final Map<String, String> exclusions = new ConcurrentHashMap<>();
    private final LanInbox lanInbox;
    private final LanDropReport lanDrops;
    private final LanOriginGuard originGuard; // confined to the event loop
    private final Set<String> groups = ConcurrentHashMap.newKeySet();
    private final Map<String, GroupView> views = new ConcurrentHashMap<>();
    private final List<MessageListener> messageListeners = new CopyOnWriteArrayList<>();
    private final List<ViewListener> viewListeners = new CopyOnWriteArrayList<>();
    private final List<TreeListener> treeListeners = new CopyOnWriteArrayList<>();
    private final Map<String, GroupTree> trees = new ConcurrentHashMap<>();
    private final CountDownLatch firstView = new CountDownLatch(1);
    private final Object stableSignal = new Object();
    // confined to the event loop
    private final NodeEngine engine;
    private final WanCodec codec;
    private final WanReceiver wanReceiver;
    private final RateLimitedLog loudLog = new RateLimitedLog(LOG);
    private final Map<DelegateAddress, InetSocketAddress> resolved = new HashMap<>();
    private final Map<InetSocketAddress, String> siteByAddress = new HashMap<>();
    private final HandOffBatcher<Handed> toDelivery;
    private final WanPacker<InetSocketAddress> wanPacker;
    private long currentPermitBytes;
    private boolean lanPaused;
    private long lastStatusNs;
    private long lastRetransmissionRequests;
    private volatile List<org.gcs.FlowStatus> flows = List.of();
    private volatile List<org.gcs.ReceivingFlowStatus> receivingFlows = List.of();
    private volatile java.util.SortedSet<String> conflictedSites = java.util.Collections.emptySortedSet();
    private volatile long unstableBytes;
    private volatile long sendWindowBytes;
    private volatile int retransmitBufferPackets;
    // set once during start
    private Channel wanChannel;
    private JGroupsLan lan;
    private ScheduledFuture<?> tick;
    private volatile Thread deliveryThread;
    private volatile MemberId delegate;
    private volatile boolean delegateSelf;
    private volatile boolean closed;

    private NettyJGroupsNode(GcsConfig config) {
        this.config = config;
        this.self = new MemberId(config.site(), config.memberName());
        this.metrics = new NodeMetrics(config.meterRegistry(), config.site(), config.memberName());
        try {
            this.wanSocketKind = WanSocketKind.choose(config.wanIo());
        } catch (IllegalArgumentException e) {
            throw new org.gcs.GcsConfigException(e.getMessage());
        }
        this.loopGroup = new MultiThreadIoEventLoopGroup(1,
                new DefaultThreadFactory("gcs-loop-" + config.memberName(), true), wanSocketKind.ioHandlerFactory());
        this.loop = loopGroup.next();
        this.deliveryExecutor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "gcs-deliver-" + config.memberName());
            t.setDaemon(true);
            deliveryThread = t;
            return t;
        });
        this.lanOut = new LanSender("gcs-lan-out-" + config.memberName(), bytes -> lan.send(bytes), new LanOutListener(),
                LAN_BUNDLE_MAX_BYTES);
        this.pendingSends = new PendingSends(config.maxPendingSendBytes());
        this.deliveryPermits = new DeliveryPermits(config.deliveryBacklogBytes());
        this.deliveryBacklog = new DeliveryBacklog(deliveryPermits);
        this.stallPolicy = new MemberStallPolicy(group -> config.memberStallTimeout(group).toNanos());
        metrics.bindDeliveryBacklog(() -> {
            long since = deliveryPermits.fullSinceNs();
            return since == 0 ? 0 : Math.max(0, System.nanoTime() - since);
        }, deliveryPermits::backlogBytes);
        this.lanDrops = new LanDropReport(config.site(), metrics);
        this.originGuard = new LanOriginGuard(new LanOriginGuard.Sink() {
            @Override
            public void accept(LanMessage message, long permitBytes) {
                onLanMessage(message, permitBytes);
            }

            @Override
            public void drop(LanMessage message, long permitBytes, LanView.LanMember sender,
                             org.gcs.internal.wire.LanDropReason reason) {
                deliveryPermits.release(permitBytes);
                lanDrops.dropped(message, sender, reason);
            }
        }, config.deliveryBacklogBytes() / 4);
        this.lanInbox = new LanInbox(deliveryPermits, loop, originGuard::onMessage, lanDrops::malformed);
        this.toDelivery = new HandOffBatcher<>(loop, deliveryExecutor, NettyJGroupsNode::runAll,
                batch -> batch.forEach(Handed::refused));
        this.codec = new WanCodec(config.clusterKeys(), config.wanProtection(), new SecureRandom().nextLong());
        this.wanPacker = new WanPacker<>(codec, config.maxDatagramBytes());
        this.wanReceiver = new WanReceiver(codec, new ReplayGuard(config.replayMaxAge().toMillis(),
                ReplayGuard.DEFAULT_MAX_SENDERS));
        long incarnation = ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE;
        this.engine = new NodeEngine(engineSettings(config, incarnation), new Io(), metrics);
        this.sendWindowBytes = engine.sendWindowBytes(); // the loop does not run yet
        this.incarnation = incarnation;
    }

    /**
     * Starts a node (see {@link GcsNode#start}).
     *
     * @throws GcsException if the WAN socket cannot be bound or the LAN cluster cannot be joined
     */
    public static GcsNode start(GcsConfig config) {
        NettyJGroupsNode node = new NettyJGroupsNode(config);
        try {
            node.startIo();
            return node;
        } catch (RuntimeException e) {
            node.close();
            throw e;
        }
    }

    private static EngineSettings engineSettings(GcsConfig config, long incarnation) {
        long tickNs = config.tickInterval().toNanos();
        List<DelegateAddress> seeds = new ArrayList<>();
        for (InetSocketAddress seed : config.seeds()) {
            DelegateAddress address = new DelegateAddress(seed.getHostString(), seed.getPort());
            if (!isOwnAddress(seed, config.wanBindPort())) {
                seeds.add(address);
            }
        }
        DelegateAddress selfAddress = config.wanAdvertiseHost() != null
                ? new DelegateAddress(config.wanAdvertiseHost(), config.wanAdvertisePort())
                : config.wanBindPort() == 0 ? null
                : new DelegateAddress(isWildcard(config.wanBindHost()) ? "127.0.0.1" : config.wanBindHost(),
                        config.wanBindPort());
        return new EngineSettings(config.site(), config.memberName(), incarnation, config.delegateEligible(),
                config.heartbeatInterval().toNanos(), config.siteTimeout().toNanos(), config.maxDatagramBytes(),
                config.sendWindowBytes(), FlowSettings.defaults(tickNs), seeds, selfAddress, config.treeStrategy(),
                config.maxFanOut(), config.probeInterval().toNanos(), config.treeRefreshInterval().toNanos(),
                org.gcs.cc.CongestionControls.create(config.congestionControl(),
                        config.ccSettings(FlowSettings.defaults(tickNs).initialRttNs(), BURST_BYTES)),
                incarnation, config.transportSettings());
    }

    private static boolean isWildcard(String host) {
        return host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
    }

    private static boolean isOwnAddress(InetSocketAddress seed, int ownPort) {
        if (seed.getPort() != ownPort || ownPort == 0) {
            return false;
        }
        try {
            InetAddress address = InetAddress.getByName(seed.getHostString());
            return address.isLoopbackAddress() || address.isAnyLocalAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
        } catch (java.net.UnknownHostException | SocketException e) {
            return false;
        }
    }

    private void startIo() {
        warnIfSiteTimeoutBelowHungMemberDetection(config.siteTimeout());
        bindWan();
        try {
            lan = new JGroupsLan(config, incarnation, new LanListener());
            lan.connect();
        } catch (Exception e) {
            throw new GcsException("cannot join the LAN cluster '" + config.lan().clusterNameFor(config.site())
                    + "': " + e.getMessage() + " (check lan.bindAddress and that multicast works, or use the TCP"
                    + " transport)", e);
        }
        long tickNs = config.tickInterval().toNanos();
        tick = loop.scheduleAtFixedRate(this::onTick, tickNs, tickNs, TimeUnit.NANOSECONDS);
        try {
            if (!firstView.await(30, TimeUnit.SECONDS)) {
                throw new GcsException("joined the LAN cluster but received no view within 30 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GcsException("interrupted while starting", e);
        }
        LOG.info("GCS node {} started: WAN {} over {}, LAN cluster {}", self, wanChannel.localAddress(),
                wanSocketKind.describe(), lan.clusterName());
    }

    /**
     * A remote site must not time this site out before the LAN has replaced a hung delegate, or it loses what it sent
     * here meanwhile; sites normally share their settings, so this node's {@code site.timeout} stands for theirs.
     */
    private void warnIfSiteTimeoutBelowHungMemberDetection(java.time.Duration siteTimeout) {
        long neededMs = JGroupsLan.HUNG_MEMBER_DETECTION_MS;
        if (siteTimeout.toMillis() < neededMs) {
            LOG.warn("{}: site.timeout {} ms is below the time a site's LAN takes to replace a hung delegate (about {} ms:"
                    + " JGroups FD_ALL3 {} ms + one check interval + VERIFY_SUSPECT2 {} ms + the new view); remote"
                    + " sites with this timeout drop a site whose delegate hangs and lose what they send it until the"
                    + " successor speaks; set site.timeout to at least {} ms", self, siteTimeout.toMillis(), neededMs,
                    JGroupsLan.FD_ALL_TIMEOUT_MS, JGroupsLan.VERIFY_SUSPECT_TIMEOUT_MS, neededMs + 500);
        }
    }

    private void bindWan() {
        Bootstrap bootstrap = wanSocketKind.configure(new Bootstrap().group(loopGroup))
                .handler(new ChannelInitializer<DatagramChannel>() {
                    @Override
                    protected void initChannel(DatagramChannel ch) {
                        config.linkEmulation().ifPresent(topology -> {
                            LinkEmulatorHandler emulator = new LinkEmulatorHandler(config.site(), topology,
                                    siteByAddress::get, config.emulationSeed());
                            metrics.bindEmulator(emulator);
                            ch.pipeline().addLast("emulator", emulator);
                        });
                        ch.pipeline().addLast("wan-in", new WanInbound());
                    }
                });
        try {
            wanChannel = bootstrap.bind(config.wanBindHost(), config.wanBindPort()).sync().channel();
        } catch (Exception e) {
            throw new GcsException("cannot bind the WAN socket to " + config.wanBindHost() + ":" + config.wanBindPort()
                    + ": " + e.getMessage() + " (pick a free port with wanBind, or 0 for any free port)", e);
        }
    }

    // ---------------------------------------------------------------- loop tasks

    private static long nowNs() {
        return System.nanoTime();
    }

    private static long nowEpochMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }

    private void onTick() {
        try {
            long now = nowNs();
            tickGaps.onTick(now).ifPresent(gapNs -> {
                warnings.warn("tick-gap", now, "{}: the event loop did not run for {} ms (the process was stopped,"
                        + " starved of CPU or in a long GC pause); if that is longer than LAN failure detection (about"
                        + " {} ms) the site has excluded this member meanwhile and merges it back now; until then it"
                        + " holds its own messages (sends wait)", self, gapNs / 1_000_000,
                        JGroupsLan.HUNG_MEMBER_DETECTION_MS);
                if (gapNs >= TimeUnit.MILLISECONDS.toNanos(JGroupsLan.FD_ALL_TIMEOUT_MS)) {
                    engine.onStalled(now); // long enough to have been suspected and excluded
                }
            });
            engine.onTick(now);
            if (now - lastStatusNs >= STATUS_INTERVAL_NS) {
                lastStatusNs = now;
                refreshStatus(now);
            }
        } catch (RuntimeException e) {
            LOG.error("protocol timer failed; continuing", e);
        }
    }

    /** Publishes the flow and buffer snapshots and passes LAN retransmissions on as a congestion signal. */
    private void refreshStatus(long now) {
        flows = engine.flows();
        receivingFlows = engine.receivingFlows();
        conflictedSites = java.util.Collections.unmodifiableSortedSet(new java.util.TreeSet<>(
                engine.conflictedSites(now)));
        unstableBytes = engine.unstableBytes();
        sendWindowBytes = engine.sendWindowBytes();
        retransmitBufferPackets = engine.retransmitBufferPackets();
        metrics.flowsChanged(flows, receivingFlows);
        metrics.pricesChanged(config.congestionControl(), engine.pricedLinks(), engine.admissionStates());
        metrics.hopLinksChanged(engine.hopLinks(), engine.hopBackupPackets());
        checkStalls(now);
        long requests = lan == null ? 0 : lan.retransmissionRequestsReceived();
        if (requests > lastRetransmissionRequests) {
            engine.onLanCongestion(now);
        }
        lastRetransmissionRequests = requests;
    }

    /**
     * The member stall policy, on the loop: while the delivery backlog is full this member holds every sender back;
     * past a group's bound it leaves each group that has messages waiting for the listeners.
     */
    private void checkStalls(long now) {
        long fullSince = deliveryPermits.fullSinceNs();
        long inListenerSince = deliveryBacklog.inListenerSinceNs();
        if (inListenerSince != 0) {
            String group = deliveryBacklog.inListenerGroup();
            long inListenerNs = now - inListenerSince;
            if (group != null && inListenerNs >= stallPolicy.timeoutNs(group) && now - nextStuckLineNs >= 0) {
                nextStuckLineNs = now + RateLimitedLog.DEFAULT_INTERVAL_NS;
                warnings.warn("listener-stuck", now, "{}: a message listener has been running on one message of group"
                        + " '{}' for {} ms; {} messages wait for it{}", self, group,
                        TimeUnit.NANOSECONDS.toMillis(inListenerNs), deliveryBacklog.waitingMessages(),
                        fullSince == 0 ? "" : " and every sender of the site waits for this member");
            }
        }
        if (fullSince == 0 || closed) {
            return;
        }
        long heldNs = now - fullSince;
        if (heldNs >= TimeUnit.SECONDS.toNanos(1) && now - nextHoldingLineNs >= 0) {
            nextHoldingLineNs = now + RateLimitedLog.DEFAULT_INTERVAL_NS;
            warnings.warn("holding-site", now, "{}: the listeners do not keep up: the delivery backlog ({} bytes) has"
                    + " been full for {} ms, so every sender of groups {} waits for this member (it is excluded from a"
                    + " group after member.stall.timeout)", self, deliveryPermits.backlogBytes(),
                    TimeUnit.NANOSECONDS.toMillis(heldNs), deliveryBacklog.groupsWaiting());
        }
        for (String group : stallPolicy.groupsToExclude(fullSince, deliveryBacklog.groupsWaiting(), now)) {
            if (groups.contains(group)) {
                exclude(group, heldNs, now);
            }
        }
    }

    /** Leaves a group on the stall policy's behalf: drops its waiting messages and tells the application why. */
    private void exclude(String group, long heldNs, long now) {
        String reason = "its listeners held the group back for " + TimeUnit.NANOSECONDS.toMillis(heldNs)
                + " ms (the delivery backlog was full, so every sender waited), longer than member.stall.timeout "
                + config.memberStallTimeout(group).toMillis() + " ms";
        exclusions.put(group, reason);
        groups.remove(group);
        views.remove(group);
        trees.remove(group);
        engine.leave(group, now);
        int dropped = deliveryBacklog.discard(group);
        metrics.memberExcluded(group, "stalled");
        warnings.warn("excluded:" + group, now, "{} excluded from group '{}': {}; {} messages waiting for the listeners"
                + " were dropped; the other members continue without it; it may join again", self, group, reason,
                dropped);
        toDelivery.add(() -> {
            for (ViewListener listener : viewListeners) {
                try {
                    listener.onExcluded(group, reason);
                } catch (RuntimeException e) {
                    LOG.warn("view listener threw", e);
                }
            }
        });
    }

    private void runOnLoop(Runnable task) {
        try {
            loop.execute(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    LOG.error("protocol task failed; continuing", e);
                }
            });
        } catch (RejectedExecutionException e) {
            throw new GcsClosedException("node " + self + " is closed");
        }
    }

    private <T> T callOnLoop(java.util.concurrent.Callable<T> task) throws InterruptedException {
        try {
            return loop.submit(task).get();
        } catch (ExecutionException e) {
            throw new GcsException("protocol task failed: " + e.getCause(), e.getCause());
        } catch (RejectedExecutionException e) {
            throw new GcsClosedException("node " + self + " is closed");
        }
    }

    private void checkLanPressure() {
        boolean paused = lanOut.queuedBytes() > (lanPaused ? LAN_OUT_LOW_WATERMARK_BYTES : LAN_OUT_HIGH_WATERMARK_BYTES);
        if (paused != lanPaused) {
            lanPaused = paused;
            engine.setLanBackPressure(paused);
        }
    }

    // ---------------------------------------------------------------- public API

    @Override
    public MemberId self() {
        return self;
    }

    @Override
    public void join(String group) {
        ensureOpen("join");
        Names.requireValid("group", group);
        groups.add(group);
        exclusions.remove(group);
        runOnLoop(() -> engine.join(group, nowNs()));
    }

    @Override
    public void leave(String group) {
        ensureOpen("leave");
        exclusions.remove(group);
        if (groups.remove(group)) {
            views.remove(group);
            trees.remove(group);
            runOnLoop(() -> engine.leave(group, nowNs()));
        }
    }

    @Override
    public Set<String> groups() {
        return Set.copyOf(groups);
    }

    @Override
    public void send(String group, byte[] payload) throws InterruptedException {
        try {
            send(group, payload, null);
        } catch (TimeoutException e) {
            throw new IllegalStateException("a send without a timeout timed out", e);
        }
    }

    @Override
    public void send(String group, byte[] payload, Duration timeout) throws InterruptedException, TimeoutException {
        validateSend(group, payload);
        if (Thread.currentThread() == deliveryThread) {
            throw new IllegalStateException("send() would block the delivery thread, which also releases the send"
                    + " window: inside a listener use sendAsync()");
        }
        long deadline = timeout == null ? Long.MAX_VALUE : PendingSends.deadline(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (!pendingSends.reserve(payload.length, deadline)) {
            throw new TimeoutException("send to '" + group + "' not admitted within " + timeout);
        }
        PendingSend pending = submit(group, payload);
        try {
            if (timeout == null) {
                pending.future.get();
            } else {
                pending.future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
        } catch (ExecutionException e) {
            throw unwrap(e);
        } catch (TimeoutException e) {
            if (withdraw(pending)) {
                throw new TimeoutException("send to '" + group + "' not admitted within " + timeout
                        + " (the send window is full: receivers are slow or a site is unreachable)");
            }
        } catch (InterruptedException e) {
            if (withdraw(pending)) {
                throw e;
            }
            Thread.currentThread().interrupt(); // admitted meanwhile: it will be sent; keep the interrupt status
        }
    }

    /** @return true if the send was still waiting and is now withdrawn (it will not be sent) */
    private boolean withdraw(PendingSend pending) throws InterruptedException {
        if (callOnLoop(() -> engine.cancel(pending.request))) {
            pendingSends.release(pending.request.payload().length);
            return true;
        }
        return false;
    }

    @Override
    public CompletionStage<Void> sendAsync(String group, byte[] payload) {
        validateSend(group, payload);
        pendingSends.reserveNow(payload.length);
        PendingSend pending = submit(group, payload);
        CompletableFuture<Void> external = new CompletableFuture<>();
        pending.future.whenComplete((ok, error) -> {
            if (loop.inEventLoop()) {
                toDelivery.add(new Completion(external, error)); // in order with the deliveries
                return;
            }
            try {
                deliveryExecutor.execute(() -> complete(external, error));
            } catch (RejectedExecutionException closedMeanwhile) {
                complete(external, error);
            }
        });
        return external.minimalCompletionStage();
    }

    private static void complete(CompletableFuture<Void> future, Throwable error) {
        if (error == null) {
            future.complete(null);
        } else {
            future.completeExceptionally(error);
        }
    }

    private void validateSend(String group, byte[] payload) {
        ensureOpen("send");
        if (payload == null) {
            throw new IllegalArgumentException("payload must not be null (send an empty array for no payload)");
        }
        if (!groups.contains(group)) {
            throw new NotJoinedException(group, exclusions.get(group));
        }
        if (payload.length > config.maxMessageBytes()) {
            throw new MessageTooLargeException(payload.length, config.maxMessageBytes());
        }
    }

    private PendingSend submit(String group, byte[] payload) {
        byte[] copy = payload.clone();
        PendingSend pending = new PendingSend(new CompletableFuture<>());
        SendRequest request = new SendRequest(group, copy, nowEpochMicros(), pending);
        pending.request = request;
        try {
            runOnLoop(() -> engine.submit(request, nowNs()));
        } catch (GcsClosedException e) {
            pendingSends.release(copy.length);
            throw e;
        }
        return pending;
    }

    private static RuntimeException unwrap(ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        return new GcsException("send failed: " + cause, cause);
    }

    @Override
    public Registration onMessage(MessageListener listener) {
        messageListeners.add(listener);
        return () -> messageListeners.remove(listener);
    }

    @Override
    public Registration onView(ViewListener listener) {
        viewListeners.add(listener);
        return () -> viewListeners.remove(listener);
    }

    @Override
    public Optional<GroupView> view(String group) {
        return Optional.ofNullable(views.get(group));
    }

    @Override
    public Registration onTree(TreeListener listener) {
        treeListeners.add(listener);
        return () -> treeListeners.remove(listener);
    }

    @Override
    public Optional<GroupTree> tree(String group) {
        return Optional.ofNullable(trees.get(group));
    }

    @Override
    public List<org.gcs.FlowStatus> flows() {
        return delegateSelf ? flows : List.of();
    }

    @Override
    public java.util.SortedSet<String> conflictedSites() {
        return delegateSelf ? conflictedSites : java.util.Collections.emptySortedSet();
    }

    @Override
    public List<org.gcs.ReceivingFlowStatus> receivingFlows() {
        return delegateSelf ? receivingFlows : List.of();
    }

    @Override
    public long unstableBytes() {
        return unstableBytes;
    }

    @Override
    public long sendWindowBytes() {
        return sendWindowBytes;
    }

    @Override
    public int retransmitBufferPackets() {
        return retransmitBufferPackets;
    }

    @Override
    public boolean isDelegate() {
        return delegateSelf && !closed;
    }

    @Override
    public Optional<MemberId> delegate() {
        return Optional.ofNullable(delegate);
    }

    @Override
    public boolean awaitStable(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            ensureOpen("awaitStable");
            if (callOnLoop(engine::sendIdle)) {
                return true;
            }
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (leftMs <= 0) {
                return false;
            }
            synchronized (stableSignal) {
                stableSignal.wait(Math.min(leftMs, 100));
            }
        }
    }

    /** @return this node's meters */
    public NodeMetrics metrics() {
        return metrics;
    }

    /** @return this node's incarnation, as its LAN address and its messages carry it */
    long incarnation() {
        return incarnation;
    }

    /** @return the local address of the WAN socket */
    public InetSocketAddress wanAddress() {
        return (InetSocketAddress) wanChannel.localAddress();
    }

    private void ensureOpen(String operation) {
        if (closed) {
            throw new GcsClosedException("cannot " + operation + ": node " + self + " is closed; start a new node");
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        pendingSends.close();
        if (tick != null) {
            tick.cancel(false); // no more acknowledgements leave this node
        }
        drainLanOut();
        if (lan != null) {
            lan.close();
        }
        try {
            loop.submit(() -> {
                GcsClosedException closedError = new GcsClosedException("node " + self + " closed before the send was admitted");
                for (SendRequest waiting : engine.close()) {
                    ((PendingSend) waiting.completion()).future.completeExceptionally(closedError);
                }
                toDelivery.flush();
            }).await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RejectedExecutionException ignored) {
            // the loop never started
        }
        if (wanChannel != null) {
            wanChannel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
        loopGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        lanOut.close();
        deliveryExecutor.shutdown();
        try {
            deliveryExecutor.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        deliveryPermits.close();
        metrics.close();
        LOG.info("GCS node {} closed", self);
    }

    /**
     * Waits (at most 2 s) until the LAN-out queue is empty: messages this delegate already acknowledged to a
     * sending site must reach its members before it leaves the LAN.
     */
    /** Waits (2 s at most) until what the loop's queued tasks send to the LAN was handed to JGroups. */
    private void drainLanOut() {
        try {
            // behind the loop tasks already queued, which may still send to the LAN
            loop.submit(() -> { }).await(2, TimeUnit.SECONDS);
        } catch (RejectedExecutionException e) {
            // the loop never started or has stopped: nothing more is queued by it
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            lanOut.flush(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "GcsNode[" + self + (delegateSelf ? ", delegate" : "") + (closed ? ", closed" : "") + "]";
    }

    // ---------------------------------------------------------------- collaborators

    /** A send on its way through the engine. */
    private static final class PendingSend {
        final CompletableFuture<Void> future;
        SendRequest request;

        PendingSend(CompletableFuture<Void> future) {
            this.future = future;
        }
    }

    /** JGroups callbacks: decode on the JGroups thread, bound the backlog, run the protocol on the loop. */
    private final class LanListener implements JGroupsLan.Listener {
        @Override
        public void onView(LanView view) {
            try {
                runOnLoop(() -> {
                    engine.onLanView(view, nowNs());
                    originGuard.onView(view);
                    firstView.countDown();
                });
            } catch (GcsClosedException ignored) {
                // closing
            }
        }

        @Override
        public LanInbox.Batch openBatch() {
            return lanInbox.open();
        }

        @Override
        public void onRejected(org.jgroups.Address sender, String why) {
            lanDrops.unauthenticated(sender, why);
        }
    }

    /**
     * A LAN message on the loop: the engine gets it together with its delivery room ({@code currentPermitBytes},
     * which {@link Io#deliver} passes on to the delivery); room it did not pass on is given back here.
     */
    private void onLanMessage(LanMessage message, long permitBytes) {
        currentPermitBytes = permitBytes;
        try {
            engine.onLanMessage(message, nowNs());
        } finally {
            deliveryPermits.release(currentPermitBytes);
            currentPermitBytes = 0;
        }
        if (message instanceof Stable) {
            synchronized (stableSignal) {
                stableSignal.notifyAll();
            }
        }
    }

    /** Work for the delivery thread, handed over in batches ({@link #toDelivery}). */
    private interface Handed extends Runnable {
        /** Runs instead of {@link #run} when the delivery thread is gone (the node closed). */
        default void refused() {
        }
    }

    /** Runs a batch on the delivery thread, in order; one failing item does not stop the others. */
    private static void runAll(List<Handed> batch) {
        for (Handed item : batch) {
            try {
                item.run();
            } catch (RuntimeException e) {
                LOG.error("delivery task failed; continuing", e);
            }
        }
    }

    /**
     * A message for the listeners, holding its delivery room until they return (or until the stall policy drops
     * its group, {@link DeliveryBacklog#discard}).
     */
    private final class MessageDelivery implements Handed {
        private final GroupMessage message;
        private final long sentEpochMicros;
        private final DeliveryBacklog.Entry entry;

        MessageDelivery(GroupMessage message, long sentEpochMicros, DeliveryBacklog.Entry entry) {
            this.message = message;
            this.sentEpochMicros = sentEpochMicros;
            this.entry = entry;
        }

        @Override
        public void run() {
            if (!deliveryBacklog.begin(entry, System.nanoTime())) {
                return; // this member was excluded from the group meanwhile
            }
            try {
                for (MessageListener listener : messageListeners) {
                    try {
                        listener.onMessage(message);
                    } catch (RuntimeException e) {
                        LOG.warn("message listener threw; the message counts as delivered", e);
                    }
                }
                metrics.messageDelivered(message.payload().length, nowEpochMicros() - sentEpochMicros);
            } finally {
                deliveryBacklog.finish(entry);
            }
        }

        @Override
        public void refused() {
            deliveryBacklog.finish(entry);
        }
    }

    /** Completes a {@code sendAsync} stage on the delivery thread (or at once if that thread is gone). */
    private record Completion(CompletableFuture<Void> future, Throwable error) implements Handed {
        @Override
        public void run() {
            complete(future, error);
        }

        @Override
        public void refused() {
            complete(future, error);
        }
    }

    /** Sends a batch of encoded messages to the LAN, in order, on the LAN-out thread. */
    /** Hears the LAN sender's rounds (on its thread): resumes the WAN receivers once the queue drained. */
    private final class LanOutListener implements LanSender.Listener {
        @Override
        public void sent(int messages, int sends, long queuedBytesLeft) {
            metrics.lanSent(messages, sends);
            if (lanPaused && queuedBytesLeft <= LAN_OUT_LOW_WATERMARK_BYTES && !closed) {
                runOnLoopQuietly(NettyJGroupsNode.this::checkLanPressure);
            }
        }

        @Override
        public void failed(Exception e) {
            if (!closed) {
                warnings.warn("lan-send-failed", System.nanoTime(), "{}: LAN send failed: {}", self, e.toString());
            }
        }
    }

    private final class WanInbound extends SimpleChannelInboundHandler<DatagramPacket> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
            ByteBuf content = packet.content();
            int length = content.readableBytes();
            metrics.wanReceived(length);
            byte[] bytes = new byte[length];
            content.getBytes(content.readerIndex(), bytes);
            WanEnvelope envelope;
            long nowNs = nowNs();
            try {
                envelope = wanReceiver.receive(bytes, 0, length, System.currentTimeMillis(), nowNs);
            } catch (MalformedDatagramException e) {
                metrics.wanDropped(e.reason());
                if (isAttackOrMisconfiguration(e.reason())) {
                    loudLog.warn("wan-drop:" + e.reason().tag(), nowNs, "dropped WAN datagram from {}: {} ({})",
                            packet.sender(), e.reason().tag(), e.getMessage());
                } else {
                    LOG.debug("dropped WAN datagram from {}: {} ({})", packet.sender(), e.reason().tag(), e.getMessage());
                }
                return;
            }
            InetSocketAddress sender = packet.sender();
            engine.onWanDatagram(new DelegateAddress(sender.getAddress().getHostAddress(), sender.getPort()),
                    envelope, nowNs);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            LOG.error("WAN receive failed; the datagram is dropped and the node continues", cause);
        }
    }

    /**
     * Arranges for the packets the engine sends in this turn of the loop to leave together once the turn ends (Netty
     * runs the task after the loop's I/O and queued tasks), so a turn's packets for one peer share datagrams and one
     * flush of the channel.
     */
    private void flushWanAfterThisTurn() {
        try {
            if (loop instanceof SingleThreadEventLoop turnBased) {
                turnBased.executeAfterEventLoopIteration(this::flushWan);
            } else {
                loop.execute(this::flushWan);
            }
        } catch (RejectedExecutionException e) {
            flushWan(); // the loop is shutting down
        }
    }

    private void flushWan() {
        wanPacker.flush(System.currentTimeMillis(), (to, datagram, packets) -> {
            metrics.wanSent(datagram.length, packets);
            wanChannel.write(new DatagramPacket(Unpooled.wrappedBuffer(datagram), to));
        });
        wanChannel.flush();
    }

    private static boolean isAttackOrMisconfiguration(DropReason reason) {
        return switch (reason) {
            case REPLAYED, STALE_TIME, WRONG_PROTECTION, UNKNOWN_KEY, TOO_MANY_SENDERS -> true;
            default -> false;
        };
    }

    /** The engine's outputs, called on the loop. */
    private final class Io implements EngineIo {
        @Override
        public void lanSend(LanMessage message) {
            lanOut.add(LanCodec.encode(message));
            if (!lanPaused && lanOut.queuedBytes() > LAN_OUT_HIGH_WATERMARK_BYTES) {
                checkLanPressure();
            }
        }

        @Override
        public void wanSend(String toSite, DelegateAddress to, WanEnvelope envelope) {
            InetSocketAddress address = resolved.computeIfAbsent(to, a -> new InetSocketAddress(a.host(), a.port()));
            if (address.isUnresolved()) {
                resolved.remove(to);
                return;
            }
            if (toSite != null) {
                siteByAddress.put(address, toSite);
            }
            if (wanPacker.add(address, envelope)) {
                flushWanAfterThisTurn();
            }
        }

        @Override
        public void deliver(GroupMessage message, long sentEpochMicros) {
            long permit = currentPermitBytes;
            currentPermitBytes = 0;
            toDelivery.add(new MessageDelivery(message, sentEpochMicros, deliveryBacklog.add(message.group(), permit)));
        }

        @Override
        public void viewChanged(GroupView view) {
            if (!groups.contains(view.group())) {
                return;
            }
            views.put(view.group(), view);
            toDelivery.add(() -> {
                for (ViewListener listener : viewListeners) {
                    try {
                        listener.onView(view);
                    } catch (RuntimeException e) {
                        LOG.warn("view listener threw", e);
                    }
                }
            });
        }

        @Override
        public void treeChanged(GroupTree tree) {
            if (!groups.contains(tree.group())) {
                return;
            }
            trees.put(tree.group(), tree);
            metrics.treeChanged(tree);
            toDelivery.add(() -> {
                for (TreeListener listener : treeListeners) {
                    try {
                        listener.onTree(tree);
                    } catch (RuntimeException e) {
                        LOG.warn("tree listener threw", e);
                    }
                }
            });
        }

        @Override
        public void admitted(SendRequest request) {
            pendingSends.release(request.payload().length);
            metrics.messageSent(request.payload().length);
            ((PendingSend) request.completion()).future.complete(null);
        }

        @Override
        public void delegateChanged(MemberId newDelegate, boolean isSelf) {
            delegate = newDelegate;
            delegateSelf = isSelf;
            metrics.delegate(isSelf);
            LOG.info("{}: site delegate is now {}{}", self, newDelegate, isSelf ? " (this node)" : "");
        }
    }

    @Override
    public void updateKeys(ClusterKeys keys) {
        java.util.Objects.requireNonNull(keys, "keys");
        if (!config.testNode()) {
            keys.checkStrength("updateKeys");
        }
        if (loop.inEventLoop()) {
            applyKeys(keys);
            return;
        }
        try {
            callOnLoop(() -> {
                applyKeys(keys);
                return null;
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GcsException("interrupted while handing the new keys to the node; they may or may not be in use");
        }
    }

    private void applyKeys(ClusterKeys keys) {
        codec.updateKeys(keys);
        if (lan != null) {
            lan.updateKeys(keys);
        }
        LOG.info("WAN and LAN keys of {} replaced: accepting key ids {}, sending with key id {}", self, keys.ids(),
                keys.sendKeyId());
    }

    private void runOnLoopQuietly(Runnable task) {
        try {
            runOnLoop(task);
        } catch (GcsClosedException ignored) {
            // closing
        }
    }
}
