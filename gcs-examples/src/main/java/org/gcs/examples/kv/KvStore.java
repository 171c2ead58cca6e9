package org.gcs.examples.kv;

import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One replica's map: applies operations one after the other and encodes the whole map deterministically. Not
 * thread-safe ({@link ReplicatedMap} guards it); it knows nothing of groups, so it is also the model a test can
 * replay an order against.
 *
 * <p>The encoding, big-endian: {@code 'M'}, version 1, an int number of entries, then each entry in ascending key
 * order ({@link String#compareTo}) as two texts, key then value (an int length and that many bytes of UTF-8). Two
 * maps with the same entries have the same bytes, whatever order their operations came in.
 */
public final class KvStore {
    private final NavigableMap<String, String> entries = new TreeMap<>();

    /**
     * Applies an operation.
     *
     * @param op the operation
     * @param position its position in the agreed order, copied into the result
     * @return what it did
     */
    public KvResult apply(KvOp op, long position) {
        String previous = entries.get(op.key());
        boolean applied;
        if (op instanceof KvOp.Put put) {
            entries.put(put.key(), put.value());
            applied = true;
        } else if (op instanceof KvOp.Remove) {
            applied = entries.remove(op.key()) != null;
        } else {
            KvOp.CompareAndSet cas = (KvOp.CompareAndSet) op;
            applied = Objects.equals(previous, cas.expected());
            if (applied) {
                entries.put(cas.key(), cas.value());
            }
        }
        return new KvResult(op, position, applied, previous);
    }

    /**
     * @param key a key
     * @return its value, or null if absent
     */
    public String get(String key) {
        return entries.get(key);
    }

    /** @return the number of keys */
    public int size() {
        return entries.size();
    }

    /** @return a copy of the entries, in key order */
    public NavigableMap<String, String> snapshot() {
        return new TreeMap<>(entries);
    }

    /** @return the whole map's bytes (see the class comment) */
    public byte[] encode() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 + entries.size() * 32);
        out.write('M');
        out.write(1);
        KvOpCodec.writeInt(out, entries.size());
        for (Map.Entry<String, String> e : entries.entrySet()) {
            KvOpCodec.writeText(out, e.getKey());
            KvOpCodec.writeText(out, e.getValue());
        }
        return out.toByteArray();
    }

    /** @return the SHA-256 of {@link #encode()}, in lower-case hexadecimal */
    public String digest() {
        return sha256(encode());
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
