package org.gcs.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.MemberAnnounce;
import org.gcs.internal.wire.LanMessage.RemoteData;
import org.gcs.internal.wire.LanMessage.RemoteSites;
import org.gcs.internal.wire.LanMessage.Stable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class LanCodecTest {

    static List<LanMessage> oneOfEachType() {
        return LanMessages.oneOfEachType();
    }

    private static LanMessage roundTrip(LanMessage message) throws MalformedDatagramException {
        byte[] bytes = LanCodec.encode(message);
        return LanCodec.decode(bytes, 0, bytes.length);
    }

    private static DropReason dropReason(byte[] bytes) {
        MalformedDatagramException e = catchThrowableOfType(MalformedDatagramException.class,
                () -> LanCodec.decode(bytes, 0, bytes.length));
        assertThat(e).as("decode must reject the bytes").isNotNull();
        return e.reason();
    }

    // ------------------------------------------------------------------ round trips

    @Test
    void shouldRoundTripLocalData() throws Exception {
        LocalData original = LanMessages.localData(false, 300);

        LocalData decoded = (LocalData) roundTrip(original);

        assertThat(decoded).isEqualTo(original);
        assertThat(decoded.resend()).isFalse();
        assertThat(decoded.payload()).isEqualTo(WanDatagrams.payload(300, 5));
    }

    @Test
    void shouldRoundTripLocalDataResend() throws Exception {
        LocalData original = LanMessages.localData(true, 1);

        LocalData decoded = (LocalData) roundTrip(original);

        assertThat(decoded).isEqualTo(original);
        assertThat(decoded.resend()).isTrue();
    }

    @Test
    void shouldRoundTripLocalDataWithEmptyAndHugePayloads() throws Exception {
        LocalData empty = LanMessages.localData(false, 0);
        LocalData huge = LanMessages.localData(false, 1 << 20);

        assertThat(roundTrip(empty)).isEqualTo(empty);
        assertThat(((LocalData) roundTrip(huge)).payload()).isEqualTo(WanDatagrams.payload(1 << 20, 5));
    }

    @Test
    void shouldRoundTripRemoteData() throws Exception {
        RemoteData original = LanMessages.remoteData(70_000);

        RemoteData decoded = (RemoteData) roundTrip(original);

        assertThat(decoded).isEqualTo(original);
        assertThat(decoded.originSite()).isEqualTo("ottawa");
        assertThat(decoded.incarnation()).isEqualTo(-3L);
    }

    @Test
    void shouldRoundTripMemberAnnounce() throws Exception {
        MemberAnnounce original = LanMessages.announce();
        MemberAnnounce none = new MemberAnnounce("m", 0, 0, List.of());

        assertThat(roundTrip(original)).isEqualTo(original);
        assertThat(roundTrip(none)).isEqualTo(none);
    }

    @Test
    void shouldRoundTripRemoteSitesWithSeveralSites() throws Exception {
        RemoteSites original = LanMessages.remoteSites();

        RemoteSites decoded = (RemoteSites) roundTrip(original);

        assertThat(decoded).isEqualTo(original);
        assertThat(decoded.sites()).hasSize(3);
        assertThat(decoded.sites().get(1).host()).isEqualTo("xn--dlgu-bsaa.chicago.example");
    }

    @Test
    void shouldRoundTripRemoteSitesWithoutSites() throws Exception {
        RemoteSites original = new RemoteSites(0, List.of());

        assertThat(roundTrip(original)).isEqualTo(original);
    }

    @Test
    void shouldRoundTripStableWithManyMarks() throws Exception {
        // more than 65 535 marks uses the high half of the 32-bit count
        Stable original = LanMessages.stable(70_000);

        Stable decoded = (Stable) roundTrip(original);

        assertThat(decoded).isEqualTo(original);
        assertThat(decoded.marks()).hasSize(70_000);
    }

    @Test
    void shouldRoundTripStableWithoutMarks() throws Exception {
        Stable original = new Stable(1, List.of());

        assertThat(roundTrip(original)).isEqualTo(original);
    }

    @Test
    void shouldRoundTripHeldWithManyMarksAndWithNone() throws Exception {
        LanMessage.Held many = LanMessages.held(1024);
        assertThat(roundTrip(many)).isEqualTo(many);
        LanMessage.Held none = new LanMessage.Held("boston-2", 11L, List.of());
        assertThat(roundTrip(none)).isEqualTo(none);
    }

    @Test
    void shouldRejectAHeldMarkWithSequenceZero() {
        byte[] bytes = LanCodec.encode(new LanMessage.Held("m", 1L,
                List.of(new LanMessage.HeldMark("s", "o", 2L, "g", 1))));
        bytes[bytes.length - 1] = 0; // memberSeq 1 -> 0
        assertThatThrownBy(() -> LanCodec.decode(bytes, 0, bytes.length))
                .isInstanceOf(MalformedDatagramException.class).hasMessageContaining("memberSeq");
    }

    @Test
    void shouldRoundTripHandover() throws Exception {
        LanMessage original = LanMessages.handover();

        assertThat(roundTrip(original)).isEqualTo(original);
    }

    @Test
    void shouldRoundTripAHandoverRequest() throws Exception {
        LanMessage original = new LanMessage.HandoverRequest(42L, "boston-2", 11L);

        assertThat(roundTrip(original)).isEqualTo(original);
    }

    @Test
    void shouldRoundTripAMembershipProbeAndItsConfirmation() throws Exception {
        LanMessage probe = new LanMessage.MembershipProbe("boston-2", 11L, 2);
        LanMessage confirm = new LanMessage.MembershipConfirm(42L, "boston-1", 3L, "boston-2", 11L, 2);

        assertThat(roundTrip(probe)).isEqualTo(probe);
        assertThat(roundTrip(confirm)).isEqualTo(confirm);
    }

    @Test
    void shouldRejectAMembershipProbeNumberedZero() {
        byte[] bytes = LanCodec.encode(new LanMessage.MembershipProbe("boston-2", 11L, 0));

        assertThatThrownBy(() -> LanCodec.decode(bytes, 0, bytes.length))
                .isInstanceOf(MalformedDatagramException.class).hasMessageContaining("probe");
    }

    @ParameterizedTest
    @MethodSource("oneOfEachType")
    void shouldDecodeAtAnOffsetInsideALargerBuffer(LanMessage message) throws Exception {
        byte[] bytes = LanCodec.encode(message);
        byte[] buffer = new byte[bytes.length + 9];
        Arrays.fill(buffer, (byte) 0x7e);
        System.arraycopy(bytes, 0, buffer, 4, bytes.length);

        assertThat(LanCodec.decode(buffer, 4, bytes.length)).isEqualTo(message);
    }

    @ParameterizedTest
    @MethodSource("oneOfEachType")
    void shouldStartWithVersionAndDistinctType(LanMessage message) {
        byte[] bytes = LanCodec.encode(message);

        assertThat(bytes[0]).isEqualTo((byte) LanCodec.VERSION);
        assertThat(bytes[1]).isBetween((byte) 1, (byte) 16).isNotEqualTo((byte) LanBundle.TYPE);
    }

    // ------------------------------------------------------------------ rejections

    @Test
    void shouldRejectTreesWhoseEdgesDoNotFormATreeOverTheListedSites() {
        byte[] good = LanCodec.encode(new LanMessage.TreeInfo(1, WanDatagrams.sharedTree()));
        assertThat(roundTripQuietly(good)).isNotNull();
        for (WanPacket.TreeAnnounce bad : java.util.List.of(
                new WanPacket.TreeAnnounce(1, "spt", false, "a", java.util.List.of("a", "b"), java.util.List.of(),
                        java.util.List.of()),
                new WanPacket.TreeAnnounce(1, "spt", false, "a", java.util.List.of("a", "b"),
                        java.util.List.of(new WanPacket.TreeEdge("a", "c", 1)), java.util.List.of()),
                new WanPacket.TreeAnnounce(1, "spt", false, "a", java.util.List.of("a", "b"),
                        java.util.List.of(new WanPacket.TreeEdge("b", "a", 1)), java.util.List.of()),
                new WanPacket.TreeAnnounce(1, "spt", false, "z", java.util.List.of("a", "b"), java.util.List.of(),
                        java.util.List.of()),
                new WanPacket.TreeAnnounce(1, "star", true, "a", java.util.List.of("a", "b"),
                        java.util.List.of(new WanPacket.TreeEdge("a", "b", 1)), java.util.List.of()))) {
            assertThat(dropReason(LanCodec.encode(new LanMessage.TreeInfo(1, bad)))).as(bad.toString())
                    .isEqualTo(DropReason.MALFORMED);
        }
    }

    private static LanMessage roundTripQuietly(byte[] bytes) {
        try {
            return LanCodec.decode(bytes, 0, bytes.length);
        } catch (MalformedDatagramException e) {
            return null;
        }
    }

    @ParameterizedTest
    @MethodSource("oneOfEachType")
    void shouldRejectEveryTruncationAsTruncated(LanMessage message) {
        byte[] bytes = LanCodec.encode(message);

        for (int length = 0; length < bytes.length; length++) {
            assertThat(dropReason(Arrays.copyOf(bytes, length))).as("length %d of %d", length, bytes.length)
                    .isEqualTo(DropReason.TRUNCATED);
        }
    }

    @ParameterizedTest
    @MethodSource("oneOfEachType")
    void shouldRejectTrailingBytesAsMalformed(LanMessage message) {
        byte[] bytes = WanDatagrams.concat(LanCodec.encode(message), new byte[] {0});

        assertThat(dropReason(bytes)).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldRejectOtherVersionAsUnsupported() {
        byte[] bytes = LanCodec.encode(LanMessages.handover());
        bytes[0] = 2;

        assertThat(dropReason(bytes)).isEqualTo(DropReason.UNSUPPORTED_VERSION);
    }

    @Test
    void shouldRejectUnknownTypes() {
        for (int type : new int[] {0, 17, 99, 255}) {
            byte[] bytes = LanCodec.encode(LanMessages.handover());
            bytes[1] = (byte) type;
            assertThat(dropReason(bytes)).as("type %d", type).isEqualTo(DropReason.UNKNOWN_TYPE);
        }
    }

    @Test
    void shouldRejectMemberSeqZeroAsMalformed() {
        LocalData zero = new LocalData("m", 1, "g", 0, 0, false, new byte[0]);

        assertThat(dropReason(LanCodec.encode(zero))).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldRejectInvalidNamesAsMalformed() {
        byte[] bytes = LanCodec.encode(LanMessages.handover());
        bytes[3] = ' '; // inside the member name "boston-2"

        assertThat(dropReason(bytes)).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldRejectBlobLengthBeyondTheEndAsTruncated() {
        byte[] bytes = LanCodec.encode(LanMessages.localData(false, 4));
        int lengthAt = bytes.length - 4 - 4;
        bytes[lengthAt] = 0x7f; // 2 GB claimed

        assertThat(dropReason(bytes)).isEqualTo(DropReason.TRUNCATED);
        bytes[lengthAt] = (byte) 0x80; // negative as an int: refused before reading
        assertThat(dropReason(bytes)).isEqualTo(DropReason.MALFORMED);
    }

    @Test
    void shouldRejectGarbageOnlyWithMalformedDatagramException() {
        SplittableRandom random = new SplittableRandom(4);
        EnumSet<DropReason> reasons = EnumSet.noneOf(DropReason.class);
        for (int i = 0; i < 20_000; i++) {
            byte[] bytes = new byte[random.nextInt(0, 300)];
            random.nextBytes(bytes);
            if (bytes.length > 1 && random.nextBoolean()) {
                bytes[0] = LanCodec.VERSION;
                bytes[1] = (byte) random.nextInt(0, 8);
            }
            DropReason reason = dropReasonOrNull(bytes);
            if (reason != null) {
                reasons.add(reason);
            }
        }
        assertThat(reasons).contains(DropReason.TRUNCATED, DropReason.UNSUPPORTED_VERSION, DropReason.UNKNOWN_TYPE,
                DropReason.MALFORMED);
    }

    /** @return the reason of a rejection, or null if the bytes decoded; any other exception fails the test */
    private static DropReason dropReasonOrNull(byte[] bytes) {
        try {
            LanCodec.decode(bytes, 0, bytes.length);
            return null;
        } catch (MalformedDatagramException e) {
            return e.reason();
        }
    }

    @Test
    void shouldRejectStableWithNegativeMarkCountAsMalformedDatagram() {
        byte[] bytes = {1, 5, 0, 0, 0, 0, 0, 0, 0, 1, (byte) 0x80, 0, 0, 0};

        assertThat(dropReason(bytes)).isIn(DropReason.MALFORMED, DropReason.TRUNCATED);
    }

    // ------------------------------------------------------------------ data written in place

    @ParameterizedTest
    @MethodSource("oneOfEachType")
    void shouldWriteDataInPlaceAsItsEncodingAndSizeNothingElse(LanMessage message) {
        byte[] encoded = LanCodec.encode(message);
        int size = LanCodec.dataSize(message);
        if (!(message instanceof LocalData) && !(message instanceof RemoteData)) {
            assertThat(size).isEqualTo(-1);
            assertThatThrownBy(() -> LanCodec.writeData(message, new byte[encoded.length], 0))
                    .isInstanceOf(IllegalArgumentException.class);
            return;
        }
        assertThat(size).isEqualTo(encoded.length);
        byte[] dest = new byte[size + 10];
        Arrays.fill(dest, (byte) 0x5a);
        assertThat(LanCodec.writeData(message, dest, 7)).isEqualTo(7 + size);
        assertThat(Arrays.copyOfRange(dest, 7, 7 + size)).isEqualTo(encoded);
        assertThat(dest[6]).as("nothing written before the offset").isEqualTo((byte) 0x5a);
        assertThat(dest[7 + size]).as("nor after the message").isEqualTo((byte) 0x5a);
    }

    @Test
    void shouldRefuseAnUnencodableNameWhenSizingNotLaterWhenWriting() {
        String tooLong = "m".repeat(256);
        LocalData data = new LocalData(tooLong, 1, "g", 1, 0, false, new byte[3]);
        assertThatThrownBy(() -> LanCodec.dataSize(data)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1..255 bytes");
        assertThatThrownBy(() -> LanOutgoing.of(data)).isInstanceOf(IllegalArgumentException.class);
    }
}
