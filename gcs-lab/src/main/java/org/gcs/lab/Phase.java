package org.gcs.lab;

/**
 * A named phase of a scenario's timeline, in the driver's nanoseconds.
 *
 * @param name the phase's name in the summary
 * @param startNs when it starts
 * @param endNs when it ends
 * @param skipFraction the leading fraction left out of its means (convergence after the change)
 */
public record Phase(String name, long startNs, long endNs, double skipFraction) {
    /** @return when the phase's means start */
    public long measureFromNs() {
        return startNs + Math.round((endNs - startNs) * skipFraction);
    }

    /** @return true if a time is in the measured part of the phase */
    public boolean measured(long timeNs) {
        return timeNs >= measureFromNs() && timeNs <= endNs;
    }
}
