package org.gcs;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.gcs.emulator.Topology;

/**
 * The configuration of one {@link GcsNode}. Immutable; build with {@link #builder()} or load with
 * {@link GcsConfigLoader}. Every setter validates at once and {@link Builder#build()} checks the
 * combination, so a bad configuration fails before anything starts, with a message that says what to change.
 *
 * <p>Only {@code site} and {@code clusterKey} are required. Defaults:
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>setting</th><th>default</th><th>meaning</th></tr>
 * <tr><td>memberName</td><td>host name + random suffix</td><td>unique name within the site</td></tr>
 * <tr><td>delegateEligible</td><td>true</td><td>may this member become the site's delegate</td></tr>
 * <tr><td>wanBind</td><td>0.0.0.0:7700</td><td>UDP address for WAN datagrams (used while delegate)</td></tr>
 * <tr><td>wanAdvertise</td><td>the bind address (127.0.0.1 for 0.0.0.0)</td><td>address other delegates use to
 *     reach this one, when it differs from the bind address (a container, NAT)</td></tr>
 * <tr><td>heartbeatInterval</td><td>1 s</td><td>how often a delegate announces its site to the others</td></tr>
 * <tr><td>siteTimeout</td><td>5 s</td><td>silence after which a remote site counts as gone</td></tr>
 * <tr><td>tickInterval</td><td>5 ms</td><td>protocol timer granularity (acks, NAKs, probes)</td></tr>
 * <tr><td>maxDatagramBytes</td><td>1400</td><td>largest WAN datagram; bigger messages are fragmented</td></tr>
 * <tr><td>maxMessageBytes</td><td>1 MiB</td><td>largest payload accepted by send</td></tr>
 * <tr><td>sendWindowBytes</td><td>1 MiB</td><td>payload bytes a member may have unacknowledged before send blocks</td></tr>
 * <tr><td>maxPendingSendBytes</td><td>4 MiB</td><td>bytes of sends that may wait for the window</td></tr>
 * <tr><td>deliveryBacklogBytes</td><td>16 MiB</td><td>received bytes waiting for listeners before the LAN is paused</td></tr>
 * <tr><td>treeStrategy</td><td>spt</td><td>how the overlay multicast tree is built: {@code spt} (shortest-path tree
 * from the most central site, fan-out bounded), {@code star} (every source sends to every site), {@code fixed:A-B,B-C}
 * (exactly these edges, for experiments), or a class name</td></tr>
 * <tr><td>maxFanOut</td><td>4</td><td>most children of a site in the tree</td></tr>
 * <tr><td>probeInterval</td><td>500 ms</td><td>how often a delegate probes its links (RTT, loss)</td></tr>
 * <tr><td>treeRefreshInterval</td><td>30 s</td><td>how often the tree is reconsidered for better link costs</td></tr>
 * <tr><td>congestionControl</td><td>tfrc</td><td>{@code tfrc}: TCP-friendly many-to-many rates (seed 004);
 * {@code ormcc}: the congestion representative's AIMD rate (seed 002); {@code none}: the send window only; or the
 * class name of an {@code org.gcs.cc.api.CongestionControl}</td></tr>
 * <tr><td>congestion parameters</td><td>none</td><td>{@code cc.<scheme>.<parameter>}, e.g. {@code cc.ormcc.beta};
 * each scheme documents its own and their defaults (TfrcSettings, OrmccSettings)</td></tr>
 * <tr><td>initialSendRate</td><td>128 KiB/s</td><td>a sender's rate before its first grant; the start of slow start</td></tr>
 * <tr><td>minSendRate</td><td>2 KiB/s</td><td>the lowest aggregate rate of a site for a group</td></tr>
 * </table>
 */
public final class GcsConfig {
    /** Default UDP port of the WAN socket. */
    public static final int DEFAULT_WAN_PORT = 7700;
    /** Smallest accepted cluster key, in bytes. */
    public static final int MIN_CLUSTER_KEY_BYTES = 16;

    private final String site;
    private final String memberName;
    private final boolean delegateEligible;
    private final LanConfig lan;
    private final String wanBindHost;
    private final int wanBindPort;
    private final String wanAdvertiseHost;
    private final int wanAdvertisePort;
    private final List<InetSocketAddress> seeds;
    private final byte[] clusterKey;
    private final Duration heartbeatInterval;
    private final Duration siteTimeout;
    private final Duration tickInterval;
    private final int maxDatagramBytes;
    private final int maxMessageBytes;
    private final long sendWindowBytes;
    private final long maxPendingSendBytes;
    private final long deliveryBacklogBytes;
    private final MeterRegistry meterRegistry;
    private final Topology linkEmulation;
    private final long emulationSeed;
    private final String treeStrategy;
    private final int maxFanOut;
    private final Duration probeInterval;
    private final Duration treeRefreshInterval;
    private final String congestionControl;
    private final java.util.Map<String, String> congestionParameters;
    private final long initialSendRateBytesPerSec;
    private final long minSendRateBytesPerSec;

    private GcsConfig(Builder b) {
        this.site = b.site;
        this.memberName = b.memberName != null ? b.memberName : defaultMemberName();
        this.delegateEligible = b.delegateEligible;
        this.lan = b.lan;
        this.wanBindHost = b.wanBindHost;
        this.wanBindPort = b.wanBindPort;
        this.wanAdvertiseHost = b.wanAdvertiseHost;
        this.wanAdvertisePort = b.wanAdvertisePort;
        this.seeds = List.copyOf(b.seeds);
        this.clusterKey = b.clusterKey.clone();
        this.heartbeatInterval = b.heartbeatInterval;
        this.siteTimeout = b.siteTimeout;
        this.tickInterval = b.tickInterval;
        this.maxDatagramBytes = b.maxDatagramBytes;
        this.maxMessageBytes = b.maxMessageBytes;
        this.sendWindowBytes = b.sendWindowBytes;
        this.maxPendingSendBytes = b.maxPendingSendBytes;
        this.deliveryBacklogBytes = b.deliveryBacklogBytes;
        this.meterRegistry = b.meterRegistry != null ? b.meterRegistry : new SimpleMeterRegistry();
        this.linkEmulation = b.linkEmulation;
        this.emulationSeed = b.emulationSeed;
        this.treeStrategy = b.treeStrategy;
        this.maxFanOut = b.maxFanOut;
        this.probeInterval = b.probeInterval;
        this.treeRefreshInterval = b.treeRefreshInterval;
        this.congestionControl = b.congestionControl;
        this.congestionParameters = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(b.congestionParameters));
        this.initialSendRateBytesPerSec = b.initialSendRateBytesPerSec;
        this.minSendRateBytesPerSec = b.minSendRateBytesPerSec;
    }

    /** @return a builder with the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this configuration's values */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.site = site;
        b.memberName = memberName;
        b.delegateEligible = delegateEligible;
        b.lan = lan;
        b.wanBindHost = wanBindHost;
        b.wanBindPort = wanBindPort;
        b.wanAdvertiseHost = wanAdvertiseHost;
        b.wanAdvertisePort = wanAdvertisePort;
        b.seeds.addAll(seeds);
        b.clusterKey = clusterKey.clone();
        b.heartbeatInterval = heartbeatInterval;
        b.siteTimeout = siteTimeout;
        b.tickInterval = tickInterval;
        b.maxDatagramBytes = maxDatagramBytes;
        b.maxMessageBytes = maxMessageBytes;
        b.sendWindowBytes = sendWindowBytes;
        b.maxPendingSendBytes = maxPendingSendBytes;
        b.deliveryBacklogBytes = deliveryBacklogBytes;
        b.meterRegistry = meterRegistry;
        b.linkEmulation = linkEmulation;
        b.emulationSeed = emulationSeed;
        b.treeStrategy = treeStrategy;
        b.maxFanOut = maxFanOut;
        b.probeInterval = probeInterval;
        b.treeRefreshInterval = treeRefreshInterval;
        b.congestionControl = congestionControl;
        b.congestionParameters.putAll(congestionParameters);
        b.initialSendRateBytesPerSec = initialSendRateBytesPerSec;
        b.minSendRateBytesPerSec = minSendRateBytesPerSec;
        return b;
    }

    private static String defaultMemberName() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "node";
        }
        String plain = host.replaceAll("[^A-Za-z0-9._-]", "-");
        if (plain.length() > 40) {
            plain = plain.substring(0, 40);
        }
        return plain + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffL);
    }

    /** @return the site (LAN cluster) this node belongs to */
    public String site() {
        return site;
    }

    /** @return this member's name within the site */
    public String memberName() {
        return memberName;
    }

    /** @return whether this member may become the site's delegate */
    public boolean delegateEligible() {
        return delegateEligible;
    }

    /** @return the LAN settings */
    public LanConfig lan() {
        return lan;
    }

    /** @return the host or address the WAN socket binds to */
    public String wanBindHost() {
        return wanBindHost;
    }

    /** @return the UDP port of the WAN socket (0: any free port) */
    public int wanBindPort() {
        return wanBindPort;
    }

    /** @return the host other delegates use to reach this one, or null to derive it from the bind address */
    public String wanAdvertiseHost() {
        return wanAdvertiseHost;
    }

    /** @return the port other delegates use to reach this one (meaningful with {@link #wanAdvertiseHost}) */
    public int wanAdvertisePort() {
        return wanAdvertisePort;
    }

    /** @return WAN addresses of other sites' delegates (or delegate candidates) to contact first */
    public List<InetSocketAddress> seeds() {
        return seeds;
    }

    /** @return a copy of the shared secret that authenticates every WAN datagram */
    public byte[] clusterKey() {
        return clusterKey.clone();
    }

    /** @return how often a delegate announces its site's state to the other delegates */
    public Duration heartbeatInterval() {
        return heartbeatInterval;
    }

    /** @return the silence after which a remote site is considered gone */
    public Duration siteTimeout() {
        return siteTimeout;
    }

    /** @return the protocol timer granularity */
    public Duration tickInterval() {
        return tickInterval;
    }

    /** @return the largest WAN datagram in bytes */
    public int maxDatagramBytes() {
        return maxDatagramBytes;
    }

    /** @return the largest payload a send accepts */
    public int maxMessageBytes() {
        return maxMessageBytes;
    }

    /** @return payload bytes a member may have in flight (not yet stable) before send blocks */
    public long sendWindowBytes() {
        return sendWindowBytes;
    }

    /** @return payload bytes of sends that may wait for the send window */
    public long maxPendingSendBytes() {
        return maxPendingSendBytes;
    }

    /** @return received payload bytes that may wait for listeners before the LAN receive path pauses */
    public long deliveryBacklogBytes() {
        return deliveryBacklogBytes;
    }

    /** @return where the node registers its meters */
    public MeterRegistry meterRegistry() {
        return meterRegistry;
    }

    /** @return the emulated WAN applied to this node's outgoing WAN datagrams, if any */
    public Optional<Topology> linkEmulation() {
        return Optional.ofNullable(linkEmulation);
    }

    /** @return the seed of the link emulator's random loss and jitter */
    public long emulationSeed() {
        return emulationSeed;
    }

    /** @return the overlay tree strategy: a built-in name ({@code spt}, {@code star}) or a class name */
    public String treeStrategy() {
        return treeStrategy;
    }

    /** @return the most children a site may have in the overlay tree */
    public int maxFanOut() {
        return maxFanOut;
    }

    /** @return how often a delegate probes the links to the other delegates */
    public Duration probeInterval() {
        return probeInterval;
    }

    /** @return how often the overlay tree is reconsidered for better link costs */
    public Duration treeRefreshInterval() {
        return treeRefreshInterval;
    }

    /**
     * @return the congestion-control scheme: {@code tfrc} (seed 004's TCP-friendly many-to-many rates), {@code ormcc}
     *     (seed 002), {@code none} (send window only), or a class name
     */
    public String congestionControl() {
        return congestionControl;
    }

    /** @return the schemes' parameters by full key ({@code cc.<scheme>.<parameter>}), sorted */
    public java.util.Map<String, String> congestionParameters() {
        return congestionParameters;
    }

    /**
     * @param initialRttNs the RTT the node assumes before measuring one
     * @param burstBytes the depth of the senders' token buckets
     * @return the settings the congestion-control scheme is built from
     */
    public org.gcs.cc.api.CcSettings ccSettings(long initialRttNs, long burstBytes) {
        return new org.gcs.cc.api.CcSettings(initialSendRateBytesPerSec, minSendRateBytesPerSec, burstBytes, initialRttNs,
                congestionParameters);
    }

    /** @return a sender's rate for a group before its first grant, and where slow start begins */
    public long initialSendRateBytesPerSec() {
        return initialSendRateBytesPerSec;
    }

    /** @return the lowest aggregate rate a site is held to for a group */
    public long minSendRateBytesPerSec() {
        return minSendRateBytesPerSec;
    }

    @Override
    public String toString() {
        return "GcsConfig[site=" + site + ", member=" + memberName + ", delegateEligible=" + delegateEligible
                + ", wan=" + wanBindHost + ":" + wanBindPort + ", seeds=" + seeds + ", lan=" + lan.transport()
                + ", emulation=" + (linkEmulation == null ? "off" : linkEmulation.name()) + "]";
    }

    /** Builder of {@link GcsConfig}. */
    public static final class Builder {
        private String site;
        private String memberName;
        private boolean delegateEligible = true;
        private LanConfig lan = LanConfig.defaults();
        private String wanBindHost = "0.0.0.0";
        private int wanBindPort = DEFAULT_WAN_PORT;
        private String wanAdvertiseHost;
        private int wanAdvertisePort;
        private final List<InetSocketAddress> seeds = new ArrayList<>();
        private byte[] clusterKey;
        private Duration heartbeatInterval = Duration.ofSeconds(1);
        private Duration siteTimeout = Duration.ofSeconds(5);
        private Duration tickInterval = Duration.ofMillis(5);
        private int maxDatagramBytes = 1400;
        private int maxMessageBytes = 1 << 20;
        private long sendWindowBytes = 1 << 20;
        private long maxPendingSendBytes = 4L << 20;
        private long deliveryBacklogBytes = 16L << 20;
        private MeterRegistry meterRegistry;
        private Topology linkEmulation;
        private long emulationSeed = 1;
        private String treeStrategy = "spt";
        private int maxFanOut = 4;
        private Duration probeInterval = Duration.ofMillis(500);
        private Duration treeRefreshInterval = Duration.ofSeconds(30);
        private String congestionControl = "tfrc";
        private final java.util.Map<String, String> congestionParameters = new java.util.TreeMap<>();
        private long initialSendRateBytesPerSec = 128 * 1024;
        private long minSendRateBytesPerSec = 2 * 1024;

        private Builder() {
        }

        /** @param site the site (LAN cluster) name; required */
        public Builder site(String site) {
            this.site = checkName("site", site);
            return this;
        }

        /** @param memberName this member's name, unique within its site */
        public Builder memberName(String memberName) {
            this.memberName = checkName("memberName", memberName);
            return this;
        }

        /** @param eligible false keeps this member from ever becoming the site's delegate */
        public Builder delegateEligible(boolean eligible) {
            this.delegateEligible = eligible;
            return this;
        }

        /** @param lan the LAN (JGroups) settings */
        public Builder lan(LanConfig lan) {
            this.lan = Objects.requireNonNull(lan, "lan");
            return this;
        }

        /**
         * @param host address to bind the WAN socket to, e.g. {@code 0.0.0.0} or {@code 127.0.0.1}
         * @param port UDP port, 0 for any free port
         */
        public Builder wanBind(String host, int port) {
            if (host == null || host.isBlank()) {
                throw new GcsConfigException("wanBind host must not be blank: use 0.0.0.0 for all interfaces");
            }
            if (port < 0 || port > 65_535) {
                throw new GcsConfigException("wanBind port must be in 0..65535 (0 = any free port), got " + port);
            }
            this.wanBindHost = host;
            this.wanBindPort = port;
            return this;
        }

        /**
         * The address other delegates use to reach this one, when it is not the bind address: a container bound to
         * {@code 0.0.0.0} is reached at its network's IP, a host behind NAT at its public address.
         *
         * @param host a host name or IP that the other delegates can reach
         * @param port the UDP port they send to, 1..65535
         */
        public Builder wanAdvertise(String host, int port) {
            if (host == null || host.isBlank()) {
                throw new GcsConfigException("wanAdvertise host must not be blank: give the address other"
                        + " delegates reach this one at, or leave wanAdvertise unset");
            }
            if (port < 1 || port > 65_535) {
                throw new GcsConfigException("wanAdvertise port must be in 1..65535, got " + port);
            }
            this.wanAdvertiseHost = host;
            this.wanAdvertisePort = port;
            return this;
        }

        /** @param seeds {@code host:port} WAN addresses of other sites' delegates */
        public Builder seeds(String... seeds) {
            return seeds(Arrays.asList(seeds));
        }

        /** @param seeds {@code host:port} WAN addresses of other sites' delegates */
        public Builder seeds(List<String> seeds) {
            this.seeds.clear();
            for (String seed : seeds) {
                this.seeds.add(HostPort.parse("seeds", seed));
            }
            return this;
        }

        /** @param seeds WAN addresses of other sites' delegates */
        public Builder seedAddresses(List<InetSocketAddress> seeds) {
            this.seeds.clear();
            this.seeds.addAll(seeds);
            return this;
        }

        /** @param key the shared secret of the cluster, at least 16 bytes; the same on every node */
        public Builder clusterKey(byte[] key) {
            if (key == null || key.length < MIN_CLUSTER_KEY_BYTES) {
                throw new GcsConfigException("clusterKey must have at least " + MIN_CLUSTER_KEY_BYTES
                        + " bytes: generate one, e.g. with `openssl rand -hex 32`, and give it to every node");
            }
            this.clusterKey = key.clone();
            return this;
        }

        /** @param secret the shared secret of the cluster as text (UTF-8), at least 16 bytes */
        public Builder clusterKey(String secret) {
            if (secret == null) {
                throw new GcsConfigException("clusterKey is required: every WAN datagram is authenticated with it;"
                        + " give every node the same secret of at least " + MIN_CLUSTER_KEY_BYTES + " bytes");
            }
            return clusterKey(secret.getBytes(StandardCharsets.UTF_8));
        }

        /** @param interval how often a delegate announces its site (10 ms – 60 s) */
        public Builder heartbeatInterval(Duration interval) {
            this.heartbeatInterval = checkDuration("heartbeatInterval", interval, Duration.ofMillis(10), Duration.ofSeconds(60));
            return this;
        }

        /** @param timeout silence after which a remote site is considered gone (50 ms – 10 min) */
        public Builder siteTimeout(Duration timeout) {
            this.siteTimeout = checkDuration("siteTimeout", timeout, Duration.ofMillis(50), Duration.ofMinutes(10));
            return this;
        }

        /** @param interval protocol timer granularity (1 ms – 100 ms) */
        public Builder tickInterval(Duration interval) {
            this.tickInterval = checkDuration("tickInterval", interval, Duration.ofMillis(1), Duration.ofMillis(100));
            return this;
        }

        /** @param bytes the largest WAN datagram (512 – 65000) */
        public Builder maxDatagramBytes(int bytes) {
            if (bytes < 512 || bytes > 65_000) {
                throw new GcsConfigException("maxDatagramBytes must be in 512..65000, got " + bytes
                        + " (1400 fits a 1500-byte Ethernet MTU)");
            }
            this.maxDatagramBytes = bytes;
            return this;
        }

        /** @param bytes the largest payload a send accepts (1 – 64 MiB) */
        public Builder maxMessageBytes(int bytes) {
            if (bytes < 1 || bytes > (64 << 20)) {
                throw new GcsConfigException("maxMessageBytes must be in 1..67108864 (64 MiB), got " + bytes);
            }
            this.maxMessageBytes = bytes;
            return this;
        }

        /** @param bytes payload bytes a member may have unacknowledged before send blocks (at least 1 KiB) */
        public Builder sendWindowBytes(long bytes) {
            if (bytes < 1024) {
                throw new GcsConfigException("sendWindowBytes must be at least 1024, got " + bytes);
            }
            this.sendWindowBytes = bytes;
            return this;
        }

        /** @param bytes payload bytes of sends that may wait for the window (at least 1 KiB) */
        public Builder maxPendingSendBytes(long bytes) {
            if (bytes < 1024) {
                throw new GcsConfigException("maxPendingSendBytes must be at least 1024, got " + bytes);
            }
            this.maxPendingSendBytes = bytes;
            return this;
        }

        /** @param bytes received bytes that may wait for listeners (at least 64 KiB) */
        public Builder deliveryBacklogBytes(long bytes) {
            if (bytes < 65_536) {
                throw new GcsConfigException("deliveryBacklogBytes must be at least 65536, got " + bytes);
            }
            this.deliveryBacklogBytes = bytes;
            return this;
        }

        /** @param registry where to register meters; default a private {@code SimpleMeterRegistry} */
        public Builder meterRegistry(MeterRegistry registry) {
            this.meterRegistry = Objects.requireNonNull(registry, "meterRegistry");
            return this;
        }

        /**
         * Emulates a WAN on this node's outgoing WAN datagrams (for tests and demos on one machine).
         *
         * @param topology the emulated links; this node's site must be one of its sites
         * @param seed seed of the random loss and jitter
         */
        public Builder linkEmulation(Topology topology, long seed) {
            this.linkEmulation = topology;
            this.emulationSeed = seed;
            return this;
        }

        /**
         * @param strategy how the overlay multicast tree is built: {@code spt}, {@code star}, or the class name of
         *                 an {@code org.gcs.alm.tree.TreeStrategy} with a public no-argument constructor
         */
        public Builder treeStrategy(String strategy) {
            try {
                org.gcs.alm.tree.TreeStrategies.byName(strategy);
            } catch (IllegalArgumentException e) {
                throw new GcsConfigException("treeStrategy: " + e.getMessage());
            }
            this.treeStrategy = strategy;
            return this;
        }

        /** @param fanOut the most children a site may have in the overlay tree (1 – 64) */
        public Builder maxFanOut(int fanOut) {
            if (fanOut < 1 || fanOut > 64) {
                throw new GcsConfigException("maxFanOut must be in 1..64, got " + fanOut);
            }
            this.maxFanOut = fanOut;
            return this;
        }

        /** @param interval how often a delegate probes its links (10 ms – 60 s) */
        public Builder probeInterval(Duration interval) {
            this.probeInterval = checkDuration("probeInterval", interval, Duration.ofMillis(10), Duration.ofSeconds(60));
            return this;
        }

        /** @param interval how often the tree is reconsidered for better link costs (1 s – 1 h) */
        public Builder treeRefreshInterval(Duration interval) {
            this.treeRefreshInterval = checkDuration("treeRefreshInterval", interval, Duration.ofSeconds(1),
                    Duration.ofHours(1));
            return this;
        }

        /**
         * @param controller the congestion-control scheme: {@code tfrc} (default: seed 004's TCP-friendly many-to-many
         *     rates), {@code ormcc} (seed 002's congestion representative), {@code none} (the send window only), or
         *     the fully-qualified name of an {@code org.gcs.cc.api.CongestionControl} with a public constructor
         *     taking {@code CcSettings} (checked with the parameters when the configuration is built)
         */
        public Builder congestionControl(String controller) {
            if (controller == null || controller.isBlank()) {
                throw new GcsConfigException("congestionControl must not be blank: use one of "
                        + org.gcs.cc.CongestionControls.builtInNames() + " or a class name");
            }
            String name = controller.strip();
            if (!org.gcs.cc.CongestionControls.builtInNames().contains(name)) {
                try {
                    org.gcs.cc.CongestionControls.create(name, org.gcs.cc.api.CcSettings.DEFAULTS);
                } catch (IllegalArgumentException e) {
                    throw new GcsConfigException("congestionControl: " + e.getMessage());
                }
            }
            this.congestionControl = name;
            return this;
        }

        /**
         * Sets one parameter of a congestion-control scheme; checked with the scheme when the configuration is built.
         *
         * @param key {@code cc.<scheme>.<parameter>}, e.g. {@code cc.ormcc.beta}
         * @param value its value, e.g. {@code 0.75}, {@code 1s}
         */
        public Builder congestionParameter(String key, String value) {
            if (key == null || !key.matches("cc\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9._-]+")) {
                throw new GcsConfigException("a congestion-control parameter is written cc.<scheme>.<parameter>, e.g."
                        + " cc.ormcc.beta; got '" + key + "'");
            }
            if (value == null || value.isBlank()) {
                throw new GcsConfigException(key + " must not be blank");
            }
            congestionParameters.put(key, value.strip());
            return this;
        }

        /**
         * Sets a scheme's parameters from its settings record, e.g. {@code OrmccSettings.DEFAULTS.withBeta(0.75)}.
         *
         * @param settings the scheme's settings
         */
        public Builder congestionSettings(org.gcs.cc.api.SchemeSettings settings) {
            java.util.Objects.requireNonNull(settings, "settings");
            settings.toParameters().forEach((key, value) -> congestionParameter("cc." + settings.scheme() + "." + key,
                    value));
            return this;
        }

        /** @param bytesPerSec a sender's rate before its first grant, and the start of slow start (at least 1 KiB/s) */
        public Builder initialSendRate(long bytesPerSec) {
            if (bytesPerSec < 1024) {
                throw new GcsConfigException("initialSendRate must be at least 1024 bytes/s, got " + bytesPerSec);
            }
            this.initialSendRateBytesPerSec = bytesPerSec;
            return this;
        }

        /** @param bytesPerSec the lowest aggregate rate of a site for a group (at least 128 bytes/s) */
        public Builder minSendRate(long bytesPerSec) {
            if (bytesPerSec < 128) {
                throw new GcsConfigException("minSendRate must be at least 128 bytes/s, got " + bytesPerSec);
            }
            this.minSendRateBytesPerSec = bytesPerSec;
            return this;
        }

        /**
         * @return the configuration
         * @throws GcsConfigException if a required setting is missing or settings contradict each other
         */
        public GcsConfig build() {
            if (site == null) {
                throw new GcsConfigException("site is required: name the LAN cluster this node belongs to,"
                        + " e.g. builder.site(\"boston\")");
            }
            if (clusterKey == null) {
                throw new GcsConfigException("clusterKey is required: every WAN datagram is authenticated with it;"
                        + " give every node the same secret of at least " + MIN_CLUSTER_KEY_BYTES + " bytes");
            }
            if (siteTimeout.compareTo(heartbeatInterval.multipliedBy(2)) < 0) {
                throw new GcsConfigException("siteTimeout (" + siteTimeout + ") must be at least twice heartbeatInterval ("
                        + heartbeatInterval + "), or a single lost heartbeat would drop a site");
            }
            if (maxPendingSendBytes < maxMessageBytes) {
                throw new GcsConfigException("maxPendingSendBytes (" + maxPendingSendBytes
                        + ") must be at least maxMessageBytes (" + maxMessageBytes + ")");
            }
            if (minSendRateBytesPerSec > initialSendRateBytesPerSec) {
                throw new GcsConfigException("minSendRate (" + minSendRateBytesPerSec + ") must not exceed initialSendRate ("
                        + initialSendRateBytesPerSec + ")");
            }
            try {
                org.gcs.cc.CongestionControls.create(congestionControl, new org.gcs.cc.api.CcSettings(
                        initialSendRateBytesPerSec, minSendRateBytesPerSec, 64 * 1024, 300_000_000L,
                        congestionParameters));
            } catch (IllegalArgumentException e) {
                throw new GcsConfigException("congestion control '" + congestionControl + "': " + e.getMessage());
            }
            if (linkEmulation != null && !linkEmulation.sites().contains(site)) {
                throw new GcsConfigException("site '" + site + "' is not in the emulated topology '" + linkEmulation.name()
                        + "' (sites: " + linkEmulation.sites() + "): pick one of those site names");
            }
            return new GcsConfig(this);
        }

        private static String checkName(String setting, String name) {
            if (!Names.isValid(name)) {
                throw new GcsConfigException(setting + " '" + name + "' is not valid: use 1 to " + Names.MAX_LENGTH
                        + " characters from A-Z a-z 0-9 . _ -");
            }
            return name;
        }

        private static Duration checkDuration(String setting, Duration value, Duration min, Duration max) {
            if (value == null || value.compareTo(min) < 0 || value.compareTo(max) > 0) {
                throw new GcsConfigException(setting + " must be between " + min + " and " + max + ", got " + value);
            }
            return value;
        }
    }
}
