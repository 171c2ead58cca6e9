package org.gcs.emulator;

import java.util.SplittableRandom;

/**
 * The drop decision of a {@link RedQueue}, sans-IO: the caller gives each arriving packet's queue (in bytes, before
 * the packet), whether the link was idle and for how long. Implements Floyd and Jacobson 1993, Fig. 2, with the
 * gentle region:
 *
 * <pre>
 *   w_q = 1 − e^(−1/C)                 when {@link RedQueue#AUTO_WEIGHT}, C the capacity in mean packets per second
 *   avg ← (1 − w_q)^m · avg            after an idle period, m = idle time / one mean packet's transmission time
 *   avg ← (1 − w_q) · avg + w_q · q     at every arrival (q = queued bytes / mean packet size)
 *   avg &lt; min_th:                 keep (count = −1)
 *   min_th ≤ avg &lt; max_th:        p_b = max_p · (avg − min_th) / (max_th − min_th)
 *   max_th ≤ avg &lt; 2·max_th:      p_b = max_p + (1 − max_p) · (avg − max_th) / max_th     (gentle)
 *   avg ≥ 2·max_th:               drop
 *   p_a = p_b / (1 − count · p_b), count = packets kept since the last drop; drop with probability p_a
 * </pre>
 *
 * Its random draws come from a generator of its own, so a link with RED keeps the loss and jitter draws it would
 * have without. Not thread-safe.
 */
final class RedGate {
    private final RedQueue parameters;
    private final SplittableRandom random;
    private double averagePackets;
    private long count = -1;

    RedGate(RedQueue parameters, long seed) {
        this.parameters = parameters;
        this.random = new SplittableRandom(seed);
    }

    /**
     * @param queuedBytes the bytes in the queue when the packet arrives
     * @param idleNs how long the link has been idle (0 if busy)
     * @param meanPacketTransmissionNs how long one mean packet takes on the link
     * @return true to drop the arriving packet
     */
    boolean drop(long queuedBytes, long idleNs, long meanPacketTransmissionNs) {
        double w = Double.isNaN(parameters.queueWeight()) && meanPacketTransmissionNs > 0
                ? -Math.expm1(-meanPacketTransmissionNs / 1e9) : parameters.queueWeight();
        if (queuedBytes == 0 && idleNs > 0 && meanPacketTransmissionNs > 0) {
            averagePackets *= Math.pow(1 - w, (double) idleNs / meanPacketTransmissionNs);
        }
        averagePackets = (1 - w) * averagePackets + w * ((double) queuedBytes / parameters.meanPacketBytes());
        double min = parameters.minThresholdPackets();
        double max = parameters.maxThresholdPackets();
        double maxP = parameters.maxDropProbability();
        if (averagePackets < min) {
            count = -1;
            return false;
        }
        if (averagePackets >= 2 * max) {
            count = 0;
            return true;
        }
        double pb = averagePackets < max ? maxP * (averagePackets - min) / (max - min)
                : maxP + (1 - maxP) * (averagePackets - max) / max;
        count++;
        double pa = count * pb >= 1 ? 1 : pb / (1 - count * pb);
        if (random.nextDouble() < pa) {
            count = 0;
            return true;
        }
        return false;
    }

    /** @return the average queue in packets */
    double averagePackets() {
        return averagePackets;
    }
}
