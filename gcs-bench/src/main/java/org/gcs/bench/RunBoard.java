package org.gcs.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The lines every node of a run reported, by node, and which nodes ended; the parent waits on it for
 * conditions over all nodes. Readers of the nodes' output add to it from their own threads.
 */
final class RunBoard {
    private final Map<String, List<NodeLine>> lines = new HashMap<>();
    private final Set<String> ended = new HashSet<>();
    private long version;

    /**
     * Adds a line a node reported.
     *
     * @param node the node's name
     * @param line the line
     */
    synchronized void add(String node, NodeLine line) {
        lines.computeIfAbsent(node, n -> new ArrayList<>()).add(line);
        version++;
        notifyAll();
    }

    /** @param node a node whose output ended (it exited or closed its output) */
    synchronized void ended(String node) {
        ended.add(node);
        version++;
        notifyAll();
    }

    /** @return true once the node's output ended */
    synchronized boolean hasEnded(String node) {
        return ended.contains(node);
    }

    /**
     * @param node a node's name
     * @param event an event
     * @return the first line of that event the node reported
     */
    synchronized Optional<NodeLine> first(String node, String event) {
        return lines.getOrDefault(node, List.of()).stream().filter(l -> l.event().equals(event)).findFirst();
    }

    /**
     * @param node a node's name
     * @param event an event
     * @return the latest line of that event the node reported
     */
    synchronized Optional<NodeLine> latest(String node, String event) {
        List<NodeLine> all = lines.getOrDefault(node, List.of());
        for (int i = all.size() - 1; i >= 0; i--) {
            if (all.get(i).event().equals(event)) {
                return Optional.of(all.get(i));
            }
        }
        return Optional.empty();
    }

    /**
     * Waits until a condition over the board holds; the condition is checked whenever a line arrives or a node
     * ends, and at least every {@code pollMs}.
     *
     * @param condition what to wait for (it may read the board)
     * @param timeoutNs how long to wait at most
     * @param pollMs the longest interval between checks
     * @return true if the condition held in time
     */
    boolean await(BooleanSupplier condition, long timeoutNs, long pollMs) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNs;
        while (true) {
            long seen;
            synchronized (this) {
                seen = version;
            }
            if (condition.getAsBoolean()) {
                return true;
            }
            long leftNs = deadline - System.nanoTime();
            if (leftNs <= 0) {
                return false;
            }
            synchronized (this) {
                if (version == seen) {
                    TimeUnit.NANOSECONDS.timedWait(this, Math.min(leftNs, TimeUnit.MILLISECONDS.toNanos(pollMs)));
                }
            }
        }
    }
}
