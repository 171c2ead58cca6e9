package org.gcs.internal.wire;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.gcs.internal.wire.WanPacket.TreeAnnounce;
import org.gcs.internal.wire.WanPacket.TreeEdge;

/**
 * The body of a tree plan, shared by the WAN {@link TreeAnnounce} and the LAN {@code TreeInfo}: version u64,
 * strategy name, flags u8 (bit 0: source-rooted), root name, sites u16 × name, edges u16 × (parent, child,
 * costMicros u64). Decoding checks that every edge joins two listed sites and every site but the root is a
 * child exactly once.
 */
final class TreeCodec {
    private static final int FLAG_SOURCE_ROOTED = 1;

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
        return size;
    }

    static void write(WireWriter w, TreeAnnounce t) {
        w.i64(t.version()).text(t.strategy()).u8(t.sourceRooted() ? FLAG_SOURCE_ROOTED : 0).text(t.root())
                .u16(t.sites().size());
        for (String site : t.sites()) {
            w.text(site);
        }
        w.u16(t.edges().size());
        for (TreeEdge e : t.edges()) {
            w.text(e.parent()).text(e.child()).i64(e.costMicros());
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
        if ((flags & ~FLAG_SOURCE_ROOTED) != 0 || !known.contains(root)
                || (!sourceRooted && edges.size() != sites.size() - 1) || (sourceRooted && !edges.isEmpty())) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "inconsistent tree plan");
        }
        return new TreeAnnounce(version, strategy, sourceRooted, root, sites, edges);
    }
}
