package org.gcs.examples.cli;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Send-to-delivery latencies (wall clocks of one machine) in an HdrHistogram, in microseconds. Any number of
 * delivery threads record; one reporting thread reads intervals and the running total.
 */
final class LatencyRecorder {
    private static final int SIGNIFICANT_DIGITS = 3;

    private final Recorder recorder = new Recorder(SIGNIFICANT_DIGITS);
    private final Histogram total = new Histogram(SIGNIFICANT_DIGITS);
    private Histogram interval;

    /** @param latencyMicros one latency; negative values (clock steps) count as 0 */
    void record(long latencyMicros) {
        recorder.recordValue(Math.max(0, latencyMicros));
    }

    /**
     * Takes the latencies recorded since the previous call and adds them to the total. Call from one thread.
     *
     * @return the latencies of the interval
     */
    synchronized Histogram interval() {
        interval = recorder.getIntervalHistogram(interval);
        total.add(interval);
        return interval.copy();
    }

    /**
     * The latencies taken so far by {@link #interval()}. Call from one thread.
     *
     * @return a copy of the running total
     */
    synchronized Histogram total() {
        return total.copy();
    }

    /**
     * @param histogram latencies in microseconds
     * @param percentile e.g. 99.0
     * @return the latency at that percentile in milliseconds, 0 if the histogram is empty
     */
    static double percentileMs(Histogram histogram, double percentile) {
        return histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(percentile) / 1000.0;
    }

    /**
     * @param histogram latencies in microseconds
     * @return the largest latency in milliseconds, 0 if the histogram is empty
     */
    static double maxMs(Histogram histogram) {
        return histogram.getTotalCount() == 0 ? 0 : histogram.getMaxValue() / 1000.0;
    }
}
