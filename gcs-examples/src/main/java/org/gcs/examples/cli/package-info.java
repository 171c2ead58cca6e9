/**
 * The {@code gcs} command line. {@link org.gcs.examples.cli.GcsCommand} is the root: the entry point of the launcher
 * script and of the shaded jar, with the subcommands {@code demo} and {@code node} from this package,
 * {@code whiteboard} ({@code org.gcs.examples.whiteboard}), {@code lab} and the hidden {@code lab-agent} (gcs-lab), and
 * {@code bench} and the hidden {@code bench-node} (gcs-bench). {@code gcs demo}
 * ({@link org.gcs.examples.cli.DemoCommand}, {@link org.gcs.examples.cli.DemoRun}) runs several sites of real nodes in
 * one JVM over loopback, joined by the emulated WAN of gcs-sim's link emulator, and checks that every message reaches
 * every member exactly once and in per-sender order; {@code gcs node} ({@link org.gcs.examples.cli.NodeCommand},
 * {@link org.gcs.examples.cli.NodeRun}) runs one real node from a properties file
 * ({@link org.gcs.examples.cli.NodeConfigFile}), with a status line, a small chat on standard input, optional
 * generated traffic whose deliveries it checks ({@link org.gcs.examples.cli.NodeTraffic},
 * {@link org.gcs.examples.cli.NodeTrafficOptions}), key-file reloading and monitoring (Prometheus, JMX, the
 * dashboard).
 *
 * <p><b>Threads.</b> A command runs on the thread that started it. In {@code gcs demo} every member's
 * paced sender ({@link org.gcs.examples.cli.PacedSends}, on the tools' sender loop) sends on a thread of its own
 * ({@link org.gcs.examples.cli.DemoTraffic}). In
 * {@code gcs node} daemon threads print the status line ({@code gcs-node-status}, which also polls the key file), read
 * standard input ({@code gcs-node-stdin}) and generate traffic ({@code gcs-node-send}). The nodes call the listeners on
 * their delivery threads, so what the listeners and the other threads share is thread-safe
 * ({@link org.gcs.examples.cli.DeliveryChecker}, {@link org.gcs.examples.cli.DeliveryTracker},
 * {@link org.gcs.examples.cli.LatencyRecorder}).
 */
package org.gcs.examples.cli;
