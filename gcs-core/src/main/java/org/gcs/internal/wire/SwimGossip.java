package org.gcs.internal.wire;

import java.util.List;
import org.gcs.alm.swim.MemberUpdate;

/**
 * SWIM's urgent membership updates (a suspicion, a death, a refutation) that a link {@link WanPacket.Probe} or
 * {@link WanPacket.ProbeReply} carries besides its measurement ({@code overlay.membership = swim};
 * {@link org.gcs.alm.swim.SwimMember#gossipFor}), with the addresses of the sites its Alive updates name, as a
 * {@link WanSwim} carries them: a delegate sends 8 probes and answers a second, against 2 SWIM messages, so this news
 * gets several times the carriers, at no extra datagram.
 *
 * @param updates the updates, at most {@link WanSwim#MAX_UPDATES}
 * @param addresses the delegates of the sites the Alive updates name, as the sender knows them
 */
public record SwimGossip(List<MemberUpdate> updates, List<PeerHint> addresses) {
    /** No updates: what a probe carries with all to all, or with nothing pending. */
    public static final SwimGossip NONE = new SwimGossip(List.of(), List.of());

    /** Rejects what the wire cannot carry. */
    public SwimGossip {
        updates = List.copyOf(updates);
        addresses = List.copyOf(addresses);
        if (updates.size() > WanSwim.MAX_UPDATES || addresses.size() > WanSwim.MAX_UPDATES) {
            throw new IllegalArgumentException("a probe carries at most " + WanSwim.MAX_UPDATES + " updates and"
                    + " addresses, got " + updates.size() + " and " + addresses.size());
        }
    }

    /** @return whether it carries no update */
    public boolean isEmpty() {
        return updates.isEmpty();
    }

    /** @return whether it carries nothing at all: the probe then goes as before version 7, its seq alone */
    public boolean isNone() {
        return updates.isEmpty() && addresses.isEmpty();
    }
}
