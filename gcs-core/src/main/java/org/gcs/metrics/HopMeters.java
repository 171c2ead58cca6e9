package org.gcs.metrics;

import io.micrometer.core.instrument.Tags;
import java.util.List;
import org.gcs.HopLinkStatus;

/**
 * The hop-by-hop meters of one delegate ({@code gcs.hop.*}, spec §1.2), tagged {@code peer}: occupancy, window and
 * RTT as gauges, retransmissions, replays, stall drops and dropped replay duplicates as counters, and the backup
 * buffer's occupancy. Meters are registered the first time a neighbour appears and read the latest snapshot; a
 * counter keeps its last value while its neighbour is away. Thread-safe.
 */
final class HopMeters {
    private final SnapshotMeters snapshots;
    private boolean backupRegistered;

    /** @param meters where to register */
    HopMeters(NodeMeters meters) {
        this.snapshots = new SnapshotMeters(meters);
    }

    /**
     * The hop-by-hop links changed.
     *
     * @param links the links to and from each neighbour (empty on the end-to-end transport or off the delegate)
     * @param backupPackets packets in the backup buffer
     */
    void hopLinksChanged(List<HopLinkStatus> links, int backupPackets) {
        SnapshotMeters.Snapshot next = snapshots.fresh();
        if (!links.isEmpty() || backupRegistered) {
            backupRegistered = true;
            next.gauge(GcsMeters.HOP_BACKUP_OCCUPANCY, Tags.empty(), backupPackets);
        }
        for (HopLinkStatus link : links) {
            Tags peer = Tags.of("peer", link.peer());
            next.gauge(GcsMeters.HOP_OUTPUT_OCCUPANCY, peer, link.outputPackets());
            next.gauge(GcsMeters.HOP_OUTPUT_WAITING, peer, link.waitingPackets());
            next.gauge(GcsMeters.HOP_INPUT_OCCUPANCY, peer, link.inputPackets());
            next.gauge(GcsMeters.HOP_WINDOW, peer, link.windowPackets());
            next.gauge(GcsMeters.HOP_RTT, peer, link.smoothedRttNs() / 1e9);
            next.counter(GcsMeters.HOP_RETRANSMITS, peer, link.retransmissions());
            next.counter(GcsMeters.HOP_BACKUP_REPLAYS, peer, link.replayedPackets());
            next.counter(GcsMeters.HOP_STALL_DROPS, peer, link.stallDrops());
            next.counter(GcsMeters.HOP_REPLAY_DUPLICATES, peer, link.duplicatesDropped());
        }
        next.publish(); // a counter keeps its last value while its neighbour is away
    }
}
