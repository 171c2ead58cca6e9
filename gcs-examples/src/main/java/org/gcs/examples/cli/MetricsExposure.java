package org.gcs.examples.cli;

import io.micrometer.core.instrument.Clock;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmInfoMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.jmx.JmxConfig;
import io.micrometer.jmx.JmxMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.gcs.GcsNode;
import org.gcs.tools.web.LocalWebServer;
import org.gcs.metrics.GcsMetrics;
import org.jgroups.JChannel;
import org.jgroups.jmx.JmxConfigurator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the meters of the nodes of one command go: a {@link PrometheusMeterRegistry} scraped at
 * {@code http://BIND:PORT/metrics} ({@code --metrics-bind}, default 127.0.0.1), and/or a {@link JmxMeterRegistry}
 * (domain {@value #JMX_DOMAIN}) plus the JGroups MBeans of each node's channel (domain {@value #JGROUPS_DOMAIN}) on
 * the platform MBeanServer. Nodes are added with {@link #expose}; {@link #close()} stops serving and unregisters every
 * MBean. The Prometheus registry also carries the JVM's and the process's meters ({@code jvm_*}, {@code process_*},
 * {@code system_*}: memory, garbage collection, threads, classes, CPU, uptime, file descriptors, JVM version), once
 * per process.
 */
final class MetricsExposure implements AutoCloseable {
    /** The JMX domain of the GCS meters. */
    static final String JMX_DOMAIN = "gcs";
    /** The JMX domain of the JGroups channels and protocols. */
    static final String JGROUPS_DOMAIN = "jgroups";
    /** The content type of the Prometheus text format. */
    static final String PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
    private static final Logger LOG = LoggerFactory.getLogger(MetricsExposure.class);

    private final List<MeterRegistry> registries = new ArrayList<>();
    private final LocalWebServer server;
    private final MBeanServer mbeans;
    private final List<ObjectName> channelMBeans = new CopyOnWriteArrayList<>();
    private final JvmGcMetrics gcMetrics;

    private MetricsExposure(PrometheusMeterRegistry prometheus, LocalWebServer server, JmxMeterRegistry jmx) {
        this.server = server;
        this.mbeans = jmx == null ? null : ManagementFactory.getPlatformMBeanServer();
        if (prometheus != null) {
            registries.add(prometheus);
            gcMetrics = new JvmGcMetrics();
            bindJvm(prometheus, gcMetrics);
        } else {
            gcMetrics = null;
        }
        if (jmx != null) {
            registries.add(jmx);
        }
    }

    /**
     * @param bind the address the scrape endpoint listens on, e.g. {@code 127.0.0.1} or {@code 0.0.0.0}
     * @param metricsPort the port of the scrape endpoint, 0 for a free one, null for none
     * @param jmx whether to register MBeans
     * @return the running exposure
     * @throws java.io.UncheckedIOException if the port cannot be bound
     */
    static MetricsExposure start(String bind, Integer metricsPort, boolean jmx) {
        PrometheusMeterRegistry prometheus = null;
        LocalWebServer server = null;
        if (metricsPort != null) {
            prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
            server = LocalWebServer.start(new InetSocketAddress(bind, metricsPort), "gcs-metrics-http");
            server.get("/metrics", PROMETHEUS_CONTENT_TYPE, prometheus::scrape);
        }
        JmxMeterRegistry jmxRegistry = jmx ? new JmxMeterRegistry(new JmxConfig() {
            @Override
            public String get(String key) {
                return null;
            }

            @Override
            public String domain() {
                return JMX_DOMAIN;
            }
        }, Clock.SYSTEM) : null;
        return new MetricsExposure(prometheus, server, jmxRegistry);
    }

    /** Binds Micrometer's JVM and process binders to {@code registry}. */
    private static void bindJvm(MeterRegistry registry, JvmGcMetrics gc) {
        List<MeterBinder> binders = List.of(new JvmMemoryMetrics(), gc, new JvmThreadMetrics(),
                new ClassLoaderMetrics(), new ProcessorMetrics(), new UptimeMetrics(), new FileDescriptorMetrics(),
                new JvmInfoMetrics());
        binders.forEach(binder -> binder.bindTo(registry));
    }

    /** @return one line per kind of exposure, e.g. {@code metrics: http://127.0.0.1:9464/metrics} */
    List<String> describe() {
        List<String> lines = new ArrayList<>();
        if (server != null) {
            lines.add("metrics: " + server.baseUrl() + "/metrics");
        }
        if (mbeans != null) {
            lines.add("jmx: meters under domain " + JMX_DOMAIN + ", JGroups channels under " + JGROUPS_DOMAIN);
        }
        return lines;
    }

    /** @return the URL of the scrape endpoint, null without one */
    String metricsUrl() {
        return server == null ? null : server.baseUrl() + "/metrics";
    }

    /**
     * Binds a started node: its meters go to every registry, its JGroups channel is registered under
     * {@code jgroups:member="MEMBER",type=channel,cluster="CLUSTER"}, its protocols under
     * {@code jgroups:member="MEMBER",type=protocol,cluster="CLUSTER",protocol=NAME} (with {@code --jmx}).
     *
     * @param node a node {@link GcsNode#start} returned
     */
    void expose(GcsNode node) {
        for (MeterRegistry registry : registries) {
            GcsMetrics.binder(node).bindTo(registry);
        }
        if (mbeans != null) {
            GcsMetrics.lanChannel(node).ifPresent(channel -> register(channel, node.self().name()));
        }
    }

    private void register(JChannel channel, String member) {
        try {
            Set<ObjectName> before = mbeans.queryNames(new ObjectName(JGROUPS_DOMAIN + ":*"), null);
            // the member in the name keeps the channels of one site's nodes in one JVM (gcs demo) apart
            ObjectName prefix = new ObjectName(JGROUPS_DOMAIN + ":member=" + ObjectName.quote(member));
            JmxConfigurator.registerChannel(channel, mbeans, prefix, channel.getClusterName(), true);
            for (ObjectName registered : mbeans.queryNames(new ObjectName(JGROUPS_DOMAIN + ":*"), null)) {
                if (!before.contains(registered)) {
                    channelMBeans.add(registered);
                }
            }
        } catch (Exception e) {
            LOG.warn("cannot register the JGroups channel of {} as MBeans: {}", member, e.toString());
        }
    }

    /** Stops serving, closes the registries and unregisters the JGroups MBeans. */
    @Override
    public void close() {
        if (server != null) {
            server.close();
        }
        for (ObjectName name : channelMBeans) {
            try {
                if (mbeans.isRegistered(name)) {
                    mbeans.unregisterMBean(name);
                }
            } catch (Exception e) {
                LOG.debug("cannot unregister {}: {}", name, e.toString());
            }
        }
        channelMBeans.clear();
        if (gcMetrics != null) {
            gcMetrics.close(); // stops listening to the collectors' notifications
        }
        registries.forEach(MeterRegistry::close);
    }
}
