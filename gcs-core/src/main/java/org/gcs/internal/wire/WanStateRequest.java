package org.gcs.internal.wire;

/**
 * Asks the receiving delegate for its {@link WanPacket.SiteState} ({@code overlay.membership = swim}): the sender
 * heard, through SWIM's gossip, of a newer incarnation of the receiving site than the state it holds.
 */
public record WanStateRequest() implements WanPacket {
    @Override
    public byte type() {
        return TYPE_STATE_REQUEST;
    }
}
