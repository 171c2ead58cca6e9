package org.gcs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

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
 * congestion.control = ormcc      # tfrc (default end to end), ormcc, none, cost-benefit, or a class
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
    public static final String MEMBER_STALL_PREFIX = MemberStallTimeouts.GROUP_PREFIX;

    /** Keys with this prefix are congestion-control scheme parameters ({@code cc.<scheme>.<parameter>}). */
    public static final String CONGESTION_PREFIX = CongestionSettings.PARAMETER_PREFIX;

    /** Keys the loader accepts for the tools and leaves to them: {@code groups} (the groups {@code gcs node} joins). */
    private static final Set<String> TOOL_KEYS = Set.of("groups");

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
     * @throws GcsConfigException if a setting is unknown or invalid, with a message in the file's terms (its keys,
     *     durations such as {@code 5s}: {@link SettingNames#forUser(String)})
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
        } catch (GcsConfigException | IllegalArgumentException e) {
            throw new GcsConfigException(source + ": " + SettingNames.forUser(e.getMessage()));
        }
    }

    /** @return the groups listed under {@code groups} (comma-separated), for tools that join them at start */
    public static List<String> groups(Properties properties) {
        return SettingValues.list(properties.getProperty("groups"));
    }

    /**
     * Reads {@code KEY=VALUE} assignments as a command line gives them ({@code --set KEY=VALUE}), so that they load
     * like the lines of a properties file ({@link #applyTo}); a later assignment of a key replaces an earlier one.
     *
     * @param assignments the assignments, {@code KEY=VALUE} each
     * @param option how they were given, for the message, e.g. {@code --set}
     * @return the settings
     * @throws GcsConfigException naming the option if an assignment has no {@code =}, no key or no value
     */
    public static Properties assignments(List<String> assignments, String option) {
        Properties properties = new Properties();
        for (String assignment : assignments) {
            int eq = assignment.indexOf('=');
            String key = eq < 0 ? assignment.strip() : assignment.substring(0, eq).strip();
            if (eq < 0 || key.isEmpty() || assignment.substring(eq + 1).isBlank()) {
                throw new GcsConfigException(option + " needs KEY=VALUE with a key of a node's properties file, e.g. "
                        + option + " cc.ormcc.beta=0.75; got '" + assignment + "'");
            }
            properties.setProperty(key, assignment.substring(eq + 1).strip());
        }
        return properties;
    }

    /** Applies the settings in the reference's order, each to the part of the configuration that owns its key. */
    private static GcsConfigBuilder apply(Properties p, GcsConfigBuilder b) {
        String site = p.getProperty("site");
        if (site != null) {
            b.site(site.strip());
        }
        if (p.getProperty("cluster.key.file") != null
                && (p.getProperty("cluster.key") != null || p.getProperty("cluster.key.hex") != null)) {
            throw new GcsConfigException("cluster.key.file and cluster.key/cluster.key.hex are both set: keep one"
                    + " (put the key into the file as key.0 = <hex> with send.key = 0)");
        }
        for (ConfigKey key : ConfigKeys.all()) {
            if (key.isFamily()) {
                for (String name : new TreeSet<>(p.stringPropertyNames())) {
                    if (name.startsWith(key.prefix())) {
                        setIfGiven(p, name, b);
                    }
                }
            } else if (!key.name().equals("site") && !TOOL_KEYS.contains(key.name())) {
                setIfGiven(p, key.name(), b);
            }
        }
        return b;
    }

    private static boolean isSet(Properties p, String key) {
        String value = p.getProperty(key);
        return value != null && !value.isBlank();
    }

    /** A key with a blank value counts as not given (a template's empty line). */
    private static void setIfGiven(Properties p, String key, GcsConfigBuilder b) {
        String value = p.getProperty(key);
        if (value != null && !value.isBlank()) {
            b.set(key, value);
        }
    }
}
