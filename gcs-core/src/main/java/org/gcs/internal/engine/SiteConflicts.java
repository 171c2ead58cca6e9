package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
 * <p>A delegate that was paused (SIGSTOP, a frozen VM, a long collection) for longer than its LAN's failure detection
 * is replaced by a delegate with a higher term while it is silent; when it thaws it speaks again with its old term
 * until its LAN merges it back (8.5 to 13 s in {@code HungDelegateIT}). That is not two LANs: a speaker with a lower
 * term than another whose current stretch of speaking began after the other was first heard (it was silent when
 * the other took over, and came back) is {@linkplain #supersededSpeakers superseded}, not conflicting. Only if it still
 * speaks {@code supersededGraceNs} after it came back is the site conflicted after all (a second LAN started later
 * with a lower term looks the same at first). A speaker silent for longer than twice {@code overlapNs} starts a new
 * stretch when it speaks again.
 *
 * <p>Before a conflict is certain, {@link #othersHeardSince} lets the caller distrust a site whose current delegate
 * is not the only one speaking: a site must not count as having received what only one of two LANs received.
 * Superseded speakers do not count there: their datagrams are stale, and the site never routes to them.
 *
 * <p>Not thread-safe: owned by one delegate's protocol engine.
 */
final class SiteConflicts {
    private final long overlapNs;
    private final long forgetNs;
    private final long supersededGraceNs;
    private final Map<String, List<Speaker>> speakersBySite = new HashMap<>();
    private final Set<String> conflicted = new TreeSet<>();
    /** Per site, the addresses of its superseded speakers (reported once each while they are remembered). */
    private final Map<String, Set<DelegateAddress>> supersededBySite = new HashMap<>();

    /** What a datagram revealed about its site's speakers. */
    enum Finding {
        /** Nothing new. */
        NOTHING,
        /** A new conflict: two delegates speak for the site at once. */
        CONFLICT,
        /** A delegate replaced while it was silent speaks again with its old term (a paused delegate that thawed). */
        SUPERSEDED
    }

    /**
     * @param overlapNs how long two speakers of one site must both be heard before it is a conflict (a heartbeat
     *     interval: longer than datagrams of a superseded delegate stay in flight)
     * @param forgetNs how long a silent speaker is remembered (the site timeout)
     * @param supersededGraceNs how long a superseded speaker may go on speaking before the site counts as conflicted
     *     (longer than a thawed delegate takes to be merged back into its LAN)
     */
    public SiteConflicts(long overlapNs, long forgetNs, long supersededGraceNs) {
        if (overlapNs <= 0 || forgetNs <= overlapNs || supersededGraceNs <= overlapNs) {
            throw new IllegalArgumentException("need 0 < overlapNs < forgetNs and overlapNs < supersededGraceNs, got "
                    + overlapNs + ", " + forgetNs + " and " + supersededGraceNs);
        }
        this.overlapNs = overlapNs;
        this.forgetNs = forgetNs;
        this.supersededGraceNs = supersededGraceNs;
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
     * @return what it revealed: a new conflict (the site was not conflicted before), a newly superseded speaker, or
     *     nothing
     */
    public Finding heard(String site, long term, DelegateAddress from, long nowNs) {
        List<Speaker> speakers = speakersBySite.computeIfAbsent(site, s -> new ArrayList<>(1));
        int index = -1;
        for (int i = 0; i < speakers.size(); i++) {
            if (speakers.get(i).address().equals(from)) {
                index = i;
                break;
            }
        }
        Speaker speaker;
        if (index < 0) {
            speaker = new Speaker(from, term, nowNs, nowNs);
            speakers.add(speaker);
        } else {
            Speaker known = speakers.get(index);
            // a restart at one address is a new speaker, and one silent for a while starts a new stretch
            boolean sameStretch = known.term() == term && nowNs - known.lastHeardNs() <= 2 * overlapNs;
            speaker = new Speaker(from, term, sameStretch ? known.firstHeardNs() : nowNs, nowNs);
            speakers.set(index, speaker);
            Set<DelegateAddress> superseded = supersededBySite.get(site);
            if (known.term() != term && superseded != null && superseded.remove(from) && superseded.isEmpty()) {
                supersededBySite.remove(site); // merged back into its LAN: a delegate with a new term, judged anew
            }
        }
        if (speakers.size() < 2 || conflicted.contains(site)) {
            return Finding.NOTHING;
        }
        Finding finding = Finding.NOTHING;
        for (Speaker other : speakers) {
            if (other.address().equals(from)) {
                continue;
            }
            Speaker older = supersededOf(speaker, other);
            long overlap = overlapNs(other, speaker);
            if (older == null ? overlap > overlapNs : overlap > supersededGraceNs) {
                conflicted.add(site);
                supersededBySite.remove(site);
                return Finding.CONFLICT;
            }
            if (older != null && supersededBySite.computeIfAbsent(site, s -> new HashSet<>()).add(older.address())) {
                finding = Finding.SUPERSEDED;
            }
        }
        return finding;
    }

    private static long overlapNs(Speaker a, Speaker b) {
        return Math.min(a.lastHeardNs(), b.lastHeardNs()) - Math.max(a.firstHeardNs(), b.firstHeardNs());
    }

    /**
     * @return the one of two speakers with different terms that came back after the other took over (a superseded
     *     delegate), or null if neither is
     */
    private static Speaker supersededOf(Speaker a, Speaker b) {
        if (a.term() == b.term()) {
            return null;
        }
        Speaker older = a.term() < b.term() ? a : b;
        Speaker newer = older == a ? b : a;
        return older.firstHeardNs() > newer.firstHeardNs() ? older : null;
    }

    /**
     * @return the speakers of a site that are superseded: each has a lower term than another speaker of the site and
     *     came back after that one took over
     */
    public List<Speaker> supersededSpeakers(String site) {
        Set<DelegateAddress> addresses = supersededBySite.getOrDefault(site, Set.of());
        List<Speaker> superseded = new ArrayList<>();
        for (Speaker speaker : speakersBySite.getOrDefault(site, List.of())) {
            if (addresses.contains(speaker.address())) {
                superseded.add(speaker);
            }
        }
        return superseded;
    }

    /** @return the sites with a superseded speaker now, sorted */
    public Set<String> sitesWithSupersededSpeakers() {
        return new TreeSet<>(supersededBySite.keySet());
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
        Set<DelegateAddress> superseded = supersededBySite.getOrDefault(site, Set.of());
        for (Speaker speaker : speakers) {
            if (!speaker.address().equals(current) && !superseded.contains(speaker.address())
                    && speaker.lastHeardNs() > sinceNs) {
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
            Set<DelegateAddress> superseded = supersededBySite.get(entry.getKey());
            if (superseded != null) {
                superseded.removeIf(address -> entry.getValue().stream().noneMatch(s -> s.address().equals(address)));
                if (superseded.isEmpty() || entry.getValue().size() < 2) {
                    supersededBySite.remove(entry.getKey());
                }
            }
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
