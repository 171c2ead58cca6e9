package org.gcs.internal.node;

import java.net.InetSocketAddress;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which peer addresses have been failing one check for longer than a given time with no success in between: the
 * bookkeeping behind "one ERROR per misconfigured peer". A failure streak starts at an address's first failure, ends at
 * a success from it or after {@code silenceNs} without failures, and becomes sustained, once, at its first failure
 * {@code sustainNs} or more after its start.
 *
 * <p>The table is bounded ({@code maxPeers}, least recently failing out), so that datagrams from many source addresses
 * cannot grow it; a streak that ended by silence leaves it when it is next looked at. Time comes in as
 * {@code nowNs}. Thread-safe: the event loop writes, a metrics scrape reads.
 */
final class SustainedPeerFailures {
    private final long sustainNs;
    private final long silenceNs;
    private final Map<InetSocketAddress, Streak> streaks;
    /** The table's size, read without the lock on the success path (the loop's every accepted datagram). */
    private volatile int tracked;

    private static final class Streak {
        final long firstNs;
        long lastNs;
        long detail;
        boolean sustained;

        Streak(long firstNs) {
            this.firstNs = firstNs;
        }
    }

    /**
     * @param sustainNs how long a streak lasts before it is sustained, and the silence that ends it, in nanoseconds
     * @param maxPeers the most addresses tracked at once
     */
    SustainedPeerFailures(long sustainNs, int maxPeers) {
        this(sustainNs, sustainNs, maxPeers);
    }

    /**
     * @param sustainNs how long a streak lasts before it is sustained, in nanoseconds
     * @param silenceNs the time without failures that ends a streak, in nanoseconds
     * @param maxPeers the most addresses tracked at once
     */
    SustainedPeerFailures(long sustainNs, long silenceNs, int maxPeers) {
        if (sustainNs <= 0 || silenceNs <= 0 || maxPeers <= 0) {
            throw new IllegalArgumentException("sustainNs, silenceNs and maxPeers must be positive, got " + sustainNs
                    + ", " + silenceNs + ", " + maxPeers);
        }
        this.sustainNs = sustainNs;
        this.silenceNs = silenceNs;
        this.streaks = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<InetSocketAddress, Streak> eldest) {
                return size() > maxPeers;
            }
        };
    }

    /**
     * Records a failure of {@code peer}.
     *
     * @param detail a number kept with the streak (its latest value), e.g. a clock offset in milliseconds
     * @return how long the streak has lasted, in nanoseconds, if this failure made it sustained (report it now);
     *     otherwise -1
     */
    synchronized long failed(InetSocketAddress peer, long detail, long nowNs) {
        expire(nowNs);
        Streak streak = streaks.get(peer);
        if (streak == null) {
            streak = new Streak(nowNs);
            streaks.put(peer, streak);
            tracked = streaks.size();
        }
        streak.lastNs = nowNs;
        streak.detail = detail;
        long lastedNs = nowNs - streak.firstNs;
        if (streak.sustained || lastedNs < sustainNs) {
            return -1;
        }
        streak.sustained = true;
        return lastedNs;
    }

    /** Records a success of {@code peer}: its streak, if any, ends. */
    void succeeded(InetSocketAddress peer) {
        if (tracked == 0) {
            return;
        }
        synchronized (this) {
            streaks.remove(peer);
            tracked = streaks.size();
        }
    }

    /** @return the addresses whose streak is sustained and not ended at {@code nowNs} */
    synchronized int sustainedPeers(long nowNs) {
        int n = 0;
        for (Streak s : streaks.values()) {
            if (s.sustained && nowNs - s.lastNs <= silenceNs) {
                n++;
            }
        }
        return n;
    }

    /** @return the largest absolute detail among the sustained streaks not ended at {@code nowNs}, 0 if none */
    synchronized long largestSustainedDetail(long nowNs) {
        long max = 0;
        for (Streak s : streaks.values()) {
            if (s.sustained && nowNs - s.lastNs <= silenceNs) {
                max = Math.max(max, Math.abs(s.detail));
            }
        }
        return max;
    }

    /** @return {@code host:port}, as an operator writes a peer's address (no host name, no leading slash) */
    static String hostPort(InetSocketAddress address) {
        return address.getAddress() == null ? address.getHostString() + ":" + address.getPort()
                : address.getAddress().getHostAddress() + ":" + address.getPort();
    }

    /** Drops the streaks that ended by silence, least recently failing first (the table's order). */
    private void expire(long nowNs) {
        Iterator<Streak> it = streaks.values().iterator();
        while (it.hasNext()) {
            if (nowNs - it.next().lastNs <= silenceNs) {
                break;
            }
            it.remove();
        }
        tracked = streaks.size();
    }
}
