package org.gcs.order;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;
import org.gcs.GroupMessage;
import org.gcs.MemberId;

/**
 * A joiner's side of a state transfer's point in a FIFO group ({@link FifoCuts} has the members' side): the first
 * sequence number this member received from each sender since it joined, and the provider's cut once it arrives.
 * The state holds each sender's messages up to its cut; this member delivers the later ones. That misses nothing as
 * long as this member's stream of each sender begins at or before the message after the cut, which it checks.
 * All methods run under the member's lock.
 */
final class FifoCut {
    private final Map<MemberId, Long> firstSeqs = new HashMap<>();
    private MemberWire.CutVector vector;
    /** The cut of the state that was released: messages up to it are in the state. */
    private Map<MemberId, Long> inState = Map.of();

    /** A message of the group arrived here (any message: the application's or this package's). */
    void observe(GroupMessage message) {
        firstSeqs.putIfAbsent(message.sender(), message.sequence());
    }

    /** The provider's cut of transfer {@code transfer} arrived; a cut of another transfer is ignored. */
    void onVector(MemberWire.CutVector cut, long transfer) {
        if (cut.transfer() == transfer) {
            vector = cut;
        }
    }

    /** A new attempt begins: the cut of the last one no longer applies. */
    void newAttempt() {
        vector = null;
    }

    /**
     * @param transfer the current attempt
     * @param present whether a member is still in this member's view
     * @return true once the cut of {@code transfer} arrived and this member received a message from every member the
     *     provider waited for that is still here (at the latest its cut, which follows the joiner's request)
     */
    boolean ready(long transfer, Predicate<MemberId> present) {
        return vector != null && vector.transfer() == transfer
                && vector.waited().stream().filter(present).allMatch(firstSeqs::containsKey);
    }

    /**
     * @return null if this member's stream of every sender the provider waited for begins at or before the message
     *     after the cut; else which sender's does not (messages would be missing: the attempt is given up)
     */
    String gap() {
        for (MemberId sender : vector.waited()) {
            Long first = firstSeqs.get(sender);
            long cut = vector.lastSeqs().getOrDefault(sender, 0L);
            if (first != null && first > cut + 1) {
                return "the stream of " + sender + " begins here at " + first + ", after the state's cut at " + cut;
            }
        }
        return null;
    }

    /** The state was released: from now on, messages up to the cut are dropped. */
    void release() {
        inState = vector.lastSeqs();
    }

    /** @return true if the message is in the released state (it is not delivered again) */
    boolean inState(GroupMessage message) {
        Long cut = inState.get(message.sender());
        return cut != null && message.sequence() <= cut;
    }
}
