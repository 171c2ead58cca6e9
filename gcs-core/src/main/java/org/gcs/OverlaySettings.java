package org.gcs;

import java.time.Duration;
import java.util.Set;

/**
 * The application-layer multicast tree between the sites (keys {@code tree.strategy}, {@code tree.max.fanout},
 * {@code probe.interval}, {@code tree.refresh.interval}): how the tree is built, how wide it may be, how often the
 * delegates probe their links and reconsider the tree. Immutable; each value is checked as it is set.
 *
 * @param treeStrategy a built-in name ({@code spt}, {@code star}, {@code fixed:A-B,B-C}) or the class name of an
 *     {@code org.gcs.alm.tree.TreeStrategy}
 * @param maxFanOut the most children of a site in the tree, 1 – 64
 * @param probeInterval how often a delegate probes its links, 10 ms – 60 s
 * @param treeRefreshInterval how often the tree is reconsidered for better link costs, 1 s – 1 h
 */
public record OverlaySettings(String treeStrategy, int maxFanOut, Duration probeInterval,
                              Duration treeRefreshInterval) {
    /**
     * A shortest-path tree per source (the source's fan-out 2, the others' 4), probes every 500 ms, a refresh every
     * 30 s.
     */
    public static final OverlaySettings DEFAULTS = new OverlaySettings("source-spt", 4, Duration.ofMillis(500),
            Duration.ofSeconds(30));
    /** The properties keys of the overlay. */
    public static final Set<String> KEYS = Set.of("tree.strategy", "tree.max.fanout", "probe.interval",
            "tree.refresh.interval");

    /** Checks each value: the strategy must load, the numbers must be within their bounds. */
    public OverlaySettings {
        String strategy = treeStrategy;
        ConfigChecks.notBlank("treeStrategy (tree.strategy)", strategy);
        ConfigChecks.translated("treeStrategy: ", () -> org.gcs.alm.tree.TreeStrategies.byName(strategy));
        ConfigChecks.inRange("maxFanOut (tree.max.fanout)", maxFanOut, 1, 64, "");
        ConfigChecks.duration("probeInterval (probe.interval)", probeInterval, Duration.ofMillis(10),
                Duration.ofSeconds(60));
        ConfigChecks.duration("treeRefreshInterval (tree.refresh.interval)", treeRefreshInterval,
                Duration.ofSeconds(1), Duration.ofHours(1));
    }

    /**
     * @param key one of {@link #KEYS}
     * @param value its value as written in a properties file, e.g. {@code star} or {@code 1s}
     * @return these settings with that one changed
     * @throws GcsConfigException naming the key if the value is invalid
     */
    public OverlaySettings with(String key, String value) {
        return switch (key) {
            case "tree.strategy" -> withTreeStrategy(value.strip());
            case "tree.max.fanout" -> withMaxFanOut(SettingValues.integer(key, value));
            case "probe.interval" -> withProbeInterval(SettingValues.duration(key, value));
            case "tree.refresh.interval" -> withTreeRefreshInterval(SettingValues.duration(key, value));
            default -> throw ConfigChecks.notOurs(key, KEYS);
        };
    }

    /** @return these settings with another tree strategy */
    public OverlaySettings withTreeStrategy(String strategy) {
        return new OverlaySettings(strategy, maxFanOut, probeInterval, treeRefreshInterval);
    }

    /** @return these settings with another fan-out bound */
    public OverlaySettings withMaxFanOut(int fanOut) {
        return new OverlaySettings(treeStrategy, fanOut, probeInterval, treeRefreshInterval);
    }

    /** @return these settings with another probe interval */
    public OverlaySettings withProbeInterval(Duration interval) {
        return new OverlaySettings(treeStrategy, maxFanOut, interval, treeRefreshInterval);
    }

    /** @return these settings with another refresh interval */
    public OverlaySettings withTreeRefreshInterval(Duration interval) {
        return new OverlaySettings(treeStrategy, maxFanOut, probeInterval, interval);
    }
}
