package org.gcs.internal.wire;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decides whether an authenticated WAN datagram is fresh: its send time within {@code maxAge} of this node's wall
 * clock, and its packet number new in its sender's {@link ReplayWindow}. Only a fresh datagram changes a window.
 *
 * <p>A window is kept at least {@code 2 × maxAge} after its sender's last accepted packet (the sender's clock may run
 * up to {@code maxAge} ahead), so a replay old enough to find no window fails the time check. Windows are bounded
 * ({@code maxSenders}): a new sender takes the place of the longest-idle window only when that one has expired;
 * otherwise it is refused ({@link DropReason#TOO_MANY_SENDERS}). Only key holders create windows (the datagram is
 * authenticated first). Time comes in as arguments; not thread-safe.
 */
public final class ReplayGuard {
    /** Default bound on the number of senders tracked. */
    public static final int DEFAULT_MAX_SENDERS = 4096;

    private final long maxAgeMillis;
    private final long keepNs;
    private final int maxSenders;
    private final LinkedHashMap<Long, Sender> senders = new LinkedHashMap<>(64, 0.75f, true);

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
            if (senders.size() >= maxSenders) {
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
            if (nowNs - it.next().getValue().lastAcceptedNs <= keepNs) {
                return; // access order: every later entry is younger
            }
            it.remove();
        }
    }

    /** @return how many sender windows are kept */
    public int senders() {
        return senders.size();
    }

    private static final class Sender {
        final ReplayWindow window = new ReplayWindow();
        long lastAcceptedNs;
    }
}
