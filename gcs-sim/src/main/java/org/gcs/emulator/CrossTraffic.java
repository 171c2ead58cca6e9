package org.gcs.emulator;

import java.util.Objects;

/**
 * One on/off stream of cross traffic on a directed link (a {@code cross} line of a topology file): during ON
 * periods it sends {@code packetBytes}-byte packets at a constant {@code rateBitsPerSec}, during OFF periods
 * nothing. ON and OFF durations are exponentially distributed with means {@code meanOnNs} and
 * {@code meanOffNs}; the first period is ON if {@code startsOn}. {@link EmulatedLink} describes how the packets
 * share the link's bottleneck with ours.
 *
 * @param fromSite the sending site of the link
 * @param toSite the receiving site of the link
 * @param rateBitsPerSec the sending rate during ON periods, bits per second, {@code > 0}
 * @param meanOnNs the mean ON period, nanoseconds, {@code > 0}
 * @param meanOffNs the mean OFF period, nanoseconds, {@code >= 0}; {@code 0} makes a constant-rate stream
 * @param packetBytes the size of each packet, 1 to {@value #MAX_PACKET_BYTES} bytes
 * @param startsOn whether the first period is ON (else OFF)
 */
public record CrossTraffic(String fromSite, String toSite, long rateBitsPerSec, long meanOnNs, long meanOffNs,
        int packetBytes, boolean startsOn) {

    /** The packet size used when none is given: 1000 bytes. */
    public static final int DEFAULT_PACKET_BYTES = 1000;

    /** The largest packet: a UDP datagram's largest payload. */
    public static final int MAX_PACKET_BYTES = 65_535;

    /**
     * Validates the components.
     *
     * @param fromSite the sending site of the link
     * @param toSite the receiving site of the link
     * @param rateBitsPerSec bits per second during ON periods, {@code > 0}
     * @param meanOnNs the mean ON period in nanoseconds, {@code > 0}
     * @param meanOffNs the mean OFF period in nanoseconds, {@code >= 0}
     * @param packetBytes bytes per packet, 1 to {@value #MAX_PACKET_BYTES}
     * @param startsOn whether the first period is ON
     * @throws IllegalArgumentException if a number is out of range
     * @throws NullPointerException if a site is null
     */
    public CrossTraffic {
        Objects.requireNonNull(fromSite, "fromSite");
        Objects.requireNonNull(toSite, "toSite");
        if (rateBitsPerSec <= 0) {
            throw new IllegalArgumentException("rateBitsPerSec must be > 0, got " + rateBitsPerSec);
        }
        if (meanOnNs <= 0) {
            throw new IllegalArgumentException("meanOnNs must be > 0, got " + meanOnNs);
        }
        if (meanOffNs < 0) {
            throw new IllegalArgumentException("meanOffNs must be >= 0 (0: always on), got " + meanOffNs);
        }
        if (packetBytes < 1 || packetBytes > MAX_PACKET_BYTES) {
            throw new IllegalArgumentException("packetBytes must be 1 to " + MAX_PACKET_BYTES + ", got " + packetBytes);
        }
    }

    /**
     * The long-run mean rate, ignoring the part packet at the end of each ON period.
     *
     * @return {@code rateBitsPerSec * meanOnNs / (meanOnNs + meanOffNs)}
     */
    public double meanRateBitsPerSec() {
        return rateBitsPerSec * (meanOnNs / (double) (meanOnNs + meanOffNs));
    }
}
