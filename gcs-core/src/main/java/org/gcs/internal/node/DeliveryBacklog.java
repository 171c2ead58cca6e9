package org.gcs.internal.node;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The messages handed to the delivery thread and not yet through the listeners, by group, each holding its
 * {@link DeliveryPermits} room. It lets the member stall policy drop a group's waiting messages at once, from the
 * event loop, while the delivery thread may be stuck in a listener: their room goes back to the JGroups receive
 * thread, which then takes the site's traffic again.
 *
 * <p>Every entry's room is given back exactly once: by {@link #finish} after the listeners returned (or the delivery
 * thread refused it), or by {@link #discard} if the group was dropped first. Thread-safe (one lock; every call is
 * short).
 */
final class DeliveryBacklog {
    /**
     * A group's queue stays in the map when it empties while the map holds at most this many groups, so that a group
     * whose messages the listeners keep up with does not make a new queue and map entry for every message (the
     * receiving member's delivery path spent 3 % of its samples there; docs/performance.md, "CPU per message, round
     * 6"). Beyond it, emptied queues go, so groups left long ago do not accumulate.
     */
    static final int KEPT_EMPTY_GROUPS = 16;

    private final DeliveryPermits permits;
    private final Map<String, ArrayDeque<Entry>> byGroup = new HashMap<>();
    /**
     * How many messages the listeners began: the delivery thread reads no clock per message (a read costs 30 to 40 ns
     * on a virtual machine's kvm-clock; docs/performance.md, "CPU per message, round 10"). The stall checks see from
     * this count whether the listeners are still on the message they saw them on last time.
     */
    private long begun;
    private String inListenerGroup;
    /** {@link #begun} when {@link #inListenerSinceNs} last looked, and the time it first saw that message. */
    private long seenBegun = -1;
    private long seenSinceNs;

    /** One message waiting for (or in) the listeners. */
    static final class Entry {
        private final String group;
        private final long permitBytes;
        private boolean settled;

        private Entry(String group, long permitBytes) {
            this.group = group;
            this.permitBytes = permitBytes;
        }

        /** @return the message's group */
        String group() {
            return group;
        }
    }

    DeliveryBacklog(DeliveryPermits permits) {
        this.permits = permits;
    }

    /** A message of {@code group} holding {@code permitBytes} of room goes to the delivery thread. */
    synchronized Entry add(String group, long permitBytes) {
        Entry entry = new Entry(group, permitBytes);
        byGroup.computeIfAbsent(group, g -> new ArrayDeque<>()).addLast(entry);
        return entry;
    }

    /**
     * The delivery thread is about to call the listeners with this message.
     *
     * @return false if its group was dropped meanwhile: do not deliver it
     */
    synchronized boolean begin(Entry entry) {
        if (entry.settled) {
            return false;
        }
        begun++;
        inListenerGroup = entry.group;
        return true;
    }

    /** The listeners returned (or the message will never reach them): its room goes back unless it went already. */
    void finish(Entry entry) {
        boolean release;
        synchronized (this) {
            inListenerGroup = null;
            release = !entry.settled;
            entry.settled = true;
            ArrayDeque<Entry> queue = byGroup.get(entry.group);
            if (queue != null) {
                queue.remove(entry); // the head, unless a discard emptied the queue
                if (queue.isEmpty() && byGroup.size() > KEPT_EMPTY_GROUPS) {
                    byGroup.remove(entry.group);
                }
            }
        }
        if (release) {
            permits.release(entry.permitBytes);
        }
    }

    /**
     * Drops every message of a group that waits for the listeners and gives their room back (the one the listeners
     * may be running on too: its room goes back now, and the listener's return changes nothing).
     *
     * @return the messages dropped, without the one the listeners are running on
     */
    int discard(String group) {
        java.util.List<Entry> released = new java.util.ArrayList<>();
        int dropped = 0;
        synchronized (this) {
            ArrayDeque<Entry> queue = byGroup.remove(group);
            if (queue == null) {
                return 0;
            }
            for (Entry entry : queue) {
                if (!entry.settled) {
                    entry.settled = true;
                    released.add(entry);
                    dropped++;
                }
            }
            if (group.equals(inListenerGroup) && dropped > 0) {
                dropped--; // that one reached the listeners
            }
        }
        for (Entry entry : released) {
            permits.release(entry.permitBytes); // one by one: the room is rounded per message
        }
        return dropped;
    }

    /** @return the groups that have messages waiting for (or in) the listeners */
    synchronized Set<String> groupsWaiting() {
        Set<String> waiting = new TreeSet<>();
        byGroup.forEach((group, queue) -> {
            if (!queue.isEmpty()) {
                waiting.add(group);
            }
        });
        return waiting;
    }

    /** @return how many groups have a queue, empty or not (for tests of the bound) */
    synchronized int queues() {
        return byGroup.size();
    }

    /** @return how many messages wait for (or are in) the listeners */
    synchronized int waitingMessages() {
        int total = 0;
        for (ArrayDeque<Entry> queue : byGroup.values()) {
            total += queue.size();
        }
        return total;
    }

    /**
     * When the listeners got their current message, as far as the callers saw: the first {@code nowNs} this was asked
     * with while they ran on that message. Asked at every status refresh, it is late by at most one refresh period.
     *
     * @param nowNs the monotonic clock
     * @return that time (never 0), or 0 between messages
     */
    synchronized long inListenerSinceNs(long nowNs) {
        if (inListenerGroup == null) {
            return 0;
        }
        if (seenBegun != begun) {
            seenBegun = begun;
            seenSinceNs = nowNs == 0 ? 1 : nowNs;
        }
        return seenSinceNs;
    }

    /** @return the group of the message the listeners run on now, or null */
    synchronized String inListenerGroup() {
        return inListenerGroup;
    }
}
