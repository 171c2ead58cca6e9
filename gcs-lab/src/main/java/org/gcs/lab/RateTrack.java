package org.gcs.lab;

import java.util.Arrays;

/**
 * A cumulative byte counter sampled over time (for instance a sender's admitted wire bytes every 100 ms), from
 * which moving averages (1-s, 3-s) and exact means over an interval are read.
 */
public final class RateTrack {
    private long[] times = new long[256];
    private long[] counts = new long[256];
    private int size;

    /**
     * Adds a sample; times must not decrease.
     *
     * @param timeNs when
     * @param cumulativeBytes the counter's value then
     */
    public void add(long timeNs, long cumulativeBytes) {
        if (size > 0 && timeNs < times[size - 1]) {
            throw new IllegalArgumentException("time went back: " + timeNs + " < " + times[size - 1]);
        }
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            counts = Arrays.copyOf(counts, size * 2);
        }
        times[size] = timeNs;
        counts[size] = cumulativeBytes;
        size++;
    }

    /**
     * The average rate over the last {@code windowNs} before the latest sample.
     *
     * @return bytes per second, NaN until the samples cover a whole window
     */
    public double rateOver(long windowNs) {
        if (size < 2) {
            return Double.NaN;
        }
        long end = times[size - 1];
        if (end - times[0] < windowNs) {
            return Double.NaN;
        }
        int from = firstAtOrAfter(end - windowNs);
        if (from >= size - 1) {
            from = size - 2;
        }
        return (counts[size - 1] - counts[from]) * 1e9 / (end - times[from]);
    }

    /**
     * The mean rate between two times: the counter's growth between the first sample at or after {@code fromNs}
     * and the last sample at or before {@code toNs}, divided by the time between those samples.
     *
     * @return bytes per second, NaN if fewer than two samples lie in the interval
     */
    public double meanBetween(long fromNs, long toNs) {
        int from = firstAtOrAfter(fromNs);
        int to = firstAtOrAfter(toNs + 1) - 1;
        if (from >= size || to <= from) {
            return Double.NaN;
        }
        return (counts[to] - counts[from]) * 1e9 / (times[to] - times[from]);
    }

    private int firstAtOrAfter(long timeNs) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] < timeNs) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
