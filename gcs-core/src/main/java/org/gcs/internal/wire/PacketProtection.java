package org.gcs.internal.wire;

import java.security.GeneralSecurityException;
import java.security.NoSuchAlgorithmException;
import java.util.IdentityHashMap;
import java.util.Map;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.gcs.WanProtection;

/**
 * Seals and opens one WAN datagram under a packet key (wire version 5, docs/security.md "WAN"), both modes with
 * AES-256-GCM and the nonce 4 zero bytes and the packet number: with {@link WanProtection#AES_GCM} the fixed header is
 * the additional data and the rest is encrypted; with {@link WanProtection#INTEGRITY} the whole datagram (up to the
 * tag) is the additional data and nothing is encrypted (GMAC, NIST SP 800-38D §3), so the body stays in clear under
 * a {@value WanCodec#MAC_BYTES}-byte tag. (GMAC replaced HMAC-SHA256 here: 0.68 against 0.95 µs for a data
 * datagram's 1 143 tagged bytes in JMH on the bench machine, docs/performance.md.) The {@link WanCodec} lays the
 * datagram out; this class only protects it. Not thread-safe (it holds {@link Cipher}s).
 *
 * <p>A cipher re-expands its AES key schedule whenever it is initialised with another key than the last, so
 * sealing (this node's key) and opening (each peer's key) use ciphers of their own: one for sealing and one per
 * peer key that authenticated a datagram before, up to {@value #MAX_OPENING_CIPHERS} (then they start afresh). A key
 * not seen to authenticate anything (a new peer's first datagram, or a forgery) is tried with a spare cipher, so
 * forged datagrams cannot fill the cache.
 */
final class PacketProtection {
    private static final int GCM_TAG_BITS = 128;
    /** Opening ciphers kept, one per packet key (a key per sending delegate and key id). */
    static final int MAX_OPENING_CIPHERS = 64;

    private final WanProtection mode;
    private final int headerBytes;
    private final int tagBytes;
    private final Cipher sealingCipher;
    /** By key object: the key ring hands out one remembered {@link SecretKeySpec} per sender and key id. */
    private final Map<SecretKeySpec, Cipher> openingCiphers = new IdentityHashMap<>();
    private final Cipher spareOpeningCipher;
    /** Where GMAC's opening writes its plaintext: there is none. */
    private static final byte[] NO_PLAINTEXT = new byte[0];
    private final byte[] nonce = new byte[12];

    /**
     * @param mode the protection
     * @param headerBytes bytes of the fixed header (authenticated, never encrypted)
     * @param tagBytes bytes of the tag at the end of a datagram
     */
    PacketProtection(WanProtection mode, int headerBytes, int tagBytes) {
        this.mode = mode;
        this.headerBytes = headerBytes;
        this.tagBytes = tagBytes;
        try {
            sealingCipher = newGcmCipher();
            spareOpeningCipher = newGcmCipher();
        } catch (NoSuchAlgorithmException | NoSuchPaddingException e) {
            throw new IllegalStateException("AES/GCM is not available in this JRE", e);
        }
    }

    private static Cipher newGcmCipher() throws NoSuchAlgorithmException, NoSuchPaddingException {
        return Cipher.getInstance("AES/GCM/NoPadding");
    }

    private Cipher openingCipher(SecretKeySpec key, boolean authenticatedBefore) throws GeneralSecurityException {
        if (!authenticatedBefore) {
            return spareOpeningCipher;
        }
        Cipher cipher = openingCiphers.get(key);
        if (cipher == null) {
            if (openingCiphers.size() >= MAX_OPENING_CIPHERS) {
                openingCiphers.clear();
            }
            cipher = newGcmCipher();
            openingCiphers.put(key, cipher);
        }
        return cipher;
    }

    /**
     * Protects a laid-out datagram in place: its last {@code tagBytes} take the tag.
     *
     * @param key the packet key
     * @param packetNumber the datagram's packet number (the GCM nonce, in both modes)
     * @param datagram the datagram, header and body written, tag room at the end
     * @param size its length
     */
    void seal(SecretKeySpec key, long packetNumber, byte[] datagram, int size) {
        int aadBytes = additionalDataBytes(size);
        try {
            sealingCipher.init(Cipher.ENCRYPT_MODE, key, gcmSpec(packetNumber));
            sealingCipher.updateAAD(datagram, 0, aadBytes);
            // encrypts what follows the additional data (nothing in the integrity mode) and writes the tag after it
            sealingCipher.doFinal(datagram, aadBytes, size - aadBytes - tagBytes, datagram, aadBytes);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot protect a WAN datagram: " + e.getMessage(), e);
        }
    }

    /**
     * Checks a received datagram's tag and gives its body in clear.
     *
     * @param key the sender's packet key
     * @param authenticatedBefore true if the key is the key ring's remembered object for its sender (it opened a
     *     datagram before), so that a cipher may be kept for it
     * @return a reader over the body (after the fixed header, without the tag)
     * @throws MalformedDatagramException ({@code bad-hmac}) if the tag does not verify under the key
     */
    WireReader open(SecretKeySpec key, boolean authenticatedBefore, long packetNumber, byte[] datagram, int offset,
                    int length) throws MalformedDatagramException {
        int aadBytes = additionalDataBytes(length);
        try {
            Cipher cipher = openingCipher(key, authenticatedBefore);
            cipher.init(Cipher.DECRYPT_MODE, key, gcmSpec(packetNumber));
            cipher.updateAAD(datagram, offset, aadBytes);
            if (mode == WanProtection.AES_GCM) {
                byte[] plain = cipher.doFinal(datagram, offset + aadBytes, length - aadBytes);
                return new WireReader(plain, 0, plain.length);
            }
            // GMAC: only the tag is left, and the body is read where it lies
            cipher.doFinal(datagram, offset + aadBytes, tagBytes, NO_PLAINTEXT, 0);
            return new WireReader(datagram, offset + headerBytes, offset + length - tagBytes);
        } catch (AEADBadTagException e) {
            throw new MalformedDatagramException(DropReason.BAD_HMAC, "authentication failed");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/GCM failed: " + e.getMessage(), e);
        }
    }

    /** @return the bytes GCM takes as additional data: the fixed header, or everything before the tag (GMAC) */
    private int additionalDataBytes(int datagramBytes) {
        return mode == WanProtection.AES_GCM ? headerBytes : datagramBytes - tagBytes;
    }

    private GCMParameterSpec gcmSpec(long packetNumber) {
        for (int i = 0; i < 8; i++) {
            nonce[4 + i] = (byte) (packetNumber >>> (56 - 8 * i));
        }
        return new GCMParameterSpec(GCM_TAG_BITS, nonce);
    }
}
