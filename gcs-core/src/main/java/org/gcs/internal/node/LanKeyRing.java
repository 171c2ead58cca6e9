package org.gcs.internal.node;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.gcs.ClusterKeys;
import org.gcs.internal.crypto.Hkdf;

/**
 * A site's LAN keys, derived from the cluster's key ring: one AES-256 key per key id of the ring, the send key's used
 * to seal, any of them to open. Each sealed message names its key in a {@linkplain #VERSION_BYTES 5-byte} key version
 * (SYM_ENCRYPT's header field): the key id, then a 4-byte check value of the key, so that a receiver picks the key by
 * id and tells a key id it does not hold from a key id it holds with another secret.
 *
 * <p>{@code K(id) = HKDF-SHA256(secret of id, salt "gcs-lan-v1", info = cluster name, 32 bytes)};
 * {@code check(id) = HKDF-SHA256(secret of id, salt "gcs-lan-v1", info = "check" 0x00 cluster name, 4 bytes)}. The
 * check value is public (it travels in clear); it reveals nothing a captured ciphertext does not already let one test.
 * Immutable: {@link LanEncryption} swaps whole rings, so that a key version and its key are always read together.
 */
final class LanKeyRing {
    /** The HKDF salt of the LAN keys; a new protection scheme gets a new salt. */
    static final String SALT = "gcs-lan-v1";
    /** Bytes of a key version: the key id and its check value. */
    static final int VERSION_BYTES = 5;
    private static final int KEY_BYTES = 32;
    private static final int CHECK_BYTES = VERSION_BYTES - 1;
    private static final byte[] CHECK_INFO_PREFIX = "check\0".getBytes(StandardCharsets.US_ASCII);

    /** A key of the ring and the version that names it. */
    private record Entry(SecretKey key, byte[] version) {
    }

    /**
     * What a received key version selects: the key to open the message with, or why there is none.
     *
     * @param keyId the key id the version names, or -1 if the version is malformed
     * @param key the key, or null
     * @param rejection why the message cannot be opened (for the log), or null
     */
    record Selection(int keyId, SecretKey key, String rejection) {
    }

    private final Map<Integer, Entry> entries;
    private final int sendKeyId;
    private final Entry send;

    private LanKeyRing(Map<Integer, Entry> entries, int sendKeyId) {
        this.entries = entries;
        this.sendKeyId = sendKeyId;
        this.send = entries.get(sendKeyId);
    }

    /**
     * @param keys the cluster's key ring
     * @param clusterName the site's JGroups cluster name: each site's LAN has its own keys
     * @return the LAN keys of every key id of the ring
     */
    static LanKeyRing derive(ClusterKeys keys, String clusterName) {
        byte[] name = clusterName.getBytes(StandardCharsets.UTF_8);
        byte[] checkInfo = Arrays.copyOf(CHECK_INFO_PREFIX, CHECK_INFO_PREFIX.length + name.length);
        System.arraycopy(name, 0, checkInfo, CHECK_INFO_PREFIX.length, name.length);
        Map<Integer, Entry> entries = new TreeMap<>();
        for (int id : keys.ids()) {
            byte[] secret = keys.key(id);
            byte[] key = Hkdf.derive(secret, SALT, name, KEY_BYTES);
            byte[] check = Hkdf.derive(secret, SALT, checkInfo, CHECK_BYTES);
            byte[] version = new byte[VERSION_BYTES];
            version[0] = (byte) id;
            System.arraycopy(check, 0, version, 1, CHECK_BYTES);
            entries.put(id, new Entry(new SecretKeySpec(key, "AES"), version));
            Arrays.fill(secret, (byte) 0);
            Arrays.fill(key, (byte) 0);
        }
        return new LanKeyRing(Collections.unmodifiableMap(entries), keys.sendKeyId());
    }

    /** @return the id of the key messages are sealed with */
    int sendKeyId() {
        return sendKeyId;
    }

    /** @return the key messages are sealed with */
    SecretKey sendKey() {
        return send.key();
    }

    /** @return the key version that names the send key (a copy, for a message's header) */
    byte[] sendVersion() {
        return send.version().clone();
    }

    /** @return the key ids whose messages are opened, ascending */
    SortedSet<Integer> ids() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(entries.keySet()));
    }

    /**
     * @param version the key version of a received message (unauthenticated: anyone can write any)
     * @return the key it names, or why there is none: a malformed version, a key id not in this ring, or a key id
     *     whose check value differs from this ring's (another secret under that id, or another cluster name)
     */
    Selection select(byte[] version) {
        if (version == null || version.length != VERSION_BYTES) {
            return new Selection(-1, null, "sealed with a key version of another format ("
                    + (version == null ? 0 : version.length) + " bytes; a GCS without LAN key ids, or plain JGroups)");
        }
        int keyId = version[0] & 0xff;
        Entry entry = entries.get(keyId);
        if (entry == null) {
            return new Selection(keyId, null, "sealed under key id " + keyId + ", which is not in this member's key ring "
                    + ids() + " (a member that rotated keys without this one, or a process holding a removed key)");
        }
        // constant time, although the check value is public: it costs nothing
        if (!MessageDigest.isEqual(entry.version(), version)) {
            return new Selection(keyId, null, "sealed under another secret for key id " + keyId
                    + " (the key files differ, or another cluster name)");
        }
        return new Selection(keyId, entry.key(), null);
    }

    /** @return the key ids and the send key id, never the keys */
    @Override
    public String toString() {
        return "LanKeyRing" + ids() + " send " + sendKeyId;
    }
}
