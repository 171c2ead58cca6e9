package org.gcs.internal.wire;

/**
 * One link as its sending delegate measures it with probes.
 *
 * @param site the site at the other end
 * @param rttMicros smoothed round-trip time
 * @param lossPpm probe loss rate in parts per million
 */
public record LinkReport(String site, long rttMicros, long lossPpm) {
}
