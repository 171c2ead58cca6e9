package org.gcs.cc.costbenefit;

/**
 * When a sender's salary period T adapts (Eqs. 10 and 11; decision A7 in {@code docs/congestion-control.md}).
 *
 * <p>Seed 000 §IV-B.7 adapts T "when a client receives a salary", so a sender adapts once per its own period: a fast
 * sender many times a second, a slow one once in many seconds. The paper's own analogy makes T_update the round trip
 * of TCP, whose window changes once per round trip whatever its size; adapting once per T_update gives every sender of
 * a group the same clock and the same signal (the group's price), which is what makes AIMD converge to equal shares
 * (Chiu and Jain). Adapting per salary lets the slow senders drift apart.
 */
public enum AdaptationClock {
    /** At every salary, the paper's words: each sender on its own clock. */
    SALARY,
    /** Once per {@code update.interval} (T_update), on a grid every sender shares. */
    UPDATE_INTERVAL
}
