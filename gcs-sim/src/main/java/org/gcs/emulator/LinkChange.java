package org.gcs.emulator;

import java.util.Objects;

/**
 * A scheduled change of one directed link (an {@code at} line of a topology file): from {@code atNs} on, the
 * link from {@code fromSite} to {@code toSite} has {@code profile}. The profile is complete: the keys the line
 * did not give keep the values the link had at that moment, earlier changes included.
 *
 * @param atNs when the change applies, in nanoseconds after the run's origin, {@code >= 0}
 * @param fromSite the sending site
 * @param toSite the receiving site
 * @param profile the link's whole new profile in that direction
 */
public record LinkChange(long atNs, String fromSite, String toSite, LinkProfile profile) {

    /**
     * Validates the components.
     *
     * @param atNs when the change applies, {@code >= 0}
     * @param fromSite the sending site
     * @param toSite the receiving site
     * @param profile the new profile
     * @throws IllegalArgumentException if {@code atNs} is negative
     * @throws NullPointerException if a component is null
     */
    public LinkChange {
        if (atNs < 0) {
            throw new IllegalArgumentException("atNs must be >= 0 (time after the run's origin), got " + atNs);
        }
        Objects.requireNonNull(fromSite, "fromSite");
        Objects.requireNonNull(toSite, "toSite");
        Objects.requireNonNull(profile, "profile");
    }
}
