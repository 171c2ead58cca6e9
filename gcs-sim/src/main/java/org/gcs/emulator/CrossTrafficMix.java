package org.gcs.emulator;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The cross traffic of one {@link EmulatedLink}: a {@link CrossTrafficSource} per stream, merged in time order
 * (ties: the order of the streams) and offered lazily to the link's {@link Bottleneck}, each packet at its own
 * time, and the tally of what became of those packets. Stream {@code i} draws from a generator of its own, seeded
 * from the link's seed and {@code i}. Not thread-safe.
 */
final class CrossTrafficMix {

    private final List<CrossTraffic> streams;
    private final CrossTrafficSource[] sources;
    private final Bottleneck bottleneck;
    private final PacketTally tally = new PacketTally();

    /**
     * @param streams the streams, in a fixed order; copied
     * @param linkSeed the link's seed, from which each stream's generator is seeded
     * @param bottleneck the bottleneck the streams' packets enter
     */
    CrossTrafficMix(List<CrossTraffic> streams, long linkSeed, Bottleneck bottleneck) {
        this.streams = List.copyOf(streams);
        this.bottleneck = bottleneck;
        this.sources = new CrossTrafficSource[this.streams.size()];
        for (int i = 0; i < sources.length; i++) {
            sources[i] = new CrossTrafficSource(this.streams.get(i),
                    new SplittableRandom(LinkSeeds.forCrossStream(linkSeed, i)));
        }
    }

    /** Offers every cross packet due at or before {@code nowNs} to the bottleneck, in time order. */
    void offerDue(long nowNs) {
        while (sources.length > 0) {
            CrossTrafficSource next = null;
            for (CrossTrafficSource source : sources) {
                if (source.nextPacketNs() <= nowNs && (next == null || source.nextPacketNs() < next.nextPacketNs())) {
                    next = source;
                }
            }
            if (next == null) {
                return;
            }
            long atNs = next.nextPacketNs();
            int sizeBytes = next.packetBytes();
            next.advance();
            if (bottleneck.offer(sizeBytes, atNs) == Bottleneck.DROPPED) {
                tally.countQueueDrop();
            } else {
                tally.countAdmitted(sizeBytes);
            }
        }
    }

    /** @return the streams, unmodifiable */
    List<CrossTraffic> streams() {
        return streams;
    }

    /** @return what became of the streams' packets offered so far (none is lost to the random loss model) */
    PacketTally tally() {
        return tally;
    }
}
