package org.gcs.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Tags;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.gcs.internal.flow.BlockDropReason;
import org.gcs.internal.log.SustainedDrops;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.LanDropReason;
import org.slf4j.LoggerFactory;

/**
 * What one node dropped or excluded, by reason: WAN datagrams, LAN messages, congestion-control blocks, the link
 * emulator's drops, and this member's exclusions by the member stall policy. Sustained WAN and LAN drops of one reason
 * also make a WARN line. Thread-safe.
 */
final class DropMeters {
    private final NodeMeters meters;
    private final Map<DropReason, Counter> wanDrops = new EnumMap<>(DropReason.class);
    private final Map<LanDropReason, Counter> lanDrops = new EnumMap<>(LanDropReason.class);
    private final Map<BlockDropReason, Counter> blockDrops = new EnumMap<>(BlockDropReason.class);
    private final Map<String, Counter> exclusions = new ConcurrentHashMap<>();
    private final SustainedDrops wanDropLog = new SustainedDrops(LoggerFactory.getLogger(NodeMetrics.class),
            "WAN datagrams");
    private final SustainedDrops lanDropLog = new SustainedDrops(LoggerFactory.getLogger(NodeMetrics.class),
            "LAN messages");

    /** @param meters where to register */
    DropMeters(NodeMeters meters) {
        this.meters = meters;
        for (DropReason reason : DropReason.values()) {
            wanDrops.put(reason, meters.counter(GcsMeters.WAN_DATAGRAMS_DROPPED, Tags.of("reason", reason.tag())));
        }
        for (LanDropReason reason : LanDropReason.values()) {
            lanDrops.put(reason, meters.counter(GcsMeters.LAN_MESSAGES_DROPPED, Tags.of("reason", reason.tag())));
        }
        for (BlockDropReason reason : BlockDropReason.values()) {
            blockDrops.put(reason, meters.counter(GcsMeters.CC_BLOCKS_DROPPED, Tags.of("reason", reason.tag())));
        }
    }

    void wanDropped(DropReason reason) {
        wanDrops.get(reason).increment();
        wanDropLog.onDrop(reason.tag(), System.nanoTime());
    }

    void lanDropped(LanDropReason reason) {
        lanDrops.get(reason).increment();
        lanDropLog.onDrop(reason.tag(), System.nanoTime());
    }

    void controlBlockDropped(BlockDropReason reason) {
        blockDrops.get(reason).increment();
    }

    long wanDrops(DropReason reason) {
        return (long) meters.count(wanDrops.get(reason));
    }

    long lanDrops(LanDropReason reason) {
        return (long) meters.count(lanDrops.get(reason));
    }

    long blockDrops(BlockDropReason reason) {
        return (long) meters.count(blockDrops.get(reason));
    }

    void memberExcluded(String group, String reason) {
        exclusions.computeIfAbsent(group + "|" + reason, k ->
                meters.counter(GcsMeters.MEMBERS_EXCLUDED, Tags.of("group", group, "reason", reason))).increment();
    }

    long membersExcluded() {
        double total = 0;
        for (Counter c : exclusions.values()) {
            total += meters.count(c);
        }
        return (long) total;
    }

    void bindHookDrops(String reason, java.util.function.LongSupplier count) {
        meters.functionCounter(GcsMeters.EMULATOR_DATAGRAMS_DROPPED, Tags.of("reason", reason), count,
                c -> c.getAsLong());
    }
}
