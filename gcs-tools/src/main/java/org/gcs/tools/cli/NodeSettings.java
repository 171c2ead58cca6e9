package org.gcs.tools.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Predicate;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigBuilder;
import org.gcs.GcsConfigException;
import org.gcs.GcsConfigLoader;
import org.gcs.SettingNames;
import org.gcs.TransportSettings;

/**
 * Node settings given on a command line — {@code --controller NAME}, {@code --transport NAME} and any number of
 * {@code --set KEY=VALUE} with the keys of a node's properties file ({@code congestion.control},
 * {@code cc.ormcc.beta}, {@code tick.interval}, ...) — and applied to every node a command starts, real or simulated
 * ({@link #applyTo(GcsConfigBuilder)}). The settings a command chooses itself ({@link OwnKeys}: sites, names,
 * addresses, keys, ...) cannot be overridden. Values are checked when parsed, so a typo fails before anything starts.
 * {@link NodeSettingsOptions} declares the three options.
 */
public final class NodeSettings {
    /** No settings: every node keeps the command's defaults (TFRC congestion control). */
    public static final NodeSettings NONE = new NodeSettings(Map.of());

    /**
     * The keys a command sets on every node itself, which {@code --set} may not override.
     *
     * @param isOwn whether a key is one of them
     * @param refusal what the refusal of such a key says after {@code --set KEY: }, e.g. {@code the command sets this
     *     one itself (...)}
     */
    public record OwnKeys(Predicate<String> isOwn, String refusal) {
        private static final Set<String> COMMANDS_KEYS = Set.of("site", "member.name", "delegate.eligible", "wan.bind",
                "wan.advertise", "seeds", "cluster.key", "cluster.key.hex", "cluster.key.file", "node.test",
                "emulation.topology", "emulation.seed", "groups");

        /**
         * What {@code gcs demo} and {@code gcs lab} set themselves: sites, names, addresses, keys, every {@code lan.}
         * key and the emulated WAN.
         */
        public static final OwnKeys COMMANDS = new OwnKeys(
                key -> COMMANDS_KEYS.contains(key) || key.startsWith("lan."),
                "the command sets this one itself (sites, names, addresses, keys, LAN and emulated WAN)");
    }

    private final Map<String, String> settings;

    private NodeSettings(Map<String, String> settings) {
        this.settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /**
     * @param controller the {@code --controller} value, or null if not given
     * @param assignments the {@code --set} values, {@code KEY=VALUE} each
     * @return the settings
     * @throws IllegalArgumentException with a message for the user if an assignment is malformed, names an unknown
     *     key or one the command sets itself, has an invalid value, or contradicts {@code --controller}
     */
    public static NodeSettings parse(String controller, List<String> assignments) {
        return parse(controller, null, assignments);
    }

    /**
     * @param controller the {@code --controller} value, or null if not given
     * @param transport the {@code --transport} value ({@code end-to-end} or {@code hop-by-hop}), or null if not given
     * @param assignments the {@code --set} values, {@code KEY=VALUE} each
     * @return the settings; with a transport but no controller, the transport's default controller ({@code none} hop
     *     by hop)
     * @throws IllegalArgumentException with a message for the user if an assignment is malformed, names an unknown
     *     key or one the command sets itself, has an invalid value, contradicts {@code --controller} or
     *     {@code --transport}, or pairs a controller with a transport it does not run on
     */
    public static NodeSettings parse(String controller, String transport, List<String> assignments) {
        return parse(controller, transport, assignments, OwnKeys.COMMANDS);
    }

    /**
     * @param controller the {@code --controller} value, or null if not given
     * @param transport the {@code --transport} value ({@code end-to-end} or {@code hop-by-hop}), or null if not given
     * @param assignments the {@code --set} values, {@code KEY=VALUE} each
     * @param ownKeys the keys the command sets itself
     * @return the settings; with a transport but no controller, the transport's default controller ({@code none} hop
     *     by hop)
     * @throws IllegalArgumentException with a message for the user if an assignment is malformed, names an unknown
     *     key or one of {@code ownKeys}, has an invalid value, contradicts {@code --controller} or
     *     {@code --transport}, or pairs a controller with a transport it does not run on
     */
    public static NodeSettings parse(String controller, String transport, List<String> assignments,
                                     OwnKeys ownKeys) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String assignment : assignments == null ? List.<String>of() : assignments) {
            Properties one;
            try {
                one = GcsConfigLoader.assignments(List.of(assignment), "--set");
            } catch (GcsConfigException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            String key = one.stringPropertyNames().iterator().next();
            checkKey(key, "--set " + key, ownKeys);
            settings.put(key, one.getProperty(key));
        }
        if (controller != null) {
            String given = settings.get("congestion.control");
            if (given != null && !given.equals(controller.strip())) {
                throw new IllegalArgumentException("--controller " + controller + " contradicts --set congestion.control="
                        + given + "; give one of them");
            }
            settings.put("congestion.control", controller.strip());
        }
        if (transport != null) {
            String given = settings.get("wan.transport");
            if (given != null && !given.equals(transport.strip())) {
                throw new IllegalArgumentException("--transport " + transport + " contradicts --set wan.transport="
                        + given + "; give one of them");
            }
            settings.put("wan.transport", transport.strip());
        }
        if (settings.containsKey("wan.transport") && !settings.containsKey("congestion.control")) {
            settings.put("congestion.control",
                    TransportSettings.parse(settings.get("wan.transport")).builtInControllers().get(0));
        }
        NodeSettings parsed = new NodeSettings(settings);
        parsed.check();
        return parsed;
    }

    /**
     * Reads node settings from a properties file, as {@code --set} assignments in the file's order.
     *
     * @param file a properties file with the keys {@code --set} takes
     * @return the assignments, {@code KEY=VALUE} each
     * @throws IllegalArgumentException with a message naming the file if it cannot be read or gives a key twice
     */
    public static List<String> assignmentsFrom(java.nio.file.Path file) {
        Properties properties;
        try {
            properties = GcsConfigLoader.readFile(file);
        } catch (GcsConfigException e) {
            throw new IllegalArgumentException("--config " + file + ": " + e.getMessage(), e);
        }
        List<String> assignments = new java.util.ArrayList<>();
        for (String key : new java.util.TreeSet<>(properties.stringPropertyNames())) {
            if (!isNodeSetting(key)) {
                throw new IllegalArgumentException("--config " + file + ": " + key + " is not a node setting; keys are "
                        + new java.util.TreeSet<>(GcsConfigLoader.KEYS) + " and cc.<scheme>.<parameter>");
            }
            assignments.add(key + "=" + properties.getProperty(key));
        }
        return assignments;
    }

    private static boolean isNodeSetting(String key) {
        return GcsConfigLoader.KEYS.contains(key) || key.startsWith(GcsConfigLoader.CONGESTION_PREFIX);
    }

    /** Refuses a key that is not a node setting, or one the command sets itself. */
    private static void checkKey(String key, String given, OwnKeys ownKeys) {
        if (!isNodeSetting(key)) {
            throw new IllegalArgumentException(given + ": not a node setting; keys are "
                    + new java.util.TreeSet<>(GcsConfigLoader.KEYS) + " and cc.<scheme>.<parameter>");
        }
        if (ownKeys.isOwn().test(key)) {
            throw new IllegalArgumentException(given + ": " + ownKeys.refusal());
        }
    }

    /** Builds a throw-away configuration so that every value is checked now. */
    private void check() {
        GcsConfigBuilder builder;
        try {
            builder = applyTo(GcsConfig.builder().site("check").clusterKey("0123456789abcdef0123"));
        } catch (GcsConfigException e) {
            throw new IllegalArgumentException(e.getMessage(), e);   // in the terms of --set already
        }
        try {
            builder.build();
        } catch (GcsConfigException e) {
            throw new IllegalArgumentException("--set: " + SettingNames.forUser(e.getMessage()), e);
        }
    }

    /**
     * @param builder a node's configuration
     * @return the builder, with these settings applied
     * @throws GcsConfigException if a value is invalid
     */
    public GcsConfigBuilder applyTo(GcsConfigBuilder builder) {
        if (settings.isEmpty()) {
            return builder;
        }
        Properties properties = new Properties();
        properties.putAll(settings);
        return GcsConfigLoader.applyTo(properties, builder, "--set");
    }

    /**
     * @param defaults settings a command uses unless these settings give the key (e.g. a scenario's controller)
     * @return these settings with the defaults added for the keys they do not give; the defaults first
     */
    public NodeSettings withDefaults(Map<String, String> defaults) {
        Map<String, String> merged = new LinkedHashMap<>(defaults);
        merged.putAll(settings);
        return new NodeSettings(merged);
    }

    /** @return the congestion control every node runs: the one given, else GCS's default {@code tfrc} */
    public String controller() {
        return settings.getOrDefault("congestion.control", "tfrc");
    }

    /** @return the WAN transport every node runs: the one given, else GCS's default {@code end-to-end} */
    public String transport() {
        return settings.getOrDefault("wan.transport", TransportSettings.END_TO_END_NAME);
    }

    /** @return the settings in the order given, {@code congestion.control} included when {@code --controller} was */
    public Map<String, String> asMap() {
        return settings;
    }

    /** @return the settings as {@code KEY=VALUE} strings, in the order given */
    public List<String> assignments() {
        return settings.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
    }

    /** @return true if no setting was given */
    public boolean isEmpty() {
        return settings.isEmpty();
    }

    @Override
    public String toString() {
        return settings.toString();
    }
}
