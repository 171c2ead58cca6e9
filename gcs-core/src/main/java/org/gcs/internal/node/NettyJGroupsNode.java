package org.gcs.internal.node;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gcs.ClusterKeys;
import org.gcs.FlowStatus;
import org.gcs.GcsClosedException;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigException;
import org.gcs.GcsException;
import org.gcs.GcsNode;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.MemberStatus;
import org.gcs.MessageListener;
import org.gcs.Names;
import org.gcs.ReceivingFlowStatus;
import org.gcs.Registration;
import org.gcs.TreeListener;
import org.gcs.ViewListener;
import org.gcs.internal.engine.EngineSettingsFactory;
import org.gcs.internal.engine.NodeEngine;
import org.gcs.internal.engine.SendRequest;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.LanOutgoing;
import org.gcs.metrics.NodeMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The production driver of a {@link NodeEngine} and the {@link GcsNode} API over it. One Netty event loop
 * ({@link NodeLoop}) owns the engine, the WAN UDP channel ({@link WanChannel}) and the protocol timer
 * ({@link ProtocolTimer}), so protocol state needs no locks. JGroups threads and application threads hand their work
 * to that loop (a JGroups message batch as one task, {@link LanInput}, {@link LanInbox}). Two more threads: the
 * delivery thread calls listeners (one message at a time, in order, {@link Deliveries}), and the LAN-out thread
 * performs JGroups sends, which may block on JGroups flow control ({@link LanOut}). The loop hands deliveries over in
 * batches ({@link HandOffBatcher}: what the loop tasks queued at one moment produce travels as one task), and LAN
 * sends as what each loop turn collected ({@link LanOut}, bundled by {@link LanSender}). The engine's outputs reach
 * them through {@link NodeIo}.
 *
 * <p>Memory is bounded on every path: sends wait for room ({@link PendingSends}, then the send window);
 * received messages wait for listener capacity ({@code deliveryBacklogBytes}, which blocks the JGroups receive
 * thread and so pushes back to the LAN's flow control); hand-offs to the LAN beyond a watermark pause the
 * delegate's WAN receivers, which then stop acknowledging, which blocks remote senders.
 */
public final class NettyJGroupsNode implements GcsNode {
    private static final Logger LOG = LoggerFactory.getLogger(NettyJGroupsNode.class);
    /** How long start waits for the first LAN view. */
    private static final long FIRST_VIEW_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);

    private final GcsConfig config;
    private final MemberId self;
    private final long incarnation;
    private final NodeMetrics metrics;
    private final RateLimitedLog warnings = new RateLimitedLog(LOG);
    private final NodeLoop loop;
    private final PendingSends pendingSends;
    private final DeliveryPermits deliveryPermits;
    private final GroupMemberships memberships = new GroupMemberships();
    private final Deliveries deliveries;
    private final LanOut lanOut;
    private final WanChannel wan;
    private final SeedResolver seedResolver;
    private final WanSocketKind wanSocketKind;
    private final NodeIo io;
    private final NodeEngine engine; // confined to the event loop
    private final LanInput lanInput;
    private final ProtocolTimer timer;
    private final Sends sends;
    // set once during start
    private JGroupsLan lan;
    private final TickSchedule ticks;
    private final NameClashExit nameClash;
    private final Object closeLock = new Object();
    private volatile boolean closed;
    /** Why the node closed itself, or null if the application closed it. */
    private volatile String closedReason;

    private NettyJGroupsNode(GcsConfig config) {
        this.config = config;
        this.self = new MemberId(config.site(), config.memberName());
        this.metrics = new NodeMetrics(config.meterRegistry(), config.site(), config.memberName());
        this.wanSocketKind = chooseWanSocket(config);
        this.loop = new NodeLoop(self, wanSocketKind);
        this.pendingSends = new PendingSends(config.maxPendingSendBytes());
        this.deliveryPermits = new DeliveryPermits(config.deliveryBacklogBytes());
        DeliveryBacklog deliveryBacklog = new DeliveryBacklog(deliveryPermits);
        metrics.bindDeliveryBacklog(() -> {
            long since = deliveryPermits.fullSinceNs();
            return since == 0 ? 0 : Math.max(0, System.nanoTime() - since);
        }, deliveryPermits::backlogBytes);
        this.deliveries = new Deliveries(config.memberName(), loop, deliveryBacklog, metrics);
        this.lanOut = new LanOut(config.memberName(), loop, loop::afterThisTurn, lanSender(),
                this::lanSendWouldNotBlock, this::onLanBackPressure, () -> closed, metrics::lanSent,
                LanOut.MAX_BUNDLE_BYTES);
        this.wan = new WanChannel(config, loop, metrics, wanSocketKind);
        DeadlineTimer deadlines = new DeadlineTimer(loop);
        long tickNs = config.tickInterval().toNanos();
        this.ticks = new TickSchedule(loop, tickNs, Math.max(tickNs, ProtocolTimer.STATUS_INTERVAL_NS));
        this.seedResolver = new SeedResolver(loop.group().next(), wanSocketKind, config.dnsServers(),
                wan::boundAddress);
        this.io = new NodeIo(self, lanOut, wan, deliveries, deliveryBacklog, deliveryPermits, memberships,
                pendingSends, metrics, deadlines, ticks, loop::afterThisTurn, seedResolver);
        this.incarnation = ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE;
        this.engine = new NodeEngine(EngineSettingsFactory.create(config, incarnation, incarnation), io, metrics);
        deadlines.target(engine::onDeadline);
        seedResolver.answerTo((seed, addresses, failure) ->
                engine.onSeedResolved(seed, addresses, failure, NodeClock.nowNs()));
        this.nameClash = new NameClashExit(self, loop, memberships, deliveries, metrics, this::closeBecause);
        this.lanInput = new LanInput(config.site(), loop, engine, io, deliveryPermits,
                config.deliveryBacklogBytes() / 4, metrics, nameClash::onNameTaken);
        StallChecks stalls = new StallChecks(self, config, engine, deliveryPermits, deliveryBacklog, memberships,
                deliveries, metrics, warnings, () -> closed);
        this.timer = new ProtocolTimer(self, config.congestionControl(), engine, stalls,
                this::lanRetransmissionRequests, metrics, warnings);
        ticks.drive(timer, engine::tickDue, engine::quietWorkDueNs);
        this.sends = new Sends(config.maxMessageBytes(), loop, engine, memberships, pendingSends, deliveries);
    }

    /**
     * Starts a node (see {@link GcsNode#start}).
     *
     * @throws GcsException if the WAN socket cannot be bound, the LAN cluster cannot be joined, or another member of
     *     the site's LAN has this node's member name
     */
    public static GcsNode start(GcsConfig config) {
        org.gcs.internal.crypto.CipherWarmup.startOnce();
        NettyJGroupsNode node = new NettyJGroupsNode(config);
        node.metrics.bindSendBuffers(node::unstableBytes, node::sendWindowBytes, node::retransmitBufferPackets);
        try {
            node.startIo();
            return node;
        } catch (RuntimeException e) {
            node.close();
            throw e;
        }
    }

    private void startIo() {
        warnIfSiteTimeoutBelowHungMemberDetection(config.siteTimeout());
        wan.bind(new EngineWanTarget(engine));
        try {
            lan = new JGroupsLan(config, incarnation, lanInput);
            lan.connect();
        } catch (Exception e) {
            throw new GcsException("cannot join the LAN cluster '" + config.lan().clusterNameFor(config.site())
                    + "': " + e.getMessage() + " (check lan.bindAddress and that multicast works, or use the TCP"
                    + " transport)", e);
        }
        ticks.start();
        StartGate.Outcome outcome;
        try {
            outcome = lanInput.awaitFirstView(FIRST_VIEW_TIMEOUT_NS, NameClashExit.NAME_TAKEN_GRACE_NS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GcsException("interrupted while starting", e);
        }
        if (outcome == StartGate.Outcome.NAME_TAKEN) {
            throw new GcsException("cannot start " + self + ": " + lanInput.nameTaken());
        } else if (outcome == StartGate.Outcome.TIMED_OUT) {
            throw new GcsException("joined the LAN cluster but received no view within 30 s");
        }
        nameClash.started();
        LOG.info("GCS node {} started: WAN {} over {}, LAN cluster {}", self, wan.localAddress(),
                wanSocketKind.describe(config.wanPipelineHook().isPresent()), lan.clusterName());
    }

    /** Closes the node, remembering why, so that later calls say it (a name clash after a merge). */
    private void closeBecause(String reason) {
        closedReason = reason;
        close();
    }

    private static WanSocketKind chooseWanSocket(GcsConfig config) {
        try {
            return WanSocketKind.choose(config.wanIo());
        } catch (IllegalArgumentException e) {
            throw new GcsConfigException(e.getMessage());
        }
    }

    /**
     * A remote site must not time this site out before the LAN has replaced a hung delegate, or it loses what it sent
     * here meanwhile; sites normally share their settings, so this node's {@code site.timeout} stands for theirs.
     */
    private void warnIfSiteTimeoutBelowHungMemberDetection(Duration siteTimeout) {
        long neededMs = JGroupsLan.HUNG_MEMBER_DETECTION_MS;
        if (siteTimeout.toMillis() < neededMs) {
            LOG.warn("{}: site.timeout {} ms is below the time a site's LAN takes to replace a hung delegate (about {} ms:"
                    + " JGroups FD_ALL3 {} ms + one check interval + VERIFY_SUSPECT2 {} ms + the new view); remote"
                    + " sites with this timeout drop a site whose delegate hangs and lose what they send it until the"
                    + " successor speaks; set site.timeout to at least {} ms", self, siteTimeout.toMillis(), neededMs,
                    JGroupsLan.FD_ALL_TIMEOUT_MS, JGroupsLan.VERIFY_SUSPECT_TIMEOUT_MS, neededMs + 500);
        }
    }

    /** @return the LAN sends: on the LAN-out thread, or at once on the loop when that thread is idle */
    private LanSender.Transport lanSender() {
        return lanTransport(() -> lan);
    }

    /**
     * The LAN sends of a node. Both kinds are written to the socket on the sending thread
     * ({@link JGroupsLan#sendAtOnce}): the LAN-out thread bundles by itself, and JGroups' bundler thread would only
     * add a hand-off (its 64 000-byte bundles never hold two of GCS's {@value LanOut#MAX_BUNDLE_BYTES}-byte ones). A
     * send of the LAN-out thread may still block on JGroups' flow control, which acts before the bundler.
     *
     * @param lan the node's LAN, read at each send
     */
    static LanSender.Transport lanTransport(java.util.function.Supplier<JGroupsLan> lan) {
        return new LanSender.Transport() {
            @Override
            public void send(byte[] bytes, List<LanOutgoing> carried) throws Exception {
                lan.get().sendAtOnce(bytes, carried);
            }

            @Override
            public void sendAtOnce(byte[] bytes, List<LanOutgoing> carried) throws Exception {
                lan.get().sendAtOnce(bytes, carried);
            }
        };
    }

    private boolean lanSendWouldNotBlock(long bytes) {
        JGroupsLan current = lan;
        return current != null && current.sendWouldNotBlock(bytes);
    }

    /** The LAN-out queue crossed a watermark, on the loop. */
    private void onLanBackPressure(boolean paused) {
        engine.setLanBackPressure(paused);
    }

    private long lanRetransmissionRequests() {
        JGroupsLan current = lan;
        return current == null ? 0 : current.retransmissionRequestsReceived();
    }

    // ---------------------------------------------------------------- public API

    /**
     * @return the argument
     * @throws IllegalArgumentException if it is null, naming it (as {@link #join} does for a bad group name)
     */
    private static <T> T required(String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }

    @Override
    public MemberId self() {
        return self;
    }

    @Override
    public void join(String group) {
        ensureOpen("join");
        Names.requireValid("group", group);
        memberships.join(group);
        loop.run(() -> engine.join(group, NodeClock.nowNs()));
    }

    @Override
    public void leave(String group) {
        required("group", group);
        ensureOpen("leave");
        if (memberships.leave(group)) {
            metrics.groupLeft(group);
            loop.run(() -> engine.leave(group, NodeClock.nowNs()));
        }
    }

    @Override
    public Set<String> groups() {
        return memberships.groups();
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
        required("group", group);
        ensureOpen("send");
        sends.send(group, payload, timeout);
    }

    @Override
    public CompletionStage<Void> sendAsync(String group, byte[] payload) {
        required("group", group);
        ensureOpen("send");
        return sends.sendAsync(group, payload);
    }

    @Override
    public Registration onMessage(MessageListener listener) {
        return deliveries.onMessage(required("listener", listener));
    }

    @Override
    public Registration onView(ViewListener listener) {
        return deliveries.onView(required("listener", listener));
    }

    @Override
    public Optional<GroupView> view(String group) {
        return memberships.view(required("group", group));
    }

    @Override
    public Registration onTree(TreeListener listener) {
        return deliveries.onTree(required("listener", listener));
    }

    @Override
    public Optional<GroupTree> tree(String group) {
        return memberships.tree(required("group", group));
    }

    @Override
    public List<FlowStatus> flows() {
        return io.delegateSelf() ? timer.status().flows() : List.of();
    }

    @Override
    public SortedSet<String> conflictedSites() {
        return io.delegateSelf() ? timer.status().conflictedSites() : Collections.emptySortedSet();
    }

    @Override
    public List<ReceivingFlowStatus> receivingFlows() {
        return io.delegateSelf() ? timer.status().receivingFlows() : List.of();
    }

    @Override
    public MemberStatus status() {
        return timer.status();
    }

    @Override
    public boolean isDelegate() {
        return io.delegateSelf() && !closed;
    }

    @Override
    public Optional<MemberId> delegate() {
        return Optional.ofNullable(io.delegate());
    }

    @Override
    public boolean awaitStable(Duration timeout) throws InterruptedException {
        required("timeout", timeout);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            ensureOpen("awaitStable");
            if (loop.call(engine::sendIdle)) {
                return true;
            }
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (leftMs <= 0) {
                return false;
            }
            lanInput.awaitStableMessage(Math.min(leftMs, 100));
        }
    }

    @Override
    public void updateKeys(ClusterKeys keys) {
        required("keys", keys);
        if (!config.testNode()) {
            keys.checkStrength("updateKeys");
        }
        if (loop.inLoop()) {
            applyKeys(keys);
            return;
        }
        try {
            loop.call(() -> {
                applyKeys(keys);
                return null;
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GcsException("interrupted while handing the new keys to the node; they may or may not be in use");
        }
    }

    private void applyKeys(ClusterKeys keys) {
        wan.updateKeys(keys);
        if (lan != null) {
            lan.updateKeys(keys);
        }
        LOG.info("WAN and LAN keys of {} replaced: accepting key ids {}, sending with key id {}", self, keys.ids(),
                keys.sendKeyId());
    }

    /** @return this node's meters */
    public NodeMetrics metrics() {
        return metrics;
    }

    /**
     * The JGroups channel of this node's LAN, for monitoring tools (e.g. registering its MBeans with
     * {@code org.jgroups.jmx.JmxConfigurator}); not part of the public API: sending or receiving on it breaks the node.
     *
     * @return the channel, empty before the node joined its LAN
     */
    public Optional<org.jgroups.JChannel> lanChannel() {
        JGroupsLan current = lan;
        return current == null ? Optional.empty() : Optional.of(current.channel());
    }

    /** @return this node's incarnation, as its LAN address and its messages carry it */
    long incarnation() {
        return incarnation;
    }

    @Override
    public InetSocketAddress wanAddress() {
        return wan.localAddress();
    }

    private void ensureOpen(String operation) {
        if (closed) {
            String reason = closedReason;
            throw new GcsClosedException("cannot " + operation + ": node " + self + " is closed"
                    + (reason == null ? "" : " (" + reason + ")") + "; start a new node");
        }
    }

    @Override
    public void close() {
        synchronized (closeLock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        pendingSends.close();
        ticks.stop(); // no more acknowledgements leave this node
        lanOut.drain();
        if (lan != null) {
            lan.close();
        }
        try {
            loop.runAndWait(() -> {
                GcsClosedException closedError = new GcsClosedException("node " + self + " closed before the send was admitted");
                for (SendRequest waiting : engine.close()) {
                    PendingSend.of(waiting).complete(deliveries, closedError);
                }
                deliveries.flush();
                seedResolver.close();
            }, TimeUnit.SECONDS.toNanos(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        wan.close();
        loop.shutdown();
        lanOut.shutdown();
        deliveries.shutdown();
        deliveryPermits.close();
        metrics.close();
        LOG.info("GCS node {} closed", self);
    }

    @Override
    public String toString() {
        return "GcsNode[" + self + (io.delegateSelf() ? ", delegate" : "") + (closed ? ", closed" : "") + "]";
    }
}
