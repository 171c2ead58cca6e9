package org.gcs.metrics;

import io.micrometer.core.instrument.Tags;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.gcs.internal.engine.HopLinkStatus;

/**
 * The hop-by-hop meters of one delegate ({@code gcs.hop.*}, spec §1.2), tagged {@code peer}: occupancy, window and
 * RTT as gauges, retransmissions, replays, stall drops and dropped replay duplicates as counters, and the backup
 * buffer's occupancy. Meters are registered the first time a neighbour appears and read the latest snapshot; a
 * counter keeps its last value while its neighbour is away. Thread-safe.
 */
final class HopMeters {
    private final NodeMeters meters;
    private final Set<String> registered = ConcurrentHashMap.newKeySet();
    private final Set<String> counters = ConcurrentHashMap.newKeySet();
    private volatile Map<String, Double> values = Map.of();
    private boolean backupRegistered;

    /** @param meters where to register */
    HopMeters(NodeMeters meters) {
        this.meters = meters;
    }

    /**
     * The hop-by-hop links changed.
     *
     * @param links the links to and from each neighbour (empty on the end-to-end transport or off the delegate)
     * @param backupPackets packets in the backup buffer
     */
    void hopLinksChanged(List<HopLinkStatus> links, int backupPackets) {
        Map<String, Double> next = new HashMap<>();
        if (!links.isEmpty() || backupRegistered) {
            backupRegistered = true;
            gauge(next, GcsMeters.HOP_BACKUP_OCCUPANCY, Tags.empty(), backupPackets);
        }
        for (HopLinkStatus link : links) {
            Tags peer = Tags.of("peer", link.peer());
            gauge(next, GcsMeters.HOP_OUTPUT_OCCUPANCY, peer, link.outputPackets());
            gauge(next, GcsMeters.HOP_OUTPUT_WAITING, peer, link.waitingPackets());
            gauge(next, GcsMeters.HOP_INPUT_OCCUPANCY, peer, link.inputPackets());
            gauge(next, GcsMeters.HOP_WINDOW, peer, link.windowPackets());
            gauge(next, GcsMeters.HOP_RTT, peer, link.smoothedRttNs() / 1e9);
            counter(next, GcsMeters.HOP_RETRANSMITS, peer, link.retransmissions());
            counter(next, GcsMeters.HOP_BACKUP_REPLAYS, peer, link.replayedPackets());
            counter(next, GcsMeters.HOP_STALL_DROPS, peer, link.stallDrops());
            counter(next, GcsMeters.HOP_REPLAY_DUPLICATES, peer, link.duplicatesDropped());
        }
        // a counter keeps its last value while its neighbour is away (counters must not fall back to NaN)
        values.forEach((key, value) -> {
            if (counters.contains(key)) {
                next.putIfAbsent(key, value);
            }
        });
        values = next;
    }

    private void gauge(Map<String, Double> next, GcsMeters meter, Tags extra, double value) {
        String key = meter.meterName() + "|" + extra;
        next.put(key, value);
        if (registered.add(key)) {
            meters.gauge(meter, extra, this, m -> m.values.getOrDefault(key, Double.NaN));
        }
    }

    private void counter(Map<String, Double> next, GcsMeters meter, Tags extra, long value) {
        String key = meter.meterName() + "|" + extra;
        next.put(key, (double) value);
        if (registered.add(key)) {
            counters.add(key);
            meters.functionCounter(meter, extra, this, m -> m.values.getOrDefault(key, 0.0));
        }
    }
}
