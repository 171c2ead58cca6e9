/**
 * JMH benchmarks of GCS's hot paths, run by {@code bench/jmh.sh} (results: docs/performance.md): the wire codecs
 * ({@link org.gcs.jmh.WireCodecBenchmark}), the receiving delegate's path for one data datagram
 * ({@link org.gcs.jmh.ReceivePathBenchmark}), TFRC's loss event estimator ({@link org.gcs.jmh.LossEstimatorBenchmark})
 * and the max-min allocator ({@link org.gcs.jmh.AllocatorBenchmark}), on shared test traffic
 * ({@link org.gcs.jmh.Traffic}).
 *
 * <p>The one module above gcs-core that calls its {@code internal} packages ({@code internal.wire},
 * {@code internal.flow}): a change there may need one here. Nothing depends on this module. Every benchmark's state is
 * per JMH worker thread ({@code Scope.Thread}), so the sans-IO objects it drives stay confined to one thread, as they
 * are in a node.
 */
package org.gcs.jmh;
