package org.gcs.examples.kv;

import java.util.Objects;

/**
 * Names one operation of a {@link ReplicatedMap} across every replica: the replica that issued it and its number
 * there (1, 2, …). Carried in the operation itself, so it does not depend on the group's membership.
 *
 * @param origin the issuing replica, for instance its member id as text
 * @param number the operation's number at its origin, from 1
 */
public record OpId(String origin, long number) implements Comparable<OpId> {

    /** Requires an origin and a positive number. */
    public OpId {
        Objects.requireNonNull(origin, "origin");
        if (number < 1) {
            throw new IllegalArgumentException("an operation number starts at 1, not " + number);
        }
    }

    @Override
    public int compareTo(OpId other) {
        int byOrigin = origin.compareTo(other.origin);
        return byOrigin != 0 ? byOrigin : Long.compare(number, other.number);
    }

    @Override
    public String toString() {
        return origin + "#" + number;
    }
}
