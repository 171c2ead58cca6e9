package org.gcs.cc.link;

import java.util.Arrays;

/**
 * A link's acknowledgement, from the receiving end of an edge to the sending end (implementation specification
 * §1.2): the cumulative acknowledgement, the credit as the highest sequence number the receiver can hold now, and up
 * to three SACK ranges of what it holds beyond the cumulative point (RFC 2018).
 *
 * @param cumulativeSeq every frame up to this sequence number has arrived (0 before the first)
 * @param windowEndSeq the sender may send frames up to this sequence number: the receiver's input buffer has room
 *     for all of them (the credit is {@code windowEndSeq − cumulativeSeq})
 * @param sackRanges pairs {@code from, to} (inclusive), ascending, each above {@code cumulativeSeq + 1}; never
 *     null
 */
public record LinkAck(long cumulativeSeq, long windowEndSeq, long[] sackRanges) {
    /** Rejects what no receiver sends: negative numbers, an odd range array, ranges out of order. */
    public LinkAck {
        if (cumulativeSeq < 0 || windowEndSeq < cumulativeSeq) {
            throw new IllegalArgumentException("need 0 <= cumulativeSeq <= windowEndSeq, got " + cumulativeSeq
                    + " and " + windowEndSeq);
        }
        if (sackRanges == null || sackRanges.length % 2 != 0) {
            throw new IllegalArgumentException("sackRanges must be pairs of sequence numbers");
        }
        long previous = cumulativeSeq + 1;
        for (int i = 0; i < sackRanges.length; i += 2) {
            if (sackRanges[i] <= previous || sackRanges[i + 1] < sackRanges[i]) {
                throw new IllegalArgumentException("sackRanges must ascend above cumulativeSeq + 1 without touching,"
                        + " got " + Arrays.toString(sackRanges) + " after " + cumulativeSeq);
            }
            previous = sackRanges[i + 1] + 1;
        }
        sackRanges = sackRanges.clone();
    }

    /** @return a copy of the SACK ranges */
    @Override
    public long[] sackRanges() {
        return sackRanges.clone();
    }

    /** @return how many SACK ranges the acknowledgement carries */
    public int sackRangeCount() {
        return sackRanges.length / 2;
    }

    /**
     * @param i a range index, below {@link #sackRangeCount()}
     * @return the first sequence number of range i
     */
    public long sackFrom(int i) {
        return sackRanges[2 * i];
    }

    /**
     * @param i a range index, below {@link #sackRangeCount()}
     * @return the last sequence number of range i
     */
    public long sackTo(int i) {
        return sackRanges[2 * i + 1];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LinkAck a && a.cumulativeSeq == cumulativeSeq && a.windowEndSeq == windowEndSeq
                && Arrays.equals(a.sackRanges, sackRanges);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(cumulativeSeq) * 31 + Long.hashCode(windowEndSeq) * 17 + Arrays.hashCode(sackRanges);
    }

    @Override
    public String toString() {
        return "LinkAck[cumulativeSeq=" + cumulativeSeq + ", windowEndSeq=" + windowEndSeq + ", sackRanges="
                + Arrays.toString(sackRanges) + "]";
    }
}
