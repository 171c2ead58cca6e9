package org.gcs.cc.ormcc;

/**
 * The output rate of a flow over a sliding window, in wire bytes per second (thesis §3.1.1, footnote 9; O2): the
 * bytes of the first transmissions that arrived in (now − window, now], divided by the window. While the flow is
 * younger than the window (less time since its first arrival), the bytes are divided by the elapsed time instead,
 * but by at least 100 ms (or the window, if shorter), so that the first packets do not give absurd rates (O2).
 *
 * <p>A receiving delegate samples it at each loss detection to get the TRAC μ (the packet whose arrival revealed
 * the loss counts); the sending delegate uses one over its own first transmissions to know the rate it actually
 * sent. The window is exact: one entry per distinct arrival time (arrivals at the same time are merged), kept in a
 * ring buffer that grows as needed; entries older than the window are dropped as time passes.
 */
final class TracMeter {
    /** The shortest divisor of a young flow (O2). */
    static final long MIN_ELAPSED_NS = 100_000_000L;
    private static final int INITIAL_CAPACITY = 64;

    private final long windowNs;
    private long[] timesNs = new long[INITIAL_CAPACITY];
    private long[] bytes = new long[INITIAL_CAPACITY];
    private int head;
    private int size;
    private long bytesInWindow;
    private long firstArrivalNs;
    private boolean started;

    /** @param windowNs the window; positive */
    TracMeter(long windowNs) {
        if (windowNs <= 0) {
            throw new IllegalArgumentException("windowNs must be positive, got " + windowNs);
        }
        this.windowNs = windowNs;
    }

    /**
     * @param wireBytes the size of an arrival on the wire; not negative
     * @param nowNs its arrival time; never before the previous one
     */
    void add(long wireBytes, long nowNs) {
        if (!started) {
            started = true;
            firstArrivalNs = nowNs;
        }
        expire(nowNs);
        if (size > 0 && timesNs[index(size - 1)] == nowNs) {
            bytes[index(size - 1)] += wireBytes;
        } else {
            if (size == timesNs.length) {
                grow();
            }
            timesNs[index(size)] = nowNs;
            bytes[index(size)] = wireBytes;
            size++;
        }
        bytesInWindow += wireBytes;
    }

    /**
     * @param nowNs the current time; never before the latest arrival
     * @return the bytes that arrived in (now − window, now] over the window, or over the time since the first
     *     arrival (at least 100 ms) while that is shorter than the window; 0 before the first arrival
     */
    double rateBytesPerSec(long nowNs) {
        if (!started) {
            return 0;
        }
        expire(nowNs);
        long elapsedNs = nowNs - firstArrivalNs;
        long divisorNs = elapsedNs >= windowNs ? windowNs : Math.max(elapsedNs, Math.min(MIN_ELAPSED_NS, windowNs));
        return bytesInWindow * 1e9 / divisorNs;
    }

    /** @return how many distinct arrival times the window holds now (for tests) */
    int entries() {
        return size;
    }

    private void expire(long nowNs) {
        while (size > 0 && timesNs[head] <= nowNs - windowNs) {
            bytesInWindow -= bytes[head];
            head = (head + 1) % timesNs.length;
            size--;
        }
    }

    private int index(int i) {
        return (head + i) % timesNs.length;
    }

    private void grow() {
        long[] newTimes = new long[timesNs.length * 2];
        long[] newBytes = new long[bytes.length * 2];
        for (int i = 0; i < size; i++) {
            newTimes[i] = timesNs[index(i)];
            newBytes[i] = bytes[index(i)];
        }
        timesNs = newTimes;
        bytes = newBytes;
        head = 0;
    }
}
