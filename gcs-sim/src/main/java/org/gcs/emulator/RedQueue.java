package org.gcs.emulator;

import java.util.Locale;

/**
 * The parameters of a RED queue (Floyd and Jacobson, "Random Early Detection Gateways for Congestion Avoidance",
 * IEEE/ACM ToN 1993), in its "gentle" form (Floyd 2000), as {@link RedGate} runs it in front of an emulated link's
 * drop-tail limit: an average queue length in packets is kept by an EWMA of weight {@code queueWeight} at every
 * arrival; below {@code minThresholdPackets} nothing is dropped, between the thresholds a packet is dropped with a
 * probability that rises linearly to {@code maxDropProbability}, between {@code maxThresholdPackets} and twice it from
 * there to 1, and above that every packet. The queue in packets is its bytes over {@code meanPacketBytes}.
 *
 * <p>{@link #NS2} holds ns-2's defaults of the time of seed 002's simulations (2003), in which the thesis ran its
 * multiple-bottleneck experiment with RED gateways (§3.3.2): thresholds 5 and 15 packets, max_p 0.1 ({@code
 * linterm_ 10}), gentle, and the weight configured from the link ({@code q_weight_ -1}): w_q = 1 − e^(−1/C) with C the
 * link's capacity in mean packets per second (Floyd, Gummadi and Shenker, "Adaptive RED", 2001), 0.008 for
 * 1000-byte packets at 1 Mbit/s.
 *
 * @param minThresholdPackets min_th, in packets; positive
 * @param maxThresholdPackets max_th, in packets; above min_th
 * @param maxDropProbability max_p, in (0, 1]
 * @param queueWeight w_q, in (0, 1], or {@link #AUTO_WEIGHT} (NaN) for 1 − e^(−1/C)
 * @param meanPacketBytes the packet size that turns the queue's bytes into packets; positive
 */
public record RedQueue(double minThresholdPackets, double maxThresholdPackets, double maxDropProbability,
                       double queueWeight, int meanPacketBytes) {
    /** The weight that {@link RedGate} computes from the link: 1 − e^(−1/C), C the capacity in packets per second. */
    public static final double AUTO_WEIGHT = Double.NaN;
    /** ns-2's defaults: thresholds 5 and 15 packets, max_p 0.1 (linterm 10), automatic w_q, 1000-byte packets. */
    public static final RedQueue NS2 = new RedQueue(5, 15, 0.1, AUTO_WEIGHT, 1000);

    /** Validates the parameters. */
    public RedQueue {
        if (!(minThresholdPackets > 0) || !(maxThresholdPackets > minThresholdPackets)
                || Double.isInfinite(maxThresholdPackets)) {
            throw new IllegalArgumentException("RED needs 0 < min_th < max_th (packets), got " + minThresholdPackets
                    + " and " + maxThresholdPackets);
        }
        if (!(maxDropProbability > 0 && maxDropProbability <= 1)) {
            throw new IllegalArgumentException("RED's max_p must be in (0, 1], got " + maxDropProbability);
        }
        if (!Double.isNaN(queueWeight) && !(queueWeight > 0 && queueWeight <= 1)) {
            throw new IllegalArgumentException("RED's w_q must be in (0, 1], got " + queueWeight);
        }
        if (meanPacketBytes <= 0) {
            throw new IllegalArgumentException("RED's mean packet size must be positive, got " + meanPacketBytes);
        }
    }

    /**
     * Parses a topology file's {@code aqm=} value: {@code red} for {@link #NS2}, or
     * {@code red:MIN:MAX:MAXP:WEIGHT} (thresholds in packets; WEIGHT {@code auto} for 1 − e^(−1/C)).
     *
     * @param text the value after {@code aqm=red}
     * @return the parameters
     * @throws IllegalArgumentException if the text is not of that form
     */
    public static RedQueue parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("red")) {
            return NS2;
        }
        String[] parts = t.split(":");
        if (parts.length != 5 || !parts[0].equals("red")) {
            throw new IllegalArgumentException("write red or red:MIN:MAX:MAXP:WEIGHT (thresholds in packets, e.g."
                    + " red:5:15:0.1:0.002), got '" + text + "'");
        }
        try {
            return new RedQueue(Double.parseDouble(parts[1]), Double.parseDouble(parts[2]),
                    Double.parseDouble(parts[3]), parts[4].equals("auto") ? AUTO_WEIGHT : Double.parseDouble(parts[4]),
                    NS2.meanPacketBytes());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("red:MIN:MAX:MAXP:WEIGHT needs four numbers, got '" + text + "'", e);
        }
    }

    /** @return the value that {@link #parse} reads back */
    public String text() {
        return equals(NS2) ? "red" : String.format(Locale.ROOT, "red:%s:%s:%s:%s", minThresholdPackets,
                maxThresholdPackets, maxDropProbability, Double.isNaN(queueWeight) ? "auto" : queueWeight);
    }
}
