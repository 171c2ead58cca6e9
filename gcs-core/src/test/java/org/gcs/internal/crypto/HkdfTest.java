package org.gcs.internal.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** RFC 5869 Appendix A test vectors. */
class HkdfTest {
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void shouldMatchRfc5869TestCase1() {
        byte[] ikm = HEX.parseHex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b");
        byte[] salt = HEX.parseHex("000102030405060708090a0b0c");
        byte[] info = HEX.parseHex("f0f1f2f3f4f5f6f7f8f9");
        byte[] prk = Hkdf.extract(salt, ikm);
        assertThat(HEX.formatHex(prk)).isEqualTo("077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5");
        assertThat(HEX.formatHex(Hkdf.expand(prk, info, 42))).isEqualTo(
                "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865");
    }

    @Test
    void shouldMatchRfc5869TestCase3WithNoSaltAndNoInfo() {
        byte[] ikm = HEX.parseHex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b");
        byte[] okm = Hkdf.expand(Hkdf.extract(new byte[0], ikm), new byte[0], 42);
        assertThat(HEX.formatHex(okm)).isEqualTo(
                "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8");
    }

    @Test
    void shouldRefuseAnImpossibleLength() {
        assertThatThrownBy(() -> Hkdf.expand(new byte[32], new byte[0], 255 * 32 + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
