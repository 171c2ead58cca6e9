package org.gcs.order;

import java.util.HashMap;
import java.util.Map;

/**
 * The application payloads a member of a total-order group received and still needs, by sender and number. A
 * sender's payloads arrive nearly in order and leave in order, so each sender's are kept in a ring over a window of
 * consecutive numbers: putting, finding and discarding one costs O(1), with no boxing. The last sender used is
 * remembered, since runs of one sender's messages are the rule.
 */
final class Payloads {
    private final Map<Incarnation, Window> bySender = new HashMap<>();
    private Incarnation lastSender;
    private Window lastWindow;
    private long bytes;

    void put(Incarnation sender, long seq, byte[] payload) {
        Window window = window(sender);
        if (window == null) {
            window = new Window();
            bySender.put(sender, window);
            lastSender = sender;
            lastWindow = window;
        }
        if (window.put(seq, payload)) {
            bytes += payload.length;
        }
    }

    boolean has(Incarnation sender, long seq) {
        return get(sender, seq) != null;
    }

    byte[] get(Incarnation sender, long seq) {
        Window window = window(sender);
        return window == null ? null : window.get(seq);
    }

    /** Forgets a sender's payloads up to a number (inclusive). */
    void discardThrough(Incarnation sender, long seq) {
        Window window = window(sender);
        if (window == null) {
            return;
        }
        bytes -= window.discardThrough(seq);
        if (window.isEmpty()) {
            bySender.remove(sender);
            lastSender = null;
            lastWindow = null;
        }
    }

    /**
     * @return the first messages the chain names from a position on whose payloads are not kept here (at most
     *     {@code max})
     */
    java.util.List<OrderWire.Missing> missing(OrderChain chain, long from, int max) {
        java.util.List<OrderWire.Missing> missing = new java.util.ArrayList<>();
        for (long position = from; position <= chain.top() && missing.size() < max; position++) {
            if (chain.entryAt(position) instanceof ChainEntry.Messages m && !has(m.sender(), m.seqAt(position))) {
                missing.add(new OrderWire.Missing(m.sender(), m.seqAt(position)));
            }
        }
        return missing;
    }

    /** @return payload bytes kept */
    long bytes() {
        return bytes;
    }

    private Window window(Incarnation sender) {
        if (lastWindow != null && sender.equals(lastSender)) {
            return lastWindow;
        }
        Window window = bySender.get(sender);
        if (window != null) {
            lastSender = sender;
            lastWindow = window;
        }
        return window;
    }

    /** One sender's payloads: numbers {@code base .. base + span - 1} in a ring (a slot is null where none is held). */
    private static final class Window {
        private byte[][] ring = new byte[16][];
        private int head;
        private long base;
        private int span;
        private int held;

        /** @return false if a payload with that number is held already */
        boolean put(long seq, byte[] payload) {
            if (span == 0) {
                base = seq;
                head = 0;
            } else if (seq < base) {
                long shift = base - seq;
                relayout(shift, span + shift);
                base = seq;
                span += (int) shift;
            }
            long offset = seq - base;
            if (offset >= ring.length) {
                relayout(0, offset + 1);
            }
            int slot = slot(offset);
            if (ring[slot] != null) {
                return false;
            }
            ring[slot] = payload;
            held++;
            span = (int) Math.max(span, offset + 1);
            return true;
        }

        byte[] get(long seq) {
            long offset = seq - base;
            return offset < 0 || offset >= span ? null : ring[slot(offset)];
        }

        /** @return the bytes of the payloads forgotten */
        long discardThrough(long seq) {
            long freed = 0;
            while (span > 0 && base <= seq) {
                byte[] payload = ring[head];
                if (payload != null) {
                    freed += payload.length;
                    ring[head] = null;
                    held--;
                }
                head = (head + 1) & (ring.length - 1);
                base++;
                span--;
            }
            return freed;
        }

        boolean isEmpty() {
            return held == 0;
        }

        private int slot(long offset) {
            return (int) ((head + offset) & (ring.length - 1));
        }

        /** Copies the window into a ring that holds {@code needed} numbers, its first one {@code shift} slots in. */
        private void relayout(long shift, long needed) {
            if (needed > Integer.MAX_VALUE / 2) {
                throw new IllegalStateException("a window of " + needed + " payload numbers");
            }
            int capacity = Math.max(ring.length, Integer.highestOneBit((int) needed - 1) << 1);
            byte[][] next = new byte[capacity][];
            for (int i = 0; i < span; i++) {
                next[(int) (i + shift)] = ring[slot(i)];
            }
            ring = next;
            head = 0;
        }
    }
}
