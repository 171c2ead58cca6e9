package org.gcs.internal.engine;

/**
 * Seeds for a flow's congestion controller, derived from the node's seed and the flow's identity, so that every
 * flow draws its own random stream (ORMCC's indication delays) and a simulated run repeats exactly from its seed.
 */
final class FlowSeeds {
    private FlowSeeds() {
    }

    /**
     * @param nodeSeed the node's {@link EngineSettings#randomSeed()}
     * @param parts the flow's identity (sites, group)
     * @param epoch the flow's epoch
     * @return a well-mixed seed
     */
    static long of(long nodeSeed, long epoch, String... parts) {
        long hash = 0xcbf29ce484222325L; // 64-bit FNV-1a over the parts, separated by 0
        for (String part : parts) {
            for (int i = 0; i < part.length(); i++) {
                hash = (hash ^ part.charAt(i)) * 0x100000001b3L;
            }
            hash = (hash ^ 0) * 0x100000001b3L;
        }
        return mix(nodeSeed ^ mix(hash ^ mix(epoch)));
    }

    /** Stafford's variant 13 of the MurmurHash3 finalizer. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
