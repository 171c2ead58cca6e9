package org.gcs.cc.tfrc;

/**
 * How a receiving delegate averages its loss intervals into the loss event rate p of Eq. 1
 * ({@code cc.tfrc.loss.average}, {@code rfc5348} or {@code xpand}).
 */
public enum LossAverage {
    /**
     * RFC 5348 §5.3–5.4 (the default): an interval is the sequence-number span from the first loss of one event
     * to the first loss of the next, every packet counts, and p is 1 over the weighted mean of the last 8
     * intervals ({@link LossIntervalHistory}).
     */
    RFC5348,
    /**
     * Seed 004 §4.2 as written: an interval counts the packets that arrived from one RTT after an event's start to
     * the next event, and {@code S̄ ← 0.5·S̄ + 0.5·S} (Eq. 2), with {@code 0.5·S̄ + 0.5·S} while the running S
     * exceeds S̄.
     */
    XPAND
}
