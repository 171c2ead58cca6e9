package org.gcs;

import java.time.Duration;
import java.util.Set;

/**
 * The overlay between the sites (keys {@code tree.strategy}, {@code tree.max.fanout}, {@code probe.interval},
 * {@code tree.refresh.interval}, {@code overlay.membership}): how the multicast tree is built, how wide it may be,
 * how often the delegates probe their links and reconsider the tree, and how they watch each other. Immutable; each
 * value is checked as it is set.
 *
 * @param treeStrategy a built-in name ({@code spt}, {@code star}, {@code fixed:A-B,B-C}) or the class name of an
 *     {@code org.gcs.alm.tree.TreeStrategy}
 * @param maxFanOut the most children of a site in the tree, 1 – 64
 * @param probeInterval how often a delegate probes its links, 10 ms – 60 s
 * @param treeRefreshInterval how often the tree is reconsidered for better link costs, 1 s – 1 h
 * @param membership how the delegates watch each other: {@link #ALL_TO_ALL} (each announces its site to every other
 *     one every heartbeat) or {@link #SWIM} (each probes one other per heartbeat, SWIM with Lifeguard)
 */
public record OverlaySettings(String treeStrategy, int maxFanOut, Duration probeInterval,
                              Duration treeRefreshInterval, String membership) {
    /** {@code overlay.membership}: every delegate announces its site to every other one every heartbeat. */
    public static final String ALL_TO_ALL = "all-to-all";
    /** {@code overlay.membership}: SWIM with Lifeguard's refinements (docs/architecture.md §5). */
    public static final String SWIM = "swim";

    /**
     * A shortest-path tree per source (the source's fan-out 2, the others' 4), probes every 500 ms, a refresh every
     * 30 s, SWIM between the delegates.
     */
    public static final OverlaySettings DEFAULTS = new OverlaySettings("source-spt", 4, Duration.ofMillis(500),
            Duration.ofSeconds(30), SWIM);
    /** The properties keys of the overlay. */
    public static final Set<String> KEYS = Set.of("tree.strategy", "tree.max.fanout", "probe.interval",
            "tree.refresh.interval", "overlay.membership");

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
        if (!ALL_TO_ALL.equals(membership) && !SWIM.equals(membership)) {
            throw new GcsConfigException("membership (overlay.membership) must be " + ALL_TO_ALL + " or " + SWIM
                    + ", got " + membership);
        }
    }

    /**
     * The settings with the default {@code overlay.membership}, {@link #SWIM}.
     *
     * @param treeStrategy the tree strategy
     * @param maxFanOut the most children of a site in the tree
     * @param probeInterval how often a delegate probes its links
     * @param treeRefreshInterval how often the tree is reconsidered
     */
    public OverlaySettings(String treeStrategy, int maxFanOut, Duration probeInterval, Duration treeRefreshInterval) {
        this(treeStrategy, maxFanOut, probeInterval, treeRefreshInterval, SWIM);
    }

    /** @return true if the delegates run SWIM rather than announcing to every site every heartbeat */
    public boolean swim() {
        return SWIM.equals(membership);
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
            case "overlay.membership" -> withMembership(value.strip());
            default -> throw ConfigChecks.notOurs(key, KEYS);
        };
    }

    /** @return these settings with another tree strategy */
    public OverlaySettings withTreeStrategy(String strategy) {
        return new OverlaySettings(strategy, maxFanOut, probeInterval, treeRefreshInterval, membership);
    }

    /** @return these settings with another fan-out bound */
    public OverlaySettings withMaxFanOut(int fanOut) {
        return new OverlaySettings(treeStrategy, fanOut, probeInterval, treeRefreshInterval, membership);
    }

    /** @return these settings with another probe interval */
    public OverlaySettings withProbeInterval(Duration interval) {
        return new OverlaySettings(treeStrategy, maxFanOut, interval, treeRefreshInterval, membership);
    }

    /** @return these settings with another refresh interval */
    public OverlaySettings withTreeRefreshInterval(Duration interval) {
        return new OverlaySettings(treeStrategy, maxFanOut, probeInterval, interval, membership);
    }

    /** @return these settings with another membership protocol ({@link #ALL_TO_ALL} or {@link #SWIM}) */
    public OverlaySettings withMembership(String protocol) {
        return new OverlaySettings(treeStrategy, maxFanOut, probeInterval, treeRefreshInterval, protocol);
    }
}
