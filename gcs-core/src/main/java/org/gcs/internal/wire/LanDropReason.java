package org.gcs.internal.wire;

import java.util.Locale;

/** Why a LAN message was dropped; the lowercase name is the {@code reason} tag of the LAN drop counter. */
public enum LanDropReason {
    /** Does not decode as a {@link LanMessage}. */
    MALFORMED,
    /**
     * Rejected by the LAN protection before JGroups saw it: not encrypted, or not under this site's key (a process
     * without the cluster key, or a site configured with another key).
     */
    UNAUTHENTICATED,
    /** Names a member other than the one JGroups says sent it. */
    FORGED_ORIGIN,
    /** A message only the site's delegate sends, from a member that is not the delegate. */
    NOT_DELEGATE,
    /**
     * From a member whose name and incarnation another member of the same LAN view also carries (neither copy is
     * trusted: a key holder can forge an incarnation), or from a younger member with a name an older one has.
     */
    DUPLICATE_MEMBER;

    /** @return the tag value, e.g. {@code forged-origin} */
    public String tag() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
