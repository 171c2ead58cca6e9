package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.gcs.examples.cli.CheckPayload.Header;
import org.junit.jupiter.api.Test;

class CheckPayloadTest {
    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void shouldStartWithTheHeaderAndBePaddedToTheSize() {
        byte[] payload = CheckPayload.of("boston/boston-1", 42, 40);

        assertThat(payload).hasSize(40);
        assertThat(new String(payload, StandardCharsets.US_ASCII))
                .isEqualTo("gcs-check boston/boston-1 42 " + ".".repeat(40 - 29));
        assertThat(CheckPayload.parse(payload)).contains(new Header("boston/boston-1", 42));
    }

    @Test
    void shouldFitAPayloadThatIsExactlyTheHeader() {
        int headerBytes = CheckPayload.headerBytes("a/b", Long.MAX_VALUE);

        assertThat(headerBytes).isEqualTo("gcs-check a/b  ".length() + CheckPayload.MAX_SEQUENCE_DIGITS);
        assertThat(CheckPayload.parse(CheckPayload.of("a/b", Long.MAX_VALUE, headerBytes)))
                .contains(new Header("a/b", Long.MAX_VALUE));
    }

    @Test
    void shouldRefuseASizeTooSmallForTheHeaderOrANonPositiveSequence() {
        assertThatThrownBy(() -> CheckPayload.of("boston/boston-1", 100, 29))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("30-byte header");
        assertThatThrownBy(() -> CheckPayload.of("a/b", 0, 100)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldNotReadPayloadsWithoutAWellFormedHeader() {
        assertThat(CheckPayload.parse(new byte[0])).isEmpty();
        assertThat(CheckPayload.parse(ascii("hello"))).isEmpty();
        assertThat(CheckPayload.parse(Payloads.stamped(100, 7))).isEmpty();
        assertThat(CheckPayload.parse(ascii("gcs-check "))).isEmpty();
        assertThat(CheckPayload.parse(ascii("gcs-check a/b"))).as("no sequence").isEmpty();
        assertThat(CheckPayload.parse(ascii("gcs-check a/b 12"))).as("no space after it").isEmpty();
        assertThat(CheckPayload.parse(ascii("gcs-check  12 "))).as("no sender").isEmpty();
        assertThat(CheckPayload.parse(ascii("gcs-check a/b 0 "))).isEmpty();
        assertThat(CheckPayload.parse(ascii("gcs-check a/b 07 "))).isEmpty();
        assertThat(CheckPayload.parse(ascii("gcs-check a/b -7 "))).isEmpty();
        assertThat(CheckPayload.parse(ascii("gcs-check a/b 1x "))).isEmpty();
        assertThat(CheckPayload.parse(ascii("gcs-check a:b 1 "))).isEmpty();
        assertThat(CheckPayload.parse(ascii("gcs-check a/b 9223372036854775808 "))).as("overflow").isEmpty();
        assertThat(CheckPayload.parse(ascii("gcs-check " + "a".repeat(200) + " 1 "))).isEmpty();
        assertThat(CheckPayload.parse(ascii("GCS-CHECK a/b 1 "))).isEmpty();
        assertThat(CheckPayload.parse(ascii("gcs-check a/b 1 anything"))).contains(new Header("a/b", 1));
    }
}
