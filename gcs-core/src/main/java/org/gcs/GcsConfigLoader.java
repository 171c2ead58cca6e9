package org.gcs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.gcs.internal.config.Quantities;
import org.gcs.internal.config.StrictPropertiesReader;

/**
 * Loads a {@link GcsConfig} from a properties file; every key is listed with its default in
 * {@code docs/configuration.md}, generated from {@link ConfigKeys}. Durations accept {@code 60s}, {@code 250ms};
 * sizes accept {@code 1400}, {@code 64KB}, {@code 4MB}. Unknown keys are errors (a typo must not silently fall back
 * to a default).
 *
 * <pre>
 * site = boston
 * member.name = boston-1
 * wan.bind = 0.0.0.0:7700
 * wan.advertise = 203.0.113.7:7700   # optional: the address others reach us at (container, NAT)
 * seeds = ottawa.example.org:7700, chicago.example.org:7700
 * cluster.key.hex = &lt;64 hex digits from `openssl rand -hex 32`&gt;
 * cluster.key.file = /etc/gcs/cluster.keys   # instead: a key ring (key.1 = hex, send.key = 1), re-read by gcs node
 * wan.protection = aes-gcm        # or integrity (authenticated, not encrypted)
 * wan.io = auto                   # epoll where available (sendmmsg/recvmmsg), else nio
 * wan.replay.max.age = 60s        # datagrams older than this by the receiver's clock are replays
 * lan.transport = udp             # or tcp, with lan.tcp.port and lan.tcp.initial.hosts
 * lan.bind.address = 10.1.0.5
 * lan.protection = aes-gcm        # the default; none turns the LAN's encryption and authentication off
 * congestion.control = ormcc      # tfrc (default end to end), ormcc, none, or a class name
 * wan.transport = hop-by-hop      # end-to-end (default) or hop-by-hop (takes congestion.control = none or cost-benefit)
 * hop.output.packets = 50         # hop by hop: B_OUT, B_IN, r, stall timeout, end-to-end repair fallback
 * hop.input.packets = 50
 * hop.backup.failures = 1
 * hop.stall.timeout = 2s
 * hop.e2e.repair = true
 * hop.e2e.repair.delay = 5s
 * cc.ormcc.beta = 0.7             # a scheme's parameter: cc.&lt;scheme&gt;.&lt;parameter&gt;
 * member.stall.timeout = 10s      # how long a member's listeners may hold a group back before it is excluded
 * member.stall.timeout.chat = 2s  # the same for one group: member.stall.timeout.&lt;group&gt;
 * </pre>
 */
public final class GcsConfigLoader {
    /** Every single key the loader understands (the families are {@link #MEMBER_STALL_PREFIX} and
     * {@link #CONGESTION_PREFIX}): the names of {@link ConfigKeys}, which docs/configuration.md lists. */
    public static final Set<String> KEYS = Set.copyOf(ConfigKeys.names());

    /** Keys with this prefix set one group's member stall bound ({@code member.stall.timeout.<group>}). */
    public static final String MEMBER_STALL_PREFIX = "member.stall.timeout.";

    /** Keys with this prefix are congestion-control scheme parameters ({@code cc.<scheme>.<parameter>}). */
    public static final String CONGESTION_PREFIX = "cc.";

    private GcsConfigLoader() {
    }

    /**
     * @param file a properties file
     * @return a builder holding the file's settings (add a meter registry or override values, then build)
     * @throws GcsConfigException if the file cannot be read, gives a key twice or holds an invalid setting
     */
    public static GcsConfigBuilder load(Path file) {
        return fromProperties(readFile(file), file.toString());
    }

    /**
     * Reads a properties file strictly, without applying it: a key given twice is an error (the second would
     * silently win), and so is a line that is not {@code key = value}. For tools that take some keys of the file
     * themselves (such as {@code groups} or the link emulator's) before {@link #fromProperties} applies the rest.
     *
     * @param file a properties file
     * @return its settings
     * @throws GcsConfigException naming the file if it cannot be read, gives a key twice or has a malformed line
     */
    public static Properties readFile(Path file) {
        try {
            return StrictPropertiesReader.read(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
        } catch (IOException e) {
            throw new GcsConfigException("cannot read configuration file " + file + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new GcsConfigException(e.getMessage());
        }
    }

    /**
     * @param properties the settings
     * @param source where they came from, for error messages
     * @return a builder holding the settings
     * @throws GcsConfigException if a setting is unknown or invalid
     */
    public static GcsConfigBuilder fromProperties(Properties properties, String source) {
        return applyTo(properties, GcsConfig.builder(), source);
    }

    /**
     * Applies the settings that are given to a builder, leaving the others as they are (e.g. a tool's own
     * settings overridden from its command line).
     *
     * @param properties the settings to apply
     * @param builder the builder to change
     * @param source where the settings came from, for error messages
     * @return the builder
     * @throws GcsConfigException if a setting is unknown or invalid
     */
    public static GcsConfigBuilder applyTo(Properties properties, GcsConfigBuilder builder, String source) {
        Set<String> unknown = new TreeSet<>(properties.stringPropertyNames());
        unknown.removeIf(ConfigKeys::isKnown);
        if (!unknown.isEmpty()) {
            throw new GcsConfigException(source + ": unknown setting(s) " + unknown + "; valid keys are "
                    + new TreeSet<>(KEYS) + ", cc.<scheme>.<parameter> for a congestion control's parameters and"
                    + " member.stall.timeout.<group> for one group's member stall bound (docs/configuration.md)");
        }
        if (isSet(properties, "cluster.key") && isSet(properties, "cluster.key.hex")) {
            throw new GcsConfigException(source + ": both cluster.key and cluster.key.hex are set; keep one of them"
                    + " (cluster.key.hex for a random key from `openssl rand -hex 32`)");
        }
        try {
            return apply(properties, builder);
        } catch (GcsConfigException e) {
            throw new GcsConfigException(source + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new GcsConfigException(source + ": " + e.getMessage());
        }
    }

    /** @return the groups listed under {@code groups} (comma-separated), for tools that join them at start */
    public static List<String> groups(Properties properties) {
        return list(properties.getProperty("groups"));
    }

    private static GcsConfigBuilder apply(Properties p, GcsConfigBuilder b) {
        String site = p.getProperty("site");
        if (site != null) {
            b.site(site.trim());
        }
        ifSet(p, "member.name", v -> b.memberName(v));
        ifSet(p, "delegate.eligible", v -> b.delegateEligible(Quantities.bool(v)));
        ifSet(p, "wan.bind", v -> {
            var address = HostPort.parse("wan.bind", v, true);
            b.wanBind(address.getHostString(), address.getPort());
        });
        ifSet(p, "wan.advertise", v -> {
            var address = HostPort.parse("wan.advertise", v);
            b.wanAdvertise(address.getHostString(), address.getPort());
        });
        ifSet(p, "seeds", v -> b.seeds(list(v)));
        ifSet(p, "node.test", v -> b.testNode(Quantities.bool(v)));
        ifSet(p, "wan.protection", v -> b.wanProtection(WanProtection.parse(v)));
        ifSet(p, "wan.io", b::wanIo);
        ifSet(p, "wan.replay.max.age", v -> b.replayMaxAge(Quantities.duration("wan.replay.max.age", v)));
        if (p.getProperty("cluster.key.file") != null
                && (p.getProperty("cluster.key") != null || p.getProperty("cluster.key.hex") != null)) {
            throw new GcsConfigException("cluster.key.file and cluster.key/cluster.key.hex are both set: keep one"
                    + " (put the key into the file as key.0 = <hex> with send.key = 0)");
        }
        ifSet(p, "cluster.key.file", v -> b.clusterKeyFile(Path.of(v)));
        ifSet(p, "cluster.key", b::clusterKey);
        ifSet(p, "cluster.key.hex", v -> {
            try {
                b.clusterKey(HexFormat.of().parseHex(v));
            } catch (IllegalArgumentException e) {
                throw new GcsConfigException("cluster.key.hex must be hexadecimal digits, e.g. from `openssl rand -hex 32`");
            }
        });
        if (p.stringPropertyNames().stream().anyMatch(key -> key.startsWith("lan."))) {
            b.lan(lan(p));
        }
        ifSet(p, "heartbeat.interval", v -> b.heartbeatInterval(Quantities.duration("heartbeat.interval", v)));
        ifSet(p, "site.timeout", v -> b.siteTimeout(Quantities.duration("site.timeout", v)));
        ifSet(p, "tick.interval", v -> b.tickInterval(Quantities.duration("tick.interval", v)));
        ifSet(p, "max.datagram.bytes", v -> b.maxDatagramBytes(intSize("max.datagram.bytes", v)));
        ifSet(p, "max.message.bytes", v -> b.maxMessageBytes(intSize("max.message.bytes", v)));
        ifSet(p, "send.window.bytes", v -> b.sendWindowBytes(Quantities.byteSize("send.window.bytes", v)));
        ifSet(p, "max.pending.send.bytes", v -> b.maxPendingSendBytes(Quantities.byteSize("max.pending.send.bytes", v)));
        ifSet(p, "delivery.backlog.bytes", v -> b.deliveryBacklogBytes(Quantities.byteSize("delivery.backlog.bytes", v)));
        ifSet(p, "member.stall.timeout", v -> b.memberStallTimeout(Quantities.duration("member.stall.timeout", v)));
        for (String key : new TreeSet<>(p.stringPropertyNames())) {
            if (key.startsWith(MEMBER_STALL_PREFIX)) {
                b.memberStallTimeout(key.substring(MEMBER_STALL_PREFIX.length()),
                        Quantities.duration(key, p.getProperty(key).trim()));
            }
        }
        ifSet(p, "congestion.control", b::congestionControl);
        for (String key : new TreeSet<>(org.gcs.internal.engine.TransportSettings.KEYS)) {
            ifSet(p, key, v -> b.transportSetting(key, v));
        }
        for (String key : new TreeSet<>(p.stringPropertyNames())) {
            if (key.startsWith(CONGESTION_PREFIX)) {
                b.congestionParameter(key, p.getProperty(key).trim());
            }
        }
        ifSet(p, "initial.send.rate", v -> b.initialSendRate(Quantities.byteSize("initial.send.rate", v)));
        ifSet(p, "min.send.rate", v -> b.minSendRate(Quantities.byteSize("min.send.rate", v)));
        ifSet(p, "tree.strategy", b::treeStrategy);
        ifSet(p, "tree.max.fanout", v -> b.maxFanOut(integer("tree.max.fanout", v)));
        ifSet(p, "probe.interval", v -> b.probeInterval(Quantities.duration("probe.interval", v)));
        ifSet(p, "tree.refresh.interval", v -> b.treeRefreshInterval(Quantities.duration("tree.refresh.interval", v)));
        return b;
    }

    private static LanConfig lan(Properties p) {
        LanConfig.Builder lan = LanConfig.builder();
        ifSet(p, "lan.transport", v -> {
            try {
                lan.transport(LanTransport.valueOf(v.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new GcsConfigException("lan.transport must be udp or tcp, got '" + v + "'");
            }
        });
        ifSet(p, "lan.bind.address", lan::bindAddress);
        ifSet(p, "lan.mcast.address", lan::mcastAddress);
        ifSet(p, "lan.mcast.port", v -> lan.mcastPort(integer("lan.mcast.port", v)));
        ifSet(p, "lan.tcp.port", v -> lan.tcpPort(integer("lan.tcp.port", v)));
        ifSet(p, "lan.tcp.initial.hosts", v -> lan.tcpInitialHosts(list(v)));
        ifSet(p, "lan.cluster.name", lan::clusterName);
        ifSet(p, "lan.join.timeout", v -> lan.joinTimeout(Quantities.duration("lan.join.timeout", v)));
        ifSet(p, "lan.protection", v -> lan.protection(LanProtection.parse(v)));
        return lan.build();
    }

    private static boolean isSet(Properties p, String key) {
        String value = p.getProperty(key);
        return value != null && !value.isBlank();
    }

    private static void ifSet(Properties p, String key, java.util.function.Consumer<String> setter) {
        String value = p.getProperty(key);
        if (value != null && !value.isBlank()) {
            setter.accept(value.trim());
        }
    }

    private static List<String> list(String value) {
        List<String> items = new ArrayList<>();
        if (value != null) {
            for (String item : value.split(",")) {
                if (!item.isBlank()) {
                    items.add(item.trim());
                }
            }
        }
        return items;
    }

    private static int integer(String key, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new GcsConfigException(key + " must be a whole number, got '" + value + "'");
        }
    }

    private static int intSize(String key, String value) {
        long bytes = Quantities.byteSize(key, value);
        if (bytes > Integer.MAX_VALUE) {
            throw new GcsConfigException(key + " is too large: " + value);
        }
        return (int) bytes;
    }
}
