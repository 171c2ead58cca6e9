/**
 * Log lines that a fault or an attack cannot turn into a flood. {@link RateLimitedLog} lets at most one WARN, ERROR or
 * INFO line per key through per interval (10 s by default) and says in the next line how many it held back;
 * {@link SustainedDrops} turns drop counters into a WARN line when drops of one reason are sustained (by default more
 * than 50 within 10 s), so that a single malformed datagram stays a counter. Time comes in as {@code nowNs}, so the
 * same code serves the engine in real and in virtual time.
 *
 * <p><b>Threads.</b> Both classes are thread-safe (an instance locks itself; the lines they serve are rare), and
 * instances are shared between threads: the engine uses them on its thread, the Netty driver on its event loop, on
 * JGroups' threads ({@code LanDropReport}) and on the LAN-out thread ({@code LanOut}), and the meters
 * ({@link org.gcs.metrics.NodeMetrics}) on whichever thread counts a drop. Some engine classes keep a
 * {@link RateLimitedLog} in a static field, shared by every node in the JVM.
 *
 * <p><b>Dependencies.</b> On SLF4J only, nothing else of GCS. Used by {@code internal.engine}, {@code internal.node}
 * and {@code org.gcs.metrics}.
 */
package org.gcs.internal.log;
