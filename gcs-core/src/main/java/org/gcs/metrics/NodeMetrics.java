package org.gcs.metrics;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.gcs.FlowStatus;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.ReceivingFlowStatus;
import org.gcs.HopLinkStatus;
import org.gcs.internal.engine.PricedLink;
import org.gcs.internal.engine.ProtocolMetrics;
import org.gcs.internal.flow.BlockDropReason;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.LanDropReason;
import org.slf4j.LoggerFactory;

/**
 * The meters of one node, the single entry point of the node's code: registered in a registry of the node's own
 * ({@link NodeMeters}) that forwards them to the configured {@link MeterRegistry} and to every registry bound later
 * ({@link #bind}), with the tags {@code site} and {@code member}, and removed again by {@link #close()}. The meters
 * themselves live in classes with one job each: {@link TrafficMeters}, {@link DropMeters}, {@link NodeStateMeters},
 * {@link CongestionMeters}, {@link HopMeters}. Thread-safe.
 */
public final class NodeMetrics implements ProtocolMetrics, AutoCloseable {
    /** A member that holds the site back this long is named in a WARN line (the delegate's view). */
    private static final long HELD_BACK_WARN_NS = 1_000_000_000L;

    private final NodeMeters meters;
    private final String site;
    private final TrafficMeters traffic;
    private final DropMeters drops;
    private final NodeStateMeters state;
    private final CongestionMeters congestion;
    private final HopMeters hops;
    private final RateLimitedLog heldBackLog = new RateLimitedLog(LoggerFactory.getLogger(NodeMetrics.class));

    /**
     * @param registry the configured registry, where the meters are registered first
     * @param site the node's site
     * @param member the node's member name
     */
    public NodeMetrics(MeterRegistry registry, String site, String member) {
        this.meters = new NodeMeters(registry, site, member);
        this.site = site;
        this.traffic = new TrafficMeters(meters);
        this.drops = new DropMeters(meters);
        this.state = new NodeStateMeters(meters, site);
        this.congestion = new CongestionMeters(meters);
        this.hops = new HopMeters(meters);
    }

    /**
     * Adds a registry that receives every meter of this node, those registered already and those registered later,
     * until the node closes (see {@link GcsMetrics#binder}).
     *
     * @param registry the registry
     */
    public void bind(MeterRegistry registry) {
        meters.bind(registry);
    }

    /**
     * Exposes the running node's send buffers.
     *
     * @param unstableBytes payload bytes sent and not yet acknowledged by every receiving site
     * @param sendWindowBytes the current send window
     * @param retransmitBufferPackets packets in the delegate's retransmit buffers
     */
    public void bindSendBuffers(java.util.function.LongSupplier unstableBytes,
                                java.util.function.LongSupplier sendWindowBytes,
                                java.util.function.IntSupplier retransmitBufferPackets) {
        state.bindSendBuffers(unstableBytes, sendWindowBytes, retransmitBufferPackets);
    }

    /**
     * Exposes the delivery backlog: how long it has been full and how many bytes wait for the listeners.
     *
     * @param stallNs how long the backlog has been holding the site back, in nanoseconds (0 while it keeps up)
     * @param backlogBytes bytes waiting for the listeners
     */
    public void bindDeliveryBacklog(LongSupplier stallNs, LongSupplier backlogBytes) {
        state.bindDeliveryBacklog(stallNs, backlogBytes);
    }

    /**
     * Exposes the WAN peers whose misconfiguration was reported at ERROR, as {@link GcsMeters#WAN_PEERS_UNAUTHENTICATED},
     * {@link GcsMeters#WAN_PEERS_SKEWED} and {@link GcsMeters#WAN_CLOCK_SKEW}; read from any thread.
     *
     * @param unauthenticatedPeers peer addresses failing authentication for longer than the site timeout
     * @param skewedPeers peer addresses whose clocks are further off than {@code wan.replay.max.age}, as long
     * @param largestSkewMs the largest offset of those, in milliseconds
     */
    public void bindWanPeers(java.util.function.IntSupplier unauthenticatedPeers,
                             java.util.function.IntSupplier skewedPeers, LongSupplier largestSkewMs) {
        state.bindWanPeers(unauthenticatedPeers, skewedPeers, largestSkewMs);
    }

    /**
     * Exposes a drop count of this node's WAN pipeline hook (the link emulator) as
     * {@link GcsMeters#EMULATOR_DATAGRAMS_DROPPED}.
     *
     * @param reason the {@code reason} tag
     * @param count reads the count, from any thread
     */
    public void bindHookDrops(String reason, java.util.function.LongSupplier count) {
        drops.bindHookDrops(reason, count);
    }

    /**
     * This member was excluded from a group by the member stall policy.
     *
     * @param group the group
     * @param reason a bounded tag, e.g. {@code stalled}
     */
    public void memberExcluded(String group, String reason) {
        drops.memberExcluded(group, reason);
    }

    /** @return how often this member was excluded from a group so far, over every group and reason */
    public long membersExcluded() {
        return drops.membersExcluded();
    }

    @Override
    public void siteHeldBack(String member, String group, long heldNs, long nowNs) {
        state.siteHeldBack(heldNs);
        if (member != null && heldNs >= HELD_BACK_WARN_NS) {
            heldBackLog.warn("held-back:" + member, nowNs, "{} (site delegate): member {} has held the site back"
                    + " for {} ms: a message of group '{}' from another site waits for it, so this site acknowledges"
                    + " nothing newer and the senders of every site wait (a member whose listeners are the cause"
                    + " leaves the group after its member.stall.timeout; a hung process leaves the LAN view)", site,
                    member, heldNs / 1_000_000, group);
        }
    }

    /** A WAN datagram of {@code bytes} was sent. */
    public void wanSent(int bytes) {
        traffic.wanSent(bytes, 1);
    }

    /** A WAN datagram of {@code bytes} carrying {@code packets} packets was sent. */
    public void wanSent(int bytes, int packets) {
        traffic.wanSent(bytes, packets);
    }

    /** {@code messages} GCS messages went to the LAN in {@code sends} JGroups messages. */
    public void lanSent(int messages, int sends) {
        traffic.lanSent(messages, sends);
    }

    /** A WAN datagram of {@code bytes} arrived. */
    public void wanReceived(int bytes) {
        traffic.wanReceived(bytes);
    }

    /** {@code messages} application messages of {@code payloadBytes} bytes in all were admitted. */
    public void messagesSent(long messages, long payloadBytes) {
        traffic.messagesSent(messages, payloadBytes);
    }

    /** {@code messages} messages of {@code payloadBytes} bytes in all were delivered. */
    public void messagesDelivered(long messages, long payloadBytes) {
        traffic.messagesDelivered(messages, payloadBytes);
    }

    /**
     * A delivered message's send-to-delivery latency (a sample of the deliveries under load: the delivery thread's
     * {@code DeliveryMeter} says which); a negative latency (clocks apart) is not recorded.
     */
    public void deliveryLatency(long latencyMicros) {
        traffic.deliveryLatency(latencyMicros);
    }

    /** A joined group's tree changed: keep the tree gauges current. */
    public void treeChanged(GroupTree tree) {
        state.treeChanged(tree);
    }

    /** A joined group's view changed: keep the view gauges current. */
    public void viewChanged(GroupView view) {
        state.viewChanged(view);
    }

    /** This node left a group: its view gauges are removed. */
    public void groupLeft(String group) {
        state.groupLeft(group);
    }

    /**
     * The delegate's congestion snapshots changed (see {@link CongestionMeters}); unlimited rates are absent.
     *
     * @param flows this site's flows (sending side)
     * @param receiving the incoming flows' monitors (receiving side)
     */
    public void flowsChanged(List<FlowStatus> flows, List<ReceivingFlowStatus> receiving) {
        congestion.flowsChanged(flows, receiving);
    }

    /**
     * The price-based controller's state changed (seed 000). Call after {@link #flowsChanged}, which starts the
     * snapshot over.
     *
     * @param controller the controller's name (the {@code controller} tag)
     * @param links this delegate's priced links (empty off the delegate or for other controllers)
     * @param admissions this member's admission state by group ({@code budgetDollars}, {@code salaryPeriodSeconds})
     */
    public void pricesChanged(String controller, List<PricedLink> links, Map<String, Map<String, Double>> admissions) {
        congestion.pricesChanged(controller, links, admissions);
    }

    /**
     * The hop-by-hop links changed (see {@link HopMeters}).
     *
     * @param links the links to and from each neighbour (empty on the end-to-end transport or off the delegate)
     * @param backupPackets packets in the backup buffer
     */
    public void hopLinksChanged(List<HopLinkStatus> links, int backupPackets) {
        hops.hopLinksChanged(links, backupPackets);
    }

    /** This node became (or stopped being) the delegate. */
    public void delegate(boolean isDelegate) {
        state.delegate(isDelegate);
    }

    @Override
    public void nakSent(long missing) {
        traffic.nakSent(missing);
    }

    @Override
    public void nakReceived() {
        traffic.nakReceived();
    }

    @Override
    public void retransmitted(long packets) {
        traffic.retransmitted(packets);
    }

    @Override
    public void implausibleRttSample() {
        traffic.implausibleRttSample();
    }

    /** @return echoed send times ignored as implausible so far */
    public long implausibleRttSamples() {
        return traffic.implausibleRttSamples();
    }

    @Override
    public void wanDropped(DropReason reason) {
        drops.wanDropped(reason);
    }

    @Override
    public void controlPacketSplit() {
        traffic.controlPacketSplit();
    }

    @Override
    public void wanRelayed(int bytes) {
        traffic.wanRelayed();
    }

    @Override
    public void controlPacketTooLarge() {
        traffic.controlPacketTooLarge();
    }

    @Override
    public void siteConflictDetected() {
        traffic.siteConflictDetected();
    }

    @Override
    public void delegateSuperseded() {
        traffic.delegateSuperseded();
    }

    @Override
    public void handoverRequested(String member, long nowNs) {
        traffic.handoverRequested();
        heldBackLog.warn("handover-request:" + member, nowNs, "{} (site delegate): member {} keeps sending but its"
                + " hand-over never reached this delegate (a LAN merge delivered it before the view); asked it to hand"
                + " over again (gcs.lan.handover.requests)", site, member);
    }

    /** @return how often this delegate asked a member to hand over again */
    public long handoverRequests() {
        return traffic.handoverRequests();
    }

    @Override
    public void conflictedSites(int sites) {
        state.conflictedSites(sites);
    }

    /** @return control packets sent in pieces so far */
    public long controlPacketsSplit() {
        return traffic.controlPacketsSplit();
    }

    /** @return duplicate-site conflicts detected so far */
    public long siteConflicts() {
        return traffic.siteConflicts();
    }

    /** @return site names with two delegates at once, now */
    public int conflictedSites() {
        return state.conflictedSites();
    }

    @Override
    public void controlBlockDropped(BlockDropReason reason) {
        drops.controlBlockDropped(reason);
    }

    /** @return congestion-control blocks dropped for a reason so far */
    public long blocksDropped(BlockDropReason reason) {
        return drops.blockDrops(reason);
    }

    @Override
    public void lanDropped(LanDropReason reason) {
        drops.lanDropped(reason);
    }

    /** @return LAN messages dropped for a reason so far */
    public long lanDrops(LanDropReason reason) {
        return drops.lanDrops(reason);
    }

    @Override
    public void duplicateSuppressed() {
        traffic.duplicateSuppressed();
    }

    @Override
    public void senderGap(long missing) {
        traffic.senderGap(missing);
    }

    /** @return datagrams dropped for a reason so far */
    public long dropped(DropReason reason) {
        return drops.wanDrops(reason);
    }

    /** @return the mean delivery latency recorded so far, in milliseconds */
    public double meanDeliveryLatencyMs() {
        return traffic.meanDeliveryLatencyMs();
    }

    /** Removes this node's meters from every registry. */
    @Override
    public void close() {
        meters.close();
    }
}
