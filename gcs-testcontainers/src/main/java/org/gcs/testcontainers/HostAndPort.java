package org.gcs.testcontainers;

import java.util.Objects;

/**
 * A host and a port, e.g. a node's WAN address as other containers reach it ({@code boston:7700}) or as the test
 * reaches it through Docker's port mapping ({@code localhost:32771}).
 *
 * @param host a host name or IP address
 * @param port the port, 1 to 65535
 */
public record HostAndPort(String host, int port) {
    /** Checks the host and the port. */
    public HostAndPort {
        Objects.requireNonNull(host, "host");
        if (host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port must be in 1..65535, got " + port);
        }
    }

    /** @return {@code host:port}, as a seed is written ({@link GcsContainer#withSeeds}) */
    @Override
    public String toString() {
        return host + ":" + port;
    }
}
