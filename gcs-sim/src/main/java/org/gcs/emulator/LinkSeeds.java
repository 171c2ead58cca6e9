package org.gcs.emulator;

/**
 * The seeds of a link's random generators, all derived from one number so that a whole run repeats from its seed:
 * the link's own seed from the run's ({@link EmulatedLink#deriveSeed(long, String, String)}), and from the link's
 * seed those of its RED gate and of each cross-traffic stream, salted so that no two generators share a stream.
 */
final class LinkSeeds {

    /** Salt of the cross-traffic streams' seeds, so that they differ from the link's own stream. */
    private static final long CROSS_SEED_SALT = 0x43524f5353L; // "CROSS"
    /** Salt of the RED gate's seed. */
    private static final long RED_SEED_SALT = 0x524544L; // "RED"

    private LinkSeeds() {
    }

    /** @return the seed of the link from {@code fromSite} to {@code toSite} in a run seeded with {@code runSeed} */
    static long forLink(long runSeed, String fromSite, String toSite) {
        long hash = 0xcbf29ce484222325L; // 64-bit FNV-1a over "from\0to"
        String key = fromSite + '\0' + toSite;
        for (int i = 0; i < key.length(); i++) {
            hash = (hash ^ key.charAt(i)) * 0x100000001b3L;
        }
        return mix64(runSeed ^ mix64(hash));
    }

    /** @return the seed of the RED gate of a link seeded with {@code linkSeed} */
    static long forRedGate(long linkSeed) {
        return mix64(linkSeed ^ RED_SEED_SALT);
    }

    /** @return the seed of the cross-traffic stream at position {@code index} of a link seeded with {@code linkSeed} */
    static long forCrossStream(long linkSeed, int index) {
        return mix64(mix64(linkSeed ^ CROSS_SEED_SALT) + index);
    }

    /** Stafford's variant 13 of the MurmurHash3 finalizer: a bijective, well-spread 64-bit mix. */
    private static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
