package org.gcs.internal.wire;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decides whether an authenticated WAN datagram is fresh: its send time within {@code maxAge} of this node's wall
 * clock, and its packet number new in its sender's {@link ReplayWindow}. Only a fresh datagram changes a window.
 *
 * <p>A window is kept at least {@code 2 × maxAge} after its sender's last accepted packet (the sender's clock may run
 * up to {@code maxAge} ahead), so a replay old enough to find no window fails the time check. Windows are bounded
 * ({@code maxSenders}). A new sender takes the place of the longest-idle window if that one expired; if none did, of
 * the longest-idle window not {@linkplain #confirm confirmed} as a live site's current delegate (counted in
 * {@link #evictions()}); only when every window is confirmed is it refused ({@link DropReason#TOO_MANY_SENDERS}). So a
 * key holder who floods sender ids evicts its own windows, never a real delegate's, and a delegate that starts during
 * the flood is admitted: a refused delegate would hear no acknowledgement, take the silence for a one-way link and
 * drop the peer from its views. The price is that an evicted sender's datagrams younger than {@code maxAge} could be
 * accepted once more: only under a key holder's flood, and only for senders the engine never confirmed. Only key
 * holders create windows (the datagram is authenticated first). Time comes in as arguments; not thread-safe.
 */
public final class ReplayGuard {
    /** Default bound on the number of senders tracked. */
    public static final int DEFAULT_MAX_SENDERS = 4096;

    private final long maxAgeMillis;
    private final long keepNs;
    private final int maxSenders;
    private final LinkedHashMap<Long, Sender> senders = new LinkedHashMap<>(64, 0.75f, true);
    private final Map<String, Long> confirmedBySite = new HashMap<>();
    private long evictions;

    /**
     * @param maxAgeMillis the most a send time may differ from this node's clock, in milliseconds (positive)
     * @param maxSenders the most sender windows kept
     */
    public ReplayGuard(long maxAgeMillis, int maxSenders) {
        if (maxAgeMillis <= 0 || maxSenders <= 0) {
            throw new IllegalArgumentException("maxAgeMillis and maxSenders must be positive");
        }
        this.maxAgeMillis = maxAgeMillis;
        this.keepNs = 2 * maxAgeMillis * 1_000_000L;
        this.maxSenders = maxSenders;
    }

    /**
     * Checks a datagram and, if fresh, records it.
     *
     * @param senderId its sender id
     * @param packetNumber its packet number
     * @param sendEpochMillis its send time, the sender's wall clock
     * @param nowEpochMillis this node's wall clock
     * @param nowNs this node's monotonic clock (for how long windows are kept)
     * @return null if fresh, otherwise why it must be dropped
     */
    public DropReason check(long senderId, long packetNumber, long sendEpochMillis, long nowEpochMillis, long nowNs) {
        if (sendEpochMillis < nowEpochMillis - maxAgeMillis || sendEpochMillis > nowEpochMillis + maxAgeMillis) {
            return DropReason.STALE_TIME;
        }
        Sender sender = senders.get(senderId);
        if (sender == null) {
            expire(nowNs);
            if (senders.size() >= maxSenders && !evictOneUnconfirmed()) {
                return DropReason.TOO_MANY_SENDERS;
            }
            sender = new Sender();
            senders.put(senderId, sender);
        } else if (!sender.window.isFresh(packetNumber)) {
            return DropReason.REPLAYED;
        }
        sender.window.mark(packetNumber);
        sender.lastAcceptedNs = nowNs;
        return null;
    }

    private void expire(long nowNs) {
        Iterator<Map.Entry<Long, Sender>> it = senders.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Long, Sender> eldest = it.next();
            if (nowNs - eldest.getValue().lastAcceptedNs <= keepNs) {
                return; // access order: every later entry is younger
            }
            forget(eldest.getKey(), eldest.getValue());
            it.remove();
        }
    }

    /** Removes the longest-idle window that is not confirmed; false if every window is confirmed. */
    private boolean evictOneUnconfirmed() {
        Iterator<Sender> it = senders.values().iterator();
        while (it.hasNext()) {
            if (!it.next().confirmed) { // an unconfirmed sender holds no entry in confirmedBySite
                it.remove();
                evictions++;
                return true;
            }
        }
        return false;
    }

    /**
     * Marks a sender as the current delegate of a live site, as the engine judged from a datagram this guard let
     * through: its window is not evicted for a newcomer (it still expires when idle). One sender per site name is
     * confirmed, the latest, so that many sender ids speaking for one site (a key holder's flood) keep one window.
     *
     * @param senderId the sender id
     * @param site the site it speaks for
     */
    public void confirm(long senderId, String site) {
        Sender sender = senders.get(senderId);
        if (sender == null || sender.confirmed) {
            return;
        }
        Long previous = confirmedBySite.put(site, senderId);
        if (previous != null) {
            Sender replaced = senders.get(previous);
            if (replaced != null) {
                replaced.confirmedSite = null;
                replaced.confirmed = false;
            }
        }
        sender.confirmed = true;
        sender.confirmedSite = site;
    }

    private void forget(long senderId, Sender sender) {
        if (sender.confirmedSite != null) {
            confirmedBySite.remove(sender.confirmedSite, senderId);
        }
    }

    /** @return how many unconfirmed windows were evicted for a new sender while none had expired */
    public long evictions() {
        return evictions;
    }

    /** @return how many sender windows are kept */
    public int senders() {
        return senders.size();
    }

    private static final class Sender {
        final ReplayWindow window = new ReplayWindow();
        long lastAcceptedNs;
        boolean confirmed;
        /** The site it is confirmed for, while it is. */
        String confirmedSite;
    }
}
