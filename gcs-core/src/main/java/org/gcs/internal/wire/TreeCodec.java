package org.gcs.internal.wire;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gcs.internal.wire.WanPacket.TreeAnnounce;
import org.gcs.internal.wire.WanPacket.TreeEdge;

/**
 * The body of a tree plan, shared by the WAN {@link TreeAnnounce} and the LAN {@code TreeInfo}: version u64,
 * strategy name, flags u8 (bit 0: source-rooted; bit 1: a tree per source, which needs bit 0), root name, sites
 * u16 × name, edges u16 × (parent, child, costMicros u64), then with bit 1, for every source in the order of the
 * sites and every other site in that order, the site's parent in the source's tree as an index into the sites
 * (u16) and the link's cost in µs (u32, saturated). Indices keep a plan of n sites at 6·n·(n−1) bytes for the
 * per-source trees. Decoding checks that every edge joins two listed sites and that every site but the tree's
 * root is a child exactly once, in the shared tree and in every source's.
 */
final class TreeCodec {
    private static final int FLAG_SOURCE_ROOTED = 1;
    private static final int FLAG_SOURCE_TREES = 2;
    /** Bytes per site and source of the per-source trees: parent index u16, cost u32. */
    private static final int SOURCE_ENTRY_BYTES = 6;

    private TreeCodec() {
    }

    static int size(TreeAnnounce t) {
        int size = 8 + WireWriter.textSize(t.strategy()) + 1 + WireWriter.textSize(t.root()) + 2;
        for (String site : t.sites()) {
            size += WireWriter.textSize(site);
        }
        size += 2;
        for (TreeEdge e : t.edges()) {
            size += WireWriter.textSize(e.parent()) + WireWriter.textSize(e.child()) + 8;
        }
        int n = t.sites().size();
        return size + (t.sourceTrees().isEmpty() ? 0 : SOURCE_ENTRY_BYTES * n * (n - 1));
    }

    static void write(WireWriter w, TreeAnnounce t) {
        int flags = (t.sourceRooted() ? FLAG_SOURCE_ROOTED : 0) | (t.sourceTrees().isEmpty() ? 0 : FLAG_SOURCE_TREES);
        w.i64(t.version()).text(t.strategy()).u8(flags).text(t.root()).u16(t.sites().size());
        for (String site : t.sites()) {
            w.text(site);
        }
        w.u16(t.edges().size());
        for (TreeEdge e : t.edges()) {
            w.text(e.parent()).text(e.child()).i64(e.costMicros());
        }
        if (!t.sourceTrees().isEmpty()) {
            writeSourceTrees(w, t);
        }
    }

    private static void writeSourceTrees(WireWriter w, TreeAnnounce t) {
        Map<String, Integer> index = new HashMap<>();
        for (String site : t.sites()) {
            index.put(site, index.size());
        }
        for (int s = 0; s < t.sites().size(); s++) {
            SourceTree tree = t.sourceTrees().get(s);
            Map<String, TreeEdge> edgeOf = new HashMap<>();
            for (TreeEdge e : tree.edges()) {
                edgeOf.put(e.child(), e);
            }
            for (String site : t.sites()) {
                if (site.equals(tree.source())) {
                    continue;
                }
                TreeEdge e = edgeOf.get(site);
                int costMicros = (int) Math.min(Integer.MAX_VALUE, Math.max(0, e.costMicros()));
                w.u16(index.get(e.parent())).u16(costMicros >>> 16).u16(costMicros & 0xffff);
            }
        }
    }

    static TreeAnnounce read(WireReader r) throws MalformedDatagramException {
        long version = r.u63("tree.version");
        String strategy = r.name("tree.strategy");
        int flags = r.u8();
        String root = r.name("tree.root");
        int siteCount = r.u16();
        List<String> sites = new ArrayList<>(siteCount);
        Set<String> known = new HashSet<>();
        for (int i = 0; i < siteCount; i++) {
            String site = r.name("tree.site");
            if (!known.add(site)) {
                throw new MalformedDatagramException(DropReason.MALFORMED, "site " + site + " listed twice");
            }
            sites.add(site);
        }
        int edgeCount = r.u16();
        List<TreeEdge> edges = new ArrayList<>(edgeCount);
        Set<String> children = new HashSet<>();
        for (int i = 0; i < edgeCount; i++) {
            TreeEdge edge = new TreeEdge(r.name("tree.parent"), r.name("tree.child"), r.u63("tree.cost"));
            if (!known.contains(edge.parent()) || !known.contains(edge.child()) || edge.child().equals(root)
                    || !children.add(edge.child())) {
                throw new MalformedDatagramException(DropReason.MALFORMED, "bad tree edge " + edge);
            }
            edges.add(edge);
        }
        boolean sourceRooted = (flags & FLAG_SOURCE_ROOTED) != 0;
        boolean sourceTrees = (flags & FLAG_SOURCE_TREES) != 0;
        if ((flags & ~(FLAG_SOURCE_ROOTED | FLAG_SOURCE_TREES)) != 0 || !known.contains(root)
                || (sourceTrees && !sourceRooted)
                || (!sourceRooted && edges.size() != sites.size() - 1) || (sourceRooted && !edges.isEmpty())) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "inconsistent tree plan");
        }
        List<SourceTree> trees = sourceTrees ? readSourceTrees(r, sites) : List.of();
        return new TreeAnnounce(version, strategy, sourceRooted, root, sites, edges, trees);
    }

    /**
     * Reads the per-source parents. Each index must name another listed site; that every source's parents form a
     * tree (no cycle) is left to the plan's construction, which rejects the announcement otherwise.
     */
    private static List<SourceTree> readSourceTrees(WireReader r, List<String> sites)
            throws MalformedDatagramException {
        int n = sites.size();
        List<SourceTree> trees = new ArrayList<>(n);
        for (int s = 0; s < n; s++) {
            List<TreeEdge> edges = new ArrayList<>(Math.max(0, n - 1));
            for (int child = 0; child < n; child++) {
                if (child == s) {
                    continue;
                }
                int parent = r.u16();
                long costMicros = r.u32("tree.source.cost");
                if (parent >= n || parent == child) {
                    throw new MalformedDatagramException(DropReason.MALFORMED, "bad parent " + parent + " of "
                            + sites.get(child) + " in the tree of " + sites.get(s));
                }
                edges.add(new TreeEdge(sites.get(parent), sites.get(child), costMicros));
            }
            trees.add(new SourceTree(sites.get(s), edges));
        }
        return trees;
    }
}
