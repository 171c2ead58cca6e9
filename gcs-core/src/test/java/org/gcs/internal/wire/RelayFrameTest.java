package org.gcs.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A relay frame carries a whole sealed datagram unchanged behind one address, and a damaged header is refused. */
class RelayFrameTest {
    private static final byte[] INNER = {0x47, 0x43, 6, 1, 9, 8, 7};

    @Test
    void anIpv4FrameRoundTripsWithItsInnerDatagramUntouched() throws Exception {
        byte[] frame = RelayFrame.encode(RelayFrame.Kind.FORWARD, new InetSocketAddress("10.79.3.2", 40001), INNER);

        assertThat(RelayFrame.isRelayFrame(frame)).isTrue();
        assertThat(frame.length).isEqualTo(INNER.length + 11);
        RelayFrame decoded = RelayFrame.decode(frame);
        assertThat(decoded.kind()).isEqualTo(RelayFrame.Kind.FORWARD);
        assertThat(decoded.address()).isEqualTo(new InetSocketAddress("10.79.3.2", 40001));
        assertThat(Arrays.copyOfRange(frame, decoded.innerOffset(), frame.length)).isEqualTo(INNER);
        assertThat(decoded.innerLength()).isEqualTo(INNER.length);
    }

    @Test
    void anIpv6ForwardedFrameRoundTripsFromAnOffset() throws Exception {
        byte[] holder = new byte[20 + INNER.length];
        System.arraycopy(INNER, 0, holder, 20, INNER.length);
        byte[] frame = RelayFrame.encode(RelayFrame.Kind.FORWARDED, new InetSocketAddress("::1", 7700), holder, 20,
                INNER.length);

        RelayFrame decoded = RelayFrame.decode(frame);
        assertThat(decoded.kind()).isEqualTo(RelayFrame.Kind.FORWARDED);
        assertThat(decoded.address().getPort()).isEqualTo(7700);
        assertThat(frame.length).isEqualTo(INNER.length + RelayFrame.MAX_HEADER_BYTES);
        assertThat(Arrays.copyOfRange(frame, decoded.innerOffset(), frame.length)).isEqualTo(INNER);
    }

    @Test
    void aPlainDatagramIsNoRelayFrame() {
        assertThat(RelayFrame.isRelayFrame(INNER)).isFalse();
        assertThat(RelayFrame.isRelayFrame(new byte[] {0x47})).isFalse();
    }

    @Test
    void damagedFramesAreRefusedWithTheirReason() {
        byte[] good = RelayFrame.encode(RelayFrame.Kind.FORWARD, new InetSocketAddress("10.79.3.2", 7700), INNER);
        assertReason(Arrays.copyOf(good, 9), DropReason.TRUNCATED);
        byte[] version = good.clone();
        version[2] = 2;
        assertReason(version, DropReason.UNSUPPORTED_VERSION);
        byte[] kind = good.clone();
        kind[3] = 3;
        assertReason(kind, DropReason.MALFORMED);
        byte[] addressLength = good.clone();
        addressLength[4] = 5;
        assertReason(addressLength, DropReason.MALFORMED);
        byte[] notGcs = good.clone();
        notGcs[11] = 0;
        assertReason(notGcs, DropReason.MALFORMED);
        byte[] portZero = good.clone();
        portZero[9] = 0;
        portZero[10] = 0;
        assertReason(portZero, DropReason.MALFORMED);
    }

    private static void assertReason(byte[] frame, DropReason reason) {
        assertThatThrownBy(() -> RelayFrame.decode(frame)).isInstanceOf(MalformedDatagramException.class)
                .extracting(e -> ((MalformedDatagramException) e).reason()).isEqualTo(reason);
    }
}
