package org.gcs.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import org.gcs.GroupTree;
import org.gcs.GroupView;

/**
 * The gauges of one node's state: delegate or not, the multicast tree of each joined group, the view of each joined
 * group (members, sites), the send buffers ({@code GcsNode.unstableBytes()}, {@code sendWindowBytes()},
 * {@code retransmitBufferPackets()}), the delivery backlog and how long the site is held back. Thread-safe.
 */
final class NodeStateMeters {
    private final NodeMeters meters;
    private final String site;
    private final AtomicInteger delegate = new AtomicInteger();
    private final AtomicLong treeVersion = new AtomicLong();
    private final AtomicLong siteHeldBackNs = new AtomicLong();
    private final AtomicInteger conflictedSites = new AtomicInteger();
    private final Map<String, GroupTree> trees = new ConcurrentHashMap<>();
    private final Map<String, GroupView> views = new ConcurrentHashMap<>();
    private final Map<String, List<Meter>> viewMeters = new ConcurrentHashMap<>();

    /**
     * @param meters where to register
     * @param site the node's site
     */
    NodeStateMeters(NodeMeters meters, String site) {
        this.meters = meters;
        this.site = site;
        meters.gauge(GcsMeters.DELEGATE, Tags.empty(), delegate, AtomicInteger::get);
        meters.gauge(GcsMeters.TREE_VERSION, Tags.empty(), treeVersion, AtomicLong::get);
        meters.gauge(GcsMeters.SITE_HELD_BACK, Tags.empty(), siteHeldBackNs, n -> n.get() / 1e9);
        meters.gauge(GcsMeters.SITES_CONFLICTED, Tags.empty(), conflictedSites, AtomicInteger::get);
    }

    void delegate(boolean isDelegate) {
        delegate.set(isDelegate ? 1 : 0);
    }

    void siteHeldBack(long heldNs) {
        siteHeldBackNs.set(heldNs);
    }

    void conflictedSites(int sites) {
        conflictedSites.set(sites);
    }

    int conflictedSites() {
        return conflictedSites.get();
    }

    /** Keeps the tree gauges current (registered on a group's first tree). */
    void treeChanged(GroupTree tree) {
        treeVersion.accumulateAndGet(tree.version(), Math::max);
        if (trees.put(tree.group(), tree) == null) {
            String group = tree.group();
            meters.gauge(GcsMeters.TREE_SITES, Tags.of("group", group), trees, t -> t.get(group).sites().size());
            meters.gauge(GcsMeters.TREE_CHILDREN, Tags.of("group", group), trees,
                    t -> t.get(group).childrenOf(site).size());
        }
    }

    /** Keeps the view gauges of a joined group current (registered on the group's first view). */
    void viewChanged(GroupView view) {
        String group = view.group();
        if (views.put(group, view) == null) {
            Tags tags = Tags.of("group", group);
            viewMeters.put(group, List.of(
                    meters.gauge(GcsMeters.VIEW_MEMBERS, tags, views, v -> size(v.get(group), false)),
                    meters.gauge(GcsMeters.VIEW_SITES, tags, views, v -> size(v.get(group), true))));
        }
    }

    private static double size(GroupView view, boolean sites) {
        return view == null ? Double.NaN : sites ? view.sites().size() : view.size();
    }

    /** This node left a group: its view gauges go. */
    void groupLeft(String group) {
        List<Meter> gone = viewMeters.remove(group);
        if (gone != null) {
            gone.forEach(meters::remove); // before the view goes, so that no scrape reads the NaN of a missing view
        }
        views.remove(group);
    }

    /** Reads the send buffers of the running node. */
    void bindSendBuffers(LongSupplier unstableBytes, LongSupplier sendWindowBytes,
                         IntSupplier retransmitBufferPackets) {
        meters.gauge(GcsMeters.SEND_UNSTABLE, Tags.empty(), unstableBytes, b -> (double) b.getAsLong());
        meters.gauge(GcsMeters.SEND_WINDOW, Tags.empty(), sendWindowBytes, b -> (double) b.getAsLong());
        meters.gauge(GcsMeters.RETRANSMIT_BUFFER, Tags.empty(), retransmitBufferPackets, p -> (double) p.getAsInt());
    }

    /**
     * Reads the WAN peers reported as misconfigured: failing authentication, clocks too far off, the largest offset
     * (ms).
     */
    void bindWanPeers(IntSupplier unauthenticatedPeers, IntSupplier skewedPeers, LongSupplier largestSkewMs) {
        meters.gauge(GcsMeters.WAN_PEERS_UNAUTHENTICATED, Tags.empty(), unauthenticatedPeers,
                p -> (double) p.getAsInt());
        meters.gauge(GcsMeters.WAN_PEERS_SKEWED, Tags.empty(), skewedPeers, p -> (double) p.getAsInt());
        meters.gauge(GcsMeters.WAN_CLOCK_SKEW, Tags.empty(), largestSkewMs, ms -> ms.getAsLong() / 1e3);
    }

    /** Reads the delivery backlog: how long it has been full (ns) and the bytes waiting for the listeners. */
    void bindDeliveryBacklog(LongSupplier stallNs, LongSupplier backlogBytes) {
        meters.gauge(GcsMeters.DELIVERY_STALL, Tags.empty(), stallNs, s -> s.getAsLong() / 1e9);
        meters.gauge(GcsMeters.DELIVERY_BACKLOG, Tags.empty(), backlogBytes, b -> (double) b.getAsLong());
    }
}
