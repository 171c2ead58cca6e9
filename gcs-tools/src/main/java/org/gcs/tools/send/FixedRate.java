package org.gcs.tools.send;

/**
 * A sender with a fixed demand: a schedule that calls for {@code rateBytesPerSec / bytesPerMessage} messages a second
 * from its start (the first call to {@link #offer}). By elapsed time {@code t} it has called for
 * {@code (long) (t / 1e9 * rateBytesPerSec / bytesPerMessage) + 1} messages: the first at the start, the n-th once
 * the bytes of n − 1 messages are due.
 *
 * <p>Each {@link #offer} gives what the schedule called for and was not given yet, but never lets more than
 * {@code maxOutstandingMessages} messages wait for admission. What it could not give stays owed for at most
 * {@code maxCatchUpNs}: messages due longer ago than that are dropped from the schedule, so a sender that was held
 * back sends at most that much of its backlog back to back. {@link #NO_CATCH_UP} drops at once what could not be
 * offered when it was due (time lost while blocked is not made up); {@link #FULL_CATCH_UP} drops nothing.
 */
public final class FixedRate implements Pacing {
    /** {@code maxCatchUpNs}: what cannot be offered when it is due is dropped; a late sender does not burst. */
    public static final long NO_CATCH_UP = 0;
    /** {@code maxCatchUpNs}: nothing is dropped; a late sender sends everything overdue back to back. */
    public static final long FULL_CATCH_UP = Long.MAX_VALUE;
    /** Times further from the start than this (about 146 years) count as never. */
    private static final long NEVER_AFTER_START_NS = 1L << 62;

    private final double rateBytesPerSec;
    private final long bytesPerMessage;
    private final long maxOutstandingMessages;
    private final long maxCatchUpNs;
    private boolean started;
    private long startNs;
    /** Messages of the schedule already dealt with: offered, or dropped as too late. */
    private long scheduledMessages;

    /**
     * @param rateBytesPerSec the demand, positive and finite, in the unit of {@code bytesPerMessage} per second
     * @param bytesPerMessage the size of one message (e.g. its bytes on the wire), positive
     * @param maxOutstandingMessages how many messages may wait for admission at most, at least one (one for a
     *     blocking send)
     * @param maxCatchUpNs how long an owed message stays owed; {@link #NO_CATCH_UP}, {@link #FULL_CATCH_UP} or between
     * @throws IllegalArgumentException if an argument is out of range
     */
    public FixedRate(double rateBytesPerSec, long bytesPerMessage, long maxOutstandingMessages, long maxCatchUpNs) {
        if (!(rateBytesPerSec > 0) || Double.isInfinite(rateBytesPerSec)) {
            throw new IllegalArgumentException("rate must be positive and finite, got " + rateBytesPerSec);
        }
        if (bytesPerMessage < 1) {
            throw new IllegalArgumentException("bytesPerMessage must be positive, got " + bytesPerMessage);
        }
        if (maxOutstandingMessages < 1) {
            throw new IllegalArgumentException("maxOutstandingMessages must be at least 1, got "
                    + maxOutstandingMessages);
        }
        if (maxCatchUpNs < 0) {
            throw new IllegalArgumentException("maxCatchUpNs must not be negative, got " + maxCatchUpNs);
        }
        this.rateBytesPerSec = rateBytesPerSec;
        this.bytesPerMessage = bytesPerMessage;
        this.maxOutstandingMessages = maxOutstandingMessages;
        this.maxCatchUpNs = maxCatchUpNs;
    }

    /**
     * A schedule counted in messages (messages of one unit each).
     *
     * @param ratePerSec messages per second, positive and finite
     * @param maxOutstandingMessages how many messages may wait for admission at most, at least one
     * @param maxCatchUpNs how long an owed message stays owed
     * @return the pacing
     */
    public static FixedRate messagesPerSec(double ratePerSec, long maxOutstandingMessages, long maxCatchUpNs) {
        return new FixedRate(ratePerSec, 1, maxOutstandingMessages, maxCatchUpNs);
    }

    /**
     * @return the time of the schedule's start, on the clock of the {@code nowNs} given to {@link #offer} (its first
     *     call); meaningless before that
     */
    public long startNs() {
        return startNs;
    }

    @Override
    public long offer(long nowNs, long outstandingMessages) {
        if (!started) {
            started = true;
            startNs = nowNs;
        }
        long elapsedNs = nowNs - startNs;
        long owed = dueBy(elapsedNs) - scheduledMessages;
        long offers = Math.max(0, Math.min(owed, maxOutstandingMessages - outstandingMessages));
        scheduledMessages = Math.max(scheduledMessages + offers, dueBy(elapsedNs - maxCatchUpNs));
        return offers;
    }

    @Override
    public long nextDueNs(long nowNs) {
        return started ? startNs + dueAfterStartNs(scheduledMessages + 1) : nowNs;
    }

    /**
     * @param message a message of the schedule, 1 for the first
     * @return how long after the start the schedule calls for it (the first: at once)
     */
    public long dueAfterStartNs(long message) {
        if (message <= 1) {
            return 0;
        }
        double estimateNs = (message - 1) / rateBytesPerSec * bytesPerMessage * 1e9;
        if (!(estimateNs < NEVER_AFTER_START_NS / 2)) {
            return NEVER_AFTER_START_NS;
        }
        // the estimate is off by rounding; search for the exact first time the formula reaches the message
        long late = (long) estimateNs + 1;
        for (long step = 1; dueBy(late) < message; step *= 2) {
            late += step;
        }
        long early = late - 1;
        for (long step = 1; early >= 0 && dueBy(early) >= message; step *= 2) {
            early -= step;
        }
        early = Math.max(early, -1);
        while (late - early > 1) {
            long middle = early + (late - early) / 2;
            if (dueBy(middle) >= message) {
                late = middle;
            } else {
                early = middle;
            }
        }
        return late;
    }

    /** @return how many messages the schedule has called for by {@code elapsedNs} after its start */
    private long dueBy(long elapsedNs) {
        return elapsedNs < 0 ? 0 : (long) (elapsedNs / 1e9 * rateBytesPerSec / bytesPerMessage) + 1;
    }
}
