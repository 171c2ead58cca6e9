package org.gcs.internal.wire;

import java.util.List;
import org.gcs.internal.wire.WanPacket.TreeEdge;

/**
 * The tree one source's packets follow, in a {@link WanPacket.TreeAnnounce} with a tree per source.
 *
 * @param source the source site, the tree's root
 * @param edges the tree's edges (every other site of the plan is a child exactly once) with the coordinator's
 *     cost estimate
 */
public record SourceTree(String source, List<TreeEdge> edges) {
    /** Makes the list immutable. */
    public SourceTree {
        edges = List.copyOf(edges);
    }
}
