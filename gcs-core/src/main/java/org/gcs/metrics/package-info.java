/**
 * GCS's meters on Micrometer (docs/architecture.md §10). For applications: {@link org.gcs.metrics.GcsMeters} names
 * every meter once (lowercase dotted names, base units, bounded tags) and {@link org.gcs.metrics.GcsMetrics} binds a
 * running node's meters to any further registry. For the node: {@link org.gcs.metrics.NodeMetrics}, the one entry point
 * of the node's code and the engine's {@link org.gcs.internal.engine.ProtocolMetrics}, registers every meter with the
 * tags {@code site} and {@code member} in the node's own composite registry ({@code NodeMeters}), whose first child is
 * the configured registry, and removes them when the node closes. The meters themselves live in classes with one job
 * each: {@code TrafficMeters}, {@code DropMeters}, {@code NodeStateMeters}, {@code CongestionMeters} and
 * {@code HopMeters}, the last two reading the latest published snapshot through {@code SnapshotMeters}.
 *
 * <p><b>Threads.</b> Every class here is thread-safe, because a node's meters are fed from all its threads: the event
 * loop (the engine's counters, WAN traffic and drops, views and trees, and every 100 ms the flow, price and hop-link
 * snapshots), the delivery thread (deliveries and their latency), the LAN-out thread (LAN sends) and JGroups' threads
 * (LAN drops); registries read the gauges from any thread (a Prometheus scrape, JMX).
 *
 * <p><b>Dependencies.</b> On Micrometer, the public API {@code org.gcs} and a few internal types: the engine's
 * {@link org.gcs.internal.engine.ProtocolMetrics} and {@link org.gcs.internal.engine.PricedLink}, the drop reasons of
 * {@code internal.wire} and {@code internal.flow}, {@code internal.log}'s rate-limited logs, and
 * {@code internal.node}'s {@link org.gcs.internal.node.NettyJGroupsNode} (for {@link org.gcs.metrics.GcsMetrics}). Used
 * by {@code internal.node}, which creates and feeds a {@link org.gcs.metrics.NodeMetrics} per node, and by applications
 * and the tools ({@link org.gcs.metrics.GcsMeters}, {@link org.gcs.metrics.GcsMetrics}).
 */
package org.gcs.metrics;
