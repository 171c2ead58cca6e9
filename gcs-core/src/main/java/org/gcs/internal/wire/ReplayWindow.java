package org.gcs.internal.wire;

/**
 * A sliding anti-replay window over one sender's packet numbers (RFC 4303 §3.4.3, RFC 6347 §4.1.2.6): the highest
 * number accepted and a bitmap of the {@link #SIZE} numbers below it. A number is fresh if it is above the highest, or
 * within the window and not yet seen; numbers behind the window are refused. Not thread-safe.
 */
public final class ReplayWindow {
    /** Packet numbers the window remembers below the highest one. */
    public static final int SIZE = 1024;
    private static final int WORDS = SIZE / 64;

    private final long[] seen = new long[WORDS];
    private long highest;

    /** @return whether {@code packetNumber} (positive) would be accepted now; changes nothing */
    public boolean isFresh(long packetNumber) {
        if (packetNumber <= 0) {
            return false;
        }
        if (packetNumber > highest) {
            return true;
        }
        if (highest - packetNumber >= SIZE) {
            return false;
        }
        return (seen[word(packetNumber)] & bit(packetNumber)) == 0;
    }

    /** Records a packet number that {@link #isFresh} accepted. */
    public void mark(long packetNumber) {
        if (packetNumber > highest) {
            long advance = packetNumber - highest;
            if (advance >= SIZE) {
                java.util.Arrays.fill(seen, 0);
            } else {
                for (long n = highest + 1; n <= packetNumber; n++) {
                    seen[word(n)] &= ~bit(n);
                }
            }
            highest = packetNumber;
        }
        seen[word(packetNumber)] |= bit(packetNumber);
    }

    /** @return the highest packet number accepted so far (0: none) */
    public long highest() {
        return highest;
    }

    private static int word(long n) {
        return (int) ((n >>> 6) & (WORDS - 1));
    }

    private static long bit(long n) {
        return 1L << (n & 63);
    }
}
