package org.gcs.examples.cli;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.gcs.FlowStatus;
import org.gcs.GcsNode;
import org.gcs.GroupMember;
import org.gcs.GroupTree;
import org.gcs.GroupView;

/**
 * Counts what a {@code gcs node} sends and delivers, and formats its status and view lines. A status line reads
 * <pre>
 * HH:mm:ss LABEL SELF delegate=yes|no[ (DELEGATE)] views=GROUP:N members/M sites,...[ SITE-CONFLICT=SITE,...] sent=N delivered=N
 *     unstable=BYTES/PEAK window=BYTES rtx=PACKETS/PEAK flows=GROUP:RATE[@SITE],...
 *     [drops=REASON:N,...] [stalled=SECONDSs] [excluded=GROUP:N,...] [heldback=SECONDSs]
 *     checked=N dup=N ooo=N from=SENDER:CONTIGUOUS/DISTINCT,... gaps=SENDER:GAPS/HIGHEST,...
 * </pre>
 * on one line. {@code unstable} is this node's unstable payload bytes ({@link GcsNode#unstableBytes()}) and the
 * highest value sampled since start, {@code window} its current send window, {@code rtx} the packets in its
 * retransmit buffers (a delegate's; 0 otherwise) and their sampled peak; peaks come from {@link #sample()}, which
 * {@code gcs node} calls every 100 ms. {@code flows} lists, on a delegate, each group's allowed sending rate in
 * bytes per second on the wire ({@code unlimited} while no other site receives the group) and the receiving site
 * that limits it, if one does;
 * {@code flows=none} elsewhere. Then the check fields of a {@link DeliveryTracker}: {@code from=none} before the
 * first check message, else one entry per sender ({@code site/member}, sorted), separated by commas; likewise
 * {@code gaps} (missing ranges and highest sequence number per sender), last on the line.
 */
final class NodeStatus {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final GcsNode node;
    private final List<String> groups;
    private final LongSupplier sent;
    private final DeliveryTracker tracker;
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong peakUnstableBytes = new AtomicLong();
    private final AtomicLong peakRetransmitBufferPackets = new AtomicLong();
    private final io.micrometer.core.instrument.MeterRegistry registry;
    /** Where the {@code views} field comes from: the node, or the total-order member over it (agreed views). */
    private volatile GroupMember views;

    /**
     * @param node the node
     * @param groups the groups it joined at start
     * @param sent messages this node sent so far (chat lines and generated traffic)
     * @param tracker checks the delivered check messages
     */
    NodeStatus(GcsNode node, List<String> groups, LongSupplier sent, DeliveryTracker tracker) {
        this(node, groups, sent, tracker, null);
    }

    /**
     * @param node the node
     * @param groups the groups it joined at start
     * @param sent messages this node sent so far (chat lines and generated traffic)
     * @param tracker checks the delivered check messages
     * @param registry the node's meters, for the trouble fields (drops, stall, exclusions); null for none
     */
    NodeStatus(GcsNode node, List<String> groups, LongSupplier sent, DeliveryTracker tracker,
               io.micrometer.core.instrument.MeterRegistry registry) {
        this.registry = registry;
        this.node = node;
        this.views = node;
        this.groups = List.copyOf(groups);
        this.sent = sent;
        this.tracker = tracker;
    }

    /**
     * Takes the {@code views} field from a member over the node instead of the node (a total-order member: its
     * agreed views, which the minority side of a partition keeps while it is blocked).
     *
     * @param member the member whose views to show
     * @return this
     */
    NodeStatus viewsOf(GroupMember member) {
        this.views = member;
        return this;
    }

    /** Counts one delivered message. */
    void delivered() {
        delivered.incrementAndGet();
    }

    /** Samples the node's unstable bytes and retransmit buffer for the peaks the status line shows. */
    void sample() {
        peakUnstableBytes.accumulateAndGet(node.unstableBytes(), Math::max);
        peakRetransmitBufferPackets.accumulateAndGet(node.retransmitBufferPackets(), Math::max);
    }

    /**
     * @param label the line's second word, e.g. {@code status} or {@code final}
     * @return one status line: delegate or not, the views, messages sent and delivered, buffers and allowed rates,
     *         the delivery check
     */
    String line(String label) {
        StringBuilder line = new StringBuilder();
        line.append(LocalTime.now().format(TIME)).append(' ').append(label).append(' ').append(node.self())
                .append(" delegate=").append(node.isDelegate() ? "yes" : "no");
        node.delegate().filter(d -> !node.isDelegate()).ifPresent(d -> line.append(" (").append(d).append(')'));
        line.append(" views=");
        if (groups.isEmpty()) {
            line.append("none");
        }
        for (int i = 0; i < groups.size(); i++) {
            String group = groups.get(i);
            line.append(i == 0 ? "" : ",").append(group).append(':');
            line.append(views.view(group).map(v -> v.size() + " members/" + v.sites().size() + " sites")
                    .orElse("none"));
        }
        if (!node.conflictedSites().isEmpty()) { // two LANs configured with one site name: say so on every line
            line.append(" SITE-CONFLICT=").append(String.join(",", node.conflictedSites()));
        }
        line.append(" sent=").append(sent.getAsLong()).append(" delivered=").append(delivered.get());
        long unstableBytes = node.unstableBytes();
        long retransmitBufferPackets = node.retransmitBufferPackets();
        appendBuffers(line, unstableBytes, peakUnstableBytes.accumulateAndGet(unstableBytes, Math::max),
                node.sendWindowBytes(), retransmitBufferPackets,
                peakRetransmitBufferPackets.accumulateAndGet(retransmitBufferPackets, Math::max));
        appendFlows(line, node.flows());
        if (registry != null) {
            appendTrouble(line, Trouble.of(registry));
        }
        appendCheck(line, tracker.snapshot());
        return line.toString();
    }

    /**
     * @param line where to append
     * @param unstableBytes the node's unstable payload bytes now
     * @param peakUnstableBytes the most seen so far
     * @param sendWindowBytes its send window now
     * @param retransmitBufferPackets packets in its retransmit buffers now
     * @param peakRetransmitBufferPackets the most seen so far
     */
    static void appendBuffers(StringBuilder line, long unstableBytes, long peakUnstableBytes, long sendWindowBytes,
                              long retransmitBufferPackets, long peakRetransmitBufferPackets) {
        line.append(" unstable=").append(unstableBytes).append('/').append(peakUnstableBytes)
                .append(" window=").append(sendWindowBytes)
                .append(" rtx=").append(retransmitBufferPackets).append('/').append(peakRetransmitBufferPackets);
    }

    /**
     * @param line where to append
     * @param flows the node's flows (a delegate's; empty elsewhere)
     */
    static void appendFlows(StringBuilder line, List<FlowStatus> flows) {
        line.append(" flows=");
        if (flows.isEmpty()) {
            line.append("none");
        }
        String separator = "";
        for (FlowStatus flow : flows) {
            double rate = flow.allowedRateBytesPerSec();
            line.append(separator).append(flow.group()).append(':')
                    .append(rate < Double.MAX_VALUE ? Long.toString(Math.round(rate)) : "unlimited");
            flow.limitingSite().ifPresent(site -> line.append('@').append(site));
            separator = ",";
        }
    }

    /**
     * What went wrong so far, from the node's meters: drops by reason, how long this member's full delivery backlog
     * has been holding its site back, and the groups it was excluded from (the member stall policy).
     *
     * @param drops dropped WAN datagrams and LAN messages by reason (LAN reasons prefixed {@code lan-}, e.g. {@code lan-forged-origin}), non-zero only
     * @param stallSeconds how long the delivery backlog has been full, 0 while the listeners keep up
     * @param excluded how often this member was excluded, by group, non-zero only
     * @param heldBackSeconds on a delegate, how long the oldest message from another site has waited for a member of
     *     this site (the delegate's WARN line names the member)
     */
    record Trouble(Map<String, Long> drops, double stallSeconds, Map<String, Long> excluded, double heldBackSeconds) {
        /** Trouble without the delegate's view. */
        Trouble(Map<String, Long> drops, double stallSeconds, Map<String, Long> excluded) {
            this(drops, stallSeconds, excluded, 0);
        }

        static Trouble of(io.micrometer.core.instrument.MeterRegistry registry) {
            Map<String, Long> drops = new java.util.TreeMap<>();
            for (io.micrometer.core.instrument.Counter c : registry.find("gcs.wan.datagrams.dropped").counters()) {
                long n = (long) c.count();
                if (n > 0) {
                    drops.merge(c.getId().getTag("reason"), n, Long::sum);
                }
            }
            for (io.micrometer.core.instrument.Counter c : registry.find("gcs.lan.messages.dropped").counters()) {
                long n = (long) c.count();
                if (n > 0) {
                    drops.merge("lan-" + c.getId().getTag("reason"), n, Long::sum);
                }
            }
            Map<String, Long> excluded = new java.util.TreeMap<>();
            for (io.micrometer.core.instrument.Counter c : registry.find("gcs.members.excluded").counters()) {
                long n = (long) c.count();
                if (n > 0) {
                    excluded.merge(c.getId().getTag("group"), n, Long::sum);
                }
            }
            double stall = 0;
            for (io.micrometer.core.instrument.Gauge g : registry.find("gcs.delivery.stall").gauges()) {
                stall = Math.max(stall, g.value());
            }
            double heldBack = 0;
            for (io.micrometer.core.instrument.Gauge g : registry.find("gcs.site.held.back").gauges()) {
                heldBack = Math.max(heldBack, g.value());
            }
            return new Trouble(drops, stall, excluded, heldBack);
        }
    }

    /**
     * Appends {@code drops=REASON:N,...}, {@code stalled=SECONDSs}, {@code excluded=GROUP:N,...} and (a delegate,
     * from one second on) {@code heldback=SECONDSs}, each only when it is not zero (a healthy node's line stays as it
     * was).
     *
     * @param line where to append
     * @param trouble what went wrong so far
     */
    static void appendTrouble(StringBuilder line, Trouble trouble) {
        appendCounts(line, " drops=", trouble.drops());
        if (trouble.stallSeconds() > 0) {
            line.append(String.format(java.util.Locale.ROOT, " stalled=%.1fs", trouble.stallSeconds()));
        }
        appendCounts(line, " excluded=", trouble.excluded());
        if (trouble.heldBackSeconds() >= 1) {
            line.append(String.format(java.util.Locale.ROOT, " heldback=%.1fs", trouble.heldBackSeconds()));
        }
    }

    private static void appendCounts(StringBuilder line, String field, Map<String, Long> counts) {
        if (counts.isEmpty()) {
            return;
        }
        line.append(field);
        String separator = "";
        for (Map.Entry<String, Long> e : counts.entrySet()) {
            line.append(separator).append(e.getKey()).append(':').append(e.getValue());
            separator = ",";
        }
    }

    /**
     * @param line where to append
     * @param check the delivery check so far
     */
    static void appendCheck(StringBuilder line, DeliveryTracker.Snapshot check) {
        line.append(" checked=").append(check.checked()).append(" dup=").append(check.duplicates())
                .append(" ooo=").append(check.outOfOrder()).append(" from=");
        if (check.bySender().isEmpty()) {
            line.append("none");
        }
        String separator = "";
        for (Map.Entry<String, DeliveryTracker.SenderCounts> e : check.bySender().entrySet()) {
            line.append(separator).append(e.getKey()).append(':').append(e.getValue().contiguous()).append('/')
                    .append(e.getValue().distinct());
            separator = ",";
        }
        line.append(" gaps=");
        if (check.bySender().isEmpty()) {
            line.append("none");
        }
        separator = "";
        for (Map.Entry<String, DeliveryTracker.SenderCounts> e : check.bySender().entrySet()) {
            line.append(separator).append(e.getKey()).append(':').append(e.getValue().gaps()).append('/')
                    .append(e.getValue().highest());
            separator = ",";
        }
    }

    /**
     * @param tree a new multicast tree of a group
     * @return a line describing it: {@code HH:mm:ss tree GROUP vVERSION root=SITE edges=PARENT>CHILD,...} (or
     *         {@code edges=none})
     */
    static String treeLine(GroupTree tree) {
        StringBuilder line = new StringBuilder(LocalTime.now().format(TIME)).append(" tree ").append(tree.group())
                .append(" v").append(tree.version()).append(" root=").append(tree.root()).append(" edges=");
        if (tree.edges().isEmpty()) {
            line.append("none");
        }
        String separator = "";
        for (GroupTree.Edge edge : tree.edges()) {
            line.append(separator).append(edge.parent()).append('>').append(edge.child());
            separator = ",";
        }
        return line.toString();
    }

    /** @return the time of day as the lines start with: {@code HH:mm:ss} */
    static String time() {
        return LocalTime.now().format(TIME);
    }

    /**
     * @param group a group this node was excluded from (the member stall policy)
     * @param reason why
     * @return a line saying so
     */
    static String excludedLine(String group, String reason) {
        return LocalTime.now().format(TIME) + " excluded " + group + ": " + reason + "; joining again";
    }

    /**
     * @param view a new view
     * @return a line describing it
     */
    static String viewLine(GroupView view) {
        return LocalTime.now().format(TIME) + " view " + view.group() + " #" + view.viewId() + ": " + view.size()
                + " members in " + view.sites().size() + " site(s) " + view.members();
    }
}
