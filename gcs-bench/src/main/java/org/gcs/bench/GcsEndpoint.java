package org.gcs.bench;

import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.gcs.FlowStatus;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigLoader;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.ReceivingFlowStatus;
import org.gcs.SendQueueFullException;
import org.gcs.order.OrderedListener;
import org.gcs.order.Ordering;
import org.gcs.order.TotalOrderMember;
import org.gcs.tools.cli.NodeSettings;

/**
 * A GCS node through the public API, configured like {@code gcs demo}'s nodes, in the keys of a node's properties
 * file ({@link GcsConfigLoader}): its site's LAN cluster on UDP multicast bound to 127.0.0.1 (cluster name and
 * multicast port of this run), its WAN socket on 127.0.0.1, seeded with the other sites' WAN ports, no link
 * emulation (no loss, no delay), every other setting at its default (TFRC congestion control included) unless
 * {@code gcs bench --set KEY=VALUE} overrides it. Every node joins one group: in FIFO order for
 * {@link BenchSystem#GCS}, in total order through a {@link TotalOrderMember} over the node for
 * {@link BenchSystem#GCS_TOTAL}, whose deliveries carry their position in the agreed order.
 */
final class GcsEndpoint implements BenchEndpoint {
    /** The group every node joins and the sender sends to. */
    static final String GROUP = "bench";

    /**
     * Keys the bench sets itself for every node (topology, addresses, key); {@code --set} may not override them.
     * Unlike the demo and the lab, the bench lets the other LAN settings through, e.g. {@code lan.protection=none}
     * (docs/security.md).
     */
    static final NodeSettings.OwnKeys OWN_KEYS = new NodeSettings.OwnKeys(Set.of("site", "member.name", "cluster.key",
            "cluster.key.hex", "cluster.key.file", "wan.bind", "wan.advertise", "seeds", "groups", "lan.transport",
            "lan.bind.address", "lan.mcast.address", "lan.mcast.port", "lan.tcp.port", "lan.tcp.initial.hosts",
            "lan.cluster.name", "emulation.topology", "emulation.seed")::contains,
            "the bench sets this one itself (topology, addresses, key)");

    private static final String HEARTBEAT = "500ms";
    private static final String SITE_TIMEOUT = "5s";

    /**
     * Sends the sender keeps in flight by default: enough for the node's event loop to find many at each wake-up,
     * few enough to stay far below {@code maxPendingSendBytes} (4 MiB) with 1000-byte messages. A count, not bytes,
     * because the loop's work per wake-up goes by messages: with 100-byte messages the same 256 are 25.6 KB.
     */
    static final int DEFAULT_SENDS_IN_FLIGHT = 256;
    /**
     * Payload bytes in flight at most, whatever the count: half the default {@code maxPendingSendBytes}; with the
     * default count it binds only for messages above 8 KiB.
     */
    private static final long MAX_BYTES_IN_FLIGHT = 2L << 20;
    /**
     * The WAN datagram size of the bench's GCS nodes: every "WAN" link of the bench is the loopback interface (MTU
     * 65 536), where RELAY2's TCP bridge sends segments of up to 64 KB and JGroups' UDP transport datagrams of up to
     * 64 KB; 8000 bytes is what a jumbo-frame network (MTU 9000) carries unfragmented. GCS's default of 1400 fits any
     * Internet path; {@code --set max.datagram.bytes=1400} measures it (docs/performance.md gives both).
     */
    static final int LOOPBACK_DATAGRAM_BYTES = 8000;

    /**
     * Total order: payload bytes of this member's own messages that may wait to be delivered
     * ({@link TotalOrderMember#MAX_UNDELIVERED_OWN_BYTES}), beyond which {@code sendAsync} throws
     * {@link SendQueueFullException}. The sender keeps at most this many bytes of its messages undelivered (its
     * own copy delivered frees the room), so that it waits instead of failing.
     */
    static final long TOTAL_ORDER_OWN_BYTES = TotalOrderMember.MAX_UNDELIVERED_OWN_BYTES;

    private final NodeSpec spec;
    private final int sendsInFlight;
    /** Total order: room for own messages not yet delivered here, in messages. */
    private final Semaphore ownUndelivered;
    private final Object ownDelivered = new Object();
    private long ownDeliveries;
    private final Semaphore inFlight;
    private final AtomicReference<Throwable> asyncFailure = new AtomicReference<>();
    private GcsNode node;
    private TotalOrderMember member;

    /** @param spec the node's part in the run */
    GcsEndpoint(NodeSpec spec) {
        this.spec = spec;
        this.sendsInFlight = spec.gcsSendsInFlight() <= 0 ? 0
                : (int) Math.max(1, Math.min(spec.gcsSendsInFlight(), MAX_BYTES_IN_FLIGHT / spec.messageBytes()));
        this.inFlight = new Semaphore(sendsInFlight);
        this.ownUndelivered = new Semaphore((int) Math.max(1, TOTAL_ORDER_OWN_BYTES / spec.messageBytes()));
    }

    private boolean total() {
        return spec.system() == BenchSystem.GCS_TOTAL;
    }

    /** @return how many sends the sender keeps in flight (0: the blocking send) */
    int sendsInFlight() {
        return sendsInFlight;
    }

    /**
     * @return the node's settings in the keys of a properties file, before the overrides; {@link BenchSystem#GCS_PLAIN}
     *         adds {@code lan.protection=none} and {@code wan.protection=integrity}
     */
    Properties properties() {
        Properties p = new Properties();
        p.setProperty("site", spec.site());
        p.setProperty("member.name", spec.member());
        p.setProperty("cluster.key.hex", spec.clusterKeyHex());
        p.setProperty("wan.bind", spec.hostAddress() + ":" + spec.wanPort());
        p.setProperty("seeds", String.join(",", spec.seedAddresses()));
        p.setProperty("heartbeat.interval", HEARTBEAT);
        p.setProperty("site.timeout", SITE_TIMEOUT);
        p.setProperty("lan.bind.address", "127.0.0.1");
        p.setProperty("lan.mcast.address", spec.mcastAddress());
        p.setProperty("lan.mcast.port", Integer.toString(spec.mcastPort()));
        p.setProperty("lan.cluster.name", spec.lanClusterName("gcs"));
        p.setProperty("lan.join.timeout", JGroupsStacks.LAN_JOIN_TIMEOUT_MS + "ms");
        if (spec.siteAddresses().isEmpty()) {
            // on an emulated WAN (MTU 1500) GCS keeps its default of 1400 bytes
            p.setProperty("max.datagram.bytes", Integer.toString(LOOPBACK_DATAGRAM_BYTES));
        }
        if (spec.system().protection() == Protection.PLAIN) {
            // the like-for-like counterpart of plain JGroups: no encryption anywhere, WAN datagrams still authenticated
            p.setProperty("lan.protection", "none");
            p.setProperty("wan.protection", "integrity");
        }
        return p;
    }

    /**
     * @return the node's configuration, the overrides ({@code gcs bench --set}) applied
     * @throws IllegalArgumentException if an override is invalid or one the bench sets itself
     */
    GcsConfig config() {
        NodeSettings overrides = NodeSettings.parse(null, null, spec.gcsSettings(), OWN_KEYS);
        return overrides.applyTo(GcsConfigLoader.fromProperties(properties(), "gcs bench")).build();
    }

    @Override
    public void start(Delivery delivery) {
        node = GcsNode.start(config());
        if (!total()) {
            node.onMessage(message -> delivery.deliver(message.sender().hashCode(), NO_POSITION, message.payload(), 0,
                    message.payload().length));
            node.join(GROUP);
            return;
        }
        member = TotalOrderMember.over(node);
        member.onOrdered(new OrderedListener() {
            @Override
            public void onMessage(GroupMessage message, long position) {
                delivery.deliver(message.sender().hashCode(), position, message.payload(), 0,
                        message.payload().length);
                if (message.sender().equals(node.self())) {
                    ownUndelivered.release();
                    synchronized (ownDelivered) {
                        ownDeliveries++;
                        ownDelivered.notifyAll();
                    }
                }
            }

            @Override
            public void onView(GroupView view, long position) {
                // the run's membership does not change while it is measured; ready() reads the agreed view
            }
        });
        member.join(GROUP, Ordering.TOTAL);
    }

    /** @return the total-order member over the node, null in FIFO order or before {@link #start} */
    TotalOrderMember member() {
        return member;
    }

    /** @return the node, null before {@link #start}; for tests that inspect it */
    GcsNode node() {
        return node;
    }

    /** In total order the agreed view, delivered once this member was admitted into the order. */
    @Override
    public boolean ready() {
        return (total() ? member.view(GROUP) : node.view(GROUP))
                .map(v -> v.size() == spec.totalMembers() && v.sites().size() == spec.sites().size())
                .orElse(false);
    }

    @Override
    public boolean master() {
        return node.isDelegate();
    }

    @Override
    public String describe() {
        return (total() ? member.view(GROUP) : node.view(GROUP)).map(GroupView::toString)
                .orElse("no view of " + GROUP) + ", delegate " + node.delegate().map(Object::toString).orElse("none")
                + (total() ? "; total order: " + member.describe(GROUP) : "");
    }

    @Override
    public String status() {
        StringBuilder text = new StringBuilder();
        if (total()) {
            text.append("total order: ").append(member.describe(GROUP)).append(String.format(Locale.ROOT,
                    ", own undelivered room %d messages; ", ownUndelivered.availablePermits()));
        }
        for (FlowStatus flow : node.flows()) {
            text.append(String.format(Locale.ROOT, "%s allowed %s%s", flow.controller(),
                    rate(flow.allowedRateBytesPerSec()), flow.slowStart() ? " (slow start)" : ""));
            for (FlowStatus.Receiver r : flow.receivers()) {
                text.append(String.format(Locale.ROOT, "; %s: rtt %.1f ms, %s %.4g", r.site(), r.rttMs(),
                        flow.congestionMeasure(), r.congestion()));
                r.lastFeedback().forEach((field, value) -> text.append(String.format(Locale.ROOT, ", %s %.4g", field,
                        value)));
            }
            for (FlowStatus.Sender s : flow.senders()) {
                text.append(String.format(Locale.ROOT, "; sender %s demands %s, granted %s", s.member(),
                        rate(s.demandBytesPerSec()), rate(s.grantBytesPerSec())));
            }
        }
        for (ReceivingFlowStatus incoming : node.receivingFlows()) {
            text.append(text.isEmpty() ? "" : "; ").append(String.format(Locale.ROOT, "from %s (%s)",
                    incoming.sourceSite(), incoming.controller()));
            incoming.values().forEach((field, value) -> text.append(String.format(Locale.ROOT, ", %s %.4g", field,
                    value)));
        }
        return text.toString();
    }

    private static String rate(double bytesPerSec) {
        if (Double.isNaN(bytesPerSec)) {
            return "-";
        }
        return Double.isInfinite(bytesPerSec) || bytesPerSec >= Double.MAX_VALUE / 2 ? "unlimited"
                : String.format(Locale.ROOT, "%.2f MB/s", bytesPerSec / 1e6);
    }

    /**
     * With {@code sendsInFlight} 0 the blocking {@link GcsNode#send}: it returns once the message is admitted, one
     * round trip to the node's event loop per message. Otherwise {@link GcsNode#sendAsync} with at most that many
     * not yet admitted, so that the loop takes several sends per wake-up, as JGroups' {@code JChannel.send} hands
     * its messages to a bundler queue.
     */
    @Override
    public void send(byte[] payload) throws Exception {
        if (total()) {
            sendTotal(payload);
            return;
        }
        if (sendsInFlight == 0) {
            node.send(GROUP, payload);
            return;
        }
        sendAsync(() -> node.sendAsync(GROUP, payload));
    }

    /**
     * Total order: waits for room among the own messages not yet delivered, then sends through the member as
     * {@link #send} does through the node. Should the member refuse all the same (its bound changed), it waits
     * for its next own delivery and tries again.
     */
    private void sendTotal(byte[] payload) throws Exception {
        ownUndelivered.acquire();
        while (true) {
            long delivered;
            synchronized (ownDelivered) {
                delivered = ownDeliveries;
            }
            try {
                if (sendsInFlight == 0) {
                    member.sendAsync(GROUP, payload).toCompletableFuture().get();
                } else {
                    sendAsync(() -> member.sendAsync(GROUP, payload));
                }
                return;
            } catch (SendQueueFullException full) {
                synchronized (ownDelivered) {
                    while (ownDeliveries == delivered) {
                        ownDelivered.wait();
                    }
                }
            }
        }
    }

    private void sendAsync(Supplier<CompletionStage<Void>> send) throws Exception {
        throwIfFailed();
        inFlight.acquire();
        try {
            send.get().whenComplete((ok, error) -> {
                if (error != null) {
                    asyncFailure.compareAndSet(null, error);
                }
                inFlight.release();
            });
        } catch (RuntimeException e) {
            inFlight.release();
            throw e;
        }
    }

    @Override
    public void flush() throws Exception {
        if (sendsInFlight > 0) {
            inFlight.acquire(sendsInFlight);
            inFlight.release(sendsInFlight);
            throwIfFailed();
        }
    }

    private void throwIfFailed() throws Exception {
        Throwable failure = asyncFailure.get();
        if (failure instanceof Exception e) {
            throw e;
        } else if (failure != null) {
            throw new IllegalStateException("sendAsync failed: " + failure, failure);
        }
    }

    @Override
    public void close() {
        if (member != null) {
            member.close();
        }
        if (node != null) {
            node.close();
        }
    }
}
