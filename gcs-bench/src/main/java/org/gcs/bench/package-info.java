/**
 * {@code gcs bench}: end-to-end benchmarks of GCS against JGroups on this machine, in the same run.
 *
 * <p>The parent ({@link org.gcs.bench.BenchCommand}) starts every node of a run as a child JVM running
 * the hidden {@code gcs bench-node} command ({@link org.gcs.bench.BenchNodeCommand}), drives it through
 * its phases with commands on the child's standard input, and reads {@link org.gcs.bench.NodeLine}s from
 * the child's standard output: ready signals, progress, delivery counts and latency histograms. Runs alternate
 * between GCS and its baselines (A B A B ..., A B C A B C ... in cross-site-latency, which runs RELAY2 with and
 * without Nagle's algorithm on its bridge); every run checks that every member received every measured message
 * exactly once and in order.
 */
package org.gcs.bench;
