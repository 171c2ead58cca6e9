package org.gcs.bench;

/**
 * The kernel TCP flows that shared the bottleneck with a run of {@code wan-fairness}, and the system's share
 * against them.
 *
 * @param flows how many TCP connections competed (0: none, every other scenario)
 * @param congestionControl their congestion control, {@code reno} or {@code cubic} ({@code ""} without flows)
 * @param bytesPerSec the payload bytes per second all of them delivered during the run's measured window (NaN
 *        without flows, or when their samples do not cover the window)
 */
public record CompetingTcp(int flows, String congestionControl, double bytesPerSec) {
    /** No competing flow. */
    public static final CompetingTcp NONE = new CompetingTcp(0, "", Double.NaN);

    /**
     * The share of TCP-friendliness (seed 004 §4, test 4: "within a factor of two"; RFC 5348's goal is 1): the
     * system's payload rate over the mean payload rate of one competing TCP flow, both over the same window and the
     * same bottleneck. 1 is a fair share; above 1 the system takes more than a TCP flow.
     *
     * @param systemBytesPerSec the system's delivered payload bytes per second in the window
     * @return system / (TCP total / flows); NaN without flows
     */
    public double shareOf(double systemBytesPerSec) {
        if (flows == 0 || !(bytesPerSec > 0)) {
            return Double.NaN;
        }
        return systemBytesPerSec / (bytesPerSec / flows);
    }
}
