package org.gcs.emulator;

import java.math.BigInteger;

/** Overflow-safe integer arithmetic for link timing: products of nanoseconds and bit rates exceed 64 bits. */
final class LinkMath {

    /** Nanoseconds per second. */
    static final long NS_PER_SEC = 1_000_000_000L;

    private LinkMath() {
    }

    /**
     * {@code floor(a * b / c)} for non-negative {@code a}, {@code b} and positive {@code c}, saturating at
     * {@link Long#MAX_VALUE}.
     */
    static long mulDivFloor(long a, long b, long c) {
        return mulDiv(a, b, c, false);
    }

    /**
     * {@code ceil(a * b / c)} for non-negative {@code a}, {@code b} and positive {@code c}, saturating at
     * {@link Long#MAX_VALUE}.
     */
    static long mulDivCeil(long a, long b, long c) {
        return mulDiv(a, b, c, true);
    }

    /** {@code a + b} for non-negative {@code b}, saturating at {@link Long#MAX_VALUE}. */
    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return sum < a ? Long.MAX_VALUE : sum;
    }

    private static long mulDiv(long a, long b, long c, boolean roundUp) {
        long product = a * b;
        if (Math.multiplyHigh(a, b) == 0 && product >= 0) {
            long quotient = product / c;
            return roundUp && quotient * c != product ? quotient + 1 : quotient;
        }
        BigInteger[] qr = BigInteger.valueOf(a).multiply(BigInteger.valueOf(b))
                .divideAndRemainder(BigInteger.valueOf(c));
        BigInteger quotient = roundUp && qr[1].signum() != 0 ? qr[0].add(BigInteger.ONE) : qr[0];
        return quotient.bitLength() < Long.SIZE ? quotient.longValue() : Long.MAX_VALUE;
    }
}
