package org.gcs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a node joins its site's LAN cluster (JGroups). Immutable; build with {@link #builder()}.
 *
 * <p>Several sites may run on one machine: each site gets its own cluster name and, by default, its own
 * multicast port derived from the site name, so they do not hear each other.
 */
public final class LanConfig {
    /** Default IP multicast group of the UDP transport. */
    public static final String DEFAULT_MCAST_ADDRESS = "239.7.7.7";
    /** Default TCP listening port of the TCP transport. */
    public static final int DEFAULT_TCP_PORT = 7800;
    /** Lowest multicast port chosen from a site name when none is configured. */
    public static final int DERIVED_MCAST_PORT_BASE = 46_000;
    /** Number of multicast ports the derived port is spread over. */
    public static final int DERIVED_MCAST_PORT_RANGE = 2_000;

    private final LanTransport transport;
    private final String bindAddress;
    private final String mcastAddress;
    private final int mcastPort;
    private final int tcpPort;
    private final List<String> tcpInitialHosts;
    private final String dnsQuery;
    private final String clusterName;
    private final Duration joinTimeout;
    private final LanProtection protection;

    private LanConfig(Builder b) {
        this.transport = b.transport;
        this.bindAddress = b.bindAddress;
        this.mcastAddress = b.mcastAddress;
        this.mcastPort = b.mcastPort;
        this.tcpPort = b.tcpPort;
        this.tcpInitialHosts = List.copyOf(b.tcpInitialHosts);
        this.dnsQuery = b.dnsQuery;
        this.clusterName = b.clusterName;
        this.joinTimeout = b.joinTimeout;
        this.protection = b.protection;
    }

    /** The properties keys of the LAN settings. */
    public static final java.util.Set<String> KEYS = java.util.Set.of("lan.transport", "lan.bind.address",
            "lan.mcast.address", "lan.mcast.port", "lan.tcp.port", "lan.tcp.initial.hosts", "lan.cluster.name",
            "lan.join.timeout", "lan.protection", "lan.dns.query");

    /** @return a builder with the defaults (UDP multicast) */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding these settings */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.transport = transport;
        b.bindAddress = bindAddress;
        b.mcastAddress = mcastAddress;
        b.mcastPort = mcastPort;
        b.tcpPort = tcpPort;
        b.tcpInitialHosts.addAll(tcpInitialHosts);
        b.dnsQuery = dnsQuery;
        b.clusterName = clusterName;
        b.joinTimeout = joinTimeout;
        b.protection = protection;
        return b;
    }

    /** @return the defaults: UDP multicast, JGroups' choice of interface, ports derived from the site name */
    public static LanConfig defaults() {
        return builder().build();
    }

    /** @return UDP (multicast) or TCP (static member list) */
    public LanTransport transport() {
        return transport;
    }

    /** @return the local address to bind, if configured (otherwise JGroups picks a site-local or loopback one) */
    public Optional<String> bindAddress() {
        return Optional.ofNullable(bindAddress);
    }

    /** @return the IP multicast group (UDP transport) */
    public String mcastAddress() {
        return mcastAddress;
    }

    /**
     * @param site the site name
     * @return the multicast port: the configured one, or one derived from the site name
     */
    public int mcastPortFor(String site) {
        return mcastPort > 0 ? mcastPort
                : DERIVED_MCAST_PORT_BASE + Math.floorMod(site.hashCode(), DERIVED_MCAST_PORT_RANGE);
    }

    /** @return the TCP listening port (TCP transport) */
    public int tcpPort() {
        return tcpPort;
    }

    /** @return {@code host:port} of the site's members (TCP transport) */
    public List<String> tcpInitialHosts() {
        return tcpInitialHosts;
    }

    /**
     * @return the DNS name whose records list the site's members (TCP transport, JGroups' DNS_PING: A records at
     *     {@link #tcpPort}, or SRV records for a name that starts with {@code _}), if configured
     */
    public Optional<String> dnsQuery() {
        return Optional.ofNullable(dnsQuery);
    }

    /**
     * @param site the site name
     * @return the JGroups cluster name: the configured one, or {@code gcs-<site>}
     */
    public String clusterNameFor(String site) {
        return clusterName != null ? clusterName : "gcs-" + site;
    }

    /** @return how long a new member looks for an existing cluster before it founds one */
    public Duration joinTimeout() {
        return joinTimeout;
    }

    /** @return how the LAN cluster is protected: AES-GCM under a key derived from the cluster key (default), or not */
    public LanProtection protection() {
        return protection;
    }

    /** Builder of {@link LanConfig}; every setter validates its argument. */
    public static final class Builder {
        private LanTransport transport = LanTransport.UDP;
        private String bindAddress;
        private String mcastAddress = DEFAULT_MCAST_ADDRESS;
        private int mcastPort = -1;
        private int tcpPort = DEFAULT_TCP_PORT;
        private final List<String> tcpInitialHosts = new ArrayList<>();
        private String dnsQuery;
        private String clusterName;
        private Duration joinTimeout = Duration.ofSeconds(1);
        private LanProtection protection = LanProtection.AES_GCM;

        private Builder() {
        }

        /** @param transport UDP (multicast, default) or TCP (static member list) */
        public Builder transport(LanTransport transport) {
            this.transport = ConfigChecks.required("lan.transport", transport);
            return this;
        }

        /** @param bindAddress the LAN interface address to bind, e.g. {@code 127.0.0.1} for a single machine */
        public Builder bindAddress(String bindAddress) {
            if (bindAddress != null && bindAddress.isBlank()) {
                throw new GcsConfigException("lan.bindAddress must not be blank: give an IP address or leave it unset");
            }
            this.bindAddress = bindAddress;
            return this;
        }

        /** @param mcastAddress IP multicast group for the UDP transport, e.g. {@code 239.7.7.7} */
        public Builder mcastAddress(String mcastAddress) {
            if (mcastAddress == null || mcastAddress.isBlank()) {
                throw new GcsConfigException("lan.mcastAddress must be an IP multicast address such as 239.7.7.7");
            }
            this.mcastAddress = mcastAddress;
            return this;
        }

        /** @param mcastPort UDP multicast port (1024–65535); unset derives one from the site name */
        public Builder mcastPort(int mcastPort) {
            if (mcastPort < 1024 || mcastPort > 65_535) {
                throw new GcsConfigException("lan.mcastPort must be in 1024..65535, got " + mcastPort
                        + ": give a port in that range, or leave it out for one derived from the site name");
            }
            this.mcastPort = mcastPort;
            return this;
        }

        /** @param tcpPort TCP listening port for the TCP transport (1–65535) */
        public Builder tcpPort(int tcpPort) {
            if (tcpPort < 1 || tcpPort > 65_535) {
                throw new GcsConfigException("lan.tcpPort must be in 1..65535, got " + tcpPort
                        + ": give a port in that range, or leave it out for the default " + DEFAULT_TCP_PORT);
            }
            this.tcpPort = tcpPort;
            return this;
        }

        /** @param hosts the site's members as {@code host:port} (TCP transport) */
        public Builder tcpInitialHosts(List<String> hosts) {
            tcpInitialHosts.clear();
            for (String host : hosts) {
                HostPort.parse("lan.tcpInitialHosts", host);
                tcpInitialHosts.add(host.trim());
            }
            return this;
        }

        /**
         * @param name the DNS name whose records list the site's members, instead of {@code lan.tcpInitialHosts}
         *     (TCP transport): A records, the members at {@code lan.tcpPort}, such as a Kubernetes headless service
         *     ({@code gcs-boston.default.svc.cluster.local}); or SRV records, for a name that starts with {@code _}.
         *     The servers of {@code dns.servers} answer, or the system's.
         */
        public Builder dnsQuery(String name) {
            if (name == null || name.isBlank() || name.strip().contains(" ")) {
                throw new GcsConfigException("lan.dnsQuery must be a DNS name such as"
                        + " gcs-boston.default.svc.cluster.local, got '" + name + "'");
            }
            this.dnsQuery = name.strip();
            return this;
        }

        /** @param clusterName JGroups cluster name; default {@code gcs-<site>} */
        public Builder clusterName(String clusterName) {
            if (clusterName == null || clusterName.isBlank()) {
                throw new GcsConfigException("lan.clusterName must not be blank: leave it unset for gcs-<site>");
            }
            this.clusterName = clusterName;
            return this;
        }

        /** @param joinTimeout how long to look for an existing cluster (100 ms – 60 s; default 1 s) */
        public Builder joinTimeout(Duration joinTimeout) {
            if (joinTimeout == null || joinTimeout.toMillis() < 100 || joinTimeout.toSeconds() > 60) {
                throw new GcsConfigException("lan.joinTimeout must be between 100ms and 60s, got "
                        + Quantities.format(joinTimeout) + ": give a duration in that range, or leave it out for the"
                        + " default 1s");
            }
            this.joinTimeout = joinTimeout;
            return this;
        }

        /**
         * @param protection {@link LanProtection#AES_GCM} (default: only holders of the cluster key join, traffic
         *        encrypted) or {@link LanProtection#NONE} (measurements and old setups; logged at WARN at start)
         */
        public Builder protection(LanProtection protection) {
            this.protection = ConfigChecks.required("lan.protection", protection);
            return this;
        }

        /**
         * Sets one setting as written in a node's properties file; the combination is checked by {@link #build()}.
         *
         * @param key one of {@link LanConfig#KEYS}
         * @param value its value, e.g. {@code tcp} or {@code 127.0.0.1}
         * @return this builder
         * @throws GcsConfigException naming the key if the value is invalid
         */
        public Builder set(String key, String value) {
            String v = value.strip();
            switch (key) {
                case "lan.transport" -> transport(LanTransport.parse(v));
                case "lan.bind.address" -> bindAddress(v);
                case "lan.mcast.address" -> mcastAddress(v);
                case "lan.mcast.port" -> mcastPort(SettingValues.integer(key, v));
                case "lan.tcp.port" -> tcpPort(SettingValues.integer(key, v));
                case "lan.tcp.initial.hosts" -> tcpInitialHosts(SettingValues.list(v));
                case "lan.cluster.name" -> clusterName(v);
                case "lan.join.timeout" -> joinTimeout(SettingValues.duration(key, v));
                case "lan.protection" -> protection(LanProtection.parse(v));
                case "lan.dns.query" -> dnsQuery(v);
                default -> throw ConfigChecks.notOurs(key, KEYS);
            }
            return this;
        }

        /** @return the configuration */
        public LanConfig build() {
            if (transport == LanTransport.TCP && tcpInitialHosts.isEmpty() && dnsQuery == null) {
                throw new GcsConfigException("lan.transport=TCP needs lan.tcpInitialHosts: list the site's members"
                        + " as host:port (this node included), or give lan.dnsQuery, a DNS name that lists them");
            }
            if (dnsQuery != null && transport != LanTransport.TCP) {
                throw new GcsConfigException("lan.dnsQuery needs lan.transport=TCP: members found through DNS talk"
                        + " over TCP (the UDP transport finds them by IP multicast)");
            }
            if (dnsQuery != null && !tcpInitialHosts.isEmpty()) {
                throw new GcsConfigException("give lan.dnsQuery or lan.tcpInitialHosts, not both: each is a way to"
                        + " find the site's members");
            }
            return new LanConfig(this);
        }
    }
}
