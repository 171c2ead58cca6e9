package org.gcs.sim.maxplus;

/**
 * What one run of the model measured. Throughputs are in packets per second of model time, over the second half of
 * the run (packets M/2 … M−1), past the transient in which the buffers fill.
 *
 * @param parameters the run's parameters
 * @param groupPacketsPerSec the group throughput: the smallest copy-out rate over all non-root nodes
 * @param meanPacketsPerSec the mean of the non-root nodes' copy-out rates
 * @param lossEvents loss or mark events over all connections
 * @param retransmissions retransmitted packets over all connections
 */
public record TreeModelResult(TreeModelParameters parameters, double groupPacketsPerSec, double meanPacketsPerSec,
                              long lossEvents, long retransmissions) {
}
