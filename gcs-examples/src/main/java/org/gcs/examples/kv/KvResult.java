package org.gcs.examples.kv;

/**
 * What applying one operation did, the same at every replica that applies it: where it fell in the agreed order,
 * whether it changed the map, and the key's value just before.
 *
 * @param op the operation
 * @param position its position in the group's agreed order
 * @param applied true if it changed (or set) the key: always for a put, for a remove if the key was present, for a
 *     compare-and-set if the key held the expected value
 * @param previous the key's value before the operation, or null if it was absent
 */
public record KvResult(KvOp op, long position, boolean applied, String previous) {
}
