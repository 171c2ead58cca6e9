package org.gcs;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * This node's WAN side as configured (keys {@code wan.bind}, {@code wan.advertise}, {@code seeds}, {@code wan.io},
 * {@code max.datagram.bytes}): where its socket binds, the address other delegates reach it at, the delegates it
 * contacts first, the socket's I/O transport and the largest datagram. How data crosses the WAN is
 * {@link TransportSettings}; how datagrams are protected, {@link WanSecurity}. Immutable; each value is checked as it
 * is set.
 *
 * @param bindHost the host or address the socket binds to
 * @param bindPort its UDP port, 0 for any free port
 * @param advertiseHost the host other delegates send to, or null for the bind address
 * @param advertisePort the port they send to (meaningful with an advertiseHost)
 * @param seeds WAN addresses of other sites' delegates (or delegate candidates) to contact first
 * @param io {@code auto}, {@code epoll} or {@code nio}
 * @param maxDatagramBytes the largest WAN datagram, {@value #MIN_DATAGRAM_BYTES} – 65000 bytes
 */
public record WanSettings(String bindHost, int bindPort, String advertiseHost, int advertisePort,
                          List<InetSocketAddress> seeds, String io, int maxDatagramBytes) {
    /** Default UDP port of the WAN socket. */
    public static final int DEFAULT_PORT = 7700;
    /**
     * The smallest {@code max.datagram.bytes}: a data packet's header with names of the longest legal length and the
     * largest congestion-control block is about 750 bytes, and every fragment must still carry payload.
     */
    public static final int MIN_DATAGRAM_BYTES = 1024;
    /** Bound to every interface at {@link #DEFAULT_PORT}, nothing advertised, no seeds, I/O {@code auto}, 1400 bytes. */
    public static final WanSettings DEFAULTS = new WanSettings("0.0.0.0", DEFAULT_PORT, null, 0, List.of(), "auto", 1400);
    /** The properties keys. */
    public static final Set<String> KEYS = Set.of("wan.bind", "wan.advertise", "seeds", "wan.io",
            "max.datagram.bytes");

    /** Checks each value; makes the seeds immutable and the I/O name lower case. */
    public WanSettings {
        if (bindHost == null || bindHost.isBlank()) {
            throw new GcsConfigException("wanBind host must not be blank: use 0.0.0.0 for all interfaces");
        }
        ConfigChecks.inRange("wanBind port", bindPort, 0, 65_535, " (0 = any free port)");
        if (advertiseHost != null) {
            if (advertiseHost.isBlank()) {
                throw new GcsConfigException("wanAdvertise host must not be blank: give the address other"
                        + " delegates reach this one at, or leave wanAdvertise unset");
            }
            ConfigChecks.inRange("wanAdvertise port", advertisePort, 1, 65_535, "");
        }
        seeds = List.copyOf(seeds);
        ConfigChecks.required("wanIo", io);
        String ioName = io.strip().toLowerCase(Locale.ROOT);
        if (!Set.of("auto", "epoll", "nio").contains(ioName)) {
            throw new GcsConfigException("wan.io must be auto, epoll or nio, not '" + io + "'");
        }
        io = ioName;
        if (maxDatagramBytes < MIN_DATAGRAM_BYTES || maxDatagramBytes > 65_000) {
            throw new GcsConfigException("maxDatagramBytes (max.datagram.bytes) must be in " + MIN_DATAGRAM_BYTES
                    + "..65000, got " + maxDatagramBytes + " (1400 fits a 1500-byte Ethernet MTU; below "
                    + MIN_DATAGRAM_BYTES + " a data packet's header with long names leaves no room for payload)");
        }
    }

    /**
     * @param key one of {@link #KEYS}
     * @param value its value as written in a properties file, e.g. {@code 127.0.0.1:7701}
     * @return these settings with that one changed
     * @throws GcsConfigException naming the key if the value is invalid
     */
    public WanSettings with(String key, String value) {
        return switch (key) {
            case "wan.bind" -> {
                InetSocketAddress address = HostPort.parse(key, value, true);
                yield withBind(address.getHostString(), address.getPort());
            }
            case "wan.advertise" -> {
                InetSocketAddress address = HostPort.parse(key, value);
                yield withAdvertise(address.getHostString(), address.getPort());
            }
            case "seeds" -> withSeeds(parseSeeds(SettingValues.list(value)));
            case "wan.io" -> withIo(value);
            case "max.datagram.bytes" -> withMaxDatagramBytes(SettingValues.intBytes(key, value));
            default -> throw ConfigChecks.notOurs(key, KEYS);
        };
    }

    /**
     * @param host address to bind to, not blank
     * @param port UDP port, 0..65535
     * @return these settings with that bind address
     */
    public WanSettings withBind(String host, int port) {
        return new WanSettings(host, port, advertiseHost, advertisePort, seeds, io, maxDatagramBytes);
    }

    /**
     * @param host a host name or IP that the other delegates can reach, not blank
     * @param port the UDP port they send to, 1..65535
     * @return these settings with that advertised address
     */
    public WanSettings withAdvertise(String host, int port) {
        if (host == null) {
            throw new GcsConfigException("wanAdvertise host must not be blank: give the address other"
                    + " delegates reach this one at, or leave wanAdvertise unset");
        }
        return new WanSettings(bindHost, bindPort, host, port, seeds, io, maxDatagramBytes);
    }

    /** @return these settings with other seeds */
    public WanSettings withSeeds(List<InetSocketAddress> newSeeds) {
        return new WanSettings(bindHost, bindPort, advertiseHost, advertisePort, newSeeds, io, maxDatagramBytes);
    }

    /** @return these settings with another I/O transport ({@code auto}, {@code epoll}, {@code nio}, any case) */
    public WanSettings withIo(String transport) {
        return new WanSettings(bindHost, bindPort, advertiseHost, advertisePort, seeds, transport, maxDatagramBytes);
    }

    /** @return these settings with another largest datagram */
    public WanSettings withMaxDatagramBytes(int bytes) {
        return new WanSettings(bindHost, bindPort, advertiseHost, advertisePort, seeds, io, bytes);
    }

    /**
     * @param seeds {@code host:port} strings
     * @return their addresses, unresolved
     * @throws GcsConfigException naming {@code seeds} if one is malformed
     */
    static List<InetSocketAddress> parseSeeds(List<String> seeds) {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (String seed : seeds) {
            addresses.add(HostPort.parse("seeds", seed));
        }
        return addresses;
    }
}
