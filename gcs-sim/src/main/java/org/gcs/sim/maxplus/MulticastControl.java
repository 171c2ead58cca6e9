package org.gcs.sim.maxplus;

/** The two protocol families seed 003 compares (§2.1, §2.2). */
public enum MulticastControl {
    /**
     * End-to-end multicast congestion control: one window W^e at the source; packet n leaves the source only when
     * every receiver has packet n − W^e (acknowledgements are instantaneous).
     */
    END_TO_END,
    /**
     * Overlay multicast congestion control: an overlay node at every fork, a fixed window W_c per hop, an input buffer
     * of W_c packets acknowledged when a packet is copied into all output buffers, and a flow-control window W_f
     * between the input buffer and the outputs.
     */
    OVERLAY
}
