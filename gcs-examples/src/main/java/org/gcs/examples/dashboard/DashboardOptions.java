package org.gcs.examples.dashboard;

import java.net.InetSocketAddress;
import picocli.CommandLine.Option;

/**
 * The dashboard's command-line options, shared by {@code gcs node} and {@code gcs demo} as a picocli mixin:
 * {@code --dashboard} serves it on the default port, {@code --dashboard-port N} on port N (0: a free one), on
 * {@code --dashboard-bind} (default 127.0.0.1, this machine only).
 */
public final class DashboardOptions {
    /** The port {@code --dashboard} alone serves on. */
    public static final int DEFAULT_PORT = 8080;

    @Option(names = "--dashboard",
            description = "Serve a live dashboard page (sites, multicast tree, flows, member rates) on"
                    + " --dashboard-bind:" + DEFAULT_PORT + "; its address is printed as 'dashboard: URL'.")
    boolean dashboard;

    @Option(names = "--dashboard-port", paramLabel = "N",
            description = "Serve the dashboard on this port (0: a free one); implies --dashboard.")
    Integer port;

    @Option(names = "--dashboard-bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address the dashboard listens on (default: ${DEFAULT-VALUE}, this machine only).")
    String bind = "127.0.0.1";

    /** @return true if the dashboard is asked for */
    public boolean enabled() {
        return dashboard || port != null;
    }

    /**
     * @return the address to listen on
     * @throws IllegalArgumentException if the port is out of range
     */
    public InetSocketAddress address() {
        int p = port == null ? DEFAULT_PORT : port;
        if (p < 0 || p > 65_535) {
            throw new IllegalArgumentException("--dashboard-port must be in 0..65535, got " + p);
        }
        return new InetSocketAddress(bind, p);
    }
}
