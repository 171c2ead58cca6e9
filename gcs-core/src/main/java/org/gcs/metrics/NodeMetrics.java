package org.gcs.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.gcs.emulator.LinkEmulatorHandler;
import org.gcs.internal.engine.ProtocolMetrics;
import org.gcs.internal.wire.DropReason;

/**
 * The meters of one node, registered in the configured {@link MeterRegistry} with the tags {@code site} and
 * {@code member}, and removed again by {@link #close()}. Thread-safe.
 */
public final class NodeMetrics implements ProtocolMetrics, AutoCloseable {
    private final MeterRegistry registry;
    private final Tags tags;
    private final List<Meter> meters = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Map<DropReason, Counter> drops = new EnumMap<>(DropReason.class);
    private final Map<org.gcs.internal.flow.BlockDropReason, Counter> blockDrops =
            new EnumMap<>(org.gcs.internal.flow.BlockDropReason.class);
    private final AtomicInteger delegate = new AtomicInteger();
    private final java.util.concurrent.atomic.AtomicLong treeVersion = new java.util.concurrent.atomic.AtomicLong();
    private final Map<String, org.gcs.GroupTree> trees = new java.util.concurrent.ConcurrentHashMap<>();
    private final String site;
    private final Counter wanDatagramsSent;
    private final Counter wanBytesSent;
    private final Counter wanPacketsSent;
    private final Counter lanMessagesSent;
    private final Counter lanSends;
    private final Counter wanDatagramsReceived;
    private final Counter wanBytesReceived;
    private final Map<org.gcs.internal.wire.LanDropReason, Counter> lanDrops =
            new EnumMap<>(org.gcs.internal.wire.LanDropReason.class);
    private final Counter messagesSent;
    private final Counter payloadBytesSent;
    private final Counter messagesDelivered;
    private final Counter payloadBytesDelivered;
    private final Counter duplicates;
    private final Counter gaps;
    private final Counter naksSent;
    private final Counter nakedPackets;
    private final Counter naksReceived;
    private final Counter retransmits;
    private final Counter implausibleRttSamples;
    private final Timer deliveryLatency;
    /** A member that holds the site back this long is named in a WARN line (the delegate's view). */
    private static final long HELD_BACK_WARN_NS = 1_000_000_000L;
    private final java.util.concurrent.atomic.AtomicLong siteHeldBackNs = new java.util.concurrent.atomic.AtomicLong();
    private final org.gcs.internal.log.RateLimitedLog heldBackLog = new org.gcs.internal.log.RateLimitedLog(
            org.slf4j.LoggerFactory.getLogger(NodeMetrics.class));
    /** WARN lines for sustained drops of one reason (counters alone are silent). */
    private final org.gcs.internal.log.SustainedDrops wanDropLog = new org.gcs.internal.log.SustainedDrops(
            org.slf4j.LoggerFactory.getLogger(NodeMetrics.class), "WAN datagrams");
    private final org.gcs.internal.log.SustainedDrops lanDropLog = new org.gcs.internal.log.SustainedDrops(
            org.slf4j.LoggerFactory.getLogger(NodeMetrics.class), "LAN messages");
    private final Counter controlSplit;
    private final Counter controlTooLarge;
    private final Counter siteConflicts;
    private final AtomicInteger conflictedSites = new AtomicInteger();

    /**
     * @param registry where to register
     * @param site the node's site
     * @param member the node's member name
     */
    public NodeMetrics(MeterRegistry registry, String site, String member) {
        this.registry = registry;
        this.site = site;
        this.tags = Tags.of("site", site, "member", member);
        wanDatagramsSent = counter(GcsMeters.WAN_DATAGRAMS_SENT);
        wanBytesSent = counter(GcsMeters.WAN_BYTES_SENT);
        wanPacketsSent = counter(GcsMeters.WAN_PACKETS_SENT);
        lanMessagesSent = counter(GcsMeters.LAN_MESSAGES_SENT);
        lanSends = counter(GcsMeters.LAN_SENDS);
        wanDatagramsReceived = counter(GcsMeters.WAN_DATAGRAMS_RECEIVED);
        wanBytesReceived = counter(GcsMeters.WAN_BYTES_RECEIVED);
        messagesSent = counter(GcsMeters.MESSAGES_SENT);
        payloadBytesSent = counter(GcsMeters.PAYLOAD_BYTES_SENT);
        messagesDelivered = counter(GcsMeters.MESSAGES_DELIVERED);
        payloadBytesDelivered = counter(GcsMeters.PAYLOAD_BYTES_DELIVERED);
        duplicates = counter(GcsMeters.DUPLICATES_SUPPRESSED);
        gaps = counter(GcsMeters.SENDER_GAPS);
        naksSent = counter(GcsMeters.NAKS_SENT);
        nakedPackets = counter(GcsMeters.NAKED_PACKETS);
        naksReceived = counter(GcsMeters.NAKS_RECEIVED);
        retransmits = counter(GcsMeters.RETRANSMITS);
        controlSplit = counter(GcsMeters.WAN_CONTROL_SPLIT);
        controlTooLarge = counter(GcsMeters.WAN_CONTROL_TOO_LARGE);
        siteConflicts = counter(GcsMeters.SITE_CONFLICTS);
        meters.add(Gauge.builder(GcsMeters.SITES_CONFLICTED.meterName(), conflictedSites, AtomicInteger::get)
                .description(GcsMeters.SITES_CONFLICTED.description()).baseUnit(GcsMeters.SITES_CONFLICTED.baseUnit())
                .tags(tags).register(registry));
        implausibleRttSamples = counter(GcsMeters.RTT_SAMPLES_IMPLAUSIBLE);
        for (DropReason reason : DropReason.values()) {
            Counter c = Counter.builder(GcsMeters.WAN_DATAGRAMS_DROPPED.meterName())
                    .description(GcsMeters.WAN_DATAGRAMS_DROPPED.description())
                    .baseUnit(GcsMeters.WAN_DATAGRAMS_DROPPED.baseUnit())
                    .tags(tags).tag("reason", reason.tag()).register(registry);
            drops.put(reason, c);
            meters.add(c);
        }
        for (org.gcs.internal.wire.LanDropReason reason : org.gcs.internal.wire.LanDropReason.values()) {
            Counter c = Counter.builder(GcsMeters.LAN_MESSAGES_DROPPED.meterName())
                    .description(GcsMeters.LAN_MESSAGES_DROPPED.description())
                    .baseUnit(GcsMeters.LAN_MESSAGES_DROPPED.baseUnit())
                    .tags(tags).tag("reason", reason.tag()).register(registry);
            lanDrops.put(reason, c);
            meters.add(c);
        }
        for (org.gcs.internal.flow.BlockDropReason reason : org.gcs.internal.flow.BlockDropReason.values()) {
            Counter c = Counter.builder(GcsMeters.CC_BLOCKS_DROPPED.meterName())
                    .description(GcsMeters.CC_BLOCKS_DROPPED.description())
                    .baseUnit(GcsMeters.CC_BLOCKS_DROPPED.baseUnit())
                    .tags(tags).tag("reason", reason.tag()).register(registry);
            blockDrops.put(reason, c);
            meters.add(c);
        }
        deliveryLatency = Timer.builder(GcsMeters.DELIVERY_LATENCY.meterName())
                .description(GcsMeters.DELIVERY_LATENCY.description())
                .tags(tags).publishPercentileHistogram(false).register(registry);
        meters.add(deliveryLatency);
        meters.add(Gauge.builder(GcsMeters.DELEGATE.meterName(), delegate, AtomicInteger::get)
                .description(GcsMeters.DELEGATE.description()).tags(tags).register(registry));
        meters.add(Gauge.builder(GcsMeters.SITE_HELD_BACK.meterName(), siteHeldBackNs, n -> n.get() / 1e9)
                .description(GcsMeters.SITE_HELD_BACK.description()).baseUnit(GcsMeters.SITE_HELD_BACK.baseUnit())
                .tags(tags).register(registry));
        meters.add(Gauge.builder(GcsMeters.TREE_VERSION.meterName(), treeVersion, java.util.concurrent.atomic.AtomicLong::get)
                .description(GcsMeters.TREE_VERSION.description()).tags(tags).register(registry));
    }

    private Counter counter(GcsMeters meter) {
        Counter c = Counter.builder(meter.meterName()).description(meter.description()).baseUnit(meter.baseUnit())
                .tags(tags).register(registry);
        meters.add(c);
        return c;
    }

    /**
     * This member was excluded from a group by the member stall policy.
     *
     * @param group the group
     * @param reason a bounded tag, e.g. {@code stalled}
     */
    public void memberExcluded(String group, String reason) {
        Counter c = Counter.builder(GcsMeters.MEMBERS_EXCLUDED.meterName())
                .description(GcsMeters.MEMBERS_EXCLUDED.description())
                .baseUnit(GcsMeters.MEMBERS_EXCLUDED.baseUnit())
                .tags(tags).tag("group", group).tag("reason", reason).register(registry);
        if (!meters.contains(c)) {
            meters.add(c);
        }
        c.increment();
    }

    /** @return how often this member was excluded from a group so far, over every group and reason */
    public long membersExcluded() {
        double total = 0;
        for (Counter c : registry.find(GcsMeters.MEMBERS_EXCLUDED.meterName()).tags(tags).counters()) {
            total += c.count();
        }
        return (long) total;
    }

    /**
     * Exposes the delivery backlog: how long it has been full and how many bytes wait for the listeners.
     *
     * @param stallNs how long the backlog has been holding the site back, in nanoseconds (0 while it keeps up)
     * @param backlogBytes bytes waiting for the listeners
     */
    public void bindDeliveryBacklog(java.util.function.LongSupplier stallNs, java.util.function.LongSupplier backlogBytes) {
        meters.add(Gauge.builder(GcsMeters.DELIVERY_STALL.meterName(), stallNs, s -> s.getAsLong() / 1e9)
                .description(GcsMeters.DELIVERY_STALL.description()).baseUnit(GcsMeters.DELIVERY_STALL.baseUnit()).strongReference(true)
                .tags(tags).register(registry));
        meters.add(Gauge.builder(GcsMeters.DELIVERY_BACKLOG.meterName(), backlogBytes, b -> (double) b.getAsLong())
                .description(GcsMeters.DELIVERY_BACKLOG.description()).baseUnit(GcsMeters.DELIVERY_BACKLOG.baseUnit()).strongReference(true)
                .tags(tags).register(registry));
    }

    @Override
    public void siteHeldBack(String member, String group, long heldNs, long nowNs) {
        siteHeldBackNs.set(heldNs);
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
        wanSent(bytes, 1);
    }

    /** A WAN datagram of {@code bytes} carrying {@code packets} packets was sent. */
    public void wanSent(int bytes, int packets) {
        wanDatagramsSent.increment();
        wanBytesSent.increment(bytes);
        wanPacketsSent.increment(packets);
    }

    /** {@code messages} GCS messages went to the LAN in {@code sends} JGroups messages. */
    public void lanSent(int messages, int sends) {
        lanMessagesSent.increment(messages);
        lanSends.increment(sends);
    }

    /** A WAN datagram of {@code bytes} arrived. */
    public void wanReceived(int bytes) {
        wanDatagramsReceived.increment();
        wanBytesReceived.increment(bytes);
    }

    /** An application message of {@code bytes} was admitted. */
    public void messageSent(int bytes) {
        messagesSent.increment();
        payloadBytesSent.increment(bytes);
    }

    /** A message of {@code bytes} was delivered {@code latencyMicros} after it was sent. */
    public void messageDelivered(int bytes, long latencyMicros) {
        messagesDelivered.increment();
        payloadBytesDelivered.increment(bytes);
        if (latencyMicros >= 0) {
            deliveryLatency.record(Duration.of(latencyMicros, java.time.temporal.ChronoUnit.MICROS));
        }
    }

    /** Exposes the drop counts of this node's link emulator. */
    public void bindEmulator(LinkEmulatorHandler emulator) {
        meters.add(emulatorDrops(emulator, "loss", LinkEmulatorHandler::droppedByLoss));
        meters.add(emulatorDrops(emulator, "queue", LinkEmulatorHandler::droppedByQueue));
    }

    private FunctionCounter emulatorDrops(LinkEmulatorHandler emulator, String reason,
                                          java.util.function.ToLongFunction<LinkEmulatorHandler> count) {
        GcsMeters meter = GcsMeters.EMULATOR_DATAGRAMS_DROPPED;
        return FunctionCounter.builder(meter.meterName(), emulator, e -> count.applyAsLong(e))
                .description(meter.description()).baseUnit(meter.baseUnit()).tags(tags).tag("reason", reason)
                .register(registry);
    }

    /** A joined group's tree changed: keep the gauges current (registered on a group's first tree). */
    public void treeChanged(org.gcs.GroupTree tree) {
        treeVersion.accumulateAndGet(tree.version(), Math::max);
        if (trees.put(tree.group(), tree) == null) {
            String group = tree.group();
            meters.add(Gauge.builder(GcsMeters.TREE_SITES.meterName(), trees, t -> t.get(group).sites().size())
                    .description(GcsMeters.TREE_SITES.description()).baseUnit(GcsMeters.TREE_SITES.baseUnit())
                    .tags(tags).tag("group", group).register(registry));
            meters.add(Gauge.builder(GcsMeters.TREE_CHILDREN.meterName(), trees,
                            t -> t.get(group).childrenOf(site).size())
                    .description(GcsMeters.TREE_CHILDREN.description()).baseUnit(GcsMeters.TREE_CHILDREN.baseUnit())
                    .tags(tags).tag("group", group).register(registry));
        }
    }

    /**
     * The delegate's congestion snapshots changed: gauges are registered the first time a (group, peer, ...) appears
     * and read the latest snapshot (NaN once it is gone). Every gauge carries the flow's {@code controller} tag.
     * Unlimited rates read as {@code Double.MAX_VALUE}.
     *
     * @param flows this site's flows (sending side)
     * @param receiving the incoming flows' monitors (receiving side)
     */
    public void flowsChanged(List<org.gcs.FlowStatus> flows, List<org.gcs.ReceivingFlowStatus> receiving) {
        Map<String, Double> values = new java.util.HashMap<>();
        for (org.gcs.FlowStatus flow : flows) {
            Tags flowTags = Tags.of("group", flow.group(), "controller", flow.controller());
            gauge(values, GcsMeters.CC_RATE_ALLOWED, flowTags, finite(flow.allowedRateBytesPerSec()));
            for (org.gcs.FlowStatus.Receiver r : flow.receivers()) {
                Tags peer = flowTags.and("peer", r.site());
                gauge(values, GcsMeters.CC_RTT, peer, r.rttMs() / 1000.0);
                gauge(values, GcsMeters.CC_LIMITING, peer,
                        flow.limitingSite().map(r.site()::equals).orElse(false) ? 1 : 0);
                if (!flow.congestionMeasure().isEmpty()) {
                    gauge(values, GcsMeters.CC_CONGESTION, peer.and("measure", flow.congestionMeasure()), r.congestion());
                }
                r.lastFeedback().forEach((field, value) ->
                        gauge(values, GcsMeters.CC_FEEDBACK, peer.and("field", field), finite(value)));
            }
            flow.extras().forEach((name, value) ->
                    gauge(values, GcsMeters.CC_STATE, flowTags.and("name", name), finite(value)));
            for (org.gcs.FlowStatus.Sender sender : flow.senders()) {
                Tags senderTags = flowTags.and("sender", sender.member());
                gauge(values, GcsMeters.CC_SENDER_DEMAND, senderTags, finite(sender.demandBytesPerSec()));
                gauge(values, GcsMeters.CC_SENDER_GRANT, senderTags, finite(sender.grantBytesPerSec()));
            }
        }
        for (org.gcs.ReceivingFlowStatus flow : receiving) {
            Tags monitorTags = Tags.of("group", flow.group(), "peer", flow.sourceSite(), "controller", flow.controller());
            flow.values().forEach((name, value) ->
                    gauge(values, GcsMeters.CC_MONITOR, monitorTags.and("name", name), finite(value)));
        }
        ccValues = values;
    }

    /**
     * The price-based controller's state changed (seed 000): the price and the averaged waiting packets of each of
     * this delegate's outgoing links, and this member's budget and salary period per group. Call after
     * {@link #flowsChanged}, which starts the snapshot over.
     *
     * @param controller the controller's name (the {@code controller} tag)
     * @param links this delegate's priced links (empty off the delegate or for other controllers)
     * @param admissions this member's admission state by group ({@code budgetDollars}, {@code salaryPeriodSeconds})
     */
    public void pricesChanged(String controller, List<org.gcs.internal.engine.PricedLink> links,
                              Map<String, Map<String, Double>> admissions) {
        if (links.isEmpty() && admissions.isEmpty()) {
            return;
        }
        Map<String, Double> values = new java.util.HashMap<>(ccValues);
        for (org.gcs.internal.engine.PricedLink link : links) {
            Tags peer = Tags.of("peer", link.peer(), "controller", controller);
            gauge(values, GcsMeters.HOP_LINK_PRICE, peer, link.priceDollars());
            gauge(values, GcsMeters.HOP_LINK_PRICED_OCCUPANCY, peer, link.averageWaitingPackets());
        }
        admissions.forEach((group, state) -> {
            Tags groupTags = Tags.of("group", group, "controller", controller);
            if (state.containsKey("budgetDollars")) {
                gauge(values, GcsMeters.CC_SENDER_BUDGET, groupTags, state.get("budgetDollars"));
            }
            if (state.containsKey("salaryPeriodSeconds")) {
                gauge(values, GcsMeters.CC_SENDER_SALARY_PERIOD, groupTags, state.get("salaryPeriodSeconds"));
            }
        });
        ccValues = values;
    }

    /**
     * The hop-by-hop links changed (a snapshot per neighbour, spec §1.2): occupancy, window and RTT as gauges,
     * retransmissions, replays, stall drops and dropped replay duplicates as counters, all tagged {@code peer}; the backup buffer's occupancy.
     * Meters are registered the first time a neighbour appears and read the latest snapshot.
     *
     * @param links the links to and from each neighbour (empty on the end-to-end transport or off the delegate)
     * @param backupPackets packets in the backup buffer
     */
    public void hopLinksChanged(List<org.gcs.internal.engine.HopLinkStatus> links, int backupPackets) {
        Map<String, Double> values = new java.util.HashMap<>();
        if (!links.isEmpty() || hopRegistered) {
            hopRegistered = true;
            hopGauge(values, GcsMeters.HOP_BACKUP_OCCUPANCY, Tags.empty(), backupPackets);
        }
        for (org.gcs.internal.engine.HopLinkStatus link : links) {
            Tags peer = Tags.of("peer", link.peer());
            hopGauge(values, GcsMeters.HOP_OUTPUT_OCCUPANCY, peer, link.outputPackets());
            hopGauge(values, GcsMeters.HOP_OUTPUT_WAITING, peer, link.waitingPackets());
            hopGauge(values, GcsMeters.HOP_INPUT_OCCUPANCY, peer, link.inputPackets());
            hopGauge(values, GcsMeters.HOP_WINDOW, peer, link.windowPackets());
            hopGauge(values, GcsMeters.HOP_RTT, peer, link.smoothedRttNs() / 1e9);
            hopCounter(values, GcsMeters.HOP_RETRANSMITS, peer, link.retransmissions());
            hopCounter(values, GcsMeters.HOP_BACKUP_REPLAYS, peer, link.replayedPackets());
            hopCounter(values, GcsMeters.HOP_STALL_DROPS, peer, link.stallDrops());
            hopCounter(values, GcsMeters.HOP_REPLAY_DUPLICATES, peer, link.duplicatesDropped());
        }
        Map<String, Double> previous = hopValues;
        // a counter keeps its last value while its neighbour is away (counters must not fall back to NaN)
        previous.forEach((key, value) -> {
            if (hopCounters.contains(key)) {
                values.putIfAbsent(key, value);
            }
        });
        hopValues = values;
    }

    private volatile Map<String, Double> hopValues = Map.of();
    private final java.util.Set<String> hopCounters = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.util.Set<String> hopMeters = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private boolean hopRegistered;

    private void hopGauge(Map<String, Double> values, GcsMeters meter, Tags extra, double value) {
        String key = meter.meterName() + "|" + extra;
        values.put(key, value);
        if (hopMeters.add(key)) {
            meters.add(Gauge.builder(meter.meterName(), this, m -> m.hopValues.getOrDefault(key, Double.NaN))
                    .description(meter.description()).baseUnit(meter.baseUnit()).tags(tags).tags(extra)
                    .register(registry));
        }
    }

    private void hopCounter(Map<String, Double> values, GcsMeters meter, Tags extra, long value) {
        String key = meter.meterName() + "|" + extra;
        values.put(key, (double) value);
        if (hopMeters.add(key)) {
            hopCounters.add(key);
            meters.add(FunctionCounter.builder(meter.meterName(), this, m -> m.hopValues.getOrDefault(key, 0.0))
                    .description(meter.description()).baseUnit(meter.baseUnit()).tags(tags).tags(extra)
                    .register(registry));
        }
    }

    private volatile Map<String, Double> ccValues = Map.of();
    private final java.util.Set<String> ccRegistered = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private void gauge(Map<String, Double> values, GcsMeters meter, Tags extra, double value) {
        String key = meter.meterName() + "|" + extra;
        values.put(key, value);
        if (ccRegistered.add(key)) {
            Gauge.Builder<NodeMetrics> builder = Gauge.builder(meter.meterName(), this,
                            m -> m.ccValues.getOrDefault(key, Double.NaN))
                    .description(meter.description()).tags(tags).tags(extra);
            if (!meter.baseUnit().isEmpty()) {
                builder.baseUnit(meter.baseUnit());
            }
            meters.add(builder.register(registry));
        }
    }

    private static double finite(double value) {
        return Double.isInfinite(value) ? Double.MAX_VALUE : value;
    }

    /** This node became (or stopped being) the delegate. */
    public void delegate(boolean isDelegate) {
        delegate.set(isDelegate ? 1 : 0);
    }

    @Override
    public void nakSent(long missing) {
        naksSent.increment();
        nakedPackets.increment(missing);
    }

    @Override
    public void nakReceived() {
        naksReceived.increment();
    }

    @Override
    public void retransmitted(long packets) {
        retransmits.increment(packets);
    }

    @Override
    public void implausibleRttSample() {
        implausibleRttSamples.increment();
    }

    /** @return echoed send times ignored as implausible so far */
    public long implausibleRttSamples() {
        return (long) implausibleRttSamples.count();
    }

    @Override
    public void wanDropped(DropReason reason) {
        drops.get(reason).increment();
        wanDropLog.onDrop(reason.tag(), System.nanoTime());
    }

    @Override
    public void controlPacketSplit() {
        controlSplit.increment();
    }

    @Override
    public void controlPacketTooLarge() {
        controlTooLarge.increment();
    }

    @Override
    public void siteConflictDetected() {
        siteConflicts.increment();
    }

    @Override
    public void conflictedSites(int sites) {
        conflictedSites.set(sites);
    }

    /** @return control packets sent in pieces so far */
    public long controlPacketsSplit() {
        return (long) controlSplit.count();
    }

    /** @return duplicate-site conflicts detected so far */
    public long siteConflicts() {
        return (long) siteConflicts.count();
    }

    /** @return site names with two delegates at once, now */
    public int conflictedSites() {
        return conflictedSites.get();
    }

    @Override
    public void controlBlockDropped(org.gcs.internal.flow.BlockDropReason reason) {
        blockDrops.get(reason).increment();
    }

    /** @return congestion-control blocks dropped for a reason so far */
    public long blocksDropped(org.gcs.internal.flow.BlockDropReason reason) {
        return (long) blockDrops.get(reason).count();
    }

    @Override
    public void lanDropped(org.gcs.internal.wire.LanDropReason reason) {
        lanDrops.get(reason).increment();
        lanDropLog.onDrop(reason.tag(), System.nanoTime());
    }

    /** @return LAN messages dropped for a reason so far */
    public long lanDrops(org.gcs.internal.wire.LanDropReason reason) {
        return (long) lanDrops.get(reason).count();
    }

    @Override
    public void duplicateSuppressed() {
        duplicates.increment();
    }

    @Override
    public void senderGap(long missing) {
        gaps.increment(missing);
    }

    /** @return datagrams dropped for a reason so far */
    public long dropped(DropReason reason) {
        return (long) drops.get(reason).count();
    }

    /** @return the mean delivery latency recorded so far, in milliseconds */
    public double meanDeliveryLatencyMs() {
        return deliveryLatency.mean(TimeUnit.MILLISECONDS);
    }

    /** Removes this node's meters from the registry. */
    @Override
    public void close() {
        for (Meter meter : meters) {
            registry.remove(meter);
        }
    }
}
