package org.gcs.sim.maxplus;

/**
 * The throughput of one configuration of seed 003's model: packets per unit of service time, as the mean over
 * replications of {@code M / max_i x_M^i} (the paper's estimator ‖Y_M‖/M inverted, per replication; U4).
 *
 * @param packetsPerTime the mean throughput over the replications
 * @param halfWidth95 the half-width of its 95 % confidence interval (normal approximation; 0 for one replication)
 */
public record OverlayThroughput(double packetsPerTime, double halfWidth95) {
}
