package org.gcs.cc.ormcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.gcs.cc.api.ControlBlockCodec;
import org.gcs.cc.api.ControlHeader;
import org.gcs.cc.api.Feedback;
import org.junit.jupiter.api.Test;

class OrmccBlockCodecTest {
    private final OrmccBlockCodec codec = new OrmccBlockCodec();

    private static byte[] header(String site, int flags, int avg, int dev, int windowUs) {
        return header(site, flags, avg, dev, windowUs, 0);
    }

    private static byte[] header(String site, int flags, int avg, int dev, int windowUs, int rttCrUs) {
        byte[] name = site.getBytes(StandardCharsets.US_ASCII);
        return ByteBuffer.allocate(18 + name.length).put((byte) name.length).put(name).put((byte) flags).putInt(avg)
                .putInt(dev).putInt(windowUs).putInt(rttCrUs).array();
    }

    @Test
    void shouldRoundTripHeaders() {
        OrmccHeader valid = new OrmccHeader("site-B.2_x", true, 125_000, 9_000, 600_000_000L);
        byte[] body = codec.encodeHeader(valid);
        assertThat(body).hasSize(OrmccBlockCodec.HEADER_FIXED_BYTES + 10)
                .isEqualTo(header("site-B.2_x", 1, 125_000, 9_000, 600_000));
        assertThat(codec.decodeHeader(body)).isEqualTo(valid);

        OrmccHeader invalid = new OrmccHeader("", false, 0, 0, 1_234_000L);
        assertThat(codec.encodeHeader(invalid)).hasSize(OrmccBlockCodec.HEADER_FIXED_BYTES);
        assertThat(codec.decodeHeader(codec.encodeHeader(invalid))).isEqualTo(invalid);

        String longest = "a".repeat(64);
        OrmccHeader longName = new OrmccHeader(longest, true, 1, 2, 3_000);
        assertThat(codec.decodeHeader(codec.encodeHeader(longName))).isEqualTo(longName);
        assertThat(codec.encodeHeader(longName).length).isLessThanOrEqualTo(ControlBlockCodec.MAX_BODY_BYTES)
                .isEqualTo(codec.maxHeaderBytes());

        OrmccHeader slowStart = new OrmccHeader("", false, 0, 0, 600_000_000L, 0, true);
        assertThat(codec.encodeHeader(slowStart)).isEqualTo(header("", 2, 0, 0, 600_000));
        OrmccHeader withRtt = new OrmccHeader("B", true, 1, 2, 600_000_000L, 87_654_000L, false);
        assertThat(codec.encodeHeader(withRtt)).isEqualTo(header("B", 1, 1, 2, 600_000, 87_654));
        assertThat(codec.decodeHeader(codec.encodeHeader(withRtt))).isEqualTo(withRtt);
        assertThat(codec.decodeHeader(codec.encodeHeader(slowStart))).isEqualTo(slowStart);
    }

    @Test
    void shouldRoundAndSaturateHeaderFields() {
        OrmccHeader h = new OrmccHeader("A", true, 1_000.6, 1e12, 1_499L);
        OrmccHeader back = (OrmccHeader) codec.decodeHeader(codec.encodeHeader(h));
        assertThat(back.avgTracCrBytesPerSec()).isEqualTo(1_001);
        assertThat(back.devTracCrBytesPerSec()).isEqualTo(0xffff_ffffL);
        assertThat(back.feedbackWindowNs()).isEqualTo(1_000L);
        OrmccHeader hugeWindow = new OrmccHeader("A", true, 0, 0, Long.MAX_VALUE);
        assertThat(((OrmccHeader) codec.decodeHeader(codec.encodeHeader(hugeWindow))).feedbackWindowNs())
                .isEqualTo(0xffff_ffffL * 1000);
    }

    @Test
    void shouldRejectMalformedHeaders() {
        byte[] good = header("A", 1, 1, 1, 1);
        assertThat(codec.decodeHeader(good)).isEqualTo(new OrmccHeader("A", true, 1, 1, 1_000));
        byte[] shortBody = new byte[good.length - 1];
        System.arraycopy(good, 0, shortBody, 0, shortBody.length);
        assertThatThrownBy(() -> codec.decodeHeader(shortBody)).isInstanceOf(IllegalArgumentException.class);
        byte[] longBody = new byte[good.length + 1];
        System.arraycopy(good, 0, longBody, 0, good.length);
        assertThatThrownBy(() -> codec.decodeHeader(longBody)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec.decodeHeader(new byte[3])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec.decodeHeader(header("A", 4, 1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reserved");
        assertThatThrownBy(() -> codec.decodeHeader(header("A", 0x81, 1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("reserved");
        assertThatThrownBy(() -> codec.decodeHeader(header("a b", 1, 1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("character");
        assertThatThrownBy(() -> codec.decodeHeader(header("a/b", 1, 1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec.decodeHeader(header("x".repeat(65), 1, 1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class);
        byte[] nonAscii = header("ab", 1, 1, 1, 1);
        nonAscii[1] = (byte) 0xc3;
        assertThatThrownBy(() -> codec.decodeHeader(nonAscii)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldRefuseToEncodeWhatCannotBeDecoded() {
        assertThatThrownBy(() -> codec.encodeHeader(new OrmccHeader("bad name", true, 1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec.encodeHeader(new OrmccHeader("x".repeat(65), true, 1, 1, 1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec.encodeHeader(new ControlHeader() { }))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec.encodeFeedback(new CongestionIndication(-1, 0, 0, 0, 0)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec.encodeFeedback(java.util.Map::of))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldRoundTripIndications() {
        CongestionIndication ci = new CongestionIndication(123_456_789L, -42L, 7_000_000L, 98_765, 100_001);
        byte[] body = codec.encodeFeedback(ci);
        assertThat(body).hasSize(OrmccBlockCodec.INDICATION_BYTES).isEqualTo(ByteBuffer.allocate(40)
                .putLong(123_456_789L).putLong(-42L).putLong(7_000_000L).putLong(98_765).putLong(100_001).array());
        assertThat(codec.decodeFeedback(body)).isEqualTo(ci);
        Feedback rounded = codec.decodeFeedback(codec.encodeFeedback(new CongestionIndication(0, 0, 0, 10.5, 0.4)));
        assertThat(rounded).isEqualTo(new CongestionIndication(0, 0, 0, 11, 0));
    }

    @Test
    void shouldRejectMalformedIndications() {
        assertThatThrownBy(() -> codec.decodeFeedback(new byte[39])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec.decodeFeedback(new byte[41])).isInstanceOf(IllegalArgumentException.class);
        for (int field = 0; field < 5; field++) {
            ByteBuffer body = ByteBuffer.allocate(40);
            for (int i = 0; i < 5; i++) {
                body.putLong(i == field ? -1L : 1L);
            }
            if (field == 1) {
                assertThat(codec.decodeFeedback(body.array())).isInstanceOf(CongestionIndication.class); // i64
            } else {
                assertThatThrownBy(() -> codec.decodeFeedback(body.array()))
                        .isInstanceOf(IllegalArgumentException.class);
            }
        }
    }
}
