package org.gcs.metrics;

import io.micrometer.core.instrument.binder.MeterBinder;
import org.gcs.GcsNode;
import org.gcs.internal.node.NettyJGroupsNode;

/**
 * Binds a running node's meters to any Micrometer registry in one line:
 *
 * <pre>{@code
 * GcsNode node = GcsNode.start(config);
 * GcsMetrics.binder(node).bindTo(prometheusRegistry);   // or a JmxMeterRegistry, a SimpleMeterRegistry, ...
 * }</pre>
 *
 * <p>The registry receives every meter of the node (the names and tags: {@link GcsMeters}): those registered already
 * and those registered later, such as the {@code gcs.cc.*} gauges of a flow that starts after the call. Each node
 * registers its meters in a {@link io.micrometer.core.instrument.composite.CompositeMeterRegistry} of its own; the
 * registry given to {@link org.gcs.GcsConfigBuilder#meterRegistry} is its first child and the binder adds further
 * children. Gauges and the emulator's and hop-by-hop counters read the node's state, so they read the same in every
 * registry; the other counters and the delivery latency timer of a registry bound after start count from the moment
 * of binding (bind before traffic starts, or configure the registry with {@code meterRegistry(...)}, to see them
 * whole). When the node closes, its meters are removed from every registry. Binding a registry twice, or the
 * configured registry again, changes nothing; several nodes may be bound to one registry (their {@code member} tags
 * differ).
 */
public final class GcsMetrics {
    private GcsMetrics() {
    }

    /**
     * @param node a node started by {@link GcsNode#start}
     * @return a binder that adds a registry to the node's meters
     * @throws IllegalArgumentException if the node is not one {@link GcsNode#start} returned
     */
    public static MeterBinder binder(GcsNode node) {
        NodeMetrics metrics = started(node).metrics();
        return metrics::bind;
    }

    /**
     * The JGroups channel of a node's LAN, for monitoring tools: to register its protocols' MBeans (JGroups'
     * {@code JmxConfigurator}) beside GCS's meters. Sending or receiving on it breaks the node.
     *
     * @param node a node started by {@link GcsNode#start}
     * @return the channel, empty before the node joined its LAN
     * @throws IllegalArgumentException if the node is not one {@link GcsNode#start} returned
     */
    public static java.util.Optional<org.jgroups.JChannel> lanChannel(GcsNode node) {
        return started(node).lanChannel();
    }

    private static NettyJGroupsNode started(GcsNode node) {
        if (!(node instanceof NettyJGroupsNode started)) {
            throw new IllegalArgumentException("node must be one GcsNode.start returned, got "
                    + (node == null ? "null" : node.getClass().getName()));
        }
        return started;
    }
}
