package org.gcs;

import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.gcs.cc.CongestionControls;
import org.gcs.cc.api.CcSettings;
import org.gcs.emulator.Topology;

/**
 * Builder of {@link GcsConfig} ({@link GcsConfig#builder()}, {@link GcsConfig#toBuilder()}): holds the settings while
 * they are assembled, validates each as it is set and the combination at {@link #build()}. Not thread-safe.
 */
public final class GcsConfigBuilder {
    String site;
    String memberName;
    boolean delegateEligible = true;
    LanConfig lan = LanConfig.defaults();
    String wanBindHost = "0.0.0.0";
    int wanBindPort = GcsConfig.DEFAULT_WAN_PORT;
    String wanAdvertiseHost;
    int wanAdvertisePort;
    final List<InetSocketAddress> seeds = new ArrayList<>();
    ClusterKeys clusterKeys;
    String clusterKeySetting = "cluster.key";
    java.nio.file.Path clusterKeyFile;
    WanProtection wanProtection = WanProtection.AES_GCM;
    String wanIo = "auto";
    Duration replayMaxAge = Duration.ofSeconds(60);
    boolean testNode;
    Duration heartbeatInterval = Duration.ofSeconds(1);
    Duration siteTimeout = Duration.ofSeconds(5);
    Duration tickInterval = Duration.ofMillis(5);
    int maxDatagramBytes = 1400;
    int maxMessageBytes = 1 << 20;
    long sendWindowBytes = 4 << 20;
    long maxPendingSendBytes = 4L << 20;
    long deliveryBacklogBytes = 16L << 20;
    Duration memberStallTimeout = DEFAULT_MEMBER_STALL_TIMEOUT;
    final Map<String, Duration> memberStallTimeouts = new TreeMap<>();
    MeterRegistry meterRegistry;
    Topology linkEmulation;
    long emulationSeed = 1;
    String treeStrategy = "spt";
    int maxFanOut = 4;
    Duration probeInterval = Duration.ofMillis(500);
    Duration treeRefreshInterval = Duration.ofSeconds(30);
    /** null until set: the transport's default controller ({@code tfrc} end to end, {@code none} hop by hop). */
    String congestionControl;
    org.gcs.internal.engine.TransportSettings transport = org.gcs.internal.engine.TransportSettings.END_TO_END;
    final Map<String, String> congestionParameters = new TreeMap<>();
    long initialSendRateBytesPerSec = 128 * 1024;
    long minSendRateBytesPerSec = 2 * 1024;

    /** The default bound of the member stall policy: 10 s. */
    public static final Duration DEFAULT_MEMBER_STALL_TIMEOUT = Duration.ofSeconds(10);
    /** The shortest bound of the member stall policy: shorter would exclude members for a garbage-collection pause. */
    public static final Duration MIN_MEMBER_STALL_TIMEOUT = Duration.ofMillis(500);
    /** The longest bound of the member stall policy: a group is never held back for ever. */
    public static final Duration MAX_MEMBER_STALL_TIMEOUT = Duration.ofHours(1);

    GcsConfigBuilder() {
    }

    /** @param site the site (LAN cluster) name; required */
    public GcsConfigBuilder site(String site) {
        this.site = checkName("site", site);
        return this;
    }

    /** @param memberName this member's name, unique within its site */
    public GcsConfigBuilder memberName(String memberName) {
        this.memberName = checkName("memberName", memberName);
        return this;
    }

    /** @param eligible false keeps this member from ever becoming the site's delegate */
    public GcsConfigBuilder delegateEligible(boolean eligible) {
        this.delegateEligible = eligible;
        return this;
    }

    /** @param lan the LAN (JGroups) settings */
    public GcsConfigBuilder lan(LanConfig lan) {
        this.lan = Objects.requireNonNull(lan, "lan");
        return this;
    }

    /**
     * @param host address to bind the WAN socket to, e.g. {@code 0.0.0.0} or {@code 127.0.0.1}
     * @param port UDP port, 0 for any free port
     */
    public GcsConfigBuilder wanBind(String host, int port) {
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
    public GcsConfigBuilder wanAdvertise(String host, int port) {
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
    public GcsConfigBuilder seeds(String... seeds) {
        return seeds(Arrays.asList(seeds));
    }

    /** @param seeds {@code host:port} WAN addresses of other sites' delegates */
    public GcsConfigBuilder seeds(List<String> seeds) {
        this.seeds.clear();
        for (String seed : seeds) {
            this.seeds.add(HostPort.parse("seeds", seed));
        }
        return this;
    }

    /** @param seeds WAN addresses of other sites' delegates */
    public GcsConfigBuilder seedAddresses(List<InetSocketAddress> seeds) {
        this.seeds.clear();
        this.seeds.addAll(seeds);
        return this;
    }

    /**
     * @param key the shared secret of the cluster, at least 16 bytes; the same on every node; key id 0 of a ring of one
     *     key (use {@link #clusterKeys} for several)
     */
    public GcsConfigBuilder clusterKey(byte[] key) {
        if (key == null || key.length < GcsConfig.MIN_CLUSTER_KEY_BYTES) {
            throw new GcsConfigException("clusterKey must have at least " + GcsConfig.MIN_CLUSTER_KEY_BYTES
                    + " bytes: generate one, e.g. with `openssl rand -hex 32`, and give it to every node");
        }
        this.clusterKeys = ClusterKeys.single(key);
        this.clusterKeySetting = "cluster.key";
        this.clusterKeyFile = null;
        return this;
    }

    /** @param secret the shared secret of the cluster as text (UTF-8), at least 16 bytes */
    public GcsConfigBuilder clusterKey(String secret) {
        if (secret == null) {
            throw new GcsConfigException("clusterKey is required: every WAN datagram is authenticated with it;"
                    + " give every node the same secret of at least " + GcsConfig.MIN_CLUSTER_KEY_BYTES + " bytes");
        }
        return clusterKey(secret.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param keys a key ring: every key is accepted on receipt, the send key protects what this node sends (rotation
     *     without a restart: {@link GcsNode#updateKeys})
     */
    public GcsConfigBuilder clusterKeys(ClusterKeys keys) {
        this.clusterKeys = java.util.Objects.requireNonNull(keys, "keys");
        this.clusterKeySetting = "clusterKeys";
        this.clusterKeyFile = null;
        return this;
    }

    /**
     * @param file a key file ({@code key.<id> = <hex>} lines and {@code send.key = <id>}, see {@link ClusterKeys}),
     *     read now; {@code gcs node} reads it again when it changes
     */
    public GcsConfigBuilder clusterKeyFile(java.nio.file.Path file) {
        this.clusterKeys = ClusterKeys.load(file);
        this.clusterKeySetting = "cluster.key.file " + file;
        this.clusterKeyFile = file;
        return this;
    }

    /**
     * @param io the WAN socket's transport: {@code auto} (default: Netty's epoll transport where it works, which sends
     *     a flush's datagrams with one sendmmsg and reads several with one recvmmsg; else NIO), {@code epoll} (fail
     *     at start if unavailable) or {@code nio}
     */
    public GcsConfigBuilder wanIo(String io) {
        java.util.Objects.requireNonNull(io, "io");
        String value = io.trim().toLowerCase(java.util.Locale.ROOT);
        if (!java.util.Set.of("auto", "epoll", "nio").contains(value)) {
            throw new GcsConfigException("wan.io must be auto, epoll or nio, not '" + io + "'");
        }
        this.wanIo = value;
        return this;
    }

    /** @param protection {@code AES_GCM} (default: encrypted and authenticated) or {@code INTEGRITY} (authenticated) */
    public GcsConfigBuilder wanProtection(WanProtection protection) {
        this.wanProtection = java.util.Objects.requireNonNull(protection, "protection");
        return this;
    }

    /**
     * @param maxAge the most a WAN datagram's send time may differ from this node's clock (1 s – 1 h, default 60 s):
     *     older ones are refused as replays; the sites' clocks must agree within it
     */
    public GcsConfigBuilder replayMaxAge(Duration maxAge) {
        this.replayMaxAge = checkDuration("replayMaxAge", maxAge, Duration.ofSeconds(1), Duration.ofHours(1));
        return this;
    }

    /** @param test whether this node is a test, which allows weak and published example keys (default false) */
    public GcsConfigBuilder testNode(boolean test) {
        this.testNode = test;
        return this;
    }

    /** @param interval how often a delegate announces its site (10 ms – 60 s) */
    public GcsConfigBuilder heartbeatInterval(Duration interval) {
        this.heartbeatInterval = checkDuration("heartbeatInterval", interval, Duration.ofMillis(10), Duration.ofSeconds(60));
        return this;
    }

    /** @param timeout silence after which a remote site is considered gone (50 ms – 10 min) */
    public GcsConfigBuilder siteTimeout(Duration timeout) {
        this.siteTimeout = checkDuration("siteTimeout", timeout, Duration.ofMillis(50), Duration.ofMinutes(10));
        return this;
    }

    /** @param interval protocol timer granularity (1 ms – 100 ms) */
    public GcsConfigBuilder tickInterval(Duration interval) {
        this.tickInterval = checkDuration("tickInterval", interval, Duration.ofMillis(1), Duration.ofMillis(100));
        return this;
    }

    /** The smallest {@code max.datagram.bytes}: a data packet's header with names of the longest legal length and the
     * largest congestion-control block is about 750 bytes, and every fragment must still carry payload. */
    public static final int MIN_DATAGRAM_BYTES = 1024;

    /** @param bytes the largest WAN datagram (1024 – 65000) */
    public GcsConfigBuilder maxDatagramBytes(int bytes) {
        if (bytes < MIN_DATAGRAM_BYTES || bytes > 65_000) {
            throw new GcsConfigException("maxDatagramBytes (max.datagram.bytes) must be in " + MIN_DATAGRAM_BYTES
                    + "..65000, got " + bytes + " (1400 fits a 1500-byte Ethernet MTU; below " + MIN_DATAGRAM_BYTES
                    + " a data packet's header with long names leaves no room for payload)");
        }
        this.maxDatagramBytes = bytes;
        return this;
    }

    /** @param bytes the largest payload a send accepts (1 – 64 MiB) */
    public GcsConfigBuilder maxMessageBytes(int bytes) {
        if (bytes < 1 || bytes > (64 << 20)) {
            throw new GcsConfigException("maxMessageBytes must be in 1..67108864 (64 MiB), got " + bytes);
        }
        this.maxMessageBytes = bytes;
        return this;
    }

    /** @param bytes payload bytes a member may have unacknowledged before send blocks (at least 1 KiB) */
    public GcsConfigBuilder sendWindowBytes(long bytes) {
        if (bytes < 1024) {
            throw new GcsConfigException("sendWindowBytes must be at least 1024, got " + bytes);
        }
        this.sendWindowBytes = bytes;
        return this;
    }

    /** @param bytes payload bytes of sends that may wait for the window (at least 1 KiB) */
    public GcsConfigBuilder maxPendingSendBytes(long bytes) {
        if (bytes < 1024) {
            throw new GcsConfigException("maxPendingSendBytes must be at least 1024, got " + bytes);
        }
        this.maxPendingSendBytes = bytes;
        return this;
    }

    /** @param bytes received bytes that may wait for listeners (at least 64 KiB) */
    public GcsConfigBuilder deliveryBacklogBytes(long bytes) {
        if (bytes < 65_536) {
            throw new GcsConfigException("deliveryBacklogBytes must be at least 65536, got " + bytes);
        }
        this.deliveryBacklogBytes = bytes;
        return this;
    }

    /**
     * The member stall policy of this member, for every group without its own bound: when its listeners do not keep
     * up, its delivery backlog ({@link #deliveryBacklogBytes}) fills and every sender of every site waits for it; after
     * this long the member is excluded from each group that has messages waiting for its listeners. Those messages
     * are dropped here, the application is told ({@link ViewListener#onExcluded}, a WARN line, and
     * {@link NotJoinedException} on its next send), and it may join again. Key {@code member.stall.timeout}.
     *
     * @param timeout between 500 ms and 1 h (default 10 s)
     */
    public GcsConfigBuilder memberStallTimeout(Duration timeout) {
        this.memberStallTimeout = checkDuration("member.stall.timeout", timeout, MIN_MEMBER_STALL_TIMEOUT,
                MAX_MEMBER_STALL_TIMEOUT);
        return this;
    }

    /**
     * The member stall policy for one group (see {@link #memberStallTimeout(Duration)}): e.g. a short bound for a
     * chat group that must never wait for one slow screen, a long one for a group whose members must all see
     * everything. Key {@code member.stall.timeout.<group>}.
     *
     * @param group the group
     * @param timeout between 500 ms and 1 h
     */
    public GcsConfigBuilder memberStallTimeout(String group, Duration timeout) {
        checkName("group", group);
        memberStallTimeouts.put(group, checkDuration("member.stall.timeout." + group, timeout,
                MIN_MEMBER_STALL_TIMEOUT, MAX_MEMBER_STALL_TIMEOUT));
        return this;
    }

    /**
     * The registry that receives the node's meters from the start (names: {@link org.gcs.metrics.GcsMeters}); more
     * registries can be bound to a running node with {@link org.gcs.metrics.GcsMetrics#binder}.
     *
     * @param registry where to register meters; default a private {@code SimpleMeterRegistry}
     */
    public GcsConfigBuilder meterRegistry(MeterRegistry registry) {
        this.meterRegistry = Objects.requireNonNull(registry, "meterRegistry");
        return this;
    }

    /**
     * Emulates a WAN on this node's outgoing WAN datagrams (for tests and demos on one machine).
     *
     * @param topology the emulated links; this node's site must be one of its sites
     * @param seed seed of the random loss and jitter
     */
    public GcsConfigBuilder linkEmulation(Topology topology, long seed) {
        this.linkEmulation = topology;
        this.emulationSeed = seed;
        return this;
    }

    /**
     * @param strategy how the overlay multicast tree is built: {@code spt}, {@code star}, or the class name of
     *                 an {@code org.gcs.alm.tree.TreeStrategy} with a public no-argument constructor
     */
    public GcsConfigBuilder treeStrategy(String strategy) {
        try {
            org.gcs.alm.tree.TreeStrategies.byName(strategy);
        } catch (IllegalArgumentException e) {
            throw new GcsConfigException("treeStrategy: " + e.getMessage());
        }
        this.treeStrategy = strategy;
        return this;
    }

    /** @param fanOut the most children a site may have in the overlay tree (1 – 64) */
    public GcsConfigBuilder maxFanOut(int fanOut) {
        if (fanOut < 1 || fanOut > 64) {
            throw new GcsConfigException("maxFanOut must be in 1..64, got " + fanOut);
        }
        this.maxFanOut = fanOut;
        return this;
    }

    /** @param interval how often a delegate probes its links (10 ms – 60 s) */
    public GcsConfigBuilder probeInterval(Duration interval) {
        this.probeInterval = checkDuration("probeInterval", interval, Duration.ofMillis(10), Duration.ofSeconds(60));
        return this;
    }

    /** @param interval how often the tree is reconsidered for better link costs (1 s – 1 h) */
    public GcsConfigBuilder treeRefreshInterval(Duration interval) {
        this.treeRefreshInterval = checkDuration("treeRefreshInterval", interval, Duration.ofSeconds(1),
                Duration.ofHours(1));
        return this;
    }

    /**
     * @param name how data crosses the WAN: {@code end-to-end} (default: UDP along the tree, loss repaired by the
     *     sending delegate; seeds 004 and 002) or {@code hop-by-hop} (a reliable, back-pressured link per tree edge with
     *     backup buffers; seeds 001 and 003). Each takes its own congestion controllers (see
     *     {@link #congestionControl(String)})
     */
    public GcsConfigBuilder wanTransport(String name) {
        return transportSetting("wan.transport", name);
    }

    /**
     * Sizes the buffers of the hop-by-hop transport's links (seed 001's B_OUT and B_IN; defaults 50 and 50).
     *
     * @param outputPackets B_OUT, the output buffer per outgoing tree edge, in packets
     * @param inputPackets B_IN, the input buffer per incoming tree edge, in packets
     */
    public GcsConfigBuilder hopBuffers(int outputPackets, int inputPackets) {
        transportSetting("hop.output.packets", Integer.toString(outputPackets));
        return transportSetting("hop.input.packets", Integer.toString(inputPackets));
    }

    /**
     * @param failures r, the consecutive relay failures the hop-by-hop backup buffer covers (default 1): each delegate
     *     keeps B_back = r·(B_IN + B_OUT) + B_OUT packets (seed 001 Theorem 2)
     */
    public GcsConfigBuilder hopBackupFailures(int failures) {
        return transportSetting("hop.backup.failures", Integer.toString(failures));
    }

    /**
     * @param timeout how long a hop-by-hop copy-out waits for a next hop that acknowledges nothing before it drops
     *     the packet for that hop only (default 2 s; longer than the links' 1-s window probe)
     */
    public GcsConfigBuilder hopStallTimeout(Duration timeout) {
        java.util.Objects.requireNonNull(timeout, "timeout");
        return transportSetting("hop.stall.timeout", timeout.toMillis() + "ms");
    }

    /**
     * @param enabled whether the sending delegate's end-to-end NAK repair runs behind the hop-by-hop links as a
     *     fallback (default true); off, only the links and backup buffers deliver (for experiments)
     * @param delay how long acknowledgements may lag before the fallback asks a receiving delegate for its gaps
     *     (default 5 s)
     */
    public GcsConfigBuilder hopEndToEndRepair(boolean enabled, Duration delay) {
        java.util.Objects.requireNonNull(delay, "delay");
        transportSetting("hop.e2e.repair", Boolean.toString(enabled));
        return transportSetting("hop.e2e.repair.delay", delay.toMillis() + "ms");
    }

    /**
     * Sets one transport setting as written in a properties file ({@code wan.transport} or a {@code hop.*} key).
     *
     * @param key the key
     * @param value its value
     */
    GcsConfigBuilder transportSetting(String key, String value) {
        if (value == null || value.isBlank()) {
            throw new GcsConfigException(key + " must not be blank");
        }
        try {
            this.transport = transport.with(key, value);
        } catch (IllegalArgumentException e) {
            throw new GcsConfigException(e.getMessage());
        }
        return this;
    }

    /**
     * @param controller the congestion-control scheme: {@code tfrc} (default end to end: seed 004's TCP-friendly many-to-many
     *     rates), {@code ormcc} (seed 002's congestion representative), {@code none} (the send window and, hop by
     *     hop, back-pressure only; the default hop by hop), or the fully-qualified name of an
     *     {@code org.gcs.cc.api.CongestionControl} with a public constructor taking {@code CcSettings} (checked with
     *     the parameters and the transport when the configuration is built: TFRC and ORMCC run only end to end)
     */
    public GcsConfigBuilder congestionControl(String controller) {
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
    public GcsConfigBuilder congestionParameter(String key, String value) {
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
    public GcsConfigBuilder congestionSettings(org.gcs.cc.api.SchemeSettings settings) {
        java.util.Objects.requireNonNull(settings, "settings");
        settings.toParameters().forEach((key, value) -> congestionParameter("cc." + settings.scheme() + "." + key,
                value));
        return this;
    }

    /** @param bytesPerSec a sender's rate before its first grant, and the start of slow start (at least 1 KiB/s) */
    public GcsConfigBuilder initialSendRate(long bytesPerSec) {
        if (bytesPerSec < 1024) {
            throw new GcsConfigException("initialSendRate must be at least 1024 bytes/s, got " + bytesPerSec);
        }
        this.initialSendRateBytesPerSec = bytesPerSec;
        return this;
    }

    /** @param bytesPerSec the lowest aggregate rate of a site for a group (at least 128 bytes/s) */
    public GcsConfigBuilder minSendRate(long bytesPerSec) {
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
        if (clusterKeys == null) {
            throw new GcsConfigException("clusterKey is required: every WAN datagram is authenticated with it;"
                    + " give every node the same secret of at least " + GcsConfig.MIN_CLUSTER_KEY_BYTES + " bytes"
                    + " (e.g. cluster.key.hex from `openssl rand -hex 32`)");
        }
        if (!testNode) {
            clusterKeys.checkStrength(clusterKeySetting);
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
        String controller = congestionControl != null ? congestionControl : transport.builtInControllers().get(0);
        try {
            transport.requireController(controller);
        } catch (IllegalArgumentException e) {
            throw new GcsConfigException(e.getMessage());
        }
        try {
            CongestionControls.create(controller, new CcSettings(
                    initialSendRateBytesPerSec, minSendRateBytesPerSec, 64 * 1024, 300_000_000L,
                    congestionParameters));
        } catch (IllegalArgumentException e) {
            throw new GcsConfigException("congestion control '" + controller + "': " + e.getMessage());
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
