package org.gcs.lab;

/**
 * A named phase of a scenario's timeline, in the driver's nanoseconds.
 *
 * @param name the phase's name in the summary
 * @param startNs when it starts
 * @param endNs when it ends
 * @param measureFromNs when its means start: the part before is left out (convergence after the change)
 */
public record Phase(String name, long startNs, long endNs, long measureFromNs) {
    /**
     * A phase whose means skip a leading fraction of it.
     *
     * @param skipFraction the leading fraction left out of its means
     */
    public Phase(String name, long startNs, long endNs, double skipFraction) {
        this(name, startNs, endNs, startNs + Math.round((endNs - startNs) * skipFraction));
    }

    /** @return true if a time is in the measured part of the phase */
    public boolean measured(long timeNs) {
        return timeNs >= measureFromNs && timeNs <= endNs;
    }
}
