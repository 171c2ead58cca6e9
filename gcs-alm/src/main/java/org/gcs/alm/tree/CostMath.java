package org.gcs.alm.tree;

/** Saturating arithmetic on non-negative costs, so that sums of large unknown costs stay ordered. */
final class CostMath {
    private CostMath() {
    }

    /** @return {@code a + b}, or {@link Long#MAX_VALUE} if that overflows; both arguments are non-negative */
    static long add(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
