package org.gcs.testcontainers;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One status line of a node ({@code gcs node --status-every}), parsed: whether it is its site's delegate, the size
 * of each group's view, how many messages it sent and delivered, and what it received of every sender's check
 * messages ({@link GcsContainer#withCheckTraffic}). {@link GcsContainer#status()} returns a node's newest;
 * {@code gcs node --help} explains every field of the line, including those not parsed here (buffers, flows,
 * drops), which {@link GcsContainer#lastStatusLine()} still shows.
 *
 * @param member the node, {@code SITE/MEMBER}
 * @param delegate whether the node is its site's delegate
 * @param views per group the node joined, the size of its current view; a group the node has no view of yet is
 *     absent
 * @param sent messages the node sent (chat lines and check messages)
 * @param delivered messages the node delivered, of all its groups (its own included)
 * @param checked check messages delivered, duplicates included
 * @param duplicates check messages whose sequence number had arrived before
 * @param outOfOrder check messages that arrived while an earlier one of the same sender was missing
 * @param received per sender ({@code SITE/MEMBER}) of check messages, what arrived here; empty before the first
 * @param last whether this is the line the node printed when it stopped ({@code final})
 */
public record GcsStatus(String member, boolean delegate, Map<String, GroupSize> views, long sent, long delivered,
                        long checked, long duplicates, long outOfOrder, Map<String, SenderCounts> received,
                        boolean last) {
    /** Copies the maps. */
    public GcsStatus {
        Objects.requireNonNull(member, "member");
        views = Map.copyOf(views);
        received = Map.copyOf(received);
    }

    /**
     * @param group a group the node joined
     * @return how many members its current view lists; 0 before the first view
     */
    public int members(String group) {
        GroupSize size = views.get(group);
        return size == null ? 0 : size.members();
    }

    /**
     * @param group a group the node joined
     * @return how many sites its current view spans; 0 before the first view
     */
    public int sites(String group) {
        GroupSize size = views.get(group);
        return size == null ? 0 : size.sites();
    }

    /**
     * @param sender a sender of check messages, {@code SITE/MEMBER} ({@link GcsContainer#memberId()})
     * @return what arrived here of its check messages; empty if none arrived
     */
    public Optional<SenderCounts> from(String sender) {
        return Optional.ofNullable(received.get(sender));
    }

    /**
     * @param sender a node that sends check messages
     * @return what arrived here of its check messages; empty if none arrived
     */
    public Optional<SenderCounts> from(GcsContainer sender) {
        return from(sender.memberId());
    }

    /**
     * @param sender a node that sends check messages
     * @param count how many it sends in all
     * @return whether all {@code count} arrived here, none twice, and no check message of any sender arrived out
     *     of its sender's order ({@code dup=0 ooo=0})
     */
    public boolean receivedAllInOrder(GcsContainer sender, long count) {
        SenderCounts counts = received.get(sender.memberId());
        return counts != null && counts.contiguous() == count && counts.distinct() == count && duplicates == 0
                && outOfOrder == 0;
    }
}
