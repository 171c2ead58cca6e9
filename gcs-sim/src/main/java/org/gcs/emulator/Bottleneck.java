package org.gcs.emulator;

import java.util.Objects;

/**
 * The bottleneck of an {@link EmulatedLink}: a FIFO server of the link's bit rate, busy until {@code busyUntilNs},
 * with a drop-tail limit of {@code queueBytes} and, when the profile asks for it, a {@link RedGate} in front of that
 * limit. Our packets and cross traffic's pass through the same instance. With unlimited bandwidth it holds nothing
 * and every packet departs when it is offered.
 *
 * <p>The backlog at time {@code t} is {@code (busyUntilNs - t) * bandwidth / 8} bytes, rounded down; a packet of
 * {@code size} bytes that fits departs at {@code max(t, busyUntilNs) + size * 8 * 1e9 / bandwidth}, rounded up to a
 * whole nanosecond. Not thread-safe.
 */
final class Bottleneck {

    /** Returned by {@link #offer(int, long)} when the packet is dropped (by RED or the drop-tail limit). */
    static final long DROPPED = -1L;

    private static final long BITS_PER_BYTE = 8L;

    private final long redSeed;
    private long bandwidthBitsPerSec;
    private long queueBytes;
    private RedQueue red;
    private RedGate redGate;
    private long busyUntilNs;

    /**
     * @param profile the link's properties; only its bandwidth, queue and RED are read
     * @param redSeed the seed of the RED gate's generator, now and after every change of the RED parameters
     */
    Bottleneck(LinkProfile profile, long redSeed) {
        this.redSeed = redSeed;
        this.bandwidthBitsPerSec = profile.bandwidthBitsPerSec();
        this.queueBytes = profile.queueBytes();
        this.red = profile.red();
        this.redGate = red == null ? null : new RedGate(red, redSeed);
    }

    /**
     * Offers one packet at {@code atNs}: RED may drop it, then the drop-tail limit; otherwise it is queued.
     *
     * @return the time its last bit leaves the bottleneck ({@code atNs} with unlimited bandwidth), or
     *     {@link #DROPPED}
     */
    long offer(int sizeBytes, long atNs) {
        if (!isLimited()) {
            return atNs;
        }
        long backlog = queuedBytes(atNs);
        if (redDrops(backlog, atNs) || LinkMath.saturatedAdd(backlog, sizeBytes) > queueBytes) {
            return DROPPED;
        }
        busyUntilNs = LinkMath.saturatedAdd(Math.max(atNs, busyUntilNs), transmissionNs(sizeBytes));
        return busyUntilNs;
    }

    /**
     * Takes the bandwidth, queue limit and RED of a new profile at {@code nowNs}. The backlog stays and drains at
     * the new rate; with unlimited bandwidth it is forgotten. The RED gate starts anew only if its parameters
     * changed.
     */
    void reconfigure(LinkProfile newProfile, long nowNs) {
        long backlog = queuedBytes(nowNs);
        boolean redChanged = !Objects.equals(newProfile.red(), red);
        bandwidthBitsPerSec = newProfile.bandwidthBitsPerSec();
        queueBytes = newProfile.queueBytes();
        red = newProfile.red();
        if (redChanged) {
            redGate = red == null ? null : new RedGate(red, redSeed);
        }
        if (!isLimited()) {
            busyUntilNs = 0;
        } else if (backlog > 0) {
            busyUntilNs = LinkMath.saturatedAdd(nowNs, backlogTransmissionNs(backlog));
        }
    }

    /** @return the bytes waiting in (or being sent from) the bottleneck at {@code nowNs}; 0 when unlimited or idle */
    long queuedBytes(long nowNs) {
        if (!isLimited() || busyUntilNs <= nowNs) {
            return 0;
        }
        return LinkMath.mulDivFloor(busyUntilNs - nowNs, bandwidthBitsPerSec, BITS_PER_BYTE * LinkMath.NS_PER_SEC);
    }

    /** @return when the bottleneck has sent everything queued so far (0 before the first packet, or when unlimited) */
    long busyUntilNs() {
        return busyUntilNs;
    }

    /** @return {@code sizeBytes * 8 * 1e9 / bandwidth}, rounded up to a whole nanosecond; 0 when unlimited */
    long transmissionNs(int sizeBytes) {
        if (!isLimited()) {
            return 0;
        }
        return LinkMath.mulDivCeil(sizeBytes * BITS_PER_BYTE, LinkMath.NS_PER_SEC, bandwidthBitsPerSec);
    }

    /** As {@link LinkProfile#isBandwidthLimited()}: a finite rate, and therefore a queue. */
    private boolean isLimited() {
        return bandwidthBitsPerSec > 0;
    }

    /** {@link #transmissionNs(int)} for a backlog, which may exceed an int. */
    private long backlogTransmissionNs(long backlogBytes) {
        return LinkMath.mulDivCeil(backlogBytes, BITS_PER_BYTE * LinkMath.NS_PER_SEC, bandwidthBitsPerSec);
    }

    /** RED's decision for a packet arriving at {@code atNs} to a queue of {@code backlog} bytes; false without RED. */
    private boolean redDrops(long backlog, long atNs) {
        if (redGate == null) {
            return false;
        }
        long idleNs = backlog == 0 ? Math.max(0, atNs - busyUntilNs) : 0;
        return redGate.drop(backlog, idleNs, transmissionNs(red.meanPacketBytes()));
    }
}
