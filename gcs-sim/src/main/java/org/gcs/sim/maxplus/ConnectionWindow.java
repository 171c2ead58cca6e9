package org.gcs.sim.maxplus;

/**
 * The congestion window of one connection in seed 001's (max,+) model, in packets, seen packet by packet (§III-A,
 * §III-D): AIMD in {1 … W_max}, +1 after W unmarked packets, no slow start and no timeouts. A loss or mark either
 * halves it at once ({@link LossModel#ECN_IMMEDIATE}) or, by the conservative rule, sets it to
 * max((W_m − 1)/2, 1) for packets m+1 … m+W_m+max((W_m − 1)/2, 1)−1, after which the increase resumes.
 *
 * <p>Our choice where the paper is silent: with the conservative rule a loss of a packet within the window of the
 * loss that started the recovery (m+1 … m+W_m−1) belongs to that loss event (as NewReno recovers one window at once);
 * a loss after it starts a new event from the frozen window.
 */
final class ConnectionWindow {
    /** What a packet did to the window. */
    enum Outcome {
        /** Not lost or marked. */
        NONE,
        /** Lost or marked: a new loss event. */
        NEW_EVENT,
        /** Lost within the window of the current loss event. */
        MERGED
    }

    private final int maxPackets;
    private final boolean immediateHalving;
    private int windowPackets = 1;
    private int unmarkedPackets;
    private long frozenUntil = -1;
    private long eventWindowEnd = -1;

    /**
     * @param maxPackets W_max
     * @param lossModel how the window reacts to a loss or mark
     */
    ConnectionWindow(int maxPackets, LossModel lossModel) {
        this.maxPackets = maxPackets;
        this.immediateHalving = lossModel == LossModel.ECN_IMMEDIATE;
    }

    /** @return W_m, the window the next packet sees */
    int windowPackets() {
        return windowPackets;
    }

    /**
     * Packet m was sent with the current window.
     *
     * @param m its index
     * @param lost whether it was lost or marked
     * @return what it did
     */
    Outcome onPacket(long m, boolean lost) {
        if (immediateHalving) {
            if (lost) {
                windowPackets = Math.max(windowPackets / 2, 1);
                unmarkedPackets = 0;
                return Outcome.NEW_EVENT;
            }
            increase();
            return Outcome.NONE;
        }
        if (lost) {
            if (m <= eventWindowEnd) {
                return Outcome.MERGED;
            }
            int windowAtLoss = windowPackets;
            int reduced = Math.max((windowAtLoss - 1) / 2, 1);
            windowPackets = reduced;
            unmarkedPackets = 0;
            eventWindowEnd = m + windowAtLoss - 1;
            frozenUntil = m + windowAtLoss + reduced - 1;
            return Outcome.NEW_EVENT;
        }
        if (m > frozenUntil) {
            increase();
        }
        return Outcome.NONE;
    }

    private void increase() {
        unmarkedPackets++;
        if (unmarkedPackets >= windowPackets) {
            windowPackets = Math.min(windowPackets + 1, maxPackets);
            unmarkedPackets = 0;
        }
    }
}
