package org.gcs.order;

import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;

/**
 * Receives what a {@link TotalOrderMember} delivers in its total-order groups, with each event's position in the
 * group's agreed order: the same position holds the same message or view at every member that delivers it.
 * Called one event at a time, in order, on the thread that feeds the member (its node's delivery thread or its
 * ordering timer).
 */
public interface OrderedListener {
    /**
     * @param message the message (its {@link GroupMessage#sequence()} counts the sender's messages in this
     *     membership of the group, from 1)
     * @param position its position in the group's agreed order
     */
    void onMessage(GroupMessage message, long position);

    /**
     * A new view of the group, delivered at the same position at every member that stays in it: two members that
     * both install view V and then V' have delivered the same messages in between.
     *
     * @param view the view (its {@link GroupView#viewId()} is the group's view number, the same at every member)
     * @param position its position in the group's agreed order
     */
    void onView(GroupView view, long position);

    /**
     * This member was admitted into the group's order: the positions that follow belong to the order of
     * {@code lineage}. Members that could not reach each other when they created the group may found two orders
     * (two lineages); when they meet, the members of one join the other again ({@link #onRejoined}).
     *
     * @param group the group
     * @param lineage identifies the order (the same at every member admitted into it)
     */
    default void onAdmitted(String group, long lineage) {
    }

    /**
     * This member cannot deliver in this group for now: its side of a partition holds no majority of the group's
     * last view (docs/architecture.md, "Partitions"). Called once per such episode; it waits, and is told by
     * {@link #onRejoined} or resumes delivering once it is back.
     *
     * @param group the group
     * @param reason why, for a log line
     */
    default void onBlocked(String group, String reason) {
    }

    /**
     * This member's membership of the group ended without it leaving (its side of a partition was left out of the
     * primary component, or another component's order took over) and it joined the group again: what it delivers
     * from now on follows a later view that includes it. Messages it sent that were not ordered yet are lost.
     *
     * @param group the group
     * @param reason why, for a log line
     */
    default void onRejoined(String group, String reason) {
    }

    /**
     * Another member joined this group with a different {@link Ordering}: its messages are not delivered here.
     *
     * @param group the group
     * @param member the other member
     * @param reason what was found, for a log line
     */
    default void onOrderingMismatch(String group, MemberId member, String reason) {
    }
}
