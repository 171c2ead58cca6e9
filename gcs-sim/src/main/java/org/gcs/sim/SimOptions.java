package org.gcs.sim;

import org.gcs.internal.flow.FlowSettings;

/**
 * Settings of a simulated network and of the nodes in it.
 *
 * @param seed seed of every random choice (link loss and jitter, timer phases)
 * @param lanDelayNs one-way delay of the simulated LANs
 * @param failureDetectionNs how long a site's LAN takes to notice a crashed member
 * @param tickNs protocol timer interval of the nodes
 * @param heartbeatNs delegates' announcement interval
 * @param siteTimeoutNs silence after which a site is dropped
 * @param maxDatagramBytes the largest WAN datagram
 * @param sendWindowBytes each member's send window
 * @param treeStrategy the overlay tree strategy ({@code spt}, {@code star}, or a class name)
 * @param maxFanOut the most children of a site in the tree
 * @param probeIntervalNs how often delegates probe their links
 * @param treeRefreshNs how often the tree is reconsidered for better costs
 * @param congestionControl the congestion-control scheme: {@code tfrc}, {@code ormcc}, {@code none} or a class name
 * @param initialRateBytesPerSec a sender's rate before its first grant
 * @param congestionParameters the schemes' parameters by full key ({@code cc.<scheme>.<parameter>})
 * @param transport how data crosses the WAN ({@code wan.transport} and the {@code hop.*} settings; end to end by
 *     default)
 */
public record SimOptions(long seed, long lanDelayNs, long failureDetectionNs, long tickNs, long heartbeatNs,
                         long siteTimeoutNs, int maxDatagramBytes, long sendWindowBytes, String treeStrategy,
                         int maxFanOut, long probeIntervalNs, long treeRefreshNs, String congestionControl,
                         double initialRateBytesPerSec, java.util.Map<String, String> congestionParameters,
                         org.gcs.internal.engine.TransportSettings transport) {

    /** Makes the parameters immutable. */
    public SimOptions {
        congestionParameters = java.util.Map.copyOf(congestionParameters);
    }

    /**
     * @return defaults: 0.2 ms LAN, 200 ms failure detection, 5 ms ticks, 1 s heartbeats, 5 s site timeout,
     *         {@code spt} trees of fan-out 4, probes every 500 ms, tree refresh every 30 s
     */
    public static SimOptions defaults() {
        return new SimOptions(1, 200_000L, 200_000_000L, 5_000_000L, 1_000_000_000L, 5_000_000_000L, 1400, 1 << 20,
                "spt", 4, 500_000_000L, 30_000_000_000L, "tfrc", 128 * 1024, java.util.Map.of(),
                org.gcs.internal.engine.TransportSettings.END_TO_END);
    }

    /** @return a copy with another seed */
    public SimOptions withSeed(long newSeed) {
        return new SimOptions(newSeed, lanDelayNs, failureDetectionNs, tickNs, heartbeatNs, siteTimeoutNs,
                maxDatagramBytes, sendWindowBytes, treeStrategy, maxFanOut, probeIntervalNs, treeRefreshNs, congestionControl,
                initialRateBytesPerSec, congestionParameters, transport);
    }

    /** @return a copy with another send window */
    public SimOptions withSendWindowBytes(long bytes) {
        return new SimOptions(seed, lanDelayNs, failureDetectionNs, tickNs, heartbeatNs, siteTimeoutNs,
                maxDatagramBytes, bytes, treeStrategy, maxFanOut, probeIntervalNs, treeRefreshNs, congestionControl,
                initialRateBytesPerSec, congestionParameters, transport);
    }

    /** @return a copy with another tree strategy and fan-out */
    public SimOptions withTree(String strategy, int fanOut) {
        return new SimOptions(seed, lanDelayNs, failureDetectionNs, tickNs, heartbeatNs, siteTimeoutNs,
                maxDatagramBytes, sendWindowBytes, strategy, fanOut, probeIntervalNs, treeRefreshNs, congestionControl,
                initialRateBytesPerSec, congestionParameters, transport);
    }

    /** @return a copy with other heartbeat and site-timeout intervals */
    public SimOptions withTimeouts(long newHeartbeatNs, long newSiteTimeoutNs) {
        return new SimOptions(seed, lanDelayNs, failureDetectionNs, tickNs, newHeartbeatNs, newSiteTimeoutNs,
                maxDatagramBytes, sendWindowBytes, treeStrategy, maxFanOut, probeIntervalNs, treeRefreshNs, congestionControl,
                initialRateBytesPerSec, congestionParameters, transport);
    }

    /**
     * @param parameters the schemes' parameters by full key ({@code cc.<scheme>.<parameter>})
     * @return a copy with these congestion-control parameters
     */
    public SimOptions withCongestionParameters(java.util.Map<String, String> parameters) {
        return new SimOptions(seed, lanDelayNs, failureDetectionNs, tickNs, heartbeatNs, siteTimeoutNs,
                maxDatagramBytes, sendWindowBytes, treeStrategy, maxFanOut, probeIntervalNs, treeRefreshNs, congestionControl,
                initialRateBytesPerSec, parameters, transport);
    }

    /** @return a copy with another congestion controller ({@code tfrc}, {@code ormcc}, {@code none} or a class name) */
    public SimOptions withCongestionControl(String controller) {
        return new SimOptions(seed, lanDelayNs, failureDetectionNs, tickNs, heartbeatNs, siteTimeoutNs,
                maxDatagramBytes, sendWindowBytes, treeStrategy, maxFanOut, probeIntervalNs, treeRefreshNs, controller,
                initialRateBytesPerSec, congestionParameters, transport);
    }

    /**
     * @param newTransport the WAN transport and its settings
     * @return a copy on that transport
     */
    public SimOptions withTransport(org.gcs.internal.engine.TransportSettings newTransport) {
        return new SimOptions(seed, lanDelayNs, failureDetectionNs, tickNs, heartbeatNs, siteTimeoutNs,
                maxDatagramBytes, sendWindowBytes, treeStrategy, maxFanOut, probeIntervalNs, treeRefreshNs, congestionControl,
                initialRateBytesPerSec, congestionParameters, java.util.Objects.requireNonNull(newTransport));
    }

    /** @return a copy with another one-way LAN delay (a slow or loaded LAN: a long queue before JGroups) */
    public SimOptions withLanDelayNs(long newLanDelayNs) {
        if (newLanDelayNs < 0) {
            throw new IllegalArgumentException("lanDelayNs must be >= 0, was " + newLanDelayNs);
        }
        return new SimOptions(seed, newLanDelayNs, failureDetectionNs, tickNs, heartbeatNs, siteTimeoutNs,
                maxDatagramBytes, sendWindowBytes, treeStrategy, maxFanOut, probeIntervalNs, treeRefreshNs, congestionControl,
                initialRateBytesPerSec, congestionParameters, transport);
    }

    /** @return the flow settings of the nodes */
    FlowSettings flowSettings() {
        return FlowSettings.defaults(tickNs);
    }

    /**
     * @return the nodes' congestion-control scheme, built from these options (checked against the transport only when
     *     the network is built, so that {@link #withSetting} may change them in either order): the floor is 1/64 of the initial rate,
     *     the buckets 64 KiB deep
     * @throws IllegalArgumentException if the scheme or a parameter is unknown or invalid
     */
    public org.gcs.cc.api.CongestionControl buildCongestionControl() {
        return org.gcs.cc.CongestionControls.create(congestionControl, new org.gcs.cc.api.CcSettings(
                initialRateBytesPerSec, initialRateBytesPerSec / 64, 64 * 1024, flowSettings().initialRttNs(),
                congestionParameters));
    }

    /** The node settings (properties keys of {@code GcsConfigLoader}) that {@link #withSetting} accepts. */
    public static final java.util.SortedSet<String> SETTINGS = settings("congestion.control", "initial.send.rate",
            "tick.interval", "heartbeat.interval", "site.timeout", "max.datagram.bytes", "send.window.bytes",
            "tree.strategy", "tree.max.fanout", "probe.interval", "tree.refresh.interval", "cc.<scheme>.<parameter>");

    /** @return these keys and the transport's ({@code wan.transport}, {@code hop.*}), sorted */
    private static java.util.SortedSet<String> settings(String... keys) {
        java.util.SortedSet<String> all = new java.util.TreeSet<>(java.util.List.of(keys));
        all.addAll(org.gcs.internal.engine.TransportSettings.KEYS);
        return java.util.Collections.unmodifiableSortedSet(all);
    }

    /**
     * A copy with one node setting changed, given as in a node's properties file (e.g. {@code congestion.control =
     * ormcc}, {@code cc.ormcc.beta = 0.75}, {@code tick.interval = 10ms}), so that tools can apply the same
     * {@code --set KEY=VALUE} to simulated and real nodes.
     *
     * @param key a key of {@link #SETTINGS}
     * @param value its value
     * @return the copy
     * @throws IllegalArgumentException if the key does not apply to simulated nodes or the value is invalid; the
     *     message lists the keys that apply
     */
    public SimOptions withSetting(String key, String value) {
        String v = value.strip();
        long tick = tickNs;
        long heartbeat = heartbeatNs;
        long timeout = siteTimeoutNs;
        int datagram = maxDatagramBytes;
        long window = sendWindowBytes;
        String strategy = treeStrategy;
        int fanOut = maxFanOut;
        long probe = probeIntervalNs;
        long refresh = treeRefreshNs;
        String controller = congestionControl;
        org.gcs.internal.engine.TransportSettings wan = transport;
        double initialRate = initialRateBytesPerSec;
        java.util.Map<String, String> parameters = new java.util.TreeMap<>(congestionParameters);
        if (key.startsWith("cc.")) {
            parameters.put(key, v);
        } else if (org.gcs.internal.engine.TransportSettings.KEYS.contains(key)) {
            wan = transport.with(key, v);
        } else {
            switch (key) {
                case "congestion.control" -> controller = v;
                case "initial.send.rate" -> initialRate = org.gcs.internal.config.Quantities.byteSize(key, v);
                case "tick.interval" -> tick = durationNs(key, v);
                case "heartbeat.interval" -> heartbeat = durationNs(key, v);
                case "site.timeout" -> timeout = durationNs(key, v);
                case "max.datagram.bytes" -> datagram = Math.toIntExact(
                        org.gcs.internal.config.Quantities.byteSize(key, v));
                case "send.window.bytes" -> window = org.gcs.internal.config.Quantities.byteSize(key, v);
                case "tree.strategy" -> strategy = v;
                case "tree.max.fanout" -> fanOut = wholeNumber(key, v);
                case "probe.interval" -> probe = durationNs(key, v);
                case "tree.refresh.interval" -> refresh = durationNs(key, v);
                default -> throw new IllegalArgumentException("setting '" + key + "' does not apply to simulated nodes"
                        + " (they have no sockets, LAN stack or keys); they take " + SETTINGS);
            }
        }
        SimOptions changed = new SimOptions(seed, lanDelayNs, failureDetectionNs, tick, heartbeat, timeout, datagram,
                window, strategy, fanOut, probe, refresh, controller, initialRate, parameters, wan);
        changed.buildCongestionControl(); // fail fast on an unknown controller or a bad parameter
        org.gcs.alm.tree.TreeStrategies.byName(strategy);
        return changed;
    }

    private static int wholeNumber(String key, String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number, got '" + value + "'");
        }
    }

    private static long durationNs(String key, String value) {
        return org.gcs.internal.config.Quantities.duration(key, value).toNanos();
    }
}
