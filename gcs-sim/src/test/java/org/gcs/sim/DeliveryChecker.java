package org.gcs.sim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.GroupMessage;
import org.gcs.MemberId;

/** Checks one receiver's deliveries: exactly once, in per-sender order, nothing missing. */
final class DeliveryChecker {
    private DeliveryChecker() {
    }

    /**
     * @param delivered what a receiver delivered, in order
     * @param sentBySender how many messages each sender sent (sequences 1..n)
     * @return problems found, empty if none
     */
    static List<String> problems(MemberId receiver, List<GroupMessage> delivered, Map<MemberId, Long> sentBySender) {
        List<String> problems = new ArrayList<>();
        Map<MemberId, Long> last = new HashMap<>();
        for (GroupMessage m : delivered) {
            long previous = last.getOrDefault(m.sender(), 0L);
            if (m.sequence() <= previous) {
                problems.add(receiver + " got " + m.sender() + " #" + m.sequence() + " after #" + previous + " (duplicate or reorder)");
            } else if (m.sequence() != previous + 1) {
                problems.add(receiver + " got " + m.sender() + " #" + m.sequence() + " after #" + previous + " (gap)");
            }
            last.put(m.sender(), Math.max(previous, m.sequence()));
        }
        sentBySender.forEach((sender, count) -> {
            long got = last.getOrDefault(sender, 0L);
            if (got != count) {
                problems.add(receiver + " has " + got + " of " + count + " messages from " + sender);
            }
        });
        return problems;
    }
}
