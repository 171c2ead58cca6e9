package org.gcs.cc.link;

/**
 * What occupies a slot of a link's output buffer (implementation specification §1.2, {@code hopByHop.outCounts}).
 * Seeds 001 and 003 differ here, and each paper's conformance test uses its own.
 */
public enum OutputSlots {
    /**
     * Seed 001 (Fig. 1 right, §II-B): a packet holds its slot until the next hop acknowledges it, so the buffer bounds
     * the packets waiting plus those in flight, and the in-flight ones double as the retransmission buffer.
     */
    UNACKED,
    /**
     * Seed 003 (Fig. 4): a packet frees its slot when it is first sent; the buffer bounds the packets waiting (W_f),
     * and the packets in flight are bounded by the next hop's credit (W_c).
     */
    UNSENT
}
