package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.gcs.alm.overlay.DelegateAddress;

/**
 * Tells two delegates speaking for one site name at once (two LANs configured with one {@code site}, or one site's
 * LAN split in two) from a normal delegate failover (sans-IO: time comes in as {@code nowNs}).
 *
 * <p>Every authenticated datagram from a remote site names its delegate's address and term. This table keeps, per
 * site, each address heard ({@link Speaker}: term, first and last time heard). In a failover the old delegate falls
 * silent before (or about when) the new one is first heard: their activity does not overlap. Two delegates that both
 * keep talking overlap, and once two speakers of one site were each heard for longer than {@code overlapNs} while
 * the other was also speaking, the site is {@linkplain #conflicted conflicted}. A speaker silent for
 * {@code forgetNs} (the site timeout) is forgotten, and a site with one speaker left is no longer conflicted.
 *
 * <p>Before a conflict is certain, {@link #othersHeardSince} lets the caller distrust a site whose current delegate
 * is not the only one speaking: a site must not count as having received what only one of two LANs received.
 *
 * <p>Not thread-safe: owned by one delegate's protocol engine.
 */
final class SiteConflicts {
    private final long overlapNs;
    private final long forgetNs;
    private final Map<String, List<Speaker>> speakersBySite = new HashMap<>();
    private final Set<String> conflicted = new TreeSet<>();

    /**
     * @param overlapNs how long two speakers of one site must both be heard before it is a conflict (a heartbeat
     *     interval: longer than datagrams of a superseded delegate stay in flight)
     * @param forgetNs how long a silent speaker is remembered (the site timeout)
     */
    public SiteConflicts(long overlapNs, long forgetNs) {
        if (overlapNs <= 0 || forgetNs <= overlapNs) {
            throw new IllegalArgumentException("need 0 < overlapNs < forgetNs, got " + overlapNs + " and " + forgetNs);
        }
        this.overlapNs = overlapNs;
        this.forgetNs = forgetNs;
    }

    /**
     * One address that spoke for a site.
     *
     * @param address where its datagrams came from
     * @param term its delegate term (the latest heard from that address)
     * @param firstHeardNs when this address was first heard with this term
     * @param lastHeardNs when it was last heard
     */
    public record Speaker(DelegateAddress address, long term, long firstHeardNs, long lastHeardNs) {
    }

    /**
     * Notes an authenticated datagram from a site's delegate.
     *
     * @return true if it revealed a new conflict (the site was not conflicted before)
     */
    public boolean heard(String site, long term, DelegateAddress from, long nowNs) {
        List<Speaker> speakers = speakersBySite.computeIfAbsent(site, s -> new ArrayList<>(1));
        int index = -1;
        for (int i = 0; i < speakers.size(); i++) {
            if (speakers.get(i).address().equals(from)) {
                index = i;
                break;
            }
        }
        if (index < 0) {
            speakers.add(new Speaker(from, term, nowNs, nowNs));
        } else {
            Speaker known = speakers.get(index);
            long first = known.term() == term ? known.firstHeardNs() : nowNs; // a restart at one address is a new speaker
            speakers.set(index, new Speaker(from, term, first, nowNs));
        }
        if (speakers.size() < 2 || conflicted.contains(site)) {
            return false;
        }
        for (Speaker other : speakers) {
            if (!other.address().equals(from) && overlapNs(other, speakers.get(index < 0 ? speakers.size() - 1 : index))
                    > overlapNs) {
                conflicted.add(site);
                return true;
            }
        }
        return false;
    }

    private static long overlapNs(Speaker a, Speaker b) {
        return Math.min(a.lastHeardNs(), b.lastHeardNs()) - Math.max(a.firstHeardNs(), b.firstHeardNs());
    }

    /** @return true while two delegates are known to speak for the site at once */
    public boolean conflicted(String site) {
        return conflicted.contains(site);
    }

    /** @return the conflicted sites, sorted */
    public Set<String> conflictedSites() {
        return java.util.Collections.unmodifiableSet(conflicted);
    }

    /** @return the addresses heard for a site within the memory, in the order first heard */
    public List<Speaker> speakers(String site) {
        return List.copyOf(speakersBySite.getOrDefault(site, List.of()));
    }

    /**
     * @param site a site
     * @param current the address of its current delegate
     * @param sinceNs a time
     * @return true if an address other than {@code current} spoke for the site after {@code sinceNs}
     */
    public boolean othersHeardSince(String site, DelegateAddress current, long sinceNs) {
        List<Speaker> speakers = speakersBySite.get(site);
        if (speakers == null || speakers.size() < 2) {
            return false;
        }
        for (Speaker speaker : speakers) {
            if (!speaker.address().equals(current) && speaker.lastHeardNs() > sinceNs) {
                return true;
            }
        }
        return false;
    }

    /** @return when {@code address} was first heard speaking for the site with its latest term, or empty */
    public java.util.OptionalLong firstHeardNs(String site, DelegateAddress address) {
        for (Speaker speaker : speakersBySite.getOrDefault(site, List.of())) {
            if (speaker.address().equals(address)) {
                return java.util.OptionalLong.of(speaker.firstHeardNs());
            }
        }
        return java.util.OptionalLong.empty();
    }

    /**
     * Forgets speakers silent for the memory.
     *
     * @return the sites whose conflict ended (one speaker or none left)
     */
    public List<String> expire(long nowNs) {
        List<String> resolved = new ArrayList<>();
        for (var it = speakersBySite.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, List<Speaker>> entry = it.next();
            entry.getValue().removeIf(s -> nowNs - s.lastHeardNs() > forgetNs);
            if (entry.getValue().size() < 2 && conflicted.remove(entry.getKey())) {
                resolved.add(entry.getKey());
            }
            if (entry.getValue().isEmpty()) {
                it.remove();
            }
        }
        return resolved;
    }
}
