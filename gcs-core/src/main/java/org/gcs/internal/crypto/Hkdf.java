package org.gcs.internal.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HKDF with HMAC-SHA256 (RFC 5869): derives independent keys (WAN per sender, LAN per site) from the one cluster
 * secret, so that no two uses of the secret share a key.
 *
 * <p>{@code PRK = HMAC(salt, IKM)} (§2.2), then {@code T(i) = HMAC(PRK, T(i-1) | info | i)} and
 * {@code OKM = T(1) | T(2) | ...} cut to {@code L} bytes (§2.3).
 */
public final class Hkdf {
    private static final String HMAC = "HmacSHA256";
    private static final int HASH_BYTES = 32;

    private Hkdf() {
    }

    /**
     * Extract then expand.
     *
     * @param secret the input keying material (the cluster secret)
     * @param salt a non-secret salt naming the protocol and its version, e.g. {@code "gcs-wan-v4"}
     * @param info what the key is for, e.g. the sender it belongs to
     * @param lengthBytes how many bytes to derive (at most 255 × 32)
     * @return the derived key
     */
    public static byte[] derive(byte[] secret, String salt, byte[] info, int lengthBytes) {
        return expand(extract(salt.getBytes(StandardCharsets.US_ASCII), secret), info, lengthBytes);
    }

    /** RFC 5869 §2.2: {@code PRK = HMAC-Hash(salt, IKM)}; an empty salt stands for 32 zero bytes. */
    public static byte[] extract(byte[] salt, byte[] inputKeyingMaterial) {
        Mac mac = hmac(salt.length == 0 ? new byte[HASH_BYTES] : salt);
        return mac.doFinal(inputKeyingMaterial);
    }

    /** RFC 5869 §2.3: {@code OKM = T(1) | T(2) | ...}, {@code T(i) = HMAC-Hash(PRK, T(i-1) | info | i)}. */
    public static byte[] expand(byte[] pseudoRandomKey, byte[] info, int lengthBytes) {
        if (lengthBytes <= 0 || lengthBytes > 255 * HASH_BYTES) {
            throw new IllegalArgumentException("HKDF output length must be 1.." + 255 * HASH_BYTES + " bytes, got "
                    + lengthBytes);
        }
        Mac mac = hmac(pseudoRandomKey);
        byte[] out = new byte[lengthBytes];
        byte[] block = new byte[0];
        int written = 0;
        for (int i = 1; written < lengthBytes; i++) {
            mac.update(block);
            mac.update(info);
            mac.update((byte) i);
            block = mac.doFinal();
            int n = Math.min(block.length, lengthBytes - written);
            System.arraycopy(block, 0, out, written, n);
            written += n;
        }
        return out;
    }

    private static Mac hmac(byte[] key) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JRE", e);
        }
    }
}
