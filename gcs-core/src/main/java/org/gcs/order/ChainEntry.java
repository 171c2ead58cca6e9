package org.gcs.order;

import java.util.List;

/**
 * One entry of a total-order group's agreed order (its chain), as the sequencer appends it. Every message and every
 * view takes one position; an entry covers {@link #size()} consecutive positions from {@link #first()}.
 */
sealed interface ChainEntry {
    /** @return the position of the entry's first event */
    long first();

    /** @return how many positions the entry covers */
    long size();

    /** @return the position after the entry's last event */
    default long end() {
        return first() + size();
    }

    /** @return the same entry placed at another first position */
    ChainEntry at(long newFirst);

    /**
     * Consecutive messages of one sender's incarnation.
     *
     * @param first the position of message {@code fromSeq}
     * @param sender the sender's incarnation
     * @param fromSeq its first message's number
     * @param toSeq its last message's number (inclusive)
     */
    record Messages(long first, Incarnation sender, long fromSeq, long toSeq) implements ChainEntry {
        @Override
        public long size() {
            return toSeq - fromSeq + 1;
        }

        @Override
        public ChainEntry at(long newFirst) {
            return new Messages(newFirst, sender, fromSeq, toSeq);
        }

        /** @return the number of the message at a position of this entry */
        long seqAt(long position) {
            return fromSeq + (position - first);
        }
    }

    /**
     * A new view of the group: the members in order of seniority (the earliest joined first).
     *
     * @param first its position
     * @param viewNumber the group's view number, one more than the previous view's
     * @param members the members' incarnations, the most senior first
     */
    record ViewChange(long first, long viewNumber, List<Incarnation> members) implements ChainEntry {
        /** Copies the members. */
        public ViewChange {
            members = List.copyOf(members);
        }

        @Override
        public long size() {
            return 1;
        }

        @Override
        public ChainEntry at(long newFirst) {
            return new ViewChange(newFirst, viewNumber, members);
        }
    }
}
