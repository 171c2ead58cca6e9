package org.gcs.internal.wire;

import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import javax.crypto.spec.SecretKeySpec;
import org.gcs.ClusterKeys;
import org.gcs.Names;
import org.gcs.WanProtection;
import org.gcs.internal.crypto.WanKeyRing;
import org.gcs.internal.wire.WanBatch;
import org.gcs.internal.wire.WanPacket.CcFeedback;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanFragment;

/**
 * Encodes and decodes WAN datagrams (wire format version 7): every datagram carries a key id, its sender's id and
 * packet number, its send time and its destination in a clear header, and is protected by AES-256-GCM (the body encrypted) or, in the
 * {@code integrity} mode, by AES-256-GMAC (the body in clear). See docs/security.md.
 *
 * <pre>
 * offset  size  field                                   protection
 * 0       2     magic 0x4743 ("GC")                     authenticated (clear)
 * 2       1     version (7)                             authenticated (clear)
 * 3       1     type (WanPacket.TYPE_*)                 authenticated (clear)
 * 4       2     total length of the datagram, tag included
 * 6       1     protection mode (1 aes-gcm, 3 integrity; 2 was integrity by HMAC-SHA256 before 2026-12)
 * 7       1     key id (of the cluster key ring)
 * 8       8     sender id (random per node start)
 * 16      8     packet number (per sender id, from 1, strictly increasing)
 * 24      8     send time (the sender's wall clock, epoch milliseconds)
 * 32      8     destination ({@link DestinationTag} of the receiving site; 0: not known to the sender)
 * 40      1+n   fromSite (u8 length, ASCII)            encrypted (aes-gcm) or clear (integrity)
 * ..      8     fromTerm                                "
 * ..      ...   body (see the packet types)             "
 * len-16  16    aes-gcm: GCM tag over the header (AAD) and the ciphertext;
 *               integrity: GMAC tag over bytes [0, len-16) (GCM with them as AAD, nothing encrypted)
 * </pre>
 *
 * <p>The packet key is {@code HKDF(secret of the key id, "gcs-wan-v4", "send" | senderId)} ({@link WanKeyRing}); the
 * GCM nonce (in both modes) is four zero bytes and the packet number, so a (key, nonce) pair is never used twice: a
 * codec speaks one mode, and its sender id is drawn afresh at every start.
 *
 * <p>Congestion-control data travels in controller-tagged blocks ({@link ControlBlock}: tag u8, length u8, body):
 * on a data packet after its flags bit 1 says so, at the end of an acknowledgement when present, and as the body of
 * a {@link CcFeedback}. The codec never reads a block's body; the engine hands it to the controller whose tag it
 * carries and counts the blocks it cannot use.
 *
 * <p>Decoding checks, in order: minimum size and declared length ({@code truncated}), magic, version, protection mode
 * ({@code wrong-protection}), key id ({@code unknown-key}), authentication ({@code bad-hmac}), then type and fields
 * ({@code unknown-type}, {@code malformed}). Nothing but the fixed header is read before authentication. Freshness
 * (replays) is the {@link WanReceiver}'s job. Not thread-safe (it holds a cipher and the packet counter); use one
 * codec per event loop.
 */
public final class WanCodec {
    /** The magic number that starts every GCS datagram. */
    public static final int MAGIC = 0x4743;
    /**
     * The wire-format version this codec speaks. 7 (2026-12-07): link probes and their answers carry SWIM updates, and
     * a SWIM incarnation moves by blocks of 2^6 for a new site state.
     */
    public static final int VERSION = 7;
    /** The header's mode byte of the integrity mode of GCS before 2026-12 (HMAC-SHA256), no longer spoken. */
    static final int HMAC_INTEGRITY_MODE = 2;
    /** Bytes of the authentication tag (GCM or GMAC). */
    public static final int MAC_BYTES = 16;
    /** Bytes of the fixed header, all of it authenticated and in clear. */
    public static final int FIXED_HEADER_BYTES = 40;
    /** Largest datagram this codec produces or accepts. */
    public static final int MAX_DATAGRAM_BYTES = 65_000;
    private static final int MIN_DATAGRAM_BYTES = FIXED_HEADER_BYTES + 2 + 8 + MAC_BYTES;

    private final WanProtection protection;
    private final long senderId;
    private final WanKeyRing ring;
    private final PacketProtection sealer;
    private long nextPacketNumber = 1;
    /** Destination tags by site name: one SHA-256 per site, not per datagram. */
    private final Map<String, Long> destinationTags = new HashMap<>();

    /**
     * A codec with one key (id 0), AES-GCM and a random sender id: for tools, tests and benchmarks.
     *
     * @param clusterKey the shared secret (at least 16 bytes)
     */
    public WanCodec(byte[] clusterKey) {
        this(ClusterKeys.single(clusterKey), WanProtection.AES_GCM, new SecureRandom().nextLong());
    }

    /**
     * @param keys the key ring: every key is accepted, the send key signs
     * @param protection the mode this node sends and accepts
     * @param senderId this node's sender id, random per start (the packet keys and the replay windows hang on it)
     */
    public WanCodec(ClusterKeys keys, WanProtection protection, long senderId) {
        this.protection = protection;
        this.senderId = senderId;
        this.ring = new WanKeyRing(keys, "AES");
        this.sealer = new PacketProtection(protection, FIXED_HEADER_BYTES, MAC_BYTES);
    }

    /** Replaces the key ring (on the codec's thread); packet numbers go on. */
    public void updateKeys(ClusterKeys keys) {
        ring.replace(keys);
    }

    /** @return the key ring in use */
    public ClusterKeys keys() {
        return ring.keys();
    }

    /** @return this codec's sender id */
    public long senderId() {
        return senderId;
    }

    /** @return the mode this codec sends and accepts */
    public WanProtection protection() {
        return protection;
    }

    /**
     * The most bytes a data packet occupies besides its payload (whichever receiver its RTT field names), to size
     * fragments.
     *
     * @return header, fields and tag bytes of a {@link Data} datagram, with the longest {@code rttFor}
     */
    public static int dataOverheadBytes(String fromSite, String srcSite, String group, String originMember) {
        return headerSize(fromSite) + WireWriter.textSize(srcSite) + WireWriter.textSize(group) + 8 + 8
                + WireWriter.textSize(originMember) + 8 + 8 + 2 + 2 + 8 + 8 + 8 + 1 + 1 + 2 + MAC_BYTES
                + 1 + Names.MAX_LENGTH;
    }

    private static int headerSize(String fromSite) {
        return FIXED_HEADER_BYTES + WireWriter.textSize(fromSite) + 8;
    }

    /** @return the bytes {@link #encode} produces for this envelope */
    public static int encodedSize(WanEnvelope envelope) {
        return headerSize(envelope.fromSite()) + WanPacketCodec.bodySize(envelope.packet()) + MAC_BYTES;
    }

    /** @return the bytes every datagram from this site spends besides its body: header, fromSite, fromTerm, tag */
    public static int envelopeOverheadBytes(String fromSite) {
        return headerSize(fromSite) + MAC_BYTES;
    }

    /** @return the bytes a packet takes inside a {@link WanBatch}: its length, type and body */
    public static int batchedSize(WanPacket packet) {
        return WanBatch.PER_PACKET_BYTES + 1 + WanPacketCodec.bodySize(packet);
    }

    /** @return the bytes of a {@link WanFragment} datagram besides its chunk, to size chunks */
    public static int fragmentOverheadBytes(String fromSite) {
        return headerSize(fromSite) + 8 + 2 + 2 + 2 + MAC_BYTES;
    }

    /**
     * A packet's type and body without header or MAC: what a {@link WanFragment} carries in pieces.
     *
     * @return the type code followed by the body
     */
    public static byte[] encodePacket(WanPacket packet) {
        WireWriter w = new WireWriter(1 + WanPacketCodec.bodySize(packet));
        w.u8(packet.type());
        WanPacketCodec.writeBody(w, packet);
        return w.array();
    }

    /**
     * Reads what {@link #encodePacket} wrote (the chunks of a split packet, put back together).
     *
     * @throws MalformedDatagramException if the bytes are not one whole packet, or are a {@link WanFragment}
     */
    public static WanPacket decodePacket(byte[] bytes) throws MalformedDatagramException {
        WireReader r = new WireReader(bytes, 0, bytes.length);
        int type = r.u8();
        if (type == WanPacket.TYPE_FRAGMENT) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "a fragment inside a fragment");
        }
        WanPacket packet = WanPacketCodec.readPacket(type, r);
        if (r.remaining() != 0) {
            throw new MalformedDatagramException(DropReason.MALFORMED, r.remaining() + " trailing bytes");
        }
        return packet;
    }

    /**
     * Encodes unaddressed with send time 0: only a codec without a replay guard accepts it (tests, benchmarks).
     *
     * @return the protected datagram
     */
    public byte[] encode(WanEnvelope envelope) {
        return encode(envelope, null, 0);
    }

    /**
     * Encodes unaddressed (as to a seed whose site is not known).
     *
     * @return the protected datagram
     */
    public byte[] encode(WanEnvelope envelope, long sendEpochMillis) {
        return encode(envelope, null, sendEpochMillis);
    }

    /**
     * @param envelope what to send
     * @param toSite the receiving site, or null if the sender does not know it (a seed or a gossiped address): the
     *     receiver of another site drops the datagram ({@code wrong-destination})
     * @param sendEpochMillis the sender's wall clock, epoch milliseconds (receivers refuse datagrams older or newer than
     *     their {@code wan.replay.max.age})
     * @return the protected datagram, under the next packet number
     * @throws IllegalArgumentException if the packet would exceed {@link #MAX_DATAGRAM_BYTES}
     */
    public byte[] encode(WanEnvelope envelope, String toSite, long sendEpochMillis) {
        return encode(envelope, toSite, sendEpochMillis, WanPacketCodec.bodySize(envelope.packet()));
    }

    /**
     * As {@link #encode(WanEnvelope, String, long)}, with the packet's body size already computed by the caller
     * ({@link WanPacker} sizes every packet once, to pack them).
     *
     * @param bodyBytes the packet's body size, as {@link WanPacketCodec#bodySize} gives it
     * @throws IllegalStateException if the body did not take {@code bodyBytes}
     */
    byte[] encode(WanEnvelope envelope, String toSite, long sendEpochMillis, int bodyBytes) {
        WanPacket packet = envelope.packet();
        int size = headerSize(envelope.fromSite()) + bodyBytes + MAC_BYTES;
        if (size > MAX_DATAGRAM_BYTES) {
            throw new IllegalArgumentException(packet.getClass().getSimpleName() + " of " + size
                    + " bytes exceeds the largest datagram (" + MAX_DATAGRAM_BYTES + ")");
        }
        int keyId = ring.keys().sendKeyId();
        long packetNumber = nextPacketNumber++;
        WireWriter w = new WireWriter(size);
        w.u16(MAGIC).u8(VERSION).u8(packet.type()).u16(size).u8(protection.wireCode()).u8(keyId).i64(senderId)
                .i64(packetNumber).i64(sendEpochMillis).i64(destinationTag(toSite));
        w.text(envelope.fromSite()).i64(envelope.fromTerm());
        WanPacketCodec.writeBody(w, packet);
        if (w.position() != size - MAC_BYTES) {
            throw new IllegalStateException(packet.getClass().getSimpleName() + " wrote " + w.position()
                    + " bytes before its tag, sized " + (size - MAC_BYTES));
        }
        byte[] datagram = w.array();
        SecretKeySpec key = ring.packetKey(keyId, senderId);
        ring.remember(keyId, senderId, key);
        sealer.seal(key, packetNumber, datagram, size);
        return datagram;
    }

    private long destinationTag(String toSite) {
        return toSite == null ? DestinationTag.UNADDRESSED : destinationTags.computeIfAbsent(toSite, DestinationTag::of);
    }

    /**
     * Authenticates and decodes, without any replay check (tools and tests; nodes use {@link WanReceiver}).
     *
     * @return the envelope
     * @throws MalformedDatagramException if the datagram must be dropped; {@link MalformedDatagramException#reason()} says why
     */
    public WanEnvelope decode(byte[] datagram, int offset, int length) throws MalformedDatagramException {
        return open(datagram, offset, length).envelope();
    }

    /**
     * @param datagram received bytes
     * @param offset start of the datagram in the array
     * @param length datagram length
     * @return the authenticated datagram with its header
     * @throws MalformedDatagramException if the datagram must be dropped; {@link MalformedDatagramException#reason()} says why
     */
    public OpenedDatagram open(byte[] datagram, int offset, int length) throws MalformedDatagramException {
        if (length < MIN_DATAGRAM_BYTES) {
            if (length >= 2 && (((datagram[offset] & 0xff) << 8) | (datagram[offset + 1] & 0xff)) != MAGIC) {
                throw new MalformedDatagramException(DropReason.BAD_MAGIC, "not a GCS datagram");
            }
            throw new MalformedDatagramException(DropReason.TRUNCATED, "only " + length + " bytes");
        }
        WireReader header = new WireReader(datagram, offset, offset + FIXED_HEADER_BYTES);
        if (header.u16() != MAGIC) {
            throw new MalformedDatagramException(DropReason.BAD_MAGIC, "not a GCS datagram");
        }
        int version = header.u8();
        if (version != VERSION) {
            throw new MalformedDatagramException(DropReason.UNSUPPORTED_VERSION, "wire version " + version);
        }
        int type = header.u8();
        int declared = header.u16();
        if (declared > length) {
            throw new MalformedDatagramException(DropReason.TRUNCATED, "declares " + declared + " bytes, got " + length);
        }
        if (declared < length || declared < MIN_DATAGRAM_BYTES) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "declares " + declared + " bytes, got " + length);
        }
        int mode = header.u8();
        if (mode != protection.wireCode()) {
            WanProtection theirs = WanProtection.ofWireCode(mode);
            if (mode == HMAC_INTEGRITY_MODE) {
                throw new MalformedDatagramException(DropReason.WRONG_PROTECTION, "protected with integrity by"
                        + " HMAC-SHA256 (mode 2, a GCS before 2026-12), this node uses " + protection.configName()
                        + (protection == WanProtection.INTEGRITY ? " by AES-GMAC (mode 3)" : "")
                        + ": run the same GCS version on every node");
            }
            throw new MalformedDatagramException(DropReason.WRONG_PROTECTION, "protected with "
                    + (theirs == null ? "unknown mode " + mode : theirs.configName()) + ", this node uses "
                    + protection.configName() + " (set the same wan.protection on every node)");
        }
        int keyId = header.u8();
        long sender = header.i64();
        long packetNumber = header.i64();
        long sendEpochMillis = header.i64();
        long destination = header.i64();
        SecretKeySpec key = ring.rememberedPacketKey(keyId, sender);
        boolean authenticatedBefore = key != null;
        if (!authenticatedBefore) {
            key = ring.packetKey(keyId, sender);
        }
        if (key == null) {
            throw new MalformedDatagramException(DropReason.UNKNOWN_KEY, "key id " + keyId + " is not in this node's"
                    + " ring " + ring.keys().ids());
        }
        WireReader r = sealer.open(key, authenticatedBefore, packetNumber, datagram, offset, length);
        ring.remember(keyId, sender, key);
        if (packetNumber <= 0) {
            throw new MalformedDatagramException(DropReason.MALFORMED, "packet number " + Long.toUnsignedString(packetNumber));
        }
        String fromSite = r.name("fromSite");
        long fromTerm = r.u63("fromTerm");
        WanPacket packet = WanPacketCodec.readPacket(type, r);
        if (r.remaining() != 0) {
            throw new MalformedDatagramException(DropReason.MALFORMED, r.remaining() + " trailing bytes");
        }
        return new OpenedDatagram(keyId, sender, packetNumber, sendEpochMillis, destination,
                new WanEnvelope(fromSite, fromTerm, packet));
    }

}
