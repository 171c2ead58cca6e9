package org.gcs.internal.wire;

import java.util.List;

/**
 * A delegate's warning to the delegates it heard speaking for one site name at once: two LANs are configured with the
 * same {@code site} (or one site's LAN is split). Each of them logs it, so that both sides of the misconfiguration
 * hear of it, not only the sites that talk to them.
 *
 * @param site the site name two delegates announce
 * @param delegates the delegates heard for it (site, term, address each), at most {@link #MAX_DELEGATES}
 */
public record WanSiteConflict(String site, List<PeerHint> delegates) implements WanPacket {
    /** The most delegates one warning names. */
    public static final int MAX_DELEGATES = 8;

    /** Makes the list immutable and rejects what the wire cannot carry. */
    public WanSiteConflict {
        delegates = List.copyOf(delegates);
        if (delegates.size() < 2 || delegates.size() > MAX_DELEGATES) {
            throw new IllegalArgumentException("a site conflict names 2 to " + MAX_DELEGATES + " delegates, got "
                    + delegates.size());
        }
    }

    @Override
    public byte type() {
        return TYPE_SITE_CONFLICT;
    }
}
