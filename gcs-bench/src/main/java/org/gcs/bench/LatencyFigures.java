package org.gcs.bench;

import org.HdrHistogram.Histogram;

/**
 * Percentiles of one-way latencies in microseconds.
 *
 * @param samples how many latencies (0: none recorded; the other fields are then NaN)
 * @param p50Micros the median
 * @param p99Micros the 99th percentile
 * @param p999Micros the 99.9th percentile
 * @param maxMicros the largest
 */
public record LatencyFigures(long samples, double p50Micros, double p99Micros, double p999Micros, double maxMicros) {
    /** No latencies. */
    public static final LatencyFigures NONE = new LatencyFigures(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /**
     * @param histogram latencies in microseconds
     * @return its percentiles, or {@link #NONE} if it is empty
     */
    public static LatencyFigures of(Histogram histogram) {
        if (histogram.getTotalCount() == 0) {
            return NONE;
        }
        return new LatencyFigures(histogram.getTotalCount(), histogram.getValueAtPercentile(50),
                histogram.getValueAtPercentile(99), histogram.getValueAtPercentile(99.9), histogram.getMaxValue());
    }

    /** @return true if latencies were recorded */
    public boolean recorded() {
        return samples > 0;
    }
}
