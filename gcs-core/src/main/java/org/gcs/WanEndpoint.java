package org.gcs;

import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * This node's WAN socket as configured: where it binds ({@link GcsConfigBuilder#wanBind}), the address other
 * delegates reach it at ({@link GcsConfigBuilder#wanAdvertise}) and its I/O transport ({@link
 * GcsConfigBuilder#wanIo}). Immutable; each value is checked as it is set.
 *
 * @param bindHost the host or address the socket binds to
 * @param bindPort its UDP port, 0 for any free port
 * @param advertiseHost the host other delegates send to, or null for the bind address
 * @param advertisePort the port they send to (meaningful with an advertiseHost)
 * @param io {@code auto}, {@code epoll} or {@code nio}
 */
record WanEndpoint(String bindHost, int bindPort, String advertiseHost, int advertisePort, String io) {
    /** Bound to every interface at {@link GcsConfig#DEFAULT_WAN_PORT}, nothing advertised, I/O {@code auto}. */
    static final WanEndpoint DEFAULTS = new WanEndpoint("0.0.0.0", GcsConfig.DEFAULT_WAN_PORT, null, 0, "auto");

    /**
     * @param host address to bind to, not blank
     * @param port UDP port, 0..65535
     * @return this endpoint with that bind address
     */
    WanEndpoint withBind(String host, int port) {
        if (host == null || host.isBlank()) {
            throw new GcsConfigException("wanBind host must not be blank: use 0.0.0.0 for all interfaces");
        }
        ConfigChecks.inRange("wanBind port", port, 0, 65_535, " (0 = any free port)");
        return new WanEndpoint(host, port, advertiseHost, advertisePort, io);
    }

    /**
     * @param host a host name or IP that the other delegates can reach, not blank
     * @param port the UDP port they send to, 1..65535
     * @return this endpoint with that advertised address
     */
    WanEndpoint withAdvertise(String host, int port) {
        if (host == null || host.isBlank()) {
            throw new GcsConfigException("wanAdvertise host must not be blank: give the address other"
                    + " delegates reach this one at, or leave wanAdvertise unset");
        }
        ConfigChecks.inRange("wanAdvertise port", port, 1, 65_535, "");
        return new WanEndpoint(bindHost, bindPort, host, port, io);
    }

    /**
     * @param transport {@code auto}, {@code epoll} or {@code nio}, in any case and with spaces around
     * @return this endpoint with that I/O transport, in lower case
     */
    WanEndpoint withIo(String transport) {
        Objects.requireNonNull(transport, "io");
        String value = transport.trim().toLowerCase(Locale.ROOT);
        if (!Set.of("auto", "epoll", "nio").contains(value)) {
            throw new GcsConfigException("wan.io must be auto, epoll or nio, not '" + transport + "'");
        }
        return new WanEndpoint(bindHost, bindPort, advertiseHost, advertisePort, value);
    }
}
