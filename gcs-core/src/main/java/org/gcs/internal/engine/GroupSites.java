package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gcs.alm.overlay.SiteDirectory;
import org.gcs.alm.overlay.SiteRecord;
import org.gcs.internal.wire.MemberGroups;

/**
 * Which sites have members of a group, from the overlay's directory and this site's own memberships: what the flows
 * send to and the tree spans. The answer for a group is kept until {@link #changed} (a membership or the set of sites
 * changed), as one immutable set the tree keys on.
 */
final class GroupSites {
    private final String site;
    private final Membership local;
    private final SiteDirectory<List<MemberGroups>> directory;
    /** Sites with members, per group; cleared whenever a membership or the set of sites changes. */
    private final Map<String, Set<String>> memberSitesByGroup = new HashMap<>();

    GroupSites(String site, Membership local, SiteDirectory<List<MemberGroups>> directory) {
        this.site = site;
        this.local = local;
        this.directory = directory;
    }

    /** A membership or the set of sites changed: every answer is computed again. */
    void changed() {
        memberSitesByGroup.clear();
    }

    /** @return the remote sites whose members joined a group, in the directory's order */
    List<String> remoteSitesWith(String group) {
        List<String> sites = new ArrayList<>();
        for (SiteRecord<List<MemberGroups>> record : directory.sites()) {
            if (hasGroup(record.state(), group)) {
                sites.add(record.site());
            }
        }
        return sites;
    }

    /**
     * @return the sites (this one included) that have members of a group: one unmodifiable instance until the
     *     memberships or the set of sites change
     */
    Set<String> memberSites(String group) {
        return memberSitesByGroup.computeIfAbsent(group, this::computeMemberSites);
    }

    private Set<String> computeMemberSites(String group) {
        Set<String> sites = new HashSet<>();
        if (local.siteHasGroup(group)) {
            sites.add(site);
        }
        sites.addAll(remoteSitesWith(group));
        return Set.copyOf(sites); // one immutable instance until memberships change: TreeOverlay keys on it
    }

    private static boolean hasGroup(List<MemberGroups> members, String group) {
        if (members == null) {
            return false;
        }
        for (MemberGroups member : members) {
            if (member.groups().contains(group)) {
                return true;
            }
        }
        return false;
    }
}
