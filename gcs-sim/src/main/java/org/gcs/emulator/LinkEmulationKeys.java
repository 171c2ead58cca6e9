package org.gcs.emulator;

import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.gcs.GcsConfigBuilder;
import org.gcs.GcsConfigException;
import org.gcs.GcsConfigLoader;

/**
 * The link emulator's keys in a node's properties file, which {@code gcs node --config FILE} reads beside the node's
 * own ({@code org.gcs.GcsConfigLoader} refuses them): {@value #TOPOLOGY} asks for an emulated WAN in front of the
 * node's WAN socket ({@link LinkEmulation}), {@value #SEED} seeds its random loss and jitter. docs/link-emulator.md
 * lists them.
 *
 * <pre>
 * emulation.topology = ron3    # ron3, ron6, or a .topo file; the node's site must be one of its sites
 * emulation.seed = 7           # a whole number, 1 by default
 * </pre>
 */
public final class LinkEmulationKeys {
    /** The emulated WAN: {@code ron3}, {@code ron6} or the path of a {@code .topo} file. */
    public static final String TOPOLOGY = "emulation.topology";
    /** The seed of the emulated loss and jitter, a whole number (default 1). */
    public static final String SEED = "emulation.seed";
    /** Both keys. */
    public static final List<String> NAMES = List.of(TOPOLOGY, SEED);

    private LinkEmulationKeys() {
    }

    /**
     * Takes the emulator's keys out of a node's settings, so that the rest can go to the node's loader.
     *
     * @param properties a node's settings; {@link #NAMES} are removed from it
     * @param source where they came from, for error messages (a file name)
     * @return the emulation the settings ask for, if {@value #TOPOLOGY} is set
     * @throws IllegalArgumentException naming the key and the source if a value is invalid, or if {@value #SEED}
     *     comes without {@value #TOPOLOGY}
     */
    public static Optional<LinkEmulation> take(Properties properties, String source) {
        String topology = strip((String) properties.remove(TOPOLOGY));
        String seedText = strip((String) properties.remove(SEED));
        if (topology == null) {
            if (seedText != null) {
                throw new IllegalArgumentException(source + ": " + SEED + " is set but " + TOPOLOGY
                        + " is not; name the emulated WAN (ron3, ron6 or a .topo file) or remove " + SEED);
            }
            return Optional.empty();
        }
        long seed = 1;
        if (seedText != null) {
            try {
                seed = Long.parseLong(seedText);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(source + ": " + SEED + " must be a whole number, got '" + seedText
                        + "'");
            }
        }
        try {
            return Optional.of(LinkEmulation.of(Topology.load(topology), seed));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(source + ": " + TOPOLOGY + " = " + topology + ": " + e.getMessage(), e);
        }
    }

    /**
     * Loads a node's settings that may ask for an emulated WAN: the emulator's keys become the node's WAN pipeline
     * hook, the rest goes to {@link GcsConfigLoader}. What {@code gcs node --config FILE} and the other commands that
     * start a node from its properties file do.
     *
     * @param settings a node's settings, e.g. from {@link GcsConfigLoader#readFile}; the emulator's keys are removed
     * @param source where they came from, for error messages (a file name)
     * @return a builder holding the settings, with the emulation as its hook if asked for
     * @throws org.gcs.GcsConfigException naming the source if a setting is unknown or invalid
     */
    public static GcsConfigBuilder load(Properties settings, String source) {
        Optional<LinkEmulation> emulation;
        try {
            emulation = take(settings, source);
        } catch (IllegalArgumentException e) {
            throw new GcsConfigException(e.getMessage());
        }
        GcsConfigBuilder builder = GcsConfigLoader.fromProperties(settings, source);
        emulation.ifPresent(builder::wanPipelineHook);
        return builder;
    }

    private static String strip(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
