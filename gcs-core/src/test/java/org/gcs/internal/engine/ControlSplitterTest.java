package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.gcs.GcsConfigBuilder;
import org.gcs.Names;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.WanPacket.SiteState;
import org.junit.jupiter.api.Test;

/** Control packets cut to fit the smallest legal datagram and put back together (issue 15, Deliver 3). */
class ControlSplitterTest {
    private static final byte[] KEY = "a-test-cluster-key-0123456789abcdef".getBytes(StandardCharsets.UTF_8);
    private static final int LIMIT = org.gcs.WanSettings.MIN_DATAGRAM_BYTES;
    private static final String LONG_SITE = "s".repeat(Names.MAX_LENGTH);
    private static final DelegateAddress FROM = new DelegateAddress("127.0.0.1", 7700);

    /** Counts drops by reason. */
    private static final class Drops implements ProtocolMetrics {
        final List<DropReason> dropped = new ArrayList<>();
        int split;

        @Override
        public void wanDropped(DropReason reason) {
            dropped.add(reason);
        }

        @Override
        public void controlPacketSplit() {
            split++;
        }
    }

    /** One member with 1000 groups of the longest legal names: about 66 KB, more than one datagram can ever hold. */
    private static SiteState hugeState() {
        List<String> groups = new ArrayList<>();
        for (int g = 0; g < 1000; g++) {
            groups.add(String.format("%04d", g) + "g".repeat(Names.MAX_LENGTH - 4));
        }
        return new SiteState(7, List.of(new MemberGroups("m".repeat(Names.MAX_LENGTH), 3, groups)), List.of());
    }

    @Test
    void shouldSendAStateLargerThanAnyDatagramInPiecesThatEachFitTheSmallestLimit() throws Exception {
        WanCapture wire = new WanCapture();
        Drops metrics = new Drops();
        SiteState state = hugeState();
        WanEnvelope whole = new WanEnvelope(LONG_SITE, 5, state);
        assertThat(WanCodec.encodedSize(whole)).isGreaterThan(WanCodec.MAX_DATAGRAM_BYTES);

        new ControlSplitter(wire, metrics, LIMIT).send("b", FROM, whole, 0);

        assertThat(wire.sent).hasSizeGreaterThan(60);
        assertThat(metrics.split).isEqualTo(1);
        WanCodec codec = new WanCodec(KEY);
        List<WanEnvelope> received = new ArrayList<>();
        for (WanEnvelope piece : wire.sent) {
            byte[] datagram = codec.encode(piece);
            assertThat(datagram.length).isLessThanOrEqualTo(LIMIT);
            received.add(codec.decode(datagram, 0, datagram.length));
        }
        Collections.shuffle(received, new Random(1));
        FragmentReassembly reassembly = new FragmentReassembly(metrics, 5_000_000_000L);
        List<WanPacket> out = new ArrayList<>();
        for (WanEnvelope piece : received) {
            reassembly.offer(FROM, piece, 1).ifPresent(out::add);
        }
        assertThat(out).containsExactly(state);
        assertThat(reassembly.inProgress()).isZero();
        assertThat(metrics.dropped).isEmpty();
    }

    @Test
    void shouldSendAPacketThatFitsWholeAndGiveUpAPacketThatLostAPiece() {
        WanCapture wire = new WanCapture();
        Drops metrics = new Drops();
        ControlSplitter splitter = new ControlSplitter(wire, metrics, LIMIT);
        WanEnvelope small = new WanEnvelope("a", 1, new SiteState(1, List.of(), List.of()));
        splitter.send("b", FROM, small, 0);
        assertThat(wire.sent).containsExactly(small);

        wire.sent.clear();
        splitter.send("b", FROM, new WanEnvelope("a", 1, hugeState()), 0);
        FragmentReassembly reassembly = new FragmentReassembly(metrics, 5_000_000_000L);
        for (WanEnvelope piece : wire.sent.subList(1, wire.sent.size())) {
            assertThat(reassembly.offer(FROM, piece, 0)).isEmpty();
        }
        reassembly.expire(4_000_000_000L);
        assertThat(reassembly.inProgress()).isOne();
        reassembly.expire(6_000_000_000L);
        assertThat(reassembly.inProgress()).isZero();
        assertThat(metrics.dropped).containsExactly(DropReason.FRAGMENT_INCOMPLETE);
    }

    @Test
    void shouldCompleteAPacketFromThePiecesOfTwoCopiesThatEachLostSomeAndNeverMixPacketsOfOtherBytes() {
        WanCapture wire = new WanCapture();
        Drops metrics = new Drops();
        ControlSplitter splitter = new ControlSplitter(wire, metrics, LIMIT);
        SiteState state = hugeState();
        WanEnvelope copy = new WanEnvelope("a", 1, state);
        splitter.send("b", FROM, copy, 0);
        List<WanEnvelope> first = List.copyOf(wire.sent);
        wire.sent.clear();
        splitter.send("c", FROM, new WanEnvelope("a", 1, new SiteState(8, state.members(), List.of())), 0);
        List<WanEnvelope> other = List.copyOf(wire.sent); // other bytes: another id, though cut the same way
        wire.sent.clear();
        splitter.send("b", FROM, copy, 0); // repeated, as a tree plan to a site that reports an older version
        List<WanEnvelope> second = List.copyOf(wire.sent);

        FragmentReassembly reassembly = new FragmentReassembly(metrics, 5_000_000_000L);
        List<WanPacket> out = new ArrayList<>();
        for (int i = 0; i < first.size(); i++) {
            if (i % 2 == 0) { // the first copy lost its odd pieces
                reassembly.offer(FROM, first.get(i), 0).ifPresent(out::add);
            }
        }
        for (int i = 0; i < other.size(); i++) {
            if (i % 2 == 1) { // what the other packet fills in must not complete the first
                reassembly.offer(FROM, other.get(i), 0).ifPresent(out::add);
            }
        }
        assertThat(out).isEmpty();
        for (int i = 0; i < second.size(); i++) {
            if (i % 4 != 0) { // the second copy lost every fourth, which the first copy brought
                reassembly.offer(FROM, second.get(i), 1).ifPresent(out::add);
            }
        }
        assertThat(out).as("every piece came in one copy or the other").containsExactly(state);
        assertThat(reassembly.inProgress()).as("the other packet, half of it").isOne();
        assertThat(metrics.dropped).isEmpty();
    }

    @Test
    void shouldLeaveRoomForPayloadInADataPacketWithTheLongestNamesAtTheSmallestLimit() {
        int overhead = WanCodec.dataOverheadBytes(LONG_SITE, LONG_SITE, "g".repeat(Names.MAX_LENGTH),
                "m".repeat(Names.MAX_LENGTH));
        int largestControlBlock = 2 + 255;
        int hopFraming = 16;
        assertThat(LIMIT - overhead - largestControlBlock - hopFraming).as("payload bytes per fragment")
                .isGreaterThanOrEqualTo(200);
    }
}
