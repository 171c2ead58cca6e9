package org.gcs.internal.wire;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.List;
import javax.crypto.spec.SecretKeySpec;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.PeerHint;
import org.gcs.internal.wire.WanPacket.SiteState;
import org.gcs.internal.wire.WanPacket.Sync;

/** Sample envelopes and byte-level crafting of WAN datagrams, shared by the codec tests. */
final class WanDatagrams {
    static final byte[] KEY = "gcs-test-cluster-key-0123456789".getBytes(StandardCharsets.US_ASCII);
    static final byte[] OTHER_KEY = "another-cluster-key-9876543210".getBytes(StandardCharsets.US_ASCII);

    private WanDatagrams() {
    }

    static Data data(int fragIndex, int fragCount, boolean retransmit, byte[] payload) {
        return new Data("boston", "chat.room-1", 3, 42, "boston-1", 7_000_000_001L, 17, fragIndex, fragCount,
                123_456_789_012L, 45_000_000L, 1_700_000_000_000_000L, retransmit, payload);
    }

    static Ack ack() {
        return new Ack("boston", "chat.room-1", 3, 41, 123_456_789_012L, 2_000_000L);
    }

    static Nak nak(int ranges) {
        long[] r = new long[2 * ranges];
        for (int i = 0; i < ranges; i++) {
            r[2 * i] = 10L * i + 1;
            r[2 * i + 1] = 10L * i + 1 + (i % 4);
        }
        return new Nak("boston", "chat.room-1", 3, r);
    }

    static Sync sync() {
        return new Sync("boston", "chat.room-1", 3, 5, 99);
    }

    static SiteState siteState() {
        return new SiteState(12,
                List.of(new MemberGroups("ottawa-1", 1L, List.of("g1", "g2")),
                        new MemberGroups("ottawa-2", -5L, List.of()),
                        new MemberGroups("ottawa-3", Long.MAX_VALUE, List.of("chat.room-1"))),
                List.of(new PeerHint("boston", 3, "10.0.0.1", 7800),
                        new PeerHint("chicago", 0, "delegate.chicago.example.org", 65535)));
    }

    static SiteState siteStateWithLinks() {
        return new SiteState(13, List.of(new MemberGroups("ottawa-1", 1L, List.of("g1"))), List.of(), -3L, 42,
                List.of(new LinkReport("boston", 51_670, 0), new LinkReport("chicago", 26_680, 6_300)));
    }

    static WanPacket.TreeAnnounce sharedTree() {
        return new WanPacket.TreeAnnounce(7, "spt", false, "ottawa", List.of("boston", "chicago", "ottawa", "saltlake"),
                List.of(new WanPacket.TreeEdge("ottawa", "boston", 50_835), new WanPacket.TreeEdge("ottawa", "chicago", 25_975),
                        new WanPacket.TreeEdge("chicago", "saltlake", 58_310)), List.of());
    }

    static WanPacket.TreeAnnounce starPlan() {
        return new WanPacket.TreeAnnounce(8, "star", true, "boston", List.of("boston", "chicago"), List.of(),
                List.of());
    }

    /**
     * A plan with a tree per source over three sites: boston relays ottawa's packets to chicago. Each tree's edges
     * are in the order of their children's names, as decoding returns them.
     */
    static WanPacket.TreeAnnounce sourceTreesPlan() {
        WanPacket.TreeEdge bostonChicago = new WanPacket.TreeEdge("boston", "chicago", 30_000);
        WanPacket.TreeEdge chicagoBoston = new WanPacket.TreeEdge("chicago", "boston", 30_000);
        return new WanPacket.TreeAnnounce(9, "source-spt", true, "boston", List.of("boston", "chicago", "ottawa"),
                List.of(), List.of(
                        new SourceTree("boston", List.of(bostonChicago,
                                new WanPacket.TreeEdge("boston", "ottawa", 50_835))),
                        new SourceTree("chicago", List.of(chicagoBoston,
                                new WanPacket.TreeEdge("chicago", "ottawa", 25_975))),
                        new SourceTree("ottawa", List.of(new WanPacket.TreeEdge("ottawa", "boston", 50_835),
                                bostonChicago))));
    }

    static WanEnvelope envelope(WanPacket packet) {
        return new WanEnvelope("ottawa", 9, packet);
    }

    /** One valid envelope of every packet type. */
    static List<WanEnvelope> oneOfEachType() {
        return List.of(envelope(data(0, 1, false, new byte[] {1, 2, 3})), envelope(dataWithHeader()), envelope(ack()),
                envelope(ackWithFeedback()), envelope(nak(3)),
                envelope(sync()), envelope(siteState()), envelope(siteStateWithLinks()),
                envelope(new WanPacket.Probe(77)), envelope(new WanPacket.ProbeReply(77)),
                envelope(new WanPacket.Probe(78, probeGossip())), envelope(new WanPacket.ProbeReply(78, probeGossip())),
                envelope(sharedTree()),
                envelope(starPlan()), envelope(sourceTreesPlan()), envelope(ccFeedback()), envelope(hopData()),
                envelope(hopAck()), envelope(linkCosts()), envelope(swimPingReq()), envelope(swimAck()),
                envelope(new WanSwim(new org.gcs.alm.swim.SwimMessage.Ping(3, List.of()), List.of(), 0)),
                envelope(new WanSwim(new org.gcs.alm.swim.SwimMessage.Nack(4, List.of()), List.of(), 5)),
                envelope(new WanStateRequest()),
                envelope(new WanBatch(List.of(sync(), ack(), data(0, 1, false, new byte[] {4, 5})))));
    }

    /** SWIM updates of each kind on a link probe, with the address of the site the Alive names. */
    static SwimGossip probeGossip() {
        return new SwimGossip(List.of(new org.gcs.alm.swim.MemberUpdate.Alive("boston", 12L << 30),
                new org.gcs.alm.swim.MemberUpdate.Suspect("chicago", 5, "ottawa"),
                new org.gcs.alm.swim.MemberUpdate.Dead("saltlake", 7, "boston")),
                List.of(new PeerHint("boston", 12, "10.0.0.1", 7700)));
    }

    /** A SWIM ping-req carrying one update of each kind. */
    static WanSwim swimPingReq() {
        return new WanSwim(new org.gcs.alm.swim.SwimMessage.PingReq(1L << 40, "chicago", List.of(
                new org.gcs.alm.swim.MemberUpdate.Alive("boston", 12L << 24),
                new org.gcs.alm.swim.MemberUpdate.Suspect("chicago", 5, "ottawa"),
                new org.gcs.alm.swim.MemberUpdate.Dead("saltlake", 0, "boston"))),
                List.of(new PeerHint("boston", 12, "10.0.0.1", 7700)), 0x1234_5678_9abc_def0L);
    }

    /** A SWIM Ack with one update. */
    static WanSwim swimAck() {
        return new WanSwim(new org.gcs.alm.swim.SwimMessage.Ack(9, List.of(
                new org.gcs.alm.swim.MemberUpdate.Alive("ottawa", 1))), List.of(), -1L);
    }

    /** A delegate's link prices (seed 000): one congested link, one idle, one at the wire's largest price. */
    static WanPacket.LinkCosts linkCosts() {
        return new WanPacket.LinkCosts(42, 7_500, List.of(new LinkCost("ottawa", 13_001),
                new LinkCost("chicago", 0), new LinkCost("saltlake", 65_535)));
    }

    /** A data packet on a hop-by-hop link. */
    static WanPacket.HopData hopData() {
        return new WanPacket.HopData(5, 1_234, data(0, 1, false, new byte[] {9, 8, 7}));
    }

    /** A hop-by-hop link's acknowledgement with three SACK ranges. */
    static WanPacket.HopAck hopAck() {
        return new WanPacket.HopAck(5, new org.gcs.cc.link.LinkAck(100, 150, new long[] {102, 104, 110, 110, 120, 130}));
    }

    /** A controller's block with a recognisable body. */
    static ControlBlock block(int tag, int bodyBytes) {
        byte[] body = new byte[bodyBytes];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) (i * 7 + tag);
        }
        return new ControlBlock(tag, body);
    }

    static Data dataWithHeader() {
        Data plain = data(0, 1, false, new byte[] {4, 5, 6});
        return new Data(plain.srcSite(), plain.group(), plain.epoch(), plain.seq(), plain.originMember(),
                plain.originIncarnation(), plain.memberSeq(), plain.fragIndex(), plain.fragCount(), plain.sendTimeNs(),
                plain.srttNs(), plain.sentEpochMicros(), false, plain.payload(), 3, "chicago", block(2, 40));
    }

    static Ack ackWithFeedback() {
        Ack plain = ack();
        return new Ack(plain.srcSite(), plain.group(), plain.epoch(), plain.cumulativeSeq(), plain.echoSendTimeNs(),
                plain.holdNs(), block(1, 22));
    }

    static WanPacket.CcFeedback ccFeedback() {
        return new WanPacket.CcFeedback("boston", "chat", 3, block(2, 40));
    }

    /** A codec in the integrity mode (body in clear, so tests can edit it and {@link #reMac} it), sender id 42. */
    static WanCodec integrityCodec(byte[] key) {
        return new WanCodec(org.gcs.ClusterKeys.single(key), org.gcs.WanProtection.INTEGRITY, 42);
    }

    /**
     * Recomputes the GMAC tag at the end of an integrity-mode datagram, as a holder of {@code key} could: under the
     * packet key of the sender id in the header, with the header's packet number as the nonce.
     */
    static byte[] reMac(byte[] datagram, byte[] key) {
        try {
            java.nio.ByteBuffer header = java.nio.ByteBuffer.wrap(datagram);
            long senderId = header.getLong(8);
            long packetNumber = header.getLong(16);
            byte[] nonce = java.nio.ByteBuffer.allocate(12).putInt(0).putLong(packetNumber).array();
            javax.crypto.Cipher gcm = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding");
            gcm.init(javax.crypto.Cipher.ENCRYPT_MODE,
                    new SecretKeySpec(org.gcs.internal.crypto.WanKeyRing.derive(key, senderId), "AES"),
                    new javax.crypto.spec.GCMParameterSpec(128, nonce));
            gcm.updateAAD(datagram, 0, datagram.length - WanCodec.MAC_BYTES);
            byte[] tag = gcm.doFinal();
            byte[] out = datagram.clone();
            System.arraycopy(tag, 0, out, out.length - WanCodec.MAC_BYTES, WanCodec.MAC_BYTES);
            return out;
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static byte[] reMac(byte[] datagram) {
        return reMac(datagram, KEY);
    }

    /** Writes the declared length field (bytes 4-5) to match the array's length. */
    static byte[] withDeclaredLength(byte[] datagram) {
        byte[] out = datagram.clone();
        out[4] = (byte) (out.length >>> 8);
        out[5] = (byte) out.length;
        return out;
    }

    /** @return offset of the first body byte (after the fixed header, fromSite, fromTerm) */
    static int bodyOffset(byte[] datagram) {
        int at = WanCodec.FIXED_HEADER_BYTES;
        return at + 1 + (datagram[at] & 0xff) + 8;
    }

    /** @return offset of the fragIndex field of an encoded {@link Data} */
    static int fragIndexOffset(byte[] datagram) {
        int at = bodyOffset(datagram);
        at += 1 + (datagram[at] & 0xff); // srcSite
        at += 1 + (datagram[at] & 0xff); // group
        at += 8 + 8; // epoch, seq
        at += 1 + (datagram[at] & 0xff); // originMember
        return at + 8 + 8; // incarnation, memberSeq
    }

    static byte[] payload(int size, int seed) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (i * 31 + seed);
        }
        return b;
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
