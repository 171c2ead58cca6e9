package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.DirectedEdge;
import org.gcs.cc.api.LinkContext;
import org.gcs.cc.api.LinkPricer;
import org.gcs.internal.wire.LinkCost;
import org.gcs.internal.wire.WanPacket.LinkCosts;

/**
 * A delegate's link prices under a price-based controller (seed 000 §IV-B.3, §VI): the pricer of each of its own
 * outgoing hop-by-hop links, fed with the packets waiting in the link's output buffer, and the table of the prices
 * the other delegates advertised ("one cost record per outgoing link", O(#links)).
 *
 * <p>Advertising: when any own link is due (its pricer says when: T_min while priced, T_max otherwise, at once when
 * the price falls to 0), one {@link LinkCosts} names all of this delegate's links (decision A16), and goes to every
 * other delegate directly (with GCS's site counts the same as "multicasting to all the other daemons"). A received
 * advertisement newer than the last one of its site (a later delegate term, or a higher version in the same term)
 * replaces the advertiser's entries; one not refreshed within its lifetime (3·T_max) falls to 0
 * (decision A13); a site that expires is forgotten.
 *
 * <p>Every change comes back as a list of {@link EdgeCost}s, which the caller hands to the flows' controllers. A
 * controller that prices nothing ({@link CongestionControl#pricesLinks()} false) leaves the book inactive.
 */
final class LinkPriceBook {
    private static final double MILLI = 1000.0;

    private final String site;
    private final CongestionControl control;
    private final Map<String, LinkPricer> own = new TreeMap<>();
    private final Map<String, Double> ownAdvertised = new HashMap<>();
    private final Map<String, Advertised> others = new HashMap<>();
    private final boolean active;
    private long version;
    private long advertisements;

    /** A link's price as the flows should know it. */
    record EdgeCost(DirectedEdge edge, double costDollars) {
    }

    /** What one other delegate advertised last: its term, its version, when the prices expire, the prices. */
    private record Advertised(long term, long version, long expiresNs, Map<String, Double> costs) {
        /** @return true if an advertisement of that term and version is newer than this one */
        boolean olderThan(long otherTerm, long otherVersion) {
            return otherTerm > term || otherTerm == term && otherVersion > version;
        }
    }

    /**
     * @param site this delegate's site
     * @param control the node's controller
     */
    LinkPriceBook(String site, CongestionControl control) {
        this.site = site;
        this.control = control;
        this.active = control.pricesLinks();
    }

    /** @return true if the controller prices links */
    boolean active() {
        return active;
    }

    /**
     * The output buffer of the link to a neighbour holds this many waiting packets now.
     *
     * @param peer the neighbour
     * @param waitingPackets packets not yet sent
     * @param nowNs the current time
     */
    void onQueue(String peer, int waitingPackets, long nowNs) {
        if (!active) {
            return;
        }
        own.computeIfAbsent(peer, p -> control.newLinkPricer(new LinkContext(new DirectedEdge(site, p), nowNs)))
                .onQueue(waitingPackets, nowNs);
    }

    /**
     * Prices this delegate's own links and advertises them if due.
     *
     * @param nowNs the current time
     * @param changes receives the own links whose price changed, for the local flows
     * @return the advertisement to send to every other delegate, or null if none is due
     */
    LinkCosts onTick(long nowNs, List<EdgeCost> changes) {
        if (!active) {
            return null;
        }
        boolean due = false;
        long lifetimeNs = 0;
        for (Map.Entry<String, LinkPricer> e : own.entrySet()) {
            LinkPricer pricer = e.getValue();
            double cost = pricer.costDollars(nowNs);
            Double before = ownAdvertised.put(e.getKey(), cost);
            if (before == null || before != cost) {
                changes.add(new EdgeCost(new DirectedEdge(site, e.getKey()), cost));
            }
            due |= pricer.advertiseDue(nowNs);
            lifetimeNs = Math.max(lifetimeNs, pricer.lifetimeNs());
        }
        if (!due) {
            return null;
        }
        List<LinkCost> costs = new ArrayList<>(own.size());
        for (Map.Entry<String, LinkPricer> e : own.entrySet()) {
            e.getValue().onAdvertised(nowNs);
            if (costs.size() < LinkCosts.MAX_LINKS) {
                costs.add(new LinkCost(e.getKey(), (int) Math.min(0xFFFF, Math.round(ownAdvertised.get(e.getKey())
                        * MILLI))));
            }
        }
        advertisements++;
        return new LinkCosts(++version, Math.max(1, lifetimeNs / 1_000_000L), costs);
    }

    /**
     * Another delegate advertised its links.
     *
     * @param origin its site
     * @param originTerm the term of the delegate that sent it (a new delegate numbers its advertisements from 1
     *     again)
     * @param costs the advertisement
     * @param nowNs the current time
     * @return the links whose price changed
     */
    List<EdgeCost> onAdvertisement(String origin, long originTerm, LinkCosts costs, long nowNs) {
        Advertised before = others.get(origin);
        if (!active || origin.equals(site) || before != null && !before.olderThan(originTerm, costs.version())) {
            return List.of();
        }
        Map<String, Double> now = new HashMap<>();
        for (LinkCost cost : costs.costs()) {
            if (!cost.toSite().equals(origin)) {
                now.put(cost.toSite(), cost.milliDollars() / MILLI);
            }
        }
        others.put(origin, new Advertised(originTerm, costs.version(), nowNs + costs.lifetimeMs() * 1_000_000L, now));
        List<EdgeCost> changes = new ArrayList<>();
        now.forEach((to, cost) -> {
            Double old = before == null ? null : before.costs().get(to);
            if (old == null || old.doubleValue() != cost) {
                changes.add(new EdgeCost(new DirectedEdge(origin, to), cost));
            }
        });
        if (before != null) {
            before.costs().keySet().stream().filter(to -> !now.containsKey(to))
                    .forEach(to -> changes.add(new EdgeCost(new DirectedEdge(origin, to), 0)));
        }
        return changes;
    }

    /**
     * @param nowNs the current time
     * @return the links of advertisements that outlived their lifetime, now at 0
     */
    List<EdgeCost> expire(long nowNs) {
        List<EdgeCost> changes = new ArrayList<>();
        for (Iterator<Map.Entry<String, Advertised>> it = others.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Advertised> e = it.next();
            if (nowNs >= e.getValue().expiresNs()) {
                e.getValue().costs().keySet().forEach(to -> changes.add(new EdgeCost(new DirectedEdge(e.getKey(), to), 0)));
                it.remove();
            }
        }
        return changes;
    }

    /**
     * A site expired: its links and the link to it go.
     *
     * @param gone the site
     * @return the links that fell to 0
     */
    List<EdgeCost> forget(String gone) {
        List<EdgeCost> changes = new ArrayList<>();
        Advertised advertised = others.remove(gone);
        if (advertised != null) {
            advertised.costs().keySet().forEach(to -> changes.add(new EdgeCost(new DirectedEdge(gone, to), 0)));
        }
        if (own.remove(gone) != null) {
            ownAdvertised.remove(gone);
            changes.add(new EdgeCost(new DirectedEdge(site, gone), 0));
        }
        return changes;
    }

    /** @return every link price known (own and advertised), for a flow that starts */
    List<EdgeCost> all() {
        List<EdgeCost> all = new ArrayList<>();
        ownAdvertised.forEach((peer, cost) -> all.add(new EdgeCost(new DirectedEdge(site, peer), cost)));
        others.forEach((origin, adv) -> adv.costs().forEach((to, cost) ->
                all.add(new EdgeCost(new DirectedEdge(origin, to), cost))));
        return all;
    }

    /** @return this delegate's own links, by neighbour */
    List<PricedLink> pricedLinks() {
        List<PricedLink> links = new ArrayList<>(own.size());
        own.forEach((peer, pricer) -> links.add(new PricedLink(peer, ownAdvertised.getOrDefault(peer, 0.0),
                pricer.averageWaitingPackets())));
        return links;
    }

    /** @return advertisements this delegate sent */
    long advertisements() {
        return advertisements;
    }
}
