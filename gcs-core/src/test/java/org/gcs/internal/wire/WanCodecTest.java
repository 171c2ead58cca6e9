package org.gcs.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.gcs.internal.wire.WanDatagrams.KEY;
import static org.gcs.internal.wire.WanDatagrams.OTHER_KEY;
import static org.gcs.internal.wire.WanDatagrams.concat;
import static org.gcs.internal.wire.WanDatagrams.data;
import static org.gcs.internal.wire.WanDatagrams.envelope;
import static org.gcs.internal.wire.WanDatagrams.payload;
import static org.gcs.internal.wire.WanDatagrams.reMac;

import java.util.Arrays;
import java.util.List;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.PeerHint;
import org.gcs.internal.wire.WanPacket.SiteState;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class WanCodecTest {

    private final WanCodec codec = WanDatagrams.integrityCodec(KEY);

    private WanEnvelope roundTrip(WanEnvelope envelope) throws MalformedDatagramException {
        byte[] bytes = codec.encode(envelope);
        return codec.decode(bytes, 0, bytes.length);
    }

    private DropReason dropReason(byte[] datagram) {
        MalformedDatagramException e = catchThrowableOfType(MalformedDatagramException.class,
                () -> codec.decode(datagram, 0, datagram.length));
        assertThat(e).as("decode must reject the datagram").isNotNull();
        return e.reason();
    }

    static List<WanEnvelope> oneOfEachType() {
        return WanDatagrams.oneOfEachType();
    }

    // ------------------------------------------------------------------ round trips

    @Test
    void shouldRoundTripSingleFragmentData() throws Exception {
        WanEnvelope original = envelope(data(0, 1, false, payload(100, 1)));

        WanEnvelope decoded = roundTrip(original);

        assertThat(decoded).isEqualTo(original);
        Data d = (Data) decoded.packet();
        assertThat(d.retransmit()).isFalse();
        assertThat(d.lastFragment()).isTrue();
        assertThat(d.payload()).isEqualTo(payload(100, 1));
    }

    @Test
    void shouldRoundTripRetransmitFlag() throws Exception {
        WanEnvelope original = envelope(data(0, 1, true, payload(10, 2)));

        Data d = (Data) roundTrip(original).packet();

        assertThat(d.retransmit()).isTrue();
        assertThat(d).isEqualTo(original.packet());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 65_533, 65_534})
    void shouldRoundTripFragmentIndicesOfMultiFragmentMessages(int fragIndex) throws Exception {
        WanEnvelope original = envelope(data(fragIndex, 65_535, fragIndex % 2 == 0, payload(1200, fragIndex)));

        Data d = (Data) roundTrip(original).packet();

        assertThat(d).isEqualTo(original.packet());
        assertThat(d.fragIndex()).isEqualTo(fragIndex);
        assertThat(d.fragCount()).isEqualTo(65_535);
        assertThat(d.lastFragment()).isEqualTo(fragIndex == 65_534);
    }

    @Test
    void shouldRoundTripEmptyPayload() throws Exception {
        WanEnvelope original = envelope(data(0, 1, false, new byte[0]));

        Data d = (Data) roundTrip(original).packet();

        assertThat(d.payload()).isEmpty();
        assertThat(d).isEqualTo(original.packet());
    }

    @Test
    void shouldRoundTripSixtyThousandBytePayload() throws Exception {
        WanEnvelope original = envelope(data(3, 4, false, payload(60_000, 9)));

        byte[] bytes = codec.encode(original);
        WanEnvelope decoded = codec.decode(bytes, 0, bytes.length);

        assertThat(bytes.length).isLessThanOrEqualTo(WanCodec.MAX_DATAGRAM_BYTES);
        assertThat(decoded).isEqualTo(original);
        assertThat(((Data) decoded.packet()).payload()).isEqualTo(payload(60_000, 9));
    }

    @Test
    void shouldRoundTripExtremeFieldValues() throws Exception {
        Data extreme = new Data("a", "g", Long.MAX_VALUE, Long.MAX_VALUE, "m", Long.MIN_VALUE, Long.MAX_VALUE, 0, 1,
                Long.MIN_VALUE, Long.MAX_VALUE, -1L, false, new byte[] {(byte) 0xff});
        WanEnvelope original = new WanEnvelope("x".repeat(64), Long.MAX_VALUE, extreme);

        assertThat(roundTrip(original)).isEqualTo(original);
    }

    @Test
    void shouldRoundTripAck() throws Exception {
        WanEnvelope original = envelope(WanDatagrams.ack());

        assertThat(roundTrip(original)).isEqualTo(original);
    }

    @Test
    void shouldRoundTripAckWithNegativeEcho() throws Exception {
        // echoSendTimeNs is a raw clock value of the sender and may be negative (System.nanoTime)
        WanEnvelope original = envelope(new WanPacket.Ack("a", "g", 0, 0, -123L, 0));

        assertThat(roundTrip(original)).isEqualTo(original);
    }

    @Test
    void shouldRoundTripNakWithOneRange() throws Exception {
        WanEnvelope original = envelope(new Nak("boston", "g", 1, new long[] {5, 5}));

        WanEnvelope decoded = roundTrip(original);

        assertThat(decoded).isEqualTo(original);
        assertThat(((Nak) decoded.packet()).missingCount()).isEqualTo(1);
    }

    @Test
    void shouldRoundTripNakWithMaxRanges() throws Exception {
        WanEnvelope original = envelope(WanDatagrams.nak(Nak.MAX_RANGES));

        WanEnvelope decoded = roundTrip(original);

        assertThat(decoded).isEqualTo(original);
        assertThat(((Nak) decoded.packet()).ranges()).hasSize(2 * Nak.MAX_RANGES);
    }

    @Test
    void shouldRoundTripSync() throws Exception {
        WanEnvelope original = envelope(WanDatagrams.sync());

        assertThat(roundTrip(original)).isEqualTo(original);
    }

    @Test
    void shouldRoundTripSyncOfAnEmptyPart() throws Exception {
        // a receiver added before anything was sent: highestSeq = startSeq - 1
        WanEnvelope original = envelope(new WanPacket.Sync("a", "g", 0, 1, 0));

        assertThat(roundTrip(original)).isEqualTo(original);
    }

    @Test
    void shouldRoundTripSiteStateWithMembersGroupsAndPeers() throws Exception {
        WanEnvelope original = envelope(WanDatagrams.siteState());

        WanEnvelope decoded = roundTrip(original);

        assertThat(decoded).isEqualTo(original);
        SiteState s = (SiteState) decoded.packet();
        assertThat(s.members()).extracting(MemberGroups::name).containsExactly("ottawa-1", "ottawa-2", "ottawa-3");
        assertThat(s.members().get(0).groups()).containsExactly("g1", "g2");
        assertThat(s.peers()).extracting(PeerHint::port).containsExactly(7800, 65535);
    }

    @Test
    void shouldRoundTripSiteStateWithEmptyLists() throws Exception {
        WanEnvelope original = envelope(new SiteState(0, List.of(), List.of()));

        assertThat(roundTrip(original)).isEqualTo(original);
    }

    @Test
    void shouldRoundTripIdnAndIpv6HostsAndRefuseNonAsciiOnes() throws Exception {
        WanEnvelope original = envelope(new SiteState(1, List.of(), List.of(
                new PeerHint("zurich", 1, "xn--dlgu-bsaa.xn--zrich-kva.example", 1),
                new PeerHint("geneva", 1, "fe80::1%eth0", 7700))));

        assertThat(roundTrip(original)).isEqualTo(original);
        assertThatThrownBy(() -> codec.encode(envelope(new SiteState(1, List.of(),
                List.of(new PeerHint("zurich", 1, "délégué.zürich.example", 1))))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("printable ASCII");
    }

    @Test
    void shouldDecodeADatagramAtAnOffsetInsideALargerBuffer() throws Exception {
        WanEnvelope original = envelope(WanDatagrams.sync());
        byte[] bytes = codec.encode(original);
        byte[] buffer = new byte[bytes.length + 20];
        Arrays.fill(buffer, (byte) 0x5a);
        System.arraycopy(bytes, 0, buffer, 7, bytes.length);

        assertThat(codec.decode(buffer, 7, bytes.length)).isEqualTo(original);
    }

    @Test
    void shouldDecodeWithAnotherCodecInstanceOfTheSameKey() throws Exception {
        WanEnvelope original = envelope(WanDatagrams.ack());
        byte[] bytes = codec.encode(original);

        assertThat(WanDatagrams.integrityCodec(KEY.clone()).decode(bytes, 0, bytes.length)).isEqualTo(original);
    }

    // ------------------------------------------------------------------ layout

    @ParameterizedTest
    @MethodSource("oneOfEachType")
    void shouldLayOutHeaderLengthAndMac(WanEnvelope envelope) {
        byte[] bytes = codec.encode(envelope);

        assertThat(((bytes[0] & 0xff) << 8) | (bytes[1] & 0xff)).isEqualTo(0x4743);
        assertThat(bytes[2]).isEqualTo((byte) WanCodec.VERSION);
        assertThat(bytes[3]).isEqualTo(envelope.packet().type());
        assertThat(((bytes[4] & 0xff) << 8) | (bytes[5] & 0xff)).isEqualTo(bytes.length);
        assertThat(bytes[6]).as("protection mode").isEqualTo((byte) org.gcs.WanProtection.INTEGRITY.wireCode());
        assertThat(bytes[7]).as("key id").isEqualTo((byte) 0);
        assertThat(java.nio.ByteBuffer.wrap(bytes, 8, 8).getLong()).as("sender id").isEqualTo(42);
        assertThat(java.nio.ByteBuffer.wrap(bytes, 16, 8).getLong()).as("packet number").isPositive();
        assertThat(bytes[WanCodec.FIXED_HEADER_BYTES]).isEqualTo((byte) envelope.fromSite().length());
        byte[] expectedMac = Arrays.copyOfRange(reMac(bytes), bytes.length - 16, bytes.length);
        assertThat(Arrays.copyOfRange(bytes, bytes.length - 16, bytes.length)).isEqualTo(expectedMac);
    }

    @Test
    void shouldUseDistinctTypeCodes() {
        assertThat(oneOfEachType()).extracting(e -> e.packet().type()).containsExactly(
                (byte) 1, (byte) 1, (byte) 2, (byte) 2, (byte) 3, (byte) 4, (byte) 5, (byte) 5, (byte) 6, (byte) 7,
                (byte) 18, (byte) 19, (byte) 8, (byte) 8, (byte) 8, (byte) 9, (byte) 10, (byte) 11, (byte) 12, (byte) 16,
                (byte) 16, (byte) 16,
                (byte) 16, (byte) 17, (byte) 15);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1200, 60_000})
    void shouldPredictDataOverheadForTheLongestRttReceiver(int payloadLength) {
        String longest = "r".repeat(64);
        Data d = new Data("src-site", "group.name", 1, 2, "member_7", 3, 4, 0, 1, 5, 6, 7, false,
                payload(payloadLength, 3), 0, longest);
        Data none = new Data("src-site", "group.name", 1, 2, "member_7", 3, 4, 0, 1, 5, 6, 7, false,
                payload(payloadLength, 3));

        int overhead = WanCodec.dataOverheadBytes("from-site", "src-site", "group.name", "member_7");
        assertThat(overhead + payloadLength).isEqualTo(codec.encode(new WanEnvelope("from-site", 1, d)).length);
        assertThat(codec.encode(new WanEnvelope("from-site", 1, none)).length).isEqualTo(overhead + payloadLength - 64);
    }

    @Test
    void shouldRejectOversizedPacketOnEncode() {
        int fits = WanCodec.MAX_DATAGRAM_BYTES - WanCodec.dataOverheadBytes("ottawa", "boston", "chat.room-1", "boston-1");
        String longest = "r".repeat(64);
        assertThat(codec.encode(envelope(data(0, 1, false, new byte[fits]).forReceiver(longest, 1, false))))
                .hasSize(WanCodec.MAX_DATAGRAM_BYTES);

        assertThatThrownBy(() -> codec.encode(envelope(data(0, 1, false, new byte[fits + 1]).forReceiver(longest, 1, false))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec.encode(envelope(data(0, 1, false, new byte[70_000]))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldRejectSiteStateTooLargeForOneDatagramOnEncode() {
        List<MemberGroups> members = java.util.stream.IntStream.range(0, 2000)
                .mapToObj(i -> new MemberGroups("member-" + i, i, List.of("group-a", "group-b", "group-c")))
                .toList();

        assertThatThrownBy(() -> codec.encode(envelope(new SiteState(1, members, List.of()))))
                .isInstanceOf(IllegalArgumentException.class);
    }

    // ------------------------------------------------------------------ drops

    @ParameterizedTest
    @MethodSource("oneOfEachType")
    void shouldDropDatagramCutShortByOneByteAsTruncated(WanEnvelope envelope) {
        byte[] bytes = codec.encode(envelope);

        assertThat(dropReason(Arrays.copyOf(bytes, bytes.length - 1))).isEqualTo(DropReason.TRUNCATED);
    }

    @ParameterizedTest
    @MethodSource("oneOfEachType")
    void shouldDropDatagramCutToHalfAsTruncated(WanEnvelope envelope) {
        byte[] bytes = codec.encode(envelope);

        assertThat(dropReason(Arrays.copyOf(bytes, bytes.length / 2))).isEqualTo(DropReason.TRUNCATED);
    }

    @Test
    void shouldDropEveryTruncationOfALargeDatagramAsTruncated() {
        byte[] bytes = codec.encode(envelope(data(0, 1, false, payload(300, 4))));

        for (int length = 2; length < bytes.length; length++) {
            assertThat(dropReason(Arrays.copyOf(bytes, length))).as("length %d", length)
                    .isEqualTo(DropReason.TRUNCATED);
        }
    }

    @ParameterizedTest
    @MethodSource("oneOfEachType")
    void shouldDropAnySingleBitFlipAfterTheHeaderAsBadHmac(WanEnvelope envelope) {
        byte[] bytes = codec.encode(envelope);

        for (int i = 8; i < bytes.length; i++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] corrupt = bytes.clone();
                corrupt[i] ^= (byte) (1 << bit);
                assertThat(dropReason(corrupt)).as("bit %d of byte %d", bit, i).isEqualTo(DropReason.BAD_HMAC);
            }
        }
        for (int bit = 0; bit < 8; bit++) {
            byte[] mode = bytes.clone();
            mode[6] ^= (byte) (1 << bit);
            assertThat(dropReason(mode)).as("mode bit %d", bit).isEqualTo(DropReason.WRONG_PROTECTION);
            byte[] keyId = bytes.clone();
            keyId[7] ^= (byte) (1 << bit);
            assertThat(dropReason(keyId)).as("key id bit %d", bit).isEqualTo(DropReason.UNKNOWN_KEY);
        }
    }

    @Test
    void shouldTellANodeOfTheHmacIntegrityModeToRunTheSameVersion() throws Exception {
        // a datagram as GCS before 2026-12 sent it in the integrity mode: mode byte 2, HMAC-SHA256 truncated to 16
        byte[] bytes = codec.encode(envelope(WanDatagrams.sync()));
        bytes[6] = (byte) WanCodec.HMAC_INTEGRITY_MODE;
        System.arraycopy(oldHmacTag(bytes), 0, bytes, bytes.length - 16, 16);

        MalformedDatagramException e = catchThrowableOfType(MalformedDatagramException.class,
                () -> codec.decode(bytes, 0, bytes.length));

        assertThat(e.reason()).isEqualTo(DropReason.WRONG_PROTECTION);
        assertThat(e.getMessage()).contains("HMAC-SHA256", "AES-GMAC", "same GCS version");
    }

    @Test
    void shouldTagTheIntegrityModeWithGmacNotTheOldHmac() throws Exception {
        byte[] bytes = codec.encode(envelope(WanDatagrams.sync()));
        byte[] hmac = oldHmacTag(bytes);

        assertThat(bytes[6]).isEqualTo((byte) 3);
        assertThat(Arrays.copyOfRange(bytes, bytes.length - 16, bytes.length)).isNotEqualTo(hmac)
                .isEqualTo(Arrays.copyOfRange(reMac(bytes), bytes.length - 16, bytes.length));
    }

    /** The integrity mode's tag as GCS before 2026-12 computed it: HMAC-SHA256 of all but the tag, truncated to 16. */
    private static byte[] oldHmacTag(byte[] datagram) throws Exception {
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(org.gcs.internal.crypto.WanKeyRing.derive(WanDatagrams.KEY, 42),
                "HmacSHA256"));
        mac.update(datagram, 0, datagram.length - 16);
        return Arrays.copyOf(mac.doFinal(), 16);
    }

    @Test
    void shouldDropAChangedTypeByteAsBadHmac() {
        byte[] bytes = codec.encode(envelope(WanDatagrams.sync()));
        bytes[3] = WanPacket.TYPE_ACK;

        assertThat(dropReason(bytes)).isEqualTo(DropReason.BAD_HMAC);
    }

    @ParameterizedTest
    @MethodSource("oneOfEachType")
    void shouldDropDatagramOfAnotherClusterKeyAsBadHmac(WanEnvelope envelope) {
        byte[] foreign = WanDatagrams.integrityCodec(OTHER_KEY).encode(envelope);

        assertThat(dropReason(foreign)).isEqualTo(DropReason.BAD_HMAC);
    }

    @Test
    void shouldDropWrongMagicAsBadMagic() {
        byte[] bytes = codec.encode(envelope(WanDatagrams.ack()));
        byte[] first = bytes.clone();
        first[0] = 0x48;
        byte[] second = bytes.clone();
        second[1] ^= 1;

        assertThat(dropReason(first)).isEqualTo(DropReason.BAD_MAGIC);
        assertThat(dropReason(second)).isEqualTo(DropReason.BAD_MAGIC);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 8, 255})
    void shouldDropOtherVersionsAsUnsupported(int version) {
        byte[] bytes = codec.encode(envelope(WanDatagrams.ack()));
        bytes[2] = (byte) version;

        assertThat(dropReason(bytes)).isEqualTo(DropReason.UNSUPPORTED_VERSION);
        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.UNSUPPORTED_VERSION);
    }

    @ParameterizedTest
    @MethodSource("oneOfEachType")
    void shouldDropTrailingGarbageAsMalformed(WanEnvelope envelope) {
        byte[] bytes = codec.encode(envelope);

        assertThat(dropReason(concat(bytes, new byte[] {0}))).isEqualTo(DropReason.MALFORMED);
        assertThat(dropReason(concat(bytes, payload(40, 7)))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldDropDeclaredLengthBelowTheMinimumAsMalformed() {
        byte[] bytes = codec.encode(envelope(WanDatagrams.ack()));
        bytes[4] = 0;
        bytes[5] = 10;

        assertThat(dropReason(bytes)).isEqualTo(DropReason.MALFORMED);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 5, 31})
    void shouldDropTinyInputsAsTruncatedOrBadMagic(int length) {
        byte[] ours = Arrays.copyOf(codec.encode(envelope(WanDatagrams.ack())), length);
        byte[] zeros = new byte[length];
        byte[] ones = new byte[length];
        Arrays.fill(ones, (byte) 0xff);

        assertThat(dropReason(ours)).isEqualTo(DropReason.TRUNCATED);
        assertThat(dropReason(zeros)).isIn(DropReason.TRUNCATED, DropReason.BAD_MAGIC);
        assertThat(dropReason(ones)).isIn(DropReason.TRUNCATED, DropReason.BAD_MAGIC);
        if (length >= 2) {
            assertThat(dropReason(zeros)).isEqualTo(DropReason.BAD_MAGIC);
        }
    }

    @Test
    void shouldDropUnknownTypeWithValidMacAsUnknownType() {
        byte[] bytes = codec.encode(envelope(WanDatagrams.sync()));
        bytes[3] = 99;
        byte[] crafted = reMac(bytes);

        assertThat(dropReason(crafted)).isEqualTo(DropReason.UNKNOWN_TYPE);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 20, 127, 255})
    void shouldDropOtherUnassignedTypesAsUnknownType(int type) {
        byte[] bytes = codec.encode(envelope(WanDatagrams.ack()));
        bytes[3] = (byte) type;

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.UNKNOWN_TYPE);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 65_535})
    void shouldDropDataWithFragIndexNotBelowFragCountAsMalformed(int excess) {
        byte[] bytes = codec.encode(envelope(data(0, 2, false, payload(8, 1))));
        int at = WanDatagrams.fragIndexOffset(bytes);
        assertThat(bytes[at + 3]).as("fragCount low byte located").isEqualTo((byte) 2);
        int fragIndex = Math.min(0xffff, 1 + excess);
        bytes[at] = (byte) (fragIndex >>> 8);
        bytes[at + 1] = (byte) fragIndex;

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldDropDataWithZeroFragCountAsMalformed() {
        byte[] bytes = codec.encode(envelope(data(0, 1, false, payload(8, 1))));
        int at = WanDatagrams.fragIndexOffset(bytes);
        bytes[at + 2] = 0;
        bytes[at + 3] = 0;

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldDropDataWithUnknownFlagsAsMalformed() {
        byte[] bytes = codec.encode(envelope(data(0, 1, false, new byte[0])));
        int flagsAt = WanDatagrams.fragIndexOffset(bytes) + 2 + 2 + 8 + 8 + 8;
        assertThat(bytes[flagsAt]).isZero();
        bytes[flagsAt] = 4;

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.MALFORMED);
    }

    // ------------------------------------------------------------------ controller blocks (wire version 2)

    @Test
    void shouldRoundTripControllerBlocksOnDataAcksAndFeedback() throws Exception {
        for (WanPacket packet : List.of(WanDatagrams.dataWithHeader(), WanDatagrams.ackWithFeedback(),
                WanDatagrams.ccFeedback())) {
            WanEnvelope original = envelope(packet);

            assertThat(roundTrip(original)).isEqualTo(original);
        }
    }

    @Test
    void shouldKeepTheSizeOfDataWithoutABlockAndAddTheFramedBlockOtherwise() {
        Data plain = data(0, 1, false, new byte[] {4, 5, 6});
        Data withHeader = WanDatagrams.dataWithHeader();
        Data sameWithoutHeader = new Data(plain.srcSite(), plain.group(), plain.epoch(), plain.seq(),
                plain.originMember(), plain.originIncarnation(), plain.memberSeq(), 0, 1, plain.sendTimeNs(),
                plain.srttNs(), plain.sentEpochMicros(), false, plain.payload(), 3, "chicago", null);

        assertThat(codec.encode(envelope(withHeader)).length - codec.encode(envelope(sameWithoutHeader)).length)
                .isEqualTo(2 + 40);
    }

    @Test
    void shouldCarryTfrcFeedbackOnAnAckInTheTwentyFourBytesOfTheOldRateFields() {
        // wire version 1 ended an ack with acceptable rate, receive rate and loss event rate (3 x u64): TFRC's
        // block (tag, length and a 22-byte report) keeps TFRC's acks the same size on the wire
        int withoutFeedback = codec.encode(envelope(WanDatagrams.ack())).length;
        int withTfrcReport = codec.encode(envelope(WanDatagrams.ackWithFeedback())).length;

        assertThat(withTfrcReport - withoutFeedback).isEqualTo(24);
    }

    @Test
    void shouldDropABlockWithTagZeroAsMalformed() {
        byte[] bytes = codec.encode(envelope(WanDatagrams.ccFeedback()));
        int tagAt = bytes.length - WanCodec.MAC_BYTES - 2 - 40;
        assertThat(bytes[tagAt]).isEqualTo((byte) 2);
        bytes[tagAt] = 0;

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldDropABlockLongerThanItsDatagramAsTruncated() {
        // like every length field that points past the end, as the other inner fields do
        byte[] bytes = codec.encode(envelope(WanDatagrams.ccFeedback()));
        int lengthAt = bytes.length - WanCodec.MAC_BYTES - 40 - 1;
        bytes[lengthAt] = (byte) 200;

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.TRUNCATED);
    }

    @Test
    void shouldDropFeedbackPacketsWithoutABlock() {
        byte[] full = codec.encode(envelope(WanDatagrams.ccFeedback()));
        byte[] cut = WanDatagrams.withDeclaredLength(WanDatagrams.concat(
                Arrays.copyOf(full, full.length - WanCodec.MAC_BYTES - 42), new byte[WanCodec.MAC_BYTES]));

        assertThat(dropReason(reMac(cut))).isEqualTo(DropReason.TRUNCATED);
    }

    @ParameterizedTest
    @ValueSource(chars = {' ', '/', ':', '@', '\u0000', '\u007f', (char) 0xc3})
    void shouldDropNamesWithInvalidCharactersAsMalformed(char invalid) {
        byte[] bytes = codec.encode(envelope(WanDatagrams.ack()));
        // fromSite "ottawa" starts after the fixed header and its length byte; srcSite "boston" right after fromTerm
        byte[] badFromSite = bytes.clone();
        badFromSite[WanCodec.FIXED_HEADER_BYTES + 1 + 2] = (byte) invalid;
        byte[] badSrcSite = bytes.clone();
        badSrcSite[WanDatagrams.bodyOffset(bytes) + 1 + 3] = (byte) invalid;

        assertThat(dropReason(reMac(badFromSite))).isEqualTo(DropReason.MALFORMED);
        assertThat(dropReason(reMac(badSrcSite))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldDropEmptyNameAsMalformed() {
        // an Ack whose group name length byte says 0: shift everything by shortening the group to nothing
        byte[] bytes = codec.encode(new WanEnvelope("ottawa", 9, new WanPacket.Ack("boston", "g", 1, 2, 3, 4)));
        int groupAt = WanDatagrams.bodyOffset(bytes) + 1 + "boston".length();
        assertThat(bytes[groupAt]).isEqualTo((byte) 1);
        byte[] shorter = new byte[bytes.length - 1];
        System.arraycopy(bytes, 0, shorter, 0, groupAt);
        shorter[groupAt] = 0;
        System.arraycopy(bytes, groupAt + 2, shorter, groupAt + 1, bytes.length - groupAt - 2);

        assertThat(dropReason(reMac(WanDatagrams.withDeclaredLength(shorter)))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldDropNegativeSequenceNumbersAsMalformed() {
        byte[] bytes = codec.encode(envelope(WanDatagrams.ack()));
        int epochAt = WanDatagrams.bodyOffset(bytes) + 1 + "boston".length() + 1 + "chat.room-1".length();
        bytes[epochAt] = (byte) 0x80;

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.MALFORMED);
    }

    /** @return offset of the first of the last {@code n} bytes before the MAC */
    private static int beforeMac(byte[] bytes, int n) {
        return bytes.length - WanCodec.MAC_BYTES - n;
    }

    private static void putLong(byte[] bytes, int at, long value) {
        for (int i = 0; i < 8; i++) {
            bytes[at + i] = (byte) (value >>> (56 - 8 * i));
        }
    }

    @Test
    void shouldRefuseToBuildPacketsTheDecoderWouldReject() {
        assertThatThrownBy(() -> new Nak("a", "g", 1, new long[] {9, 3})).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WanDatagrams.nak(Nak.MAX_RANGES + 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new WanPacket.Sync("a", "g", 1, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new PeerHint("a", 1, "h", 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldDropNakWithInvertedRangeAsMalformed() {
        byte[] bytes = codec.encode(envelope(new Nak("a", "g", 1, new long[] {3, 9})));
        putLong(bytes, beforeMac(bytes, 16), 9);
        putLong(bytes, beforeMac(bytes, 8), 3);

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldDropNakWithMoreThanMaxRangesAsMalformed() {
        byte[] valid = codec.encode(envelope(WanDatagrams.nak(Nak.MAX_RANGES)));
        int countAt = beforeMac(valid, 16 * Nak.MAX_RANGES + 2);
        byte[] extraRange = new byte[16];
        putLong(extraRange, 0, 5_000);
        putLong(extraRange, 8, 5_001);
        byte[] body = WanDatagrams.concat(Arrays.copyOf(valid, valid.length - WanCodec.MAC_BYTES), extraRange);
        byte[] bytes = WanDatagrams.concat(body, new byte[WanCodec.MAC_BYTES]);
        bytes[countAt] = 0;
        bytes[countAt + 1] = (byte) (Nak.MAX_RANGES + 1);

        assertThat(dropReason(reMac(WanDatagrams.withDeclaredLength(bytes)))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldDropSyncStartingAtZeroAsMalformed() {
        byte[] bytes = codec.encode(envelope(new WanPacket.Sync("a", "g", 1, 1, 0)));
        putLong(bytes, beforeMac(bytes, 16), 0);

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldRoundTripTheAddressTheSenderSeesTheReceiverAt() throws Exception {
        WanEnvelope original = envelope(new SiteState(3, List.of(), List.of(), 5L, 1, List.of(), true,
                new org.gcs.alm.overlay.DelegateAddress("203.0.113.7", 40_001)));

        assertThat(roundTrip(original)).isEqualTo(original);
        assertThat(((SiteState) roundTrip(original).packet()).seenAt().port()).isEqualTo(40_001);
    }

    @Test
    void shouldDropASeenAtAddressWithPortZeroAsMalformed() {
        byte[] bytes = codec.encode(envelope(new SiteState(1, List.of(), List.of(), 0, 0, List.of(), true,
                new org.gcs.alm.overlay.DelegateAddress("h", 1))));
        bytes[beforeMac(bytes, 1)] = 0; // the port's low byte, the last of the body

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldDropPeerWithPortZeroAsMalformed() {
        byte[] bytes = codec.encode(envelope(new SiteState(1, List.of(), List.of(new PeerHint("a", 1, "h", 80)))));
        int afterPeers = 8 + 8 + 2; // site-set digest, tree version, no link reports
        bytes[beforeMac(bytes, afterPeers + 2)] = 0;
        bytes[beforeMac(bytes, afterPeers + 1)] = 0;

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldDropPeerHostWithMalformedUtf8AsMalformed() {
        byte[] bytes = codec.encode(envelope(new SiteState(1, List.of(), List.of(new PeerHint("a", 1, "h", 80)))));
        int hostAt = bytes.length - WanCodec.MAC_BYTES - (8 + 8 + 2 + 1) - 2 - 1; // "h", port, digest, tree version, links, flags
        assertThat(bytes[hostAt]).isEqualTo((byte) 'h');
        bytes[hostAt] = (byte) 0xff;

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldNotParseAnythingBeforeTheMacIsVerified() {
        // an invalid name and an unknown type, but a wrong MAC: the MAC check comes first
        byte[] bytes = codec.encode(envelope(WanDatagrams.sync()));
        bytes[3] = 99;
        bytes[8] = ' ';

        assertThat(dropReason(bytes)).isEqualTo(DropReason.BAD_HMAC);
    }

    @Test
    void shouldKeepDecodingAfterARejection() throws Exception {
        byte[] good = codec.encode(envelope(WanDatagrams.sync()));
        byte[] bad = good.clone();
        bad[bad.length - 1] ^= 0x01;

        assertThat(dropReason(bad)).isEqualTo(DropReason.BAD_HMAC);
        assertThat(codec.decode(good, 0, good.length)).isEqualTo(envelope(WanDatagrams.sync()));
    }

    @Test
    void shouldExposeDropReasonTags() {
        assertThat(DropReason.BAD_HMAC.tag()).isEqualTo("bad-hmac");
        assertThat(DropReason.UNKNOWN_TYPE.tag()).isEqualTo("unknown-type");
        assertThat(DropReason.TRUNCATED.tag()).isEqualTo("truncated");
    }

    // ------------------------------------------------------------------ hop-by-hop link frames (wire version 3)

    @Test
    void shouldCarryAHopByHopFrameAroundAWholeDataPacket() throws Exception {
        WanEnvelope original = envelope(WanDatagrams.hopData());
        byte[] bytes = codec.encode(original);

        assertThat(codec.decode(bytes, 0, bytes.length)).isEqualTo(original);
        assertThat(bytes.length).isEqualTo(codec.encode(envelope(WanDatagrams.hopData().data())).length + 16);
    }

    @Test
    void shouldDropHopAcknowledgementsNoReceiverSends() {
        byte[] valid = codec.encode(envelope(WanDatagrams.hopAck()));
        int body = valid.length - WanCodec.MAC_BYTES - (8 + 8 + 8 + 1 + 6 * 8);
        byte[] tooMany = valid.clone();
        tooMany[body + 24] = 4; // four SACK ranges announced
        byte[] unordered = valid.clone();
        unordered[body + 25 + 8 + 7] = 100; // the first range now ends before it starts
        byte[] shrunk = valid.clone();
        shrunk[body + 16 + 7] = 1; // the window ends below the cumulative point

        assertThat(dropReason(reMac(tooMany))).isEqualTo(DropReason.MALFORMED);
        assertThat(dropReason(reMac(unordered))).isEqualTo(DropReason.MALFORMED);
        assertThat(dropReason(reMac(shrunk))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldDropAHopFrameNumberedZero() {
        byte[] bytes = codec.encode(envelope(WanDatagrams.hopData()));
        int linkSeqAt = WanCodec.FIXED_HEADER_BYTES + 1 + envelopeFromSiteLength() + 8 + 8; // after fromTerm, linkEpoch
        for (int i = 0; i < 8; i++) {
            bytes[linkSeqAt + i] = 0;
        }

        assertThat(dropReason(reMac(bytes))).isEqualTo(DropReason.MALFORMED);
    }

    private static int envelopeFromSiteLength() {
        return envelope(WanDatagrams.ack()).fromSite().length();
    }

    @Test
    void shouldRoundTripASiteConflictWarning() throws Exception {
        var conflict = new WanSiteConflict("boston", List.of(new PeerHint("boston", 2, "10.0.0.1", 7700),
                new PeerHint("boston", 2, "10.0.9.1", 7701)));
        assertThat(roundTrip(envelope(conflict)).packet()).isEqualTo(conflict);
    }

    @Test
    void shouldRoundTripSwimMessagesAndStateRequests() throws Exception {
        for (WanPacket packet : List.of(WanDatagrams.swimPingReq(), WanDatagrams.swimAck(),
                new WanStateRequest())) {
            assertThat(roundTrip(envelope(packet)).packet()).isEqualTo(packet);
        }
    }
}
