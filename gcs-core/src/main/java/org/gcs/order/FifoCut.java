package org.gcs.order;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.gcs.GroupMessage;
import org.gcs.MemberId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A joiner's side of a state transfer's point in a FIFO group ({@link FifoCuts} has the members' side): the first
 * sequence number this member received from each sender since it joined, and the provider's cut once it arrives.
 * The state holds each sender's messages up to its cut; this member delivers the later ones. That misses nothing as
 * long as this member's stream of each sender begins at or before the message after the cut, which it checks. A
 * sender that is no longer in this member's view (it crashed or left) and whose stream here begins after the cut is
 * cut off at the cut: its messages in between reached neither the provider nor this member, so this member delivers
 * none of its later ones, and its stream has no gap (a sender that dies may lose its last messages at some members).
 * All methods run under the member's lock.
 */
final class FifoCut {
    private static final Logger LOG = LoggerFactory.getLogger(FifoCut.class);
    private final Map<MemberId, Long> firstSeqs = new HashMap<>();
    private MemberWire.CutVector vector;
    /** The cut of the state that was released: messages up to it are in the state. */
    private Map<MemberId, Long> inState = Map.of();
    private boolean released;
    /** Senders gone whose stream here began after the cut: none of their later messages is delivered here. */
    private final Set<MemberId> cutOff = new HashSet<>();

    /** A message of the group arrived here (any message: the application's or this package's). */
    void observe(GroupMessage message, Predicate<MemberId> present) {
        MemberId sender = message.sender();
        if (firstSeqs.putIfAbsent(sender, message.sequence()) == null && released && inState.containsKey(sender)
                && message.sequence() > inState.get(sender) + 1 && !present.test(sender)) {
            cutOff(sender, message.sequence(), inState.get(sender));
        }
    }

    private void cutOff(MemberId sender, long first, long cut) {
        cutOff.add(sender);
        LOG.warn("{}'s messages {}..{} reached neither the state (its cut is at {}) nor this member, and {} is no"
                + " longer in the view: none of its later messages is delivered here, so that its stream has no gap",
                sender, cut + 1, first - 1, cut, sender);
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
    String gap(Predicate<MemberId> present) {
        for (var e : vector.lastSeqs().entrySet()) {
            Long first = firstSeqs.get(e.getKey());
            if (first != null && first > e.getValue() + 1 && present.test(e.getKey())) {
                return "the stream of " + e.getKey() + " begins here at " + first + ", after the state's cut at "
                        + e.getValue();
            }
        }
        return null;
    }

    /**
     * The state was released: from now on, messages up to the cut are dropped, and so are the messages of the
     * senders gone whose stream here begins after it.
     */
    void release(Predicate<MemberId> present) {
        inState = vector.lastSeqs();
        released = true;
        inState.forEach((sender, cut) -> {
            Long first = firstSeqs.get(sender);
            if (first != null && first > cut + 1 && !present.test(sender)) {
                cutOff(sender, first, cut);
            }
        });
    }

    /** @return true if the message is not to be delivered: it is in the released state, or its sender was cut off */
    boolean inState(GroupMessage message) {
        Long cut = inState.get(message.sender());
        return cut != null && message.sequence() <= cut || cutOff.contains(message.sender());
    }
}
