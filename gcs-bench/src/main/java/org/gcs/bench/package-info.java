/**
 * {@code gcs bench}: end-to-end benchmarks of GCS against JGroups on this machine, in the same run.
 *
 * <p>The parent ({@link org.gcs.bench.BenchCommand}, through {@link org.gcs.bench.RunDriver}) starts every node of a
 * run, normally as a child JVM ({@link org.gcs.bench.ChildJvmLauncher}) whose main class is the bench's own root
 * command ({@link org.gcs.bench.BenchMain}) running the hidden {@code gcs bench-node} command
 * ({@link org.gcs.bench.BenchNodeCommand}); tests may run the nodes as threads of one JVM instead
 * ({@link org.gcs.bench.InJvmLauncher}). The parent drives each node through its phases with commands on the child's
 * standard input, and reads {@link org.gcs.bench.NodeLine}s from the child's standard output: ready signals, progress,
 * delivery counts and latency histograms. Runs alternate between GCS and its baselines (A B A B ..., A B C A B C ... in
 * cross-site-latency, which runs RELAY2 with and without Nagle's algorithm on its bridge); every run checks that every
 * member received every warm-up and measured message exactly once and in order ({@link org.gcs.bench.DeliveryVerdict}).
 *
 * <p><b>Threads.</b> In the parent, the command's thread runs the runs and waits on the {@link org.gcs.bench.RunBoard},
 * to which one reader thread per child adds that child's lines. In a node, {@link org.gcs.bench.StdinCommands} reads
 * the parent's commands on a daemon thread ({@code bench-stdin}) into a queue, the node's own thread (a child JVM's
 * main thread; {@link org.gcs.bench.NodeAgent}) takes them, and daemon threads of their own send the probes
 * ({@code bench-probe-<member>}), the workload ({@code bench-send-<member>}, {@link org.gcs.bench.LoadGenerator}) and
 * the progress lines; the system under test delivers on its own threads (GCS: the node's delivery thread).
 */
package org.gcs.bench;
