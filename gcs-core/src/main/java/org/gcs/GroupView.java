package org.gcs;

import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The members of a group across all sites, as this node currently knows them.
 *
 * <p>A node installs a new view whenever a member joins or leaves the group, or crashes, or its whole site
 * becomes unreachable. Views are eventually consistent: two nodes may briefly disagree while news travels
 * between sites. The {@link #viewId()} counts the views of this group on this node.
 *
 * @param group the group name
 * @param viewId increases by one with every view of this group installed on this node
 * @param members the members, sorted by site and then name
 */
public record GroupView(String group, long viewId, List<MemberId> members) {
    /** Makes the member list immutable. */
    public GroupView {
        members = List.copyOf(members);
    }

    /** @return the sites that have at least one member in the group, sorted */
    public SortedSet<String> sites() {
        SortedSet<String> sites = new TreeSet<>();
        for (MemberId member : members) {
            sites.add(member.site());
        }
        return sites;
    }

    /** @return true if the member is in this view */
    public boolean contains(MemberId member) {
        return members.contains(member);
    }

    /** @return the members of the given site in this view */
    public Set<MemberId> membersOf(String site) {
        Set<MemberId> result = new TreeSet<>();
        for (MemberId member : members) {
            if (member.site().equals(site)) {
                result.add(member);
            }
        }
        return result;
    }

    /** @return the number of members */
    public int size() {
        return members.size();
    }
}
