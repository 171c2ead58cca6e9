package org.gcs.testcontainers;

import java.util.List;
import java.util.Objects;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A view of a group as one node installed it: the {@code view} line {@code gcs node} prints
 * ({@code HH:mm:ss view GROUP #ID: N members in M site(s) [SITE/MEMBER, ...]}). In a total-order group it is the
 * agreed view. {@link GcsContainer#view(String)} returns a node's newest.
 *
 * @param group the group
 * @param viewId counts the views of this group on this node (increases by one with each)
 * @param members the members, each {@code SITE/MEMBER}, in the node's order
 */
public record GcsView(String group, long viewId, List<String> members) {
    /** Copies the member list. */
    public GcsView {
        Objects.requireNonNull(group, "group");
        members = List.copyOf(members);
    }

    /** @return how many members the view lists */
    public int size() {
        return members.size();
    }

    /** @return the sites of the members, sorted */
    public SortedSet<String> sites() {
        SortedSet<String> sites = new TreeSet<>();
        for (String member : members) {
            int slash = member.indexOf('/');
            sites.add(slash < 0 ? member : member.substring(0, slash));
        }
        return sites;
    }

    /**
     * @param site a site
     * @param member a member name in that site
     * @return whether the view lists {@code site/member}
     */
    public boolean contains(String site, String member) {
        return members.contains(site + "/" + member);
    }

    /**
     * @param node a node
     * @return whether the view lists that node's member ({@link GcsContainer#memberId()})
     */
    public boolean contains(GcsContainer node) {
        return members.contains(node.memberId());
    }
}
