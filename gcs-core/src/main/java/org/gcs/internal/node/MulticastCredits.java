package org.gcs.internal.node;

import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.MFC;

/**
 * JGroups' multicast flow control ({@link MFC}, unchanged on the wire: it keeps MFC's protocol id) that also tells
 * how many credits the sender has left, so that the node's loop can send a light turn itself only when the send
 * cannot block (MFC blocks a sender whose credits for some member ran out; {@link LanOut}).
 */
final class MulticastCredits extends MFC {
    MulticastCredits() {
        setId(ClassConfigurator.getProtocolId(MFC.class));
    }

    /**
     * @param bytes the size of a message about to be multicast
     * @return true if this sender has credits for twice that many bytes with every member, so that the send passes
     *     MFC without waiting. The credits are read without MFC's lock: only this node's LAN sends take credits,
     *     and the caller owns the sender, so a stale read can only show fewer credits than there are.
     */
    boolean wouldNotBlock(long bytes) {
        return credits != null && credits.getMinCredits() >= 2 * bytes;
    }
}
