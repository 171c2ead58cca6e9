package org.gcs.internal.node;

import org.gcs.GroupMessage;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.engine.EngineIo;
import org.gcs.internal.engine.Seed;
import org.gcs.internal.engine.SendRequest;
import org.gcs.internal.wire.RelayFrame;
import org.gcs.internal.wire.LanOutgoing;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.metrics.NodeMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's outputs in the production driver, called on the event loop: LAN messages go to {@link LanOut}, WAN
 * envelopes to {@link WanChannel}, deliveries and view/tree changes to {@link Deliveries}, admitted sends release
 * their room in {@link PendingSends} and complete. It also carries a LAN message's delivery room into the
 * delivery the engine makes of it ({@link #withDeliveryRoom}) and records the site's delegate.
 */
final class NodeIo implements EngineIo {
    private static final Logger LOG = LoggerFactory.getLogger(NodeIo.class);

    private final MemberId self;
    private final LanOut lanOut;
    private final WanChannel wan;
    private final Deliveries deliveries;
    private final DeliveryBacklog backlog;
    private final DeliveryPermits permits;
    private final GroupMemberships memberships;
    private final PendingSends pendingSends;
    private final NodeMetrics metrics;
    private final DeadlineTimer deadlines;
    private final TickSchedule ticks;
    private final LanOut.TurnEnd turnEnd;
    private final SeedResolver seeds;
    /** Sends admitted in the loop's current turn and not yet counted in the metrics; loop only. */
    private long admittedMessages;
    private long admittedPayloadBytes;
    /** The delivery room of the LAN message the engine is handling, until a delivery takes it; loop only. */
    private long currentPermitBytes;
    private volatile MemberId delegate;
    private volatile boolean delegateSelf;

    NodeIo(MemberId self, LanOut lanOut, WanChannel wan, Deliveries deliveries, DeliveryBacklog backlog,
           DeliveryPermits permits, GroupMemberships memberships, PendingSends pendingSends, NodeMetrics metrics,
           DeadlineTimer deadlines, TickSchedule ticks, LanOut.TurnEnd turnEnd, SeedResolver seeds) {
        this.self = self;
        this.lanOut = lanOut;
        this.wan = wan;
        this.deliveries = deliveries;
        this.backlog = backlog;
        this.permits = permits;
        this.memberships = memberships;
        this.pendingSends = pendingSends;
        this.metrics = metrics;
        this.deadlines = deadlines;
        this.ticks = ticks;
        this.turnEnd = turnEnd;
        this.seeds = seeds;
    }

    @Override
    public DelegateAddress wanSocketAddress() {
        java.net.InetSocketAddress bound = wan.boundAddress();
        return bound == null ? null : new DelegateAddress(bound.getAddress().getHostAddress(), bound.getPort());
    }

    @Override
    public boolean relays() {
        return true;
    }

    @Override
    public void wanRoute(DelegateAddress to, DelegateAddress via) {
        wan.route(to, via);
    }

    @Override
    public void wanClearRoutes() {
        wan.clearRoutes();
    }

    @Override
    public void wanForward(DelegateAddress to, DelegateAddress from, RelayFrame frame) {
        wan.forward(to, from, frame);
    }

    @Override
    public boolean resolvesSeedNames() {
        return true;
    }

    @Override
    public void resolveSeed(Seed seed) {
        seeds.resolve(seed);
    }

    @Override
    public void wakeAt(long deadlineNs) {
        deadlines.wakeAt(deadlineNs);
    }

    @Override
    public void tickSoon() {
        ticks.soon(NodeClock.nowNs());
    }

    @Override
    public void tickSoon(long nowNs) {
        ticks.soon(nowNs);
    }

    /**
     * Runs the engine on one LAN message with that message's delivery room: a delivery the engine makes meanwhile
     * ({@link #deliver}) takes the room; room it did not take is given back afterwards.
     */
    void withDeliveryRoom(long permitBytes, Runnable engineCall) {
        currentPermitBytes = permitBytes;
        try {
            engineCall.run();
        } finally {
            permits.release(currentPermitBytes);
            currentPermitBytes = 0;
        }
    }

    /** @return the site's delegate, or null if none is known */
    MemberId delegate() {
        return delegate;
    }

    /** @return true if this node is its site's delegate */
    boolean delegateSelf() {
        return delegateSelf;
    }

    @Override
    public void lanSend(LanMessage message) {
        lanOut.send(LanOutgoing.of(message));
    }

    @Override
    public void wanSend(String toSite, DelegateAddress to, WanEnvelope envelope) {
        wan.send(toSite, to, envelope);
    }

    @Override
    public void deliver(GroupMessage message, long sentEpochMicros) {
        long permit = currentPermitBytes;
        currentPermitBytes = 0;
        deliveries.deliver(message, sentEpochMicros, backlog.add(message.group(), permit));
    }

    @Override
    public void viewChanged(GroupView view) {
        if (memberships.viewChanged(view)) {
            metrics.viewChanged(view);
            deliveries.viewChanged(view);
        }
    }

    @Override
    public void treeChanged(GroupTree tree) {
        if (memberships.treeChanged(tree)) {
            metrics.treeChanged(tree);
            deliveries.treeChanged(tree);
        }
    }

    @Override
    public void admitted(SendRequest request) {
        pendingSends.release(request.payload().length);
        if (admittedMessages == 0) {
            turnEnd.afterThisTurn(this::countAdmitted);
        }
        admittedMessages++;
        admittedPayloadBytes += request.payload().length;
        PendingSend.of(request).complete(deliveries, null);
    }

    /**
     * Counts the sends admitted in the loop's turn, once when the turn ends: a meter increment per message cost the
     * sending member's loop several per cent of its CPU (the node's meters are a composite registry, which visits each
     * of its registries on every increment; docs/performance.md, "CPU per message, round 4").
     */
    private void countAdmitted() {
        metrics.messagesSent(admittedMessages, admittedPayloadBytes);
        admittedMessages = 0;
        admittedPayloadBytes = 0;
    }

    @Override
    public void delegateChanged(MemberId newDelegate, boolean isSelf) {
        delegate = newDelegate;
        delegateSelf = isSelf;
        metrics.delegate(isSelf);
        LOG.info("{}: site delegate is now {}{}", self, newDelegate, isSelf ? " (this node)" : "");
    }
}
