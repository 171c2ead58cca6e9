package org.gcs.order;

import org.gcs.MemberId;

/**
 * One membership of a member in a total-order group: the member and a random number drawn each time it joins,
 * so that the messages of a member that left (or was left out) and joined again are never confused with its
 * earlier ones. Its messages are numbered from 1 within the incarnation.
 *
 * @param member the member
 * @param number the random number of this membership
 */
record Incarnation(MemberId member, long number) implements Comparable<Incarnation> {
    @Override
    public int compareTo(Incarnation other) {
        int byMember = member.compareTo(other.member);
        return byMember != 0 ? byMember : Long.compare(number, other.number);
    }

    @Override
    public String toString() {
        return member + "#" + Long.toHexString(number);
    }
}
