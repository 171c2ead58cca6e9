package org.gcs.internal.wire;

import java.util.List;
import java.util.Objects;
import org.gcs.alm.swim.MemberUpdate;
import org.gcs.alm.swim.SwimMessage;

/**
 * One message of the delegates' SWIM failure detector ({@code overlay.membership = swim}; gcs-alm's
 * {@link org.gcs.alm.swim.SwimMember}): a Ping, Ack, ping-req or Nack with its piggy-backed membership updates,
 * whose member ids are site names, and where the sender's delegate knows the sites its Alive updates name: a
 * receiver that does not know such a site takes the address as a hint, as from a {@link WanPacket.SiteState}'s peers.
 * Encoded by {@link SwimCodec}.
 *
 * @param message the SWIM message
 * @param addresses the delegates of sites the message's Alive updates name, as the sender knows them
 * @param siteSetDigest the digest of the sites the sender knows, as in a {@link WanPacket.SiteState}: a receiver that
 *     knows others announces its peers to the sender
 */
public record WanSwim(SwimMessage message, List<PeerHint> addresses, long siteSetDigest) implements WanPacket {
    /** The most updates, and addresses, one message carries on the wire. */
    public static final int MAX_UPDATES = 64;
    /**
     * The most bytes a SWIM datagram takes besides its updates and their addresses: the header with the longest site
     * name, the message's head with a ping-req's target of the longest name, the count of addresses, the digest and
     * the tag.
     */
    public static final int MAX_BYTES_BESIDES_UPDATES = WanCodec.FIXED_HEADER_BYTES + 1 + WireReader.MAX_NAME_BYTES + 8
            + 1 + 1 + 8 + 1 + 1 + WireReader.MAX_NAME_BYTES + 1 + 8 + WanCodec.MAC_BYTES;

    /** Rejects what the wire cannot carry. */
    public WanSwim {
        Objects.requireNonNull(message, "message");
        addresses = List.copyOf(addresses);
        if (message.updates().size() > MAX_UPDATES || addresses.size() > MAX_UPDATES) {
            throw new IllegalArgumentException("a SWIM message carries at most " + MAX_UPDATES + " updates and"
                    + " addresses, got " + message.updates().size() + " and " + addresses.size());
        }
    }

    /**
     * @param update a piggy-backed update
     * @return the bytes it takes in a message, its address aside
     */
    public static int updateBytes(MemberUpdate update) {
        return SwimCodec.updateSize(update);
    }

    /**
     * @param address the address of a site an Alive update names
     * @return the bytes it takes in a message
     */
    public static int addressBytes(PeerHint address) {
        return WanPacketCodec.peerHintSize(address);
    }

    @Override
    public byte type() {
        return TYPE_SWIM;
    }
}
