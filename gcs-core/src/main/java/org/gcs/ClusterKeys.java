package org.gcs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The cluster's key ring, for the WAN and every site's LAN: several secrets, each under a key id (0–255), all
 * accepted on receipt, one of them used to send. Rotating a key without a restart: add the new key to every node's
 * ring, then make it the send key everywhere, then remove the old one (docs/security.md). Immutable.
 *
 * <p>The key file ({@code cluster.key.file}) holds one {@code key.<id> = <hex>} line per key and one
 * {@code send.key = <id>} line; {@code #} starts a comment; a key or id given twice is an error.
 */
public final class ClusterKeys {
    /** Smallest accepted key, in bytes. */
    public static final int MIN_KEY_BYTES = 16;

    /** The highest key id (it travels as one byte). */
    public static final int MAX_KEY_ID = 255;
    /** A key with fewer distinct byte values than this is refused as weak (e.g. {@code aaaaaaaaaaaaaaaa}). */
    public static final int MIN_DISTINCT_BYTES = 8;
    /** Keys published in GCS's examples and docs (and earlier versions of them): refused unless on a test node. */
    private static final List<String> KNOWN_EXAMPLE_KEYS = List.of(
            "gcs-example-cluster-key-change-me", "change-me-to-a-long-random-secret");
    private static final String HOW_TO = "generate one with `openssl rand -hex 32` and set it as cluster.key.hex"
            + " (or in the key file) on every node";

    private final TreeMap<Integer, byte[]> keys;
    private final int sendKeyId;

    private ClusterKeys(Map<Integer, byte[]> keys, int sendKeyId) {
        if (keys.isEmpty()) {
            throw new GcsConfigException("the key ring is empty: " + HOW_TO);
        }
        this.keys = new TreeMap<>();
        for (Map.Entry<Integer, byte[]> e : keys.entrySet()) {
            int id = e.getKey();
            if (id < 0 || id > MAX_KEY_ID) {
                throw new GcsConfigException("key id " + id + " is out of range: number the keys 0.." + MAX_KEY_ID
                        + " (key.<id> = <hex>)");
            }
            byte[] key = e.getValue();
            if (key == null || key.length < MIN_KEY_BYTES) {
                throw new GcsConfigException("key " + id + " must have at least " + MIN_KEY_BYTES
                        + " bytes: " + HOW_TO);
            }
            this.keys.put(id, key.clone());
        }
        if (!this.keys.containsKey(sendKeyId)) {
            throw new GcsConfigException("send.key = " + sendKeyId + " names no key of the ring " + ids()
                    + ": add key." + sendKeyId + " or send with one of those");
        }
        this.sendKeyId = sendKeyId;
    }

    /**
     * @param secret the one cluster secret, as key id 0
     * @return a ring of that key alone
     */
    public static ClusterKeys single(byte[] secret) {
        return new ClusterKeys(Map.of(0, secret), 0);
    }

    /**
     * @param keys secrets by key id (0–255), each at least 16 bytes
     * @param sendKeyId the id of the key to send with; must be in {@code keys}
     * @return the ring
     * @throws GcsConfigException if an id or key is invalid
     */
    public static ClusterKeys of(Map<Integer, byte[]> keys, int sendKeyId) {
        return new ClusterKeys(keys, sendKeyId);
    }

    /**
     * Reads a key file.
     *
     * @param file {@code key.<id> = <hex>} lines and one {@code send.key = <id>}
     * @return the ring
     * @throws GcsConfigException if the file cannot be read or is invalid (the message names the line)
     */
    public static ClusterKeys load(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new GcsConfigException("cannot read the key file " + file + ": " + e.getMessage());
        }
        return parse(text, file.toString());
    }

    /**
     * @param text the contents of a key file
     * @param source the file's name, for messages
     * @return the ring
     * @throws GcsConfigException if the text is invalid
     */
    public static ClusterKeys parse(String text, String source) {
        Map<Integer, byte[]> keys = new TreeMap<>();
        Integer send = null;
        String[] lines = text.split("\r?\n|\r");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("!")) {
                continue;
            }
            String where = source + " line " + (i + 1);
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw new GcsConfigException(where + ": expected key.<id> = <hex> or send.key = <id>");
            }
            String name = line.substring(0, eq).strip();
            String value = line.substring(eq + 1).strip();
            if (name.equals("send.key")) {
                if (send != null) {
                    throw new GcsConfigException(where + ": send.key is given twice");
                }
                send = keyId(where, value);
            } else if (name.startsWith("key.")) {
                int id = keyId(where, name.substring(4));
                byte[] key;
                try {
                    key = HexFormat.of().parseHex(value);
                } catch (IllegalArgumentException e) {
                    throw new GcsConfigException(where + ": key." + id + " must be hexadecimal digits, " + HOW_TO);
                }
                if (keys.put(id, key) != null) {
                    throw new GcsConfigException(where + ": key." + id + " is given twice");
                }
            } else {
                throw new GcsConfigException(where + ": unknown setting '" + name
                        + "' (a key file holds key.<id> = <hex> and send.key = <id>)");
            }
        }
        if (send == null) {
            throw new GcsConfigException(source + ": send.key = <id> is missing (the key this node sends with)");
        }
        try {
            return new ClusterKeys(keys, send);
        } catch (GcsConfigException e) {
            throw new GcsConfigException(source + ": " + e.getMessage());
        }
    }

    private static int keyId(String where, String text) {
        try {
            int id = Integer.parseInt(text.strip());
            if (id >= 0 && id <= MAX_KEY_ID) {
                return id;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new GcsConfigException(where + ": key id '" + text + "' must be a number from 0 to " + MAX_KEY_ID);
    }

    /**
     * Refuses weak keys: fewer than {@link #MIN_DISTINCT_BYTES} distinct byte values, or a key shipped in examples,
     * tests or docs.
     *
     * @param setting the setting that gave the keys, for the message (e.g. {@code cluster.key})
     * @throws GcsConfigException naming the weak key's id and what to do
     */
    public void checkStrength(String setting) {
        for (Map.Entry<Integer, byte[]> e : keys.entrySet()) {
            String weakness = weakness(e.getValue());
            if (weakness != null) {
                throw new GcsConfigException(setting + " (key id " + e.getKey() + ") is " + weakness + ": "
                        + HOW_TO + "; a test may set node.test = true (builder testNode(true)) to allow it");
            }
        }
    }

    /** @return why the key is weak, or null if it is not */
    static String weakness(byte[] key) {
        for (String example : KNOWN_EXAMPLE_KEYS) {
            if (Arrays.equals(key, example.getBytes(StandardCharsets.UTF_8))) {
                return "an example key published with GCS";
            }
        }
        boolean[] seen = new boolean[256];
        int distinct = 0;
        for (byte b : key) {
            if (!seen[b & 0xff]) {
                seen[b & 0xff] = true;
                distinct++;
            }
        }
        return distinct < MIN_DISTINCT_BYTES ? "weak (only " + distinct + " distinct byte values)" : null;
    }

    /** @return the id of the key this node sends with */
    public int sendKeyId() {
        return sendKeyId;
    }

    /** @return the secret of the key this node sends with (a copy) */
    public byte[] sendKey() {
        return keys.get(sendKeyId).clone();
    }

    /** @return the ids of the keys accepted on receipt, ascending */
    public SortedSet<Integer> ids() {
        return Collections.unmodifiableSortedSet(new TreeSet<>(keys.keySet()));
    }

    /** @return the secret of a key id (a copy), or null if the ring has no such key */
    public byte[] key(int id) {
        byte[] key = keys.get(id);
        return key == null ? null : key.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ClusterKeys other) || other.sendKeyId != sendKeyId || !other.keys.keySet().equals(keys.keySet())) {
            return false;
        }
        for (Map.Entry<Integer, byte[]> e : keys.entrySet()) {
            if (!Arrays.equals(e.getValue(), other.keys.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        return keys.keySet().hashCode() * 31 + sendKeyId;
    }

    /** @return the key ids and the send key id, never the secrets */
    @Override
    public String toString() {
        return "ClusterKeys" + ids() + " send " + sendKeyId;
    }
}
