package org.gcs.bench;

/**
 * One measured message's latency at one receiver, as {@code latency-samples.csv} lists it ({@link LatencySamples}).
 *
 * @param receiver the member that delivered it
 * @param sequence its sequence number
 * @param sentMicros the send time it carries (a paced sender's due time, {@link LoadGenerator}), the sender's wall
 *     clock, microseconds since the epoch
 * @param latencyMicros receive time less that send time (one machine, one clock), microseconds
 */
public record LatencySample(String receiver, long sequence, long sentMicros, long latencyMicros) {
}
