package org.gcs.internal.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.gcs.cc.api.DirectedEdge;
import org.gcs.alm.tree.LinkCosts;
import org.gcs.alm.tree.SpanningTree;
import org.gcs.alm.tree.TreeMaintainer;
import org.gcs.alm.tree.TreePlan;
import org.gcs.alm.tree.TreeStrategies;
import org.gcs.alm.tree.TreeStrategy;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.LinkReport;
import org.gcs.internal.wire.WanPacket.Probe;
import org.gcs.internal.wire.WanPacket.ProbeReply;
import org.gcs.internal.wire.SourceTree;
import org.gcs.internal.wire.WanPacket.TreeAnnounce;
import org.gcs.internal.wire.WanPacket.TreeEdge;

/**
 * A delegate's part in the overlay's multicast tree: it probes the links to the other delegates (RTT, loss;
 * {@link LinkProbes}), reports them in its site announcements, and holds the tree plan every delegate uses.
 *
 * <p>The <em>coordinator</em> is the live site with the smallest name (each delegate decides from its own
 * directory; they agree once the overlay membership is stable). The coordinator builds the plan from everyone's
 * link reports with the configured {@link TreeStrategy} ({@link TreeMaintainer}: at once when the set of sites
 * or a site's delegate changes, and on a slower refresh when link costs improve clearly) and publishes it with a
 * version above every version it has seen. Every delegate adopts the highest version it receives, so all
 * delegates forward along the same tree once the overlay is stable.
 */
final class TreeOverlay {
    /** Cost assumed for a link nobody measured yet: long enough that known links are preferred. */
    static final long UNKNOWN_COST_NS = 1_000_000_000L;
    /** Least time between two rebuilds caused by newly measured links (membership changes rebuild at once). */
    static final long MEASUREMENT_REBUILD_SPACING_NS = 1_000_000_000L;
    /** How often the coordinator looks at costs when nothing forces a rebuild. */
    static final long COORDINATION_INTERVAL_NS = 100_000_000L;

    /** What the overlay asks the delegate to send. */
    interface Output {
        /** Send a packet to a live site's delegate. */
        void toSite(String site, WanPacket packet);

        /** The plan in use changed (publish it to the site). */
        void planChanged(TreeAnnounce plan);
    }

    private final String site;
    private final TreeStrategy strategy;
    private final TreeMaintainer maintainer;
    private final int maxFanOut;
    private final long probeIntervalNs;
    private final LinkProbes links;
    private final boolean swimMembership;
    private final Map<String, List<LinkReport>> reported = new HashMap<>();
    /** The plan version each site reported using. */
    private final Map<String, Long> reportedVersions = new HashMap<>();
    /** When the plan was last re-sent to each site that reported an older version. */
    private final Map<String, Long> lastResendNs = new HashMap<>();
    private TreeAnnounce announced;
    private TreePlan plan;
    private long highestSeenVersion;
    /** With SWIM, the most time between two rebuilds for newly measured links (the refresh interval); without, 0. */
    private final long swimMeasurementSpacingCapNs;
    /**
     * The least time between two plans built for a change of sites: none without SWIM, a heartbeat with it (while a
     * thousand sites join, a plan for every change, to every site, was most of the control traffic).
     */
    private final long minRebuildSpacingNs;
    private boolean rebuildDue;
    /** Directed links with a measurement when the plan was last built: more known links means a better plan. */
    private int measuredLinksAtBuild;
    private int measuredLinks;
    private long lastBuildNs = Long.MIN_VALUE / 2;
    private long lastCoordinationNs = Long.MIN_VALUE / 2;

    TreeOverlay(EngineSettings settings) {
        this.site = settings.site();
        this.strategy = TreeStrategies.byName(settings.treeStrategy());
        this.maxFanOut = settings.maxFanOut();
        this.maintainer = new TreeMaintainer(strategy, maxFanOut, settings.treeRefreshNs(), 0.2);
        this.probeIntervalNs = settings.probeIntervalNs();
        this.links = new LinkProbes(settings);
        this.swimMembership = settings.swimMembership();
        this.minRebuildSpacingNs = settings.swimMembership() ? settings.heartbeatNs() : 0;
        this.swimMeasurementSpacingCapNs = settings.swimMembership() ? settings.treeRefreshNs() : 0;
    }

    /**
     * The least time between two rebuilds for newly measured links. Without SWIM every link is probed each
     * interval: {@value #MEASUREMENT_REBUILD_SPACING_NS} ns. With SWIM a delegate probes
     * {@value LinkProbes#SWIM_PROBES_PER_INTERVAL} sites an interval, so its links are all measured only after
     * N / 2 intervals, and a rebuild for each new measurement would announce a plan every second: one rebuild per such
     * round at most (1.5 s at 6 sites, so that a small overlay soon has its measured tree), but at least every
     * {@code tree.refresh.interval} (a round of 1024 intervals at 2048 sites).
     */
    private long measurementRebuildSpacingNs(int sites) {
        if (swimMeasurementSpacingCapNs == 0) {
            return MEASUREMENT_REBUILD_SPACING_NS;
        }
        long roundNs = (long) Math.ceil((sites - 1) / (double) LinkProbes.SWIM_PROBES_PER_INTERVAL) * probeIntervalNs;
        return Math.max(MEASUREMENT_REBUILD_SPACING_NS, Math.min(roundNs, swimMeasurementSpacingCapNs));
    }

    /** Starts from the plan the site knew before this node became delegate (from the previous delegate). */
    void startFrom(TreeAnnounce known, long nowNs) {
        if (known != null) {
            adopt(known, nowNs, null);
        }
        rebuildDue = true;
    }

    // ---------------------------------------------------------------- probing

    void onProbe(String fromSite, Probe probe, Output out) {
        out.toSite(fromSite, LinkProbes.answer(probe));
    }

    void onProbeReply(String fromSite, ProbeReply reply, long nowNs) {
        links.onProbeReply(fromSite, reply, nowNs);
    }

    /** @return this delegate's measurements, for its site announcement ({@link LinkProbes#linkReports}) */
    List<LinkReport> linkReports() {
        return links.linkReports();
    }

    /**
     * Only the coordinator builds plans from the link reports, so only it and the site that would coordinate after
     * it (the two smallest names among the live sites and this one) get them; the other announcements carry none.
     * With reports to every site, every announcement carried N reports to N sites: the control plane grew with N³.
     *
     * @param peer a live remote site
     * @param liveSites the remote sites alive in the directory
     * @return true if this delegate's announcements to {@code peer} carry its link reports
     */
    boolean reportsTo(String peer, SortedSet<String> liveSites) {
        int smaller = site.compareTo(peer) < 0 ? 1 : 0; // sites before peer among the live ones and this one
        for (String live : liveSites) {
            if (smaller >= 2 || live.compareTo(peer) >= 0) {
                break;
            }
            smaller++;
        }
        return smaller < 2;
    }

    /** @return the measured RTT to a site's delegate, if any */
    OptionalLong rttNs(String peer) {
        return links.rttNs(peer);
    }

    /** @return the measured probe loss rate to a site's delegate */
    double lossRate(String peer) {
        return links.lossRate(peer);
    }

    // ---------------------------------------------------------------- what other delegates tell

    /**
     * A site announced the plan version it uses and, if it {@linkplain #reportsTo reports to} this delegate, its
     * link measurements. An announcement without measurements keeps the last ones.
     */
    void onSiteReport(String fromSite, List<LinkReport> reports, long treeVersion) {
        if (!reports.isEmpty()) {
            reported.put(fromSite, reports);
        }
        reportedVersions.put(fromSite, treeVersion);
        highestSeenVersion = Math.max(highestSeenVersion, treeVersion);
    }

    /** A site appeared, left, or got a new delegate: the coordinator rebuilds the tree. */
    void onSitesChanged() {
        rebuildDue = true;
    }

    /** A site is gone: forget its measurements. */
    void forget(String peer) {
        measuredLinksAtBuild = 0;
        links.forget(peer);
        reported.remove(peer);
        reportedVersions.remove(peer);
        lastResendNs.remove(peer);
        rebuildDue = true;
    }

    /** A plan arrived from the coordinator (or a delegate that thinks it is). */
    void onAnnounce(TreeAnnounce announce, long nowNs, Output out) {
        highestSeenVersion = Math.max(highestSeenVersion, announce.version());
        if (announced == null || announce.version() > announced.version()) {
            adopt(announce, nowNs, out);
        }
    }

    private void adopt(TreeAnnounce announce, long nowNs, Output out) {
        TreePlan adopted = toPlan(announce);
        if (adopted == null) {
            return; // inconsistent plan: keep the current one
        }
        announced = announce;
        plan = adopted;
        nextHopCache.clear();
        edgeCache.clear();
        highestSeenVersion = Math.max(highestSeenVersion, announce.version());
        maintainer.adopt(adopted, nowNs);
        if (out != null) {
            out.planChanged(announce);
        }
    }

    // ---------------------------------------------------------------- timer

    /**
     * Sends due probes and, when this delegate coordinates, builds and publishes plans.
     *
     * @param liveSites the remote sites alive in the directory
     */
    void onTick(SortedSet<String> liveSites, long nowNs, Output out) {
        links.onTick(liveSites, nowNs, out);
        boolean rebuildAllowed = nowNs - lastBuildNs >= minRebuildSpacingNs;
        if (isCoordinator(liveSites) && (rebuildDue && rebuildAllowed
                || nowNs - lastCoordinationNs >= COORDINATION_INTERVAL_NS)) {
            lastCoordinationNs = nowNs;
            coordinate(liveSites, nowNs, out);
        }
        resendStalePlans(liveSites, nowNs, out);
    }

    private boolean isCoordinator(SortedSet<String> liveSites) {
        return liveSites.isEmpty() || site.compareTo(liveSites.first()) < 0;
    }

    private void coordinate(SortedSet<String> liveSites, long nowNs, Output out) {
        if (nowNs - lastBuildNs < minRebuildSpacingNs) {
            // with SWIM, nothing to look at until the spacing is over: TreeMaintainer.onTick would build a plan for a
            // change of sites at once, every coordination interval, and while 2048 sites joined that was most of the
            // coordinator's work (a plan then cost O(N³), now O(N² log N)) and of its traffic (each plan to every
            // site, in 20 pieces)
            return;
        }
        SortedSet<String> sites = new TreeSet<>(liveSites);
        sites.add(site);
        LinkCosts costs = costs(sites);
        Optional<TreePlan> next;
        if (measuredLinks > measuredLinksAtBuild && nowNs - lastBuildNs >= measurementRebuildSpacingNs(sites.size())) {
            rebuildDue = true; // links measured for the first time: the last plan guessed their cost
        }
        boolean build = rebuildDue && nowNs - lastBuildNs >= minRebuildSpacingNs;
        if (build) {
            rebuildDue = false;
            measuredLinksAtBuild = measuredLinks;
            lastBuildNs = nowNs;
            TreePlan built = strategy.plan(sites, costs, maxFanOut);
            maintainer.adopt(built, nowNs);
            // with SWIM, a plan the same as the current one is not announced again: at a thousand sites every
            // announcement is tens of datagrams to every site
            next = swimMembership && built.equals(plan) ? Optional.empty() : Optional.of(built);
        } else {
            next = maintainer.onTick(sites, costs, nowNs);
        }
        if (next.isPresent()) {
            long version = Math.max(highestSeenVersion, announced == null ? 0 : announced.version()) + 1;
            TreeAnnounce announce = toAnnounce(version, next.get(), costs);
            adopt(announce, nowNs, out);
            for (String peer : liveSites) {
                out.toSite(peer, announce);
            }
        }
    }

    /** Sends the current plan to delegates that report an older version (lost announcements, new delegates). */
    private void resendStalePlans(SortedSet<String> liveSites, long nowNs, Output out) {
        if (announced == null || !isCoordinator(liveSites)) {
            return;
        }
        long spacingNs = Math.max(probeIntervalNs, 500_000_000L);
        for (String peer : liveSites) {
            Long theirs = reportedVersions.get(peer);
            boolean stale = theirs == null || theirs < announced.version();
            if (stale && nowNs - lastResendNs.getOrDefault(peer, Long.MIN_VALUE / 2) >= spacingNs) {
                lastResendNs.put(peer, nowNs);
                out.toSite(peer, announced);
            }
        }
    }

    /** @return symmetric link costs from this delegate's probes and every other delegate's reports */
    private LinkCosts costs(SortedSet<String> sites) {
        LinkCosts.Builder builder = LinkCosts.builder(UNKNOWN_COST_NS);
        int measured = 0;
        for (String peer : links.peers()) {
            OptionalLong rtt = links.rttNs(peer);
            if (rtt.isPresent() && sites.contains(peer) && rtt.getAsLong() > 0) {
                builder.measured(site, peer, rtt.getAsLong());
                measured++;
            }
        }
        for (Map.Entry<String, List<LinkReport>> e : new TreeMap<>(reported).entrySet()) {
            if (!sites.contains(e.getKey())) {
                continue;
            }
            for (LinkReport report : e.getValue()) {
                if (sites.contains(report.site()) && report.rttMicros() > 0) {
                    builder.measured(e.getKey(), report.site(), report.rttMicros() * 1_000);
                    measured++;
                }
            }
        }
        measuredLinks = measured;
        return builder.build();
    }

    // ---------------------------------------------------------------- forwarding

    /**
     * @param sourceSite the site whose delegate numbered the packet
     * @param fromSite the neighbour it came from, or null at the source
     * @param memberSites the sites with members of the packet's group
     * @return where to send a first transmission next; empty without a plan or outside it
     */
    List<String> nextHops(String sourceSite, String fromSite, Set<String> memberSites) {
        if (plan == null || !plan.sites().contains(site) || !plan.sites().contains(sourceSite)) {
            return List.of();
        }
        if (nextHopCache.size() > NEXT_HOP_CACHE_LIMIT) {
            nextHopCache.clear();
        }
        return nextHopCache.computeIfAbsent(new HopKey(sourceSite, fromSite, memberSites),
                key -> List.copyOf(plan.nextHops(site, key.source, key.from, Set.copyOf(key.members))));
    }

    /**
     * Pruning per packet is avoidable work on the data path: results are kept until the plan changes. The member
     * sites are compared by identity: {@link OverlayMembership#memberSites} hands out one unmodifiable set per group
     * until the memberships change, and hashing a set of 512 sites for every packet at every delegate made the data
     * path grow with the group. An equal set in another instance costs one more cache entry, never a wrong answer.
     */
    private static final class HopKey {
        private final String source;
        private final String from;
        private final Set<String> members;

        HopKey(String source, String from, Set<String> members) {
            this.source = source;
            this.from = from;
            this.members = members;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof HopKey k && k.members == members && k.source.equals(source)
                    && Objects.equals(k.from, from);
        }

        @Override
        public int hashCode() {
            return (source.hashCode() * 31 + Objects.hashCode(from)) * 31 + System.identityHashCode(members);
        }
    }

    private static final int NEXT_HOP_CACHE_LIMIT = 10_000;
    private final Map<HopKey, List<String>> nextHopCache = new HashMap<>();
    private final Map<HopKey, List<DirectedEdge>> edgeCache = new HashMap<>();

    /**
     * The links a first transmission of {@code sourceSite} crosses (seed 000 Eq. 8's MT): the plan's tree for the
     * source pruned to the member sites and the source, directed away from the source. Kept until the plan changes,
     * keyed like {@link #nextHops} (the member-site set by identity).
     *
     * @param sourceSite the sending site
     * @param memberSites the sites with members of the group
     * @return the edges in breadth-first order from the source; empty without a plan, outside it, or when no other
     *     site has members
     */
    List<DirectedEdge> edgesFrom(String sourceSite, Set<String> memberSites) {
        if (plan == null || !plan.sites().contains(sourceSite)) {
            return List.of();
        }
        if (edgeCache.size() > NEXT_HOP_CACHE_LIMIT) {
            edgeCache.clear();
        }
        return edgeCache.computeIfAbsent(new HopKey(sourceSite, null, memberSites), key -> {
            Optional<SpanningTree> pruned = plan.groupTree(sourceSite, Set.copyOf(memberSites));
            if (pruned.isEmpty()) {
                return List.of();
            }
            List<DirectedEdge> edges = new ArrayList<>();
            ArrayDeque<String> frontier = new ArrayDeque<>(List.of(sourceSite));
            Set<String> seen = new HashSet<>(frontier);
            while (!frontier.isEmpty()) {
                String at = frontier.poll();
                for (String next : pruned.get().neighborsOf(at)) {
                    if (seen.add(next)) {
                        edges.add(new DirectedEdge(at, next));
                        frontier.add(next);
                    }
                }
            }
            return List.copyOf(edges);
        });
    }

    /** @return true if a site is part of the current plan (else its delegate is served directly) */
    boolean inPlan(String peer) {
        return plan != null && plan.sites().contains(peer);
    }

    /** @return the plan in use, if any */
    Optional<TreeAnnounce> current() {
        return Optional.ofNullable(announced);
    }

    /** @return the version of the plan in use, 0 if none */
    long version() {
        return announced == null ? 0 : announced.version();
    }

    // ---------------------------------------------------------------- conversions

    static TreeAnnounce toAnnounce(long version, TreePlan plan, LinkCosts costs) {
        List<String> sites = new ArrayList<>(plan.sites());
        if (plan.hasSourceTrees()) {
            List<SourceTree> trees = new ArrayList<>();
            for (String source : sites) {
                // in the order of the children's names, as the wire carries them, so a decoded plan is equal
                List<TreeEdge> edges = new ArrayList<>(announcedEdges(plan.treeFor(source), costs));
                edges.sort(Comparator.comparing(TreeEdge::child));
                trees.add(new SourceTree(source, edges));
            }
            return new TreeAnnounce(version, plan.strategy(), true, sites.get(0), sites, List.of(), trees);
        }
        if (plan.sourceRooted()) {
            return new TreeAnnounce(version, plan.strategy(), true, sites.get(0), sites, List.of(), List.of());
        }
        SpanningTree tree = plan.sharedTree().orElseThrow();
        return new TreeAnnounce(version, plan.strategy(), false, tree.root(), sites, announcedEdges(tree, costs),
                List.of());
    }

    private static List<TreeEdge> announcedEdges(SpanningTree tree, LinkCosts costs) {
        List<TreeEdge> edges = new ArrayList<>();
        for (SpanningTree.Edge edge : tree.edges()) {
            edges.add(new TreeEdge(edge.parent(), edge.child(), costs.costNs(edge.parent(), edge.child()) / 1_000));
        }
        return edges;
    }

    /** @return the plan, or null if the announcement does not describe a valid tree */
    static TreePlan toPlan(TreeAnnounce announce) {
        try {
            if (!announce.sourceTrees().isEmpty()) {
                Map<String, SpanningTree> trees = new HashMap<>();
                for (SourceTree tree : announce.sourceTrees()) {
                    trees.put(tree.source(), SpanningTree.of(tree.source(), parentsOf(tree.edges())));
                }
                return TreePlan.sourceTrees(announce.strategy(), trees);
            }
            if (announce.sourceRooted()) {
                return TreePlan.sourceStars(announce.strategy(), new TreeSet<>(announce.sites()));
            }
            return TreePlan.shared(announce.strategy(), SpanningTree.of(announce.root(), parentsOf(announce.edges())));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static Map<String, String> parentsOf(List<TreeEdge> edges) {
        Map<String, String> parents = new HashMap<>();
        for (TreeEdge edge : edges) {
            parents.put(edge.child(), edge.parent());
        }
        return parents;
    }
}
