package org.gcs.driver;

import org.gcs.internal.wire.WanBatch;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanFragment;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanSiteConflict;
import org.gcs.internal.wire.WanStateRequest;
import org.gcs.internal.wire.WanSwim;

/** Describes the engine's WAN packets in public terms ({@link WanPacketInfo}). */
final class WanPackets {
    private WanPackets() {
    }

    /** @return what the envelope carries */
    static WanPacketInfo describe(WanEnvelope envelope) {
        int bytes = WanCodec.encodedSize(envelope);
        WanPacket packet = envelope.packet();
        if (packet instanceof WanPacket.Data d) {
            return data(WanPacketKind.DATA, d, bytes, envelope);
        } else if (packet instanceof WanPacket.HopData h) {
            return data(WanPacketKind.HOP_DATA, h.data(), bytes, envelope);
        } else if (packet instanceof WanPacket.Ack a) {
            return flow(WanPacketKind.ACK, a.srcSite(), a.group(), a.feedback() != null, bytes, envelope);
        } else if (packet instanceof WanPacket.CcFeedback f) {
            return flow(WanPacketKind.CC_FEEDBACK, f.srcSite(), f.group(), true, bytes, envelope);
        } else if (packet instanceof WanPacket.Nak n) {
            return flow(WanPacketKind.NAK, n.srcSite(), n.group(), false, bytes, envelope);
        } else if (packet instanceof WanPacket.Sync y) {
            return flow(WanPacketKind.SYNC, y.srcSite(), y.group(), false, bytes, envelope);
        }
        return other(otherKind(packet), bytes, envelope);
    }

    private static WanPacketKind otherKind(WanPacket packet) {
        if (packet instanceof WanPacket.SiteState) {
            return WanPacketKind.SITE_STATE;
        } else if (packet instanceof WanPacket.Probe) {
            return WanPacketKind.PROBE;
        } else if (packet instanceof WanPacket.ProbeReply) {
            return WanPacketKind.PROBE_REPLY;
        } else if (packet instanceof WanPacket.TreeAnnounce) {
            return WanPacketKind.TREE_ANNOUNCE;
        } else if (packet instanceof WanPacket.HopAck) {
            return WanPacketKind.HOP_ACK;
        } else if (packet instanceof WanPacket.LinkCosts) {
            return WanPacketKind.LINK_COSTS;
        } else if (packet instanceof WanSiteConflict) {
            return WanPacketKind.SITE_CONFLICT;
        } else if (packet instanceof WanFragment) {
            return WanPacketKind.FRAGMENT;
        } else if (packet instanceof WanBatch) {
            return WanPacketKind.BATCH;
        } else if (packet instanceof WanSwim) {
            return WanPacketKind.SWIM;
        } else if (packet instanceof WanStateRequest) {
            return WanPacketKind.STATE_REQUEST;
        }
        throw new IllegalStateException("a WAN packet of no known kind: " + packet.getClass().getName());
    }

    private static WanPacketInfo data(WanPacketKind kind, WanPacket.Data d, int bytes, WanEnvelope envelope) {
        return new WanPacketInfo(kind, d.srcSite(), d.group(), d.seq(), d.retransmit(), false, bytes, envelope);
    }

    private static WanPacketInfo flow(WanPacketKind kind, String srcSite, String group, boolean feedback, int bytes,
                                      WanEnvelope envelope) {
        return new WanPacketInfo(kind, srcSite, group, -1, false, feedback, bytes, envelope);
    }

    private static WanPacketInfo other(WanPacketKind kind, int bytes, WanEnvelope envelope) {
        return new WanPacketInfo(kind, null, null, -1, false, false, bytes, envelope);
    }
}
