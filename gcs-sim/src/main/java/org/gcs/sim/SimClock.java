package org.gcs.sim;

import java.util.PriorityQueue;

/**
 * A virtual clock with an event queue: {@link #runUntil} jumps from event to event, so simulated minutes
 * take milliseconds, and the same seed gives the same run. Events at the same time run in the order they
 * were scheduled.
 */
public final class SimClock {
    private final PriorityQueue<Event> queue = new PriorityQueue<>();
    private long nowNs;
    private long order;
    private long executed;

    /** @return the current virtual time */
    public long nowNs() {
        return nowNs;
    }

    /** @return events executed so far */
    public long executedEvents() {
        return executed;
    }

    /**
     * Schedules an action.
     *
     * @param atNs virtual time (clamped to now if in the past)
     * @param action what to run
     */
    public void at(long atNs, Runnable action) {
        queue.add(new Event(Math.max(atNs, nowNs), order++, action));
    }

    /** Schedules an action {@code delayNs} from now. */
    public void after(long delayNs, Runnable action) {
        at(nowNs + delayNs, action);
    }

    /**
     * Runs events until the clock reaches {@code endNs} (events at exactly {@code endNs} run).
     *
     * @param endNs the end time
     */
    public void runUntil(long endNs) {
        while (!queue.isEmpty() && queue.peek().atNs <= endNs) {
            Event next = queue.poll();
            nowNs = next.atNs;
            executed++;
            next.action.run();
        }
        nowNs = Math.max(nowNs, endNs);
    }

    /**
     * Runs until {@code condition} holds (checked after every event) or {@code endNs} is reached.
     *
     * @return true if the condition held
     */
    public boolean runUntil(java.util.function.BooleanSupplier condition, long endNs) {
        while (!condition.getAsBoolean()) {
            if (queue.isEmpty() || queue.peek().atNs > endNs) {
                nowNs = Math.max(nowNs, endNs);
                return condition.getAsBoolean();
            }
            Event next = queue.poll();
            nowNs = next.atNs;
            executed++;
            next.action.run();
        }
        return true;
    }

    private record Event(long atNs, long order, Runnable action) implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            int byTime = Long.compare(atNs, o.atNs);
            return byTime != 0 ? byTime : Long.compare(order, o.order);
        }
    }
}
