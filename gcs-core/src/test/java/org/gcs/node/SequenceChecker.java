package org.gcs.node;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.GroupMessage;
import org.gcs.MemberId;

/** Counts one receiver's deliveries and records every duplicate, reordering or gap per sender. */
final class SequenceChecker {
    private final Map<MemberId, Long> last = new HashMap<>();
    private final List<String> problems = new ArrayList<>();
    private long delivered;

    synchronized void accept(GroupMessage message) {
        delivered++;
        long previous = last.getOrDefault(message.sender(), 0L);
        if (message.sequence() != previous + 1) {
            problems.add(message.sender() + " #" + message.sequence() + " after #" + previous);
        }
        last.put(message.sender(), Math.max(previous, message.sequence()));
    }

    synchronized long delivered() {
        return delivered;
    }

    synchronized long lastSequence(MemberId sender) {
        return last.getOrDefault(sender, 0L);
    }

    synchronized List<String> problems() {
        return List.copyOf(problems);
    }
}
