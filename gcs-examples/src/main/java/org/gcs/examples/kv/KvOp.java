package org.gcs.examples.kv;

import java.util.Objects;

/**
 * One operation on a {@link ReplicatedMap}, as sent to the group and applied by every replica at its place in the
 * agreed order ({@link KvStore#apply}). Keys and values are strings; a value is never null.
 */
public sealed interface KvOp {
    /** @return the operation's identity, the same at every replica */
    OpId id();

    /** @return the key it acts on */
    String key();

    /**
     * Sets a key's value, whatever it was.
     *
     * @param id the operation's identity
     * @param key the key
     * @param value the new value
     */
    record Put(OpId id, String key, String value) implements KvOp {
        /** Requires every field. */
        public Put {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * Removes a key, if present.
     *
     * @param id the operation's identity
     * @param key the key
     */
    record Remove(OpId id, String key) implements KvOp {
        /** Requires every field. */
        public Remove {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(key, "key");
        }
    }

    /**
     * Sets a key's value only if its value, where the operation falls in the agreed order, is {@code expected}
     * ({@code null}: only if the key is absent, a put-if-absent). Whether it succeeded is decided by that order, so
     * every replica decides the same.
     *
     * @param id the operation's identity
     * @param key the key
     * @param expected the value it must have, or null for absent
     * @param value the new value
     */
    record CompareAndSet(OpId id, String key, String expected, String value) implements KvOp {
        /** Requires every field but {@code expected}. */
        public CompareAndSet {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }
    }
}
