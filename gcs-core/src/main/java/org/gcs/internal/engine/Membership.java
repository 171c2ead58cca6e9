package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.gcs.MemberId;
import org.gcs.internal.wire.LanMessage.MemberAnnounce;
import org.gcs.internal.wire.LanMessage.RemoteSite;
import org.gcs.internal.wire.LanMessage.RemoteSites;
import org.gcs.internal.wire.MemberGroups;

/**
 * Who is in which group, as one member knows it: its own groups, the announcements of the other members of
 * its site (kept only while they are in the LAN view), and the remote sites as the site's delegate last
 * described them.
 *
 * <p>An announcement may arrive before the LAN view that lists its sender: JGroups hands views and messages to
 * different threads, so a member that just joined can get an older member's announcement (sent when that member
 * installed the new view) before its own first view. Such an announcement is kept aside and applied with the next
 * view if that view lists the sender; otherwise it is dropped. Announcements are only sent on view changes and
 * group changes, so dropping it at once would leave the sender out of this member's group views until the next
 * change.
 */
final class Membership {
    private final String site;
    private final String selfName;
    private final long selfIncarnation;
    private final Set<String> selfGroups;
    private final Map<String, MemberAnnounce> announcements = new HashMap<>();
    /** Announcements whose sender the current LAN view does not list (yet), newest per member name. */
    private final Map<String, MemberAnnounce> early = new HashMap<>();
    private LanView lanView = new LanView(0, List.of());
    private List<RemoteSite> remoteSites = List.of();
    private long remoteSitesTerm = -1;

    /**
     * @param selfGroups the live set of this member's groups (owned by the engine)
     */
    Membership(String site, String selfName, long selfIncarnation, Set<String> selfGroups) {
        this.site = site;
        this.selfName = selfName;
        this.selfIncarnation = selfIncarnation;
        this.selfGroups = selfGroups;
    }

    void onLanView(LanView view) {
        this.lanView = view;
        announcements.values().removeIf(a -> !view.contains(a.member(), a.incarnation()));
        for (MemberAnnounce announce : early.values()) {
            if (view.contains(announce.member(), announce.incarnation())) {
                accept(announce);
            }
        }
        early.clear();
    }

    /** @return true if the announcement changed what this member knows */
    boolean onAnnounce(MemberAnnounce announce) {
        if (announce.member().equals(selfName)) {
            return false;
        }
        if (!lanView.contains(announce.member(), announce.incarnation())) {
            MemberAnnounce held = early.get(announce.member());
            if (held == null || held.incarnation() != announce.incarnation() || held.version() < announce.version()) {
                early.put(announce.member(), announce);
            }
            return false;
        }
        return accept(announce);
    }

    /** @return true if the announcement (of a member in the LAN view) changed what this member knows */
    private boolean accept(MemberAnnounce announce) {
        MemberAnnounce known = announcements.get(announce.member());
        if (known != null && known.incarnation() == announce.incarnation() && known.version() >= announce.version()) {
            return false;
        }
        announcements.put(announce.member(), announce);
        return known == null || !known.groups().equals(announce.groups());
    }

    /** @return true if the delegate's picture of the remote sites was accepted */
    boolean onRemoteSites(RemoteSites update) {
        if (update.delegateTerm() < remoteSitesTerm) {
            return false;
        }
        remoteSitesTerm = update.delegateTerm();
        boolean changed = !update.sites().equals(remoteSites);
        remoteSites = update.sites();
        return changed;
    }

    /** @return this site's members and their groups (this member included), for the site's announcement */
    List<MemberGroups> localMembers() {
        List<MemberGroups> members = new ArrayList<>();
        members.add(new MemberGroups(selfName, selfIncarnation, new ArrayList<>(new TreeSet<>(selfGroups))));
        new TreeSet<>(announcements.keySet()).forEach(name -> {
            MemberAnnounce a = announcements.get(name);
            members.add(new MemberGroups(a.member(), a.incarnation(), a.groups()));
        });
        return members;
    }

    /** @return true if some member of this site (this member included) has joined the group */
    boolean siteHasGroup(String group) {
        if (selfGroups.contains(group)) {
            return true;
        }
        for (MemberAnnounce a : announcements.values()) {
            if (a.groups().contains(group)) {
                return true;
            }
        }
        return false;
    }

    /** @return every member of the group across all sites, sorted */
    SortedSet<MemberId> membersOf(String group) {
        SortedSet<MemberId> members = new TreeSet<>();
        if (selfGroups.contains(group)) {
            members.add(new MemberId(site, selfName));
        }
        for (MemberAnnounce a : announcements.values()) {
            if (a.groups().contains(group)) {
                members.add(new MemberId(site, a.member()));
            }
        }
        for (RemoteSite remote : remoteSites) {
            if (remote.site().equals(site)) {
                continue;
            }
            for (MemberGroups m : remote.members()) {
                if (m.groups().contains(group)) {
                    members.add(new MemberId(remote.site(), m.name()));
                }
            }
        }
        return members;
    }

    /** @return the remote sites as last described by the delegate */
    List<RemoteSite> remoteSites() {
        return remoteSites;
    }

    /** @return the current LAN view */
    LanView lanView() {
        return lanView;
    }
}
