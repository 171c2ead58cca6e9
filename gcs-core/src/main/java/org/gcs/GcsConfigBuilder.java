package org.gcs;

import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.gcs.driver.WanPipelineHook;

/**
 * Builder of {@link GcsConfig} ({@link GcsConfig#builder()}, {@link GcsConfig#toBuilder()}): holds the settings while
 * they are assembled, validates each as it is set and the combination at {@link #build()}. Not thread-safe.
 *
 * <p>An invalid value is refused with a {@link GcsConfigException} that names the setting and says what to give
 * instead; so is a null duration or name, an invalid value like any other. A null object argument (a LAN
 * configuration, a meter registry, a key ring, settings) is refused with an {@link IllegalArgumentException} that
 * names it, as {@link GcsNode}'s methods refuse theirs.
 */
public final class GcsConfigBuilder {
    String site;
    String memberName;
    boolean delegateEligible = true;
    boolean testNode;
    LanConfig.Builder lan = LanConfig.builder();
    WanSettings wan = WanSettings.DEFAULTS;
    ClusterKeySetting clusterKey = ClusterKeySetting.UNSET;
    WanSecurity wanSecurity = WanSecurity.DEFAULTS;
    ProtocolTimers timers = ProtocolTimers.DEFAULTS;
    FlowLimits flowLimits = FlowLimits.DEFAULTS;
    MemberStallTimeouts memberStall = MemberStallTimeouts.DEFAULTS;
    MeterRegistry meterRegistry;
    WanPipelineHook wanPipelineHook;
    OverlaySettings overlay = OverlaySettings.DEFAULTS;
    TransportSettings transport = TransportSettings.END_TO_END;
    CongestionSettings congestion = CongestionSettings.DEFAULTS;

    GcsConfigBuilder() {
    }

    /** @param site the site (LAN cluster) name; required */
    public GcsConfigBuilder site(String site) {
        this.site = ConfigChecks.name("site", site);
        return this;
    }

    /** @param memberName this member's name, unique within its site */
    public GcsConfigBuilder memberName(String memberName) {
        this.memberName = ConfigChecks.name("memberName", memberName);
        return this;
    }

    /** @param eligible false keeps this member from ever becoming the site's delegate */
    public GcsConfigBuilder delegateEligible(boolean eligible) {
        this.delegateEligible = eligible;
        return this;
    }

    /** @param lan the LAN (JGroups) settings */
    public GcsConfigBuilder lan(LanConfig lan) {
        this.lan = ConfigChecks.required("lan", lan).toBuilder();
        return this;
    }

    /**
     * @param host address to bind the WAN socket to, e.g. {@code 0.0.0.0} or {@code 127.0.0.1}
     * @param port UDP port, 0 for any free port
     */
    public GcsConfigBuilder wanBind(String host, int port) {
        this.wan = wan.withBind(host, port);
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
        this.wan = wan.withAdvertise(host, port);
        return this;
    }

    /** @param seeds as {@link #seeds(List)} */
    public GcsConfigBuilder seeds(String... seeds) {
        return seeds(Arrays.asList(seeds));
    }

    /**
     * @param seeds {@code host:port} WAN addresses of other sites' delegates (a host name is resolved again when the
     *     seed stops answering), or DNS SRV names such as {@code _gcs._udp.example.org}
     */
    public GcsConfigBuilder seeds(List<String> seeds) {
        this.wan = wan.withSeeds(WanSettings.parseSeeds(seeds));
        return this;
    }

    /** @param seeds WAN addresses of other sites' delegates */
    public GcsConfigBuilder seedAddresses(List<InetSocketAddress> seeds) {
        this.wan = wan.withSeeds(seeds);
        return this;
    }

    /**
     * @param servers the DNS servers ({@code address} or {@code address:port}) that resolve the seeds' names; none
     *     (the default) means the system's, from {@code /etc/resolv.conf}
     */
    public GcsConfigBuilder dnsServers(String... servers) {
        this.wan = wan.withDnsServers(WanSettings.parseDnsServers(Arrays.asList(servers)));
        return this;
    }

    /**
     * @param key the shared secret of the cluster, at least 16 bytes; the same on every node; key id 0 of a ring of one
     *     key (use {@link #clusterKeys} for several)
     */
    public GcsConfigBuilder clusterKey(byte[] key) {
        this.clusterKey = ClusterKeySetting.ofKey(key);
        return this;
    }

    /** @param secret the shared secret of the cluster as text (UTF-8), at least 16 bytes */
    public GcsConfigBuilder clusterKey(String secret) {
        this.clusterKey = ClusterKeySetting.ofSecret(secret);
        return this;
    }

    /**
     * @param keys a key ring: every key is accepted on receipt, the send key protects what this node sends (rotation
     *     without a restart: {@link GcsNode#updateKeys})
     */
    public GcsConfigBuilder clusterKeys(ClusterKeys keys) {
        this.clusterKey = ClusterKeySetting.ofRing(keys);
        return this;
    }

    /**
     * @param file a key file ({@code key.<id> = <hex>} lines and {@code send.key = <id>}, see {@link ClusterKeys}),
     *     read now; {@code gcs node} reads it again when it changes
     */
    public GcsConfigBuilder clusterKeyFile(java.nio.file.Path file) {
        this.clusterKey = ClusterKeySetting.ofFile(file);
        return this;
    }

    /**
     * @param io the WAN socket's transport: {@code auto} (default: Netty's epoll transport where it works, which sends
     *     a flush's datagrams with one sendmmsg and reads several with one recvmmsg; else NIO), {@code epoll} (fail
     *     at start if unavailable) or {@code nio}
     */
    public GcsConfigBuilder wanIo(String io) {
        this.wan = wan.withIo(io);
        return this;
    }

    /** @param protection {@code AES_GCM} (default: encrypted and authenticated) or {@code INTEGRITY} (authenticated) */
    public GcsConfigBuilder wanProtection(WanProtection protection) {
        this.wanSecurity = new WanSecurity(protection, wanSecurity.replayMaxAge());
        return this;
    }

    /**
     * @param maxAge the most a WAN datagram's send time may differ from this node's clock (1 s – 1 h, default 60 s):
     *     older ones are refused as replays; the sites' clocks must agree within it
     */
    public GcsConfigBuilder replayMaxAge(Duration maxAge) {
        this.wanSecurity = new WanSecurity(wanSecurity.protection(), maxAge);
        return this;
    }

    /** @param test whether this node is a test, which allows weak and published example keys (default false) */
    public GcsConfigBuilder testNode(boolean test) {
        this.testNode = test;
        return this;
    }

    /** @param interval how often a delegate announces its site (10 ms – 60 s) */
    public GcsConfigBuilder heartbeatInterval(Duration interval) {
        this.timers = timers.withHeartbeatInterval(interval);
        return this;
    }

    /** @param timeout silence after which a remote site is considered gone (50 ms – 10 min) */
    public GcsConfigBuilder siteTimeout(Duration timeout) {
        this.timers = timers.withSiteTimeout(timeout);
        return this;
    }

    /** @param interval protocol timer granularity (1 ms – 100 ms) */
    public GcsConfigBuilder tickInterval(Duration interval) {
        this.timers = timers.withTickInterval(interval);
        return this;
    }

    /** @param bytes the largest WAN datagram ({@value WanSettings#MIN_DATAGRAM_BYTES} – 65000) */
    public GcsConfigBuilder maxDatagramBytes(int bytes) {
        this.wan = wan.withMaxDatagramBytes(bytes);
        return this;
    }

    /** @param bytes the largest payload a send accepts (1 – 64 MiB) */
    public GcsConfigBuilder maxMessageBytes(int bytes) {
        this.flowLimits = flowLimits.withMaxMessageBytes(bytes);
        return this;
    }

    /** @param bytes payload bytes a member may have unacknowledged before send blocks (at least 1 KiB) */
    public GcsConfigBuilder sendWindowBytes(long bytes) {
        this.flowLimits = flowLimits.withSendWindowBytes(bytes);
        return this;
    }

    /** @param bytes payload bytes of sends that may wait for the window (at least 1 KiB) */
    public GcsConfigBuilder maxPendingSendBytes(long bytes) {
        this.flowLimits = flowLimits.withMaxPendingSendBytes(bytes);
        return this;
    }

    /** @param bytes received bytes that may wait for listeners (at least 64 KiB) */
    public GcsConfigBuilder deliveryBacklogBytes(long bytes) {
        this.flowLimits = flowLimits.withDeliveryBacklogBytes(bytes);
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
        this.memberStall = memberStall.withFallback(timeout);
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
        this.memberStall = memberStall.withGroup(group, timeout);
        return this;
    }

    /**
     * The registry that receives the node's meters from the start (names: {@link org.gcs.metrics.GcsMeters}); more
     * registries can be bound to a running node with {@link org.gcs.metrics.GcsMetrics#binder}.
     *
     * @param registry where to register meters; default a private {@code SimpleMeterRegistry}
     */
    public GcsConfigBuilder meterRegistry(MeterRegistry registry) {
        this.meterRegistry = ConfigChecks.required("meterRegistry", registry);
        return this;
    }

    /**
     * Puts a hook in front of this node's WAN socket, which sees every datagram it sends: for tests and demos on one
     * machine, gcs-sim's link emulator ({@code LinkEmulation.of(Topology.load("ron3"), seed)}) emulates a WAN's delay,
     * loss and bandwidth towards each peer site.
     *
     * @param hook the hook, or null for none (the default)
     */
    public GcsConfigBuilder wanPipelineHook(WanPipelineHook hook) {
        this.wanPipelineHook = hook;
        return this;
    }

    /**
     * @param strategy how the overlay multicast tree is built: {@code spt}, {@code star}, or the class name of
     *                 an {@code org.gcs.alm.tree.TreeStrategy} with a public no-argument constructor
     */
    public GcsConfigBuilder treeStrategy(String strategy) {
        this.overlay = overlay.withTreeStrategy(strategy);
        return this;
    }

    /** @param fanOut the most children a site may have in the overlay tree (1 – 64) */
    public GcsConfigBuilder maxFanOut(int fanOut) {
        this.overlay = overlay.withMaxFanOut(fanOut);
        return this;
    }

    /** @param interval how often a delegate probes its links (10 ms – 60 s) */
    public GcsConfigBuilder probeInterval(Duration interval) {
        this.overlay = overlay.withProbeInterval(interval);
        return this;
    }

    /**
     * @param protocol how the delegates watch each other: {@code all-to-all} or {@code swim}
     *     ({@code overlay.membership})
     */
    public GcsConfigBuilder overlayMembership(String protocol) {
        this.overlay = overlay.withMembership(protocol);
        return this;
    }

    /** @param interval how often the tree is reconsidered for better link costs (1 s – 1 h) */
    public GcsConfigBuilder treeRefreshInterval(Duration interval) {
        this.overlay = overlay.withTreeRefreshInterval(interval);
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
        ConfigChecks.required("hopStallTimeout", timeout);
        return transportSetting("hop.stall.timeout", timeout.toMillis() + "ms");
    }

    /**
     * @param enabled whether the sending delegate's end-to-end NAK repair runs behind the hop-by-hop links as a
     *     fallback (default true); off, only the links and backup buffers deliver (for experiments)
     * @param delay how long acknowledgements may lag before the fallback asks a receiving delegate for its gaps
     *     (default 5 s)
     */
    public GcsConfigBuilder hopEndToEndRepair(boolean enabled, Duration delay) {
        ConfigChecks.required("hopEndToEndRepair delay", delay);
        transportSetting("hop.e2e.repair", Boolean.toString(enabled));
        return transportSetting("hop.e2e.repair.delay", delay.toMillis() + "ms");
    }

    /** @param settings how data crosses the WAN, with the hop-by-hop transport's settings */
    public GcsConfigBuilder transport(TransportSettings settings) {
        this.transport = ConfigChecks.required("transport", settings);
        return this;
    }

    /**
     * Sets one transport setting as written in a properties file ({@code wan.transport} or a {@code hop.*} key).
     *
     * @param key the key
     * @param value its value
     */
    private GcsConfigBuilder transportSetting(String key, String value) {
        ConfigChecks.notBlank(key, value);
        this.transport = ConfigChecks.translated("", () -> transport.with(key, value));
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
        this.congestion = congestion.withController(controller);
        return this;
    }

    /**
     * Sets one parameter of a congestion-control scheme; checked with the scheme when the configuration is built.
     *
     * @param key {@code cc.<scheme>.<parameter>}, e.g. {@code cc.ormcc.beta}
     * @param value its value, e.g. {@code 0.75}, {@code 1s}
     */
    public GcsConfigBuilder congestionParameter(String key, String value) {
        this.congestion = congestion.withParameter(key, value);
        return this;
    }

    /**
     * Sets a scheme's parameters from its settings record, e.g. {@code OrmccSettings.DEFAULTS.withBeta(0.75)}.
     *
     * @param settings the scheme's settings
     */
    public GcsConfigBuilder congestionSettings(org.gcs.cc.api.SchemeSettings settings) {
        ConfigChecks.required("congestionSettings", settings);
        settings.toParameters().forEach((key, value) -> congestionParameter("cc." + settings.scheme() + "." + key,
                value));
        return this;
    }

    /** @param bytesPerSec a sender's rate before its first grant, and the start of slow start (at least 1 KiB/s) */
    public GcsConfigBuilder initialSendRate(long bytesPerSec) {
        this.congestion = congestion.withInitialSendRate(bytesPerSec);
        return this;
    }

    /** @param bytesPerSec the lowest aggregate rate of a site for a group (at least 128 bytes/s) */
    public GcsConfigBuilder minSendRate(long bytesPerSec) {
        this.congestion = congestion.withMinSendRate(bytesPerSec);
        return this;
    }

    /**
     * Sets one setting as a node's properties file writes it ({@link GcsConfigLoader}, {@code --set KEY=VALUE}): each
     * key goes to the part of the configuration that owns it and reads its value ({@link ConfigKeys} lists them all).
     *
     * @param key a key of {@link ConfigKeys}, e.g. {@code heartbeat.interval} or {@code cc.ormcc.beta}
     * @param value its value as written, e.g. {@code 500ms}; surrounding spaces are ignored
     * @return this builder
     * @throws GcsConfigException naming the key if it is unknown or the value is invalid
     */
    public GcsConfigBuilder set(String key, String value) {
        ConfigChecks.required("key", key);
        ConfigChecks.notBlank(key, value);
        String v = value.strip();
        switch (key) {
            case "site" -> site(v);
            case "member.name" -> memberName(v);
            case "delegate.eligible" -> delegateEligible(SettingValues.bool(key, v));
            case "node.test" -> testNode(SettingValues.bool(key, v));
            case "cluster.key" -> clusterKey(v);
            case "cluster.key.hex" -> clusterKey = ClusterKeySetting.ofHex(v);
            case "cluster.key.file" -> clusterKeyFile(java.nio.file.Path.of(v));
            default -> setPart(key, v);
        }
        return this;
    }

    /** Hands a key to the settings record that reads it. */
    private void setPart(String key, String v) {
        if (WanSettings.KEYS.contains(key)) {
            wan = wan.with(key, v);
        } else if (WanSecurity.KEYS.contains(key)) {
            wanSecurity = wanSecurity.with(key, v);
        } else if (LanConfig.KEYS.contains(key)) {
            lan.set(key, v);
        } else if (ProtocolTimers.KEYS.contains(key)) {
            timers = timers.with(key, v);
        } else if (FlowLimits.KEYS.contains(key)) {
            flowLimits = flowLimits.with(key, v);
        } else if (MemberStallTimeouts.owns(key)) {
            memberStall = memberStall.with(key, v);
        } else if (CongestionSettings.owns(key)) {
            congestion = congestion.with(key, v);
        } else if (OverlaySettings.KEYS.contains(key)) {
            overlay = overlay.with(key, v);
        } else if (TransportSettings.KEYS.contains(key)) {
            transportSetting(key, v);
        } else {
            throw new GcsConfigException("unknown setting '" + key + "' (docs/configuration.md lists them)");
        }
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
        clusterKey.check(testNode);
        LanConfig lanConfig = lan.build();
        timers.check();
        flowLimits.check();
        congestion.check(transport);
        if (wanPipelineHook != null) {
            ConfigChecks.translated("", () -> {
                wanPipelineHook.check(site);
                return site;
            });
        }
        return new GcsConfig(this, lanConfig);
    }
}
