package org.gcs.internal.crypto;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.spec.SecretKeySpec;
import org.gcs.ClusterKeys;

/**
 * The WAN's packet keys, derived from the cluster's key ring: one key per (key id, sender id), so that no two
 * senders ever share a (key, nonce) pair although every sender numbers its packets from 1.
 *
 * <p>{@code key = HKDF-SHA256(secret of key id, salt "gcs-wan-v4", info "send" | senderId (u64 big-endian), 32 bytes)}
 * (RFC 5869); the extract step is done once per key id. Keys of other senders are cached, at most
 * {@link #MAX_CACHED_KEYS}, least recently used first out, and only once a datagram under them authenticated, so that
 * forged datagrams with made-up sender ids cannot evict the keys in use. Not thread-safe: one per event loop.
 */
public final class WanKeyRing {
    /** HKDF salt: names the protocol and its wire version. */
    public static final String SALT = "gcs-wan-v4";
    /** Bytes of a derived packet key (AES-256, in both protection modes). */
    public static final int KEY_BYTES = 32;
    /** Most cached keys of other senders. */
    public static final int MAX_CACHED_KEYS = 1024;
    private static final byte[] INFO_PREFIX = "send".getBytes(StandardCharsets.US_ASCII);

    private final String algorithm;
    private final Map<Integer, byte[]> pseudoRandomKeys = new HashMap<>();
    private final LinkedHashMap<CacheKey, SecretKeySpec> cache = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<CacheKey, SecretKeySpec> eldest) {
            return size() > MAX_CACHED_KEYS;
        }
    };
    private ClusterKeys keys;

    /**
     * @param keys the ring
     * @param algorithm the JCA name the packet keys are for ({@code AES})
     */
    public WanKeyRing(ClusterKeys keys, String algorithm) {
        this.algorithm = algorithm;
        replace(keys);
    }

    /** Installs a new ring; keys derived under the old one are forgotten. */
    public void replace(ClusterKeys newKeys) {
        keys = newKeys;
        pseudoRandomKeys.clear();
        cache.clear();
        byte[] salt = SALT.getBytes(StandardCharsets.US_ASCII);
        for (int id : newKeys.ids()) {
            pseudoRandomKeys.put(id, Hkdf.extract(salt, newKeys.key(id)));
        }
    }

    /** @return the ring in use */
    public ClusterKeys keys() {
        return keys;
    }

    /** @return whether the ring holds this key id */
    public boolean has(int keyId) {
        return pseudoRandomKeys.containsKey(keyId);
    }

    /**
     * @return the packet key of a sender under a key id (cached or derived now; a derived one is not cached until
     *     {@link #remember} says it authenticated a datagram), or null if the ring has no such key id
     */
    public SecretKeySpec packetKey(int keyId, long senderId) {
        SecretKeySpec cached = cache.get(new CacheKey(keyId, senderId));
        if (cached != null) {
            return cached;
        }
        byte[] prk = pseudoRandomKeys.get(keyId);
        return prk == null ? null : new SecretKeySpec(Hkdf.expand(prk, info(senderId), KEY_BYTES), algorithm);
    }

    /**
     * @return the packet key of a sender under a key id if it authenticated a datagram before ({@link #remember}),
     *     else null; the same object every time
     */
    public SecretKeySpec rememberedPacketKey(int keyId, long senderId) {
        return cache.get(new CacheKey(keyId, senderId));
    }

    /** Caches a packet key that authenticated a datagram. */
    public void remember(int keyId, long senderId, SecretKeySpec key) {
        cache.putIfAbsent(new CacheKey(keyId, senderId), key);
    }

    /** @return the HKDF info of a sender: {@code "send"} and its id, big-endian */
    public static byte[] info(long senderId) {
        byte[] info = new byte[INFO_PREFIX.length + 8];
        System.arraycopy(INFO_PREFIX, 0, info, 0, INFO_PREFIX.length);
        for (int i = 0; i < 8; i++) {
            info[INFO_PREFIX.length + i] = (byte) (senderId >>> (56 - 8 * i));
        }
        return info;
    }

    /**
     * @param secret a cluster secret
     * @param senderId a sender
     * @return that sender's packet key bytes (as {@link #packetKey}), for tools and tests
     */
    public static byte[] derive(byte[] secret, long senderId) {
        return Hkdf.derive(secret, SALT, info(senderId), KEY_BYTES);
    }

    private record CacheKey(int keyId, long senderId) {
    }
}
