package org.gcs.order;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** The application payloads a member of a total-order group received and still needs, by sender and number. */
final class Payloads {
    private final Map<Incarnation, TreeMap<Long, byte[]>> bySender = new HashMap<>();
    private long bytes;

    void put(Incarnation sender, long seq, byte[] payload) {
        if (bySender.computeIfAbsent(sender, s -> new TreeMap<>()).putIfAbsent(seq, payload) == null) {
            bytes += payload.length;
        }
    }

    boolean has(Incarnation sender, long seq) {
        TreeMap<Long, byte[]> held = bySender.get(sender);
        return held != null && held.containsKey(seq);
    }

    byte[] get(Incarnation sender, long seq) {
        TreeMap<Long, byte[]> held = bySender.get(sender);
        return held == null ? null : held.get(seq);
    }

    /** Forgets a sender's payloads up to a number (inclusive). */
    void discardThrough(Incarnation sender, long seq) {
        TreeMap<Long, byte[]> held = bySender.get(sender);
        if (held == null) {
            return;
        }
        var head = held.headMap(seq, true);
        for (byte[] payload : head.values()) {
            bytes -= payload.length;
        }
        head.clear();
        if (held.isEmpty()) {
            bySender.remove(sender);
        }
    }

    /** @return payload bytes kept */
    long bytes() {
        return bytes;
    }
}
