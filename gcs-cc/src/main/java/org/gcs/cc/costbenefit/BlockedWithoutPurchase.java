package org.gcs.cc.costbenefit;

/**
 * What a salary period in which the sender was blocked and bought nothing counts as (seed 000 §IV-B.7 compares "the
 * most expensive packet that the client bought during the last salary period" with H, and is silent when there is
 * none; decision A5).
 */
public enum BlockedWithoutPurchase {
    /** The price of the packet it was blocked on stands in: a sender stuck on a dear packet slows down (Eq. 11). */
    BLOCKED_PRICE,
    /** The period tells nothing about the price: T stays. */
    KEEP,
    /** Nothing bought counts as $0, at most H: T shrinks (Eq. 10), the paper's rule read literally. */
    ZERO
}
