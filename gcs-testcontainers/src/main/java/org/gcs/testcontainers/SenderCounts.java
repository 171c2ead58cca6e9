package org.gcs.testcontainers;

/**
 * What a node received of one sender's check messages ({@link GcsContainer#withCheckTraffic}), from the
 * {@code from=} and {@code gaps=} fields of its status line. The sender's messages all arrived exactly once and
 * in order when {@code contiguous == distinct == } the number it sent, and the line's {@code dup} and {@code ooo}
 * are 0 ({@link GcsStatus#receivedAllInOrder}).
 *
 * @param contiguous the highest sequence number up to which none is missing (messages are numbered from 1)
 * @param distinct how many distinct messages arrived
 * @param gaps how many ranges of missing sequence numbers lie below the highest one that arrived
 * @param highest the highest sequence number that arrived
 */
public record SenderCounts(long contiguous, long distinct, long gaps, long highest) {
    /** Checks that no count is negative. */
    public SenderCounts {
        if (contiguous < 0 || distinct < 0 || gaps < 0 || highest < 0) {
            throw new IllegalArgumentException("counts must not be negative: " + contiguous + "/" + distinct + ", "
                    + gaps + "/" + highest);
        }
    }
}
