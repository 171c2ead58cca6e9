package org.gcs.sim.maxplus;

/**
 * How a connection of seed 001's (max,+) model reacts to a lost or marked packet (§III-A, §III-D; spec §4.1.3 and
 * decisions F2, F3). Packets are lost or marked independently with probability p.
 */
public enum LossModel {
    /**
     * TCP over ECN with immediate halving: a mark halves the window at once, W ← max(⌊W/2⌋, 1), and the additive
     * increase continues from there; nothing is lost, so no retransmission and no re-sequencing (F3, first variant).
     */
    ECN_IMMEDIATE,
    /**
     * TCP over ECN with the conservative rule of §III-D and no retransmission: a mark at packet m sets the window to
     * max((W_m − 1)/2, 1) for packets m+1 … m+W_m+max((W_m − 1)/2, 1)−1, then the additive increase resumes
     * (F3, second variant).
     */
    ECN_CONSERVATIVE,
    /**
     * TCP SACK: the conservative window rule, and one retransmission inserted after packet m+W_m−1; packets
     * m … m+W_m−1 are not copied out of the receiver's input buffer before it arrives (F2).
     */
    SACK,
    /** TCP Reno (fast retransmit, no SACK): as {@link #SACK}, but W_m retransmissions are inserted (F2). */
    RENO;

    /** @return true if a loss brings retransmissions and re-sequencing */
    boolean retransmits() {
        return this == SACK || this == RENO;
    }

    /**
     * @param windowPackets W_m, the window of the lost packet
     * @return how many retransmissions the loss inserts
     */
    int retransmissions(int windowPackets) {
        return switch (this) {
            case SACK -> 1;
            case RENO -> windowPackets;
            default -> 0;
        };
    }
}
