package org.gcs.internal.engine;

/**
 * Tells when a count rises above a threshold: once, and again only after it fell to the threshold and rose past it
 * anew. The advice WARNs ({@link TransportAdvice}, {@link MembershipAdvice}) say their piece on each crossing.
 */
final class ThresholdCrossing {
    private final int threshold;
    private boolean above;

    /** @param threshold the highest count that is not above it */
    ThresholdCrossing(int threshold) {
        this.threshold = threshold;
    }

    /** @return true if {@code count} is above the threshold and the last count was not */
    boolean crossed(int count) {
        boolean wasAbove = above;
        above = count > threshold;
        return above && !wasAbove;
    }
}
