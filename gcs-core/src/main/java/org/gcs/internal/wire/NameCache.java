package org.gcs.internal.wire;

import java.nio.charset.StandardCharsets;

/**
 * The names decoded from the wire (sites, members, groups), each kept as one {@link String}: every LAN message and
 * WAN packet names its sender and group, and a new string per name cost an allocation and, at the first map lookup
 * of the message, a hash over its characters (the receiving member's duplicate filter and FIFO maps spent a tenth of
 * its loop hashing such strings; docs/performance.md, "CPU per message, round 1"). A name found in the cache comes
 * back as the same object, whose hash is already computed and which {@code equals} recognises by identity.
 *
 * <p>Direct-mapped and bounded: {@value #SLOTS} slots chosen by a hash of the bytes, a slot keeping the last name
 * that fell into it. A forged datagram full of new names can only replace entries, never grow the cache, and a name
 * that collides with another is simply decoded anew. Thread-safe without locks: a slot holds an immutable string,
 * and a reader that sees a stale one compares its characters before using it.
 */
final class NameCache {
    /**
     * Slots of the cache, a power of two: the names of a few thousand sites, members and groups (a delegate of an
     * overlay of 2048 sites hears at least twice as many names; with 1024 slots they evicted one another, and each
     * site's name was held as a new string in each place that kept it). 64 KiB of references at most.
     */
    static final int SLOTS = 8192;
    private static final String[] NAMES = new String[SLOTS];

    private NameCache() {
    }

    /**
     * @param bytes holds the name
     * @param offset where it starts
     * @param length its length in bytes (ASCII, already checked by the caller)
     * @return the name, the cached object when the cache holds it
     */
    static String of(byte[] bytes, int offset, int length) {
        int hash = length;
        for (int i = offset; i < offset + length; i++) {
            hash = hashStep(hash, bytes[i]);
        }
        return of(bytes, offset, length, hash);
    }

    /**
     * As {@link #of(byte[], int, int)}, with the hash already computed (by a caller that reads the bytes anyway).
     *
     * @param hash {@code length} folded with every byte by {@link #hashStep}
     */
    static String of(byte[] bytes, int offset, int length, int hash) {
        int slot = (hash ^ (hash >>> 16)) & (SLOTS - 1);
        String cached = NAMES[slot];
        if (cached != null && sameAscii(cached, bytes, offset, length)) {
            return cached;
        }
        String name = new String(bytes, offset, length, StandardCharsets.US_ASCII);
        NAMES[slot] = name;
        return name;
    }

    /** @return the hash so far folded with one more byte of the name */
    static int hashStep(int hash, byte b) {
        return 31 * hash + b;
    }

    private static boolean sameAscii(String name, byte[] bytes, int offset, int length) {
        if (name.length() != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (name.charAt(i) != bytes[offset + i]) {
                return false;
            }
        }
        return true;
    }
}
