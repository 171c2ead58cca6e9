package org.gcs.emulator;

import java.util.SplittableRandom;

/**
 * The packet times of one {@link CrossTraffic} stream, generated lazily in time order: {@link #nextPacketNs()}
 * is the time of the next packet, {@link #advance()} moves past it. Time starts at 0 (the link's origin).
 *
 * <p>An ON period that starts at {@code s} and lasts {@code d} sends packets at {@code s}, {@code s + T},
 * {@code s + 2T}, ... before {@code s + d}, where {@code T = packetBytes * 8 / rate} (kept exact as a fraction
 * of a nanosecond, so long periods do not drift). So a period sends {@code ceil(d / T)} packets: on average half
 * a packet more than {@code rate * d}, which matters only when {@code T} is not small against the mean ON
 * period. Durations are exponential, drawn from the stream's own generator, at least 1 ns each.
 */
final class CrossTrafficSource {

    private final int packetBytes;
    private final long rateBitsPerSec;
    private final long meanOnNs;
    private final long meanOffNs;
    /** {@code packetBytes * 8 * 1e9}: the packet interval is this over the rate. */
    private final long intervalNumerator;
    private final SplittableRandom random;

    private long onUntilNs;
    private long nextPacketNs;
    /** The fraction of a nanosecond carried to the next packet, in units of 1 / rate. */
    private long remainder;

    CrossTrafficSource(CrossTraffic spec, SplittableRandom random) {
        this.packetBytes = spec.packetBytes();
        this.rateBitsPerSec = spec.rateBitsPerSec();
        this.meanOnNs = spec.meanOnNs();
        this.meanOffNs = spec.meanOffNs();
        this.intervalNumerator = packetBytes * 8L * LinkMath.NS_PER_SEC;
        this.random = random;
        startOnPeriod(!spec.startsOn() && meanOffNs > 0 ? durationNs(meanOffNs) : 0);
    }

    /** @return the time of the next packet, in nanoseconds */
    long nextPacketNs() {
        return nextPacketNs;
    }

    /** @return the size of every packet of this stream */
    int packetBytes() {
        return packetBytes;
    }

    /** Moves past the packet at {@link #nextPacketNs()}. */
    void advance() {
        remainder += intervalNumerator;
        long next = LinkMath.saturatedAdd(nextPacketNs, remainder / rateBitsPerSec);
        remainder %= rateBitsPerSec;
        if (next < onUntilNs) {
            nextPacketNs = next;
        } else {
            startOnPeriod(LinkMath.saturatedAdd(onUntilNs, durationNs(meanOffNs)));
        }
    }

    private void startOnPeriod(long startNs) {
        nextPacketNs = startNs;
        remainder = 0;
        onUntilNs = meanOffNs == 0 ? Long.MAX_VALUE : LinkMath.saturatedAdd(startNs, durationNs(meanOnNs));
    }

    /** @return an exponential duration of the given mean, rounded, at least 1 ns */
    private long durationNs(long meanNs) {
        double draw = -meanNs * Math.log1p(-random.nextDouble()); // nextDouble() < 1, so the log is finite
        return Math.max(1, Math.round(draw));
    }
}
