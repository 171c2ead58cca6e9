package org.gcs.alm.overlay;

/** What a datagram from a site's delegate told the {@link SiteDirectory}. */
public enum Observation {
    /** The site was not known (or had expired): it is now alive. */
    NEW_SITE,
    /** The site is known and a delegate with a higher term now speaks for it (failover or restart). */
    NEW_DELEGATE,
    /** The site's current delegate was heard again. */
    REFRESHED,
    /**
     * The site's current delegate was heard from another address: its NAT's mapping or public address changed, or
     * it moved (the caller decides whether to believe it before the directory is told).
     */
    MOVED,
    /** The datagram came from a delegate with a lower term than the current one: ignore it. */
    STALE
}
