package org.gcs.examples.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The monitoring options of {@code gcs node} and {@code gcs demo} (a picocli mixin): a Prometheus scrape endpoint
 * (on loopback unless {@code --metrics-bind} names another address) and JMX. {@link #open} turns them into a
 * {@link MetricsExposure}.
 */
public final class MonitoringOptions {
    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve Prometheus metrics at http://--metrics-bind:PORT/metrics (0 picks a free port).")
    Integer metricsPort;

    @Option(names = "--metrics-bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address the metrics endpoint listens on (default: ${DEFAULT-VALUE}, this machine only;"
                    + " 0.0.0.0 in a container whose port is published).")
    String metricsBind = "127.0.0.1";

    @Option(names = "--jmx",
            description = "Register the meters as MBeans (domain gcs) and each node's JGroups channel (domain jgroups).")
    boolean jmx;

    /**
     * Starts what the options ask for and prints one line for each: where the metrics are served.
     *
     * @param spec the command, for its output and for usage errors
     * @return the exposure to bind nodes to; does nothing without options
     * @throws ParameterException if the port is out of range or cannot be bound
     */
    MetricsExposure open(CommandSpec spec) {
        return open(spec, spec.commandLine().getOut());
    }

    /**
     * Starts what the options ask for and prints one line for each: where the metrics are served.
     *
     * @param spec the command, for usage errors
     * @param notes where the lines go (stderr when stdout is to hold only a JSON document)
     * @return the exposure to bind nodes to; does nothing without options
     * @throws ParameterException if the port is out of range or cannot be bound
     */
    MetricsExposure open(CommandSpec spec, PrintWriter notes) {
        if (metricsPort != null && (metricsPort < 0 || metricsPort > 65_535)) {
            throw new ParameterException(spec.commandLine(), "--metrics-port must be in 0..65535, got " + metricsPort);
        }
        MetricsExposure exposure;
        try {
            exposure = MetricsExposure.start(metricsBind, metricsPort, jmx);
        } catch (UncheckedIOException e) {
            throw new ParameterException(spec.commandLine(), "--metrics-port " + metricsPort + ": " + e.getMessage());
        }
        exposure.describe().forEach(notes::println);
        notes.flush();
        return exposure;
    }
}
