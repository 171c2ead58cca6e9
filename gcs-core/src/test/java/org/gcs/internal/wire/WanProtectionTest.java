package org.gcs.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gcs.internal.wire.WanDatagrams.KEY;
import static org.gcs.internal.wire.WanDatagrams.OTHER_KEY;
import static org.gcs.internal.wire.WanDatagrams.envelope;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.gcs.ClusterKeys;
import org.gcs.WanProtection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Packet protection of the WAN codec: both modes, key ids, sender ids, tampering, mode mismatch. */
class WanProtectionTest {
    private static final long SEND_MS = 1_700_000_000_000L;

    static List<WanEnvelope> oneOfEachType() {
        return WanDatagrams.oneOfEachType();
    }

    private static WanCodec codec(WanProtection mode, long senderId) {
        return new WanCodec(ClusterKeys.single(KEY), mode, senderId);
    }

    private static DropReason dropReason(WanCodec codec, byte[] bytes) {
        try {
            codec.open(bytes, 0, bytes.length);
        } catch (MalformedDatagramException e) {
            return e.reason();
        }
        throw new AssertionError("the datagram was accepted");
    }

    @ParameterizedTest
    @EnumSource(WanProtection.class)
    void shouldRoundTripEveryPacketTypeWithItsHeaderInBothModes(WanProtection mode) throws Exception {
        WanCodec sender = codec(mode, 7);
        WanCodec receiver = codec(mode, 8);
        long expectedNumber = 1;
        for (WanEnvelope original : oneOfEachType()) {
            byte[] bytes = sender.encode(original, SEND_MS);
            OpenedDatagram opened = receiver.open(bytes, 0, bytes.length);
            assertThat(opened.envelope()).isEqualTo(original);
            assertThat(opened.senderId()).isEqualTo(7);
            assertThat(opened.packetNumber()).as("strictly increasing from 1").isEqualTo(expectedNumber++);
            assertThat(opened.sendEpochMillis()).isEqualTo(SEND_MS);
            assertThat(opened.keyId()).isZero();
        }
    }

    @Test
    void shouldHideTheBodyUnderAesGcmAndShowItInTheIntegrityMode() {
        byte[] secret = "a-payload-nobody-on-the-path-may-read".getBytes(StandardCharsets.US_ASCII);
        WanEnvelope data = envelope(WanDatagrams.data(0, 1, false, secret));
        String encrypted = new String(codec(WanProtection.AES_GCM, 1).encode(data, SEND_MS), StandardCharsets.ISO_8859_1);
        String clear = new String(codec(WanProtection.INTEGRITY, 1).encode(data, SEND_MS), StandardCharsets.ISO_8859_1);

        assertThat(encrypted).doesNotContain("nobody-on-the-path").doesNotContain("ottawa").doesNotContain("boston");
        assertThat(clear).contains("nobody-on-the-path");
    }

    @ParameterizedTest
    @EnumSource(WanProtection.class)
    void shouldRejectAChangeOfAnySingleByte(WanProtection mode) {
        WanCodec receiver = codec(mode, 2);
        for (WanEnvelope original : List.of(envelope(WanDatagrams.siteState()), envelope(WanDatagrams.ack()),
                envelope(WanDatagrams.data(0, 1, false, new byte[] {1, 2, 3})))) {
            byte[] bytes = codec(mode, 1).encode(original, SEND_MS);
            for (int i = 0; i < bytes.length; i++) {
                byte[] tampered = bytes.clone();
                tampered[i] ^= 0x01;
                assertThat(dropReason(receiver, tampered)).as("byte %d of %s", i, original.packet()).isIn(
                        DropReason.BAD_HMAC, DropReason.BAD_MAGIC, DropReason.UNSUPPORTED_VERSION,
                        DropReason.TRUNCATED, DropReason.MALFORMED, DropReason.WRONG_PROTECTION,
                        DropReason.UNKNOWN_KEY);
            }
        }
    }

    @Test
    void shouldCountTheOtherModeAsWrongProtectionNotAsABadMac() {
        byte[] gcm = codec(WanProtection.AES_GCM, 1).encode(envelope(WanDatagrams.sync()), SEND_MS);
        byte[] integrity = codec(WanProtection.INTEGRITY, 1).encode(envelope(WanDatagrams.sync()), SEND_MS);

        assertThat(dropReason(codec(WanProtection.INTEGRITY, 2), gcm)).isEqualTo(DropReason.WRONG_PROTECTION);
        assertThat(dropReason(codec(WanProtection.AES_GCM, 2), integrity)).isEqualTo(DropReason.WRONG_PROTECTION);
    }

    @Test
    void shouldRejectAnotherClusterKeyAndAForgedSenderId() {
        byte[] foreign = new WanCodec(ClusterKeys.single(OTHER_KEY), WanProtection.AES_GCM, 1)
                .encode(envelope(WanDatagrams.sync()), SEND_MS);
        byte[] ours = codec(WanProtection.AES_GCM, 1).encode(envelope(WanDatagrams.sync()), SEND_MS);
        ByteBuffer.wrap(ours).putLong(8, 2); // claims another sender: another packet key

        assertThat(dropReason(codec(WanProtection.AES_GCM, 3), foreign)).isEqualTo(DropReason.BAD_HMAC);
        assertThat(dropReason(codec(WanProtection.AES_GCM, 3), ours)).isEqualTo(DropReason.BAD_HMAC);
    }

    @Test
    void shouldRotateKeysWithoutLossWhileBothAreAccepted() throws Exception {
        byte[] key1 = "first-cluster-key-0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
        byte[] key2 = "second-cluster-key-9876543210fedcba".getBytes(StandardCharsets.US_ASCII);
        WanCodec a = new WanCodec(ClusterKeys.of(Map.of(1, key1), 1), WanProtection.AES_GCM, 10);
        WanCodec b = new WanCodec(ClusterKeys.of(Map.of(1, key1), 1), WanProtection.AES_GCM, 20);
        WanEnvelope sync = envelope(WanDatagrams.sync());

        b.updateKeys(ClusterKeys.of(Map.of(1, key1, 2, key2), 1)); // step 1: accept the new key
        byte[] underKey1 = a.encode(sync, SEND_MS);
        assertThat(b.open(underKey1, 0, underKey1.length).envelope()).isEqualTo(sync);
        a.updateKeys(ClusterKeys.of(Map.of(1, key1, 2, key2), 2)); // step 2: send with it
        byte[] underKey2 = a.encode(sync, SEND_MS);
        assertThat(underKey2[7]).as("key id on the wire").isEqualTo((byte) 2);
        assertThat(b.open(underKey2, 0, underKey2.length).keyId()).isEqualTo(2);
        byte[] lateUnderKey1 = new WanCodec(ClusterKeys.of(Map.of(1, key1), 1), WanProtection.AES_GCM, 10)
                .encode(sync, SEND_MS);
        b.updateKeys(ClusterKeys.of(Map.of(2, key2), 2)); // step 3: drop the old key
        assertThat(b.open(underKey2, 0, underKey2.length).envelope()).isEqualTo(sync);
        assertThat(dropReason(b, lateUnderKey1)).isEqualTo(DropReason.UNKNOWN_KEY);
    }

    @Test
    void shouldPredictTheDataOverheadExactlyUnderAesGcm() {
        String longest = "r".repeat(org.gcs.Names.MAX_LENGTH);
        WanPacket.Data plain = WanDatagrams.data(0, 1, false, new byte[100]);
        WanPacket.Data data = new WanPacket.Data(plain.srcSite(), plain.group(), plain.epoch(), plain.seq(),
                plain.originMember(), plain.originIncarnation(), plain.memberSeq(), 0, 1, plain.sendTimeNs(),
                plain.srttNs(), plain.sentEpochMicros(), false, plain.payload(), 0, longest, null);

        byte[] bytes = codec(WanProtection.AES_GCM, 1).encode(new WanEnvelope("ottawa", 9, data), SEND_MS);

        assertThat(bytes.length).isEqualTo(100 + WanCodec.dataOverheadBytes("ottawa", plain.srcSite(), plain.group(),
                plain.originMember()));
    }

    @Test
    void shouldRefuseAnEmptyOrInvalidKeyRing() {
        assertThatThrownBy(() -> ClusterKeys.of(Map.of(1, KEY), 2)).hasMessageContaining("send.key = 2");
        assertThatThrownBy(() -> ClusterKeys.of(Map.of(256, KEY), 256)).hasMessageContaining("out of range");
    }
}
