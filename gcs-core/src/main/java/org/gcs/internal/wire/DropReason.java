package org.gcs.internal.wire;

import java.util.Locale;

/** Why a received datagram was dropped; the lowercase name is the {@code reason} tag of the drop counter. */
public enum DropReason {
    /** Shorter than its header or than the length it declares (cut short in transit). */
    TRUNCATED,
    /** Does not start with the GCS magic number: not ours. */
    BAD_MAGIC,
    /** A wire-format version this node does not speak. */
    UNSUPPORTED_VERSION,
    /**
     * Authentication failed: the GCM or GMAC tag does not match the packet key (forged, corrupted, or another
     * cluster).
     */
    BAD_HMAC,
    /** Protected in the other {@code wan.protection} mode: the sites are configured differently. */
    WRONG_PROTECTION,
    /** Protected under a key id this node's key ring lacks (a key rotation not yet rolled out everywhere). */
    UNKNOWN_KEY,
    /**
     * Authenticated, but addressed to another site: a copy of a datagram that travelled on another link (a replay
     * across receivers), or a delegate that moved to an address another site's delegate had.
     */
    WRONG_DESTINATION,
    /** Authenticated, but its packet number was seen already or lies behind the sender's replay window. */
    REPLAYED,
    /** Authenticated, but its send time is further than {@code wan.replay.max.age} from this node's clock. */
    STALE_TIME,
    /** Authenticated and fresh, but from a new sender id while the replay table is full of live senders. */
    TOO_MANY_SENDERS,
    /** Unknown packet type. */
    UNKNOWN_TYPE,
    /** Authenticated but inconsistent (bad field values, trailing bytes). */
    MALFORMED,
    /** Well-formed but from a delegate whose term was superseded. */
    STALE,
    /**
     * A hop-by-hop link frame at a node whose WAN transport is end-to-end: the sites were configured with different
     * {@code wan.transport} settings.
     */
    WRONG_TRANSPORT,
    /**
     * A SWIM message at a node whose {@code overlay.membership} is {@code all-to-all}: the sites were configured with
     * different {@code overlay.membership} settings.
     */
    WRONG_MEMBERSHIP,
    /** A piece of a split control packet whose other pieces did not all come (lost, or pushed out by newer ones). */
    FRAGMENT_INCOMPLETE,
    /**
     * From a delegate that speaks for a site name another delegate already speaks for (two LANs configured with one
     * site), or an acknowledgement from a site whose name two delegates announce: not trusted.
     */
    SITE_CONFLICT,
    /** From a site that keeps sending but does not hear this one (a one-way link): ignored until it hears us again. */
    ONE_WAY,
    /**
     * A relay frame this delegate does not take: a request to pass a datagram on between addresses that are not both
     * live sites' delegates, or a forwarded datagram from an address that is no live site's delegate (docs/nat.md).
     */
    RELAY_REFUSED;

    /** @return the tag value, e.g. {@code bad-hmac} */
    public String tag() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
