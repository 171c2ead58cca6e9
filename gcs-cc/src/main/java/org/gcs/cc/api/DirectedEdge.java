package org.gcs.cc.api;

/**
 * One direction of an overlay link between two sites' delegates: what seed 000 prices ("the cost of its links",
 * one record per outgoing link, §IV-B.3).
 *
 * @param fromSite the site whose delegate sends on the link (and prices it)
 * @param toSite the neighbour it sends to
 */
public record DirectedEdge(String fromSite, String toSite) {
    /** Rejects blank or equal ends. */
    public DirectedEdge {
        if (fromSite == null || fromSite.isBlank() || toSite == null || toSite.isBlank()) {
            throw new IllegalArgumentException("an edge needs two site names, got " + fromSite + " -> " + toSite);
        }
        if (fromSite.equals(toSite)) {
            throw new IllegalArgumentException("an edge joins two different sites, got " + fromSite + " twice");
        }
    }

    @Override
    public String toString() {
        return fromSite + "->" + toSite;
    }
}
