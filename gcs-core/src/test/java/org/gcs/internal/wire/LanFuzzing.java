package org.gcs.internal.wire;

/** Helpers for fuzzing {@link LanCodec} around its known bug. */
final class LanFuzzing {
    private LanFuzzing() {
    }

    /**
     * Whether the bytes are a version-1 STABLE message whose 32-bit mark count is negative, which makes
     * {@link LanCodec#decode} throw IllegalArgumentException (see the disabled test in {@link LanCodecTest}).
     */
    static boolean hitsNegativeStableCount(byte[] bytes) {
        return bytes.length >= 12 && bytes[0] == 1 && bytes[1] == 5 && bytes[2] >= 0 && bytes[10] < 0;
    }
}
