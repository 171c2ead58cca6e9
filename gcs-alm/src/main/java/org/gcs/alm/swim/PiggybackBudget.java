package org.gcs.alm.swim;

import java.util.Objects;
import java.util.function.ToIntFunction;

/**
 * How many bytes of updates one message may carry, and what each update costs: the transport's limit on the
 * piggy-backed gossip, on top of {@link SwimSettings#maxPiggyback}'s count. memberlist fills each UDP packet up to its
 * buffer size; with a fixed count of small updates per message the gossip's capacity is fixed per member while the
 * news to spread grows with the group (every probe of n members may fail under loss), so that at a thousand members
 * refutations and deaths queue for tens of seconds behind one another.
 *
 * @param bytesPerMessage the bytes of updates one message may carry
 * @param bytesOf the bytes one update adds to a message (its encoding, and whatever the driver sends along with it)
 */
public record PiggybackBudget(int bytesPerMessage, ToIntFunction<MemberUpdate> bytesOf) {
    /** No limit in bytes: only {@link SwimSettings#maxPiggyback} counts. */
    public static final PiggybackBudget UNLIMITED = new PiggybackBudget(Integer.MAX_VALUE, update -> 0);

    /** Checks the budget. */
    public PiggybackBudget {
        if (bytesPerMessage < 0) {
            throw new IllegalArgumentException("bytesPerMessage must not be negative, got " + bytesPerMessage);
        }
        Objects.requireNonNull(bytesOf, "bytesOf");
    }
}
