package org.gcs.alm.swim;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pings this member sends on behalf of other members' ping-reqs (SWIM §3.1): each remembers who asked and the
 * sequence number to echo, so that the target's Ack can be relayed; if the target has not answered within 80 % of
 * the probe timeout, a Nack goes to the prober (Lifeguard §IV-A), once. An entry is kept one protocol period after
 * the ping-req came, so that an Ack arriving after the Nack is still relayed, and is then forgotten.
 *
 * <p>Entries are added in time order and all live equally long, so the map's insertion order is also the order of
 * their deadlines.
 */
final class RelayedProbes {
    /** A ping run for {@code prober}, to be answered with its {@code proberSeq}. */
    record Relay(String prober, long proberSeq) {
    }

    private static final class Entry {
        final Relay relay;
        final long nackAtNs;
        final long expiresAtNs;
        boolean nacked;

        Entry(Relay relay, long nackAtNs, long expiresAtNs) {
            this.relay = relay;
            this.nackAtNs = nackAtNs;
            this.expiresAtNs = expiresAtNs;
        }
    }

    private final long nackDelayNs;
    private final long lifetimeNs;
    private final Map<Long, Entry> bySeq = new LinkedHashMap<>();

    /**
     * @param probeTimeoutNs the base probe timeout; the Nack goes after 80 % of it (Lifeguard §IV-A)
     * @param probeIntervalNs the base protocol period: how long an entry is kept
     */
    RelayedProbes(long probeTimeoutNs, long probeIntervalNs) {
        this.nackDelayNs = probeTimeoutNs / 5 * 4;
        this.lifetimeNs = probeIntervalNs;
    }

    /**
     * Records a ping about to be sent for a ping-req.
     *
     * @param seq the sequence number of this member's ping
     * @param prober who sent the ping-req
     * @param proberSeq the ping-req's sequence number
     * @param nowNs when the ping-req came
     */
    void add(long seq, String prober, long proberSeq, long nowNs) {
        bySeq.put(seq, new Entry(new Relay(prober, proberSeq), nowNs + nackDelayNs, nowNs + lifetimeNs));
    }

    /**
     * An Ack came for one of this member's pings.
     *
     * @return whom to relay it to, or null if the sequence number is not a relayed ping (or was forgotten)
     */
    Relay answered(long seq) {
        Entry entry = bySeq.remove(seq);
        return entry == null ? null : entry.relay;
    }

    /**
     * Collects the Nacks due and forgets the expired entries.
     *
     * @param nowNs the current time
     * @return the relays whose target stayed silent too long: send each prober a Nack
     */
    List<Relay> tick(long nowNs) {
        List<Relay> nacks = new ArrayList<>(0);
        for (Iterator<Entry> it = bySeq.values().iterator(); it.hasNext(); ) {
            Entry entry = it.next();
            if (entry.nackAtNs > nowNs) {
                break; // insertion order is deadline order
            }
            if (!entry.nacked) {
                entry.nacked = true;
                nacks.add(entry.relay);
            }
            if (entry.expiresAtNs <= nowNs) {
                it.remove();
            }
        }
        return nacks;
    }

    /** @return the earliest Nack or expiry due, or {@link Long#MAX_VALUE} if there is none */
    long nextDeadlineNs() {
        long next = Long.MAX_VALUE;
        for (Entry entry : bySeq.values()) {
            next = Math.min(next, entry.nacked ? entry.expiresAtNs : entry.nackAtNs);
            if (!entry.nacked) {
                break; // later entries are due later still
            }
        }
        return next;
    }

    /** @return how many relayed pings are remembered */
    int size() {
        return bySeq.size();
    }
}
