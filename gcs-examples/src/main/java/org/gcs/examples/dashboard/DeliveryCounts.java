package org.gcs.examples.dashboard;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.gcs.GcsNode;
import org.gcs.MemberId;
import org.gcs.Registration;

/**
 * Counts the messages (and their payload bytes) every shown node delivers, of every group, through a message
 * listener of its own on each node: per receiving node, and per sender over all shown nodes. {@link #close()}
 * removes the listeners.
 */
final class DeliveryCounts implements AutoCloseable {
    private final Map<MemberId, LongAdder[]> counts = new ConcurrentHashMap<>();
    private final Map<MemberId, LongAdder[]> fromSender = new ConcurrentHashMap<>();
    private final List<Registration> registrations;

    /** @param nodes the nodes to count at */
    DeliveryCounts(List<GcsNode> nodes) {
        registrations = nodes.stream().map(node -> {
            LongAdder[] count = {new LongAdder(), new LongAdder()};
            counts.put(node.self(), count);
            return node.onMessage(message -> {
                count[0].increment();
                count[1].add(message.payload().length);
                LongAdder[] from = fromSender.computeIfAbsent(message.sender(),
                        s -> new LongAdder[] {new LongAdder(), new LongAdder()});
                from[0].increment();
                from[1].add(message.payload().length);
            });
        }).toList();
    }

    /** @return messages the member delivered so far, 0 for a member not counted */
    long messages(MemberId member) {
        LongAdder[] count = counts.get(member);
        return count == null ? 0 : count[0].sum();
    }

    /** @return payload bytes the member delivered so far, 0 for a member not counted */
    long bytes(MemberId member) {
        LongAdder[] count = counts.get(member);
        return count == null ? 0 : count[1].sum();
    }

    /**
     * @return per sender whose messages the shown nodes delivered: the messages and their payload bytes, summed over
     *     the shown nodes
     */
    Map<MemberId, long[]> bySender() {
        Map<MemberId, long[]> totals = new java.util.TreeMap<>();
        fromSender.forEach((sender, from) -> totals.put(sender, new long[] {from[0].sum(), from[1].sum()}));
        return totals;
    }

    @Override
    public void close() {
        registrations.forEach(Registration::close);
    }
}
