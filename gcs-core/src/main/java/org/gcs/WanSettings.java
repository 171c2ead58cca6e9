package org.gcs;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.gcs.alm.overlay.DelegateAddress;

/**
 * This node's WAN side as configured (keys {@code wan.bind}, {@code wan.advertise}, {@code seeds}, {@code wan.io},
 * {@code max.datagram.bytes}, {@code dns.servers}): where its socket binds, the address other delegates reach it at,
 * the delegates it contacts first, the socket's I/O transport, the largest datagram and the DNS servers that resolve
 * the seeds' names. How data crosses the WAN is
 * {@link TransportSettings}; how datagrams are protected, {@link WanSecurity}. Immutable; each value is checked as it
 * is set.
 *
 * @param bindHost the host or address the socket binds to
 * @param bindPort its UDP port, 0 for any free port
 * @param advertiseHost the host other delegates send to, or null for the bind address
 * @param advertisePort the port they send to (meaningful with an advertiseHost)
 * @param seeds WAN addresses of other sites' delegates (or delegate candidates) to contact first, unresolved: a host
 *     name is resolved by the node (again when the seed stops answering), and port 0 marks a DNS SRV name such as
 *     {@code _gcs._udp.example.org} whose records name the delegates and their ports
 * @param io {@code auto}, {@code epoll} or {@code nio}
 * @param maxDatagramBytes the largest WAN datagram, {@value #MIN_DATAGRAM_BYTES} – 65000 bytes
 * @param dnsServers the DNS servers (IP address and port) that resolve the seeds' names, or empty for the system's
 *     ({@code /etc/resolv.conf})
 */
public record WanSettings(String bindHost, int bindPort, String advertiseHost, int advertisePort,
                          List<InetSocketAddress> seeds, String io, int maxDatagramBytes,
                          List<InetSocketAddress> dnsServers) {
    /** Default UDP port of the WAN socket. */
    public static final int DEFAULT_PORT = 7700;
    /**
     * The smallest {@code max.datagram.bytes}: a data packet's header with names of the longest legal length and the
     * largest congestion-control block is about 750 bytes, and every fragment must still carry payload.
     */
    public static final int MIN_DATAGRAM_BYTES = 1024;
    /**
     * Bound to every interface at {@link #DEFAULT_PORT}, nothing advertised, no seeds, I/O {@code auto}, 1400 bytes,
     * the system's DNS servers.
     */
    public static final WanSettings DEFAULTS = new WanSettings("0.0.0.0", DEFAULT_PORT, null, 0, List.of(), "auto", 1400,
            List.of());
    /** The port of a DNS server given without one. */
    public static final int DNS_PORT = 53;
    /** The properties keys. */
    public static final Set<String> KEYS = Set.of("wan.bind", "wan.advertise", "seeds", "wan.io",
            "max.datagram.bytes", "dns.servers");

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
        dnsServers = List.copyOf(dnsServers);
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
            case "dns.servers" -> withDnsServers(parseDnsServers(SettingValues.list(value)));
            default -> throw ConfigChecks.notOurs(key, KEYS);
        };
    }

    /**
     * @param host address to bind to, not blank
     * @param port UDP port, 0..65535
     * @return these settings with that bind address
     */
    public WanSettings withBind(String host, int port) {
        return new WanSettings(host, port, advertiseHost, advertisePort, seeds, io, maxDatagramBytes, dnsServers);
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
        return new WanSettings(bindHost, bindPort, host, port, seeds, io, maxDatagramBytes, dnsServers);
    }

    /** @return these settings with other seeds */
    public WanSettings withSeeds(List<InetSocketAddress> newSeeds) {
        return new WanSettings(bindHost, bindPort, advertiseHost, advertisePort, newSeeds, io, maxDatagramBytes,
                dnsServers);
    }

    /** @return these settings with another I/O transport ({@code auto}, {@code epoll}, {@code nio}, any case) */
    public WanSettings withIo(String transport) {
        return new WanSettings(bindHost, bindPort, advertiseHost, advertisePort, seeds, transport, maxDatagramBytes,
                dnsServers);
    }

    /** @return these settings with another largest datagram */
    public WanSettings withMaxDatagramBytes(int bytes) {
        return new WanSettings(bindHost, bindPort, advertiseHost, advertisePort, seeds, io, bytes, dnsServers);
    }

    /** @return these settings with other DNS servers for the seeds' names (empty: the system's) */
    public WanSettings withDnsServers(List<InetSocketAddress> servers) {
        return new WanSettings(bindHost, bindPort, advertiseHost, advertisePort, seeds, io, maxDatagramBytes, servers);
    }

    /**
     * @param seeds {@code host:port} strings, or DNS SRV names ({@code _gcs._udp.example.org}, no port)
     * @return their addresses, unresolved (an SRV name with port 0)
     * @throws GcsConfigException naming {@code seeds} if one is malformed
     */
    static List<InetSocketAddress> parseSeeds(List<String> seeds) {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (String seed : seeds) {
            String text = seed == null ? "" : seed.strip();
            if (text.startsWith("_") && text.indexOf(':') < 0) {
                addresses.add(InetSocketAddress.createUnresolved(checkedServiceName(text), 0));
            } else if (!text.isEmpty() && text.indexOf(':') < 0) {
                throw new GcsConfigException("seeds: expected host:port (for example ottawa.example.org:7700) or a"
                        + " DNS SRV name (for example _gcs._udp.example.org), got '" + seed + "': add the port");
            } else {
                addresses.add(HostPort.parse("seeds", seed));
            }
        }
        return addresses;
    }

    private static String checkedServiceName(String name) {
        if (!name.matches("_[A-Za-z0-9-]+\\._(udp|tcp)(\\.[A-Za-z0-9_-]+)+\\.?")) {
            throw new GcsConfigException("seeds: '" + name + "' is not a DNS SRV name: write _service._udp.domain,"
                    + " for example _gcs._udp.example.org");
        }
        return name;
    }

    /**
     * @param servers {@code address} or {@code address:port} strings (IPv6 in brackets when with a port)
     * @return the servers' socket addresses (port {@value #DNS_PORT} when none is given)
     * @throws GcsConfigException naming {@code dns.servers} if one is not an IP address
     */
    static List<InetSocketAddress> parseDnsServers(List<String> servers) {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (String server : servers) {
            String text = server == null ? "" : server.strip();
            boolean bareIpv6 = text.indexOf(':') != text.lastIndexOf(':') && !text.startsWith("[");
            InetSocketAddress parsed = text.indexOf(':') < 0 || bareIpv6
                    ? InetSocketAddress.createUnresolved(text, DNS_PORT) : HostPort.parse("dns.servers", text);
            String host = parsed.getHostString();
            if (!DelegateAddress.isIpLiteral(host)) {
                throw new GcsConfigException("dns.servers: '" + server + "' is not an IP address: give the DNS"
                        + " server's address, such as 10.0.0.2 or 10.0.0.2:53 (a name would need DNS to be found)");
            }
            try {
                addresses.add(new InetSocketAddress(InetAddress.getByName(host), parsed.getPort())); // a literal: no lookup
            } catch (UnknownHostException e) {
                throw new GcsConfigException("dns.servers: '" + server + "' is not a valid IP address");
            }
        }
        return addresses;
    }
}
