package org.gcs.sim.maxplus;

/**
 * One configuration of seed 003's model (§4; the paper's values in brackets).
 *
 * @param control end-to-end or overlay
 * @param depth P, the depth of the binary tree: overlay nodes per source→receiver path, the source included [5]
 * @param routersPerHop legacy routers between adjacent overlay nodes [2]
 * @param receivers r, the active receivers: the leftmost r of the 2^P leaves (our choice, U1) [up to 32]
 * @param endToEndWindow W^e, the source's window in packets [15 = P·W_c, Eq. 4]; used by {@code END_TO_END}
 * @param congestionWindow W_c, the window of every overlay hop and every input buffer [3]; used by {@code OVERLAY}
 * @param flowWindow W_f, the flow-control window between a node's input and its outputs, or {@link #UNBOUNDED}
 *     [1, 3, 30, ∞]; used by {@code OVERLAY}
 * @param service the service law of every station [Bounded Pareto, mean 1]
 * @param packets M, the packets of one replication [2000]
 * @param replications R, independent replications averaged (ours, U4) [the paper: a CI under 5 %]
 * @param seed the seed of the service times; replications and stations derive their own from it
 */
public record OverlayModelParameters(MulticastControl control, int depth, int routersPerHop, int receivers,
                                     int endToEndWindow, int congestionWindow, int flowWindow, ServiceLaw service,
                                     int packets, int replications, long seed) {
    /** A flow window of ∞: no back-pressure from the outputs (Fig. 6). */
    public static final int UNBOUNDED = Integer.MAX_VALUE;

    /** Rejects parameters the recursion cannot use, with a message that names the parameter. */
    public OverlayModelParameters {
        if (control == null || service == null) {
            throw new IllegalArgumentException("control and service must not be null");
        }
        if (depth < 1 || depth > 10) {
            throw new IllegalArgumentException("depth must be in [1, 10], got " + depth);
        }
        if (routersPerHop < 0) {
            throw new IllegalArgumentException("routersPerHop must not be negative, got " + routersPerHop);
        }
        if (receivers < 1 || receivers > (1 << depth)) {
            throw new IllegalArgumentException("receivers must be in [1, 2^depth = " + (1 << depth) + "], got "
                    + receivers);
        }
        if (endToEndWindow < 1 || congestionWindow < 1 || flowWindow < 1) {
            throw new IllegalArgumentException("windows must be at least 1, got W^e " + endToEndWindow + ", W_c "
                    + congestionWindow + ", W_f " + flowWindow);
        }
        if (packets < 1 || replications < 1) {
            throw new IllegalArgumentException("packets and replications must be at least 1, got " + packets + " and "
                    + replications);
        }
    }

    /**
     * The paper's Fig. 7 setting: P = 5, 2 routers per hop, W^e = 15, W_c = 3, M = 2000, R = 40.
     *
     * @param control end-to-end or overlay
     * @param receivers r
     * @param flowWindow W_f (overlay only), or {@link #UNBOUNDED}
     * @param service the service law
     * @param seed the seed
     * @return the parameters
     */
    public static OverlayModelParameters paperFigure7(MulticastControl control, int receivers, int flowWindow,
                                                      ServiceLaw service, long seed) {
        return new OverlayModelParameters(control, 5, 2, receivers, 15, 3, flowWindow, service, 2000, 40, seed);
    }
}
