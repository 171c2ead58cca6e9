package org.gcs.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.gcs.MemberId;
import org.junit.jupiter.api.Test;

/** Messages to one member and state-transfer messages survive a round trip; anything cut short is refused. */
class MemberWireTest {
    private static final MemberId B = new MemberId("b", "b1");

    @Test
    void shouldRoundTripEveryKind() {
        MemberWire.Direct direct = (MemberWire.Direct) MemberWire.read(MemberWire.direct(B, 7, new byte[] {1, 2}));
        assertThat(direct.to()).isEqualTo(B);
        assertThat(direct.seq()).isEqualTo(7);
        assertThat(direct.payload()).containsExactly(1, 2);

        assertThat(MemberWire.read(MemberWire.stateRequest(B, 11, 42, "gcs.st.b")))
                .isEqualTo(new MemberWire.StateRequest(B, 11, 42, "gcs.st.b"));
        assertThat(MemberWire.read(MemberWire.stateRefused(B, 11, true, "no provider")))
                .isEqualTo(new MemberWire.StateRefused(B, 11, true, "no provider"));
        assertThat(MemberWire.read(MemberWire.chunkAck(11, 3))).isEqualTo(new MemberWire.ChunkAck(11, 3));

        byte[] buffer = {5, 6, 7, 8};
        MemberWire.Chunk chunk = (MemberWire.Chunk) MemberWire.read(MemberWire.chunk(11, 42, 3, true, buffer, 3));
        assertThat(chunk.transfer()).isEqualTo(11);
        assertThat(chunk.position()).isEqualTo(42);
        assertThat(chunk.index()).isEqualTo(3);
        assertThat(chunk.last()).isTrue();
        assertThat(chunk.bytes()).containsExactly(5, 6, 7);

        MemberId a = new MemberId("a", "a1");
        assertThat(MemberWire.read(MemberWire.cut(B, a, 11))).isEqualTo(new MemberWire.Cut(B, a, 11));
        assertThat(MemberWire.read(MemberWire.cutVector(B, 11, java.util.Map.of(a, 5L, B, 0L), List.of(a))))
                .isEqualTo(new MemberWire.CutVector(B, 11, java.util.Map.of(a, 5L, B, 0L), List.of(a)));
    }

    @Test
    void shouldRefuseEveryTruncationOfACutAndACutVector() {
        MemberId a = new MemberId("a", "a1");
        for (byte[] whole : List.of(MemberWire.cut(B, a, 11),
                MemberWire.cutVector(B, 11, java.util.Map.of(a, 5L), List.of(a, B)))) {
            for (int length = 0; length < whole.length; length++) {
                assertThat(MemberWire.read(Arrays.copyOf(whole, length))).as("cut at " + length).isNull();
            }
        }
        byte[] vector = MemberWire.cutVector(B, 11, java.util.Map.of(), List.of());
        vector[vector.length - 1] = 0x7f; // a member count far beyond what the message holds
        assertThat(MemberWire.read(vector)).isNull();
    }

    @Test
    void shouldRefuseEveryTruncationOfTheFixedKindsAndAnOrderMessage() {
        for (byte[] whole : List.of(MemberWire.stateRequest(B, 11, 42, "gcs.st.b"),
                MemberWire.stateRefused(B, 11, false, "why"), MemberWire.chunkAck(11, 3))) {
            for (int length = 0; length < whole.length; length++) {
                assertThat(MemberWire.read(Arrays.copyOf(whole, length))).as("cut at " + length).isNull();
            }
        }
        assertThat(MemberWire.tagged(OrderWire.ack(1, new Epoch(1, B, 1), 2, 3))).isFalse();
        assertThat(OrderWire.tagged(MemberWire.chunkAck(1, 2))).isFalse();
    }

    @Test
    void shouldRefuseARequestNamingAnInvalidChannel() {
        assertThat(MemberWire.read(MemberWire.stateRequest(B, 11, 42, "no spaces allowed"))).isNull();
    }
}
