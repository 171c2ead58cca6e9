package org.gcs;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one mapping from the names of {@link GcsConfigBuilder}'s settings ({@code siteTimeout}, {@code wanBind},
 * {@code lan.joinTimeout}, ...) to the keys of a node's properties file ({@code site.timeout}, {@code wan.bind},
 * {@code lan.join.timeout}, ...), and the translation of the library's messages into the terms of a user of a
 * properties file or a command line ({@link #forUser(String)}): the settings named by their keys (or by the command's
 * options), durations as a user writes them ({@code 5s}, {@code 250ms}) instead of ISO-8601 ({@code PT5S}), and
 * {@code builder.site("boston")} as {@code site = boston}. A Java caller of the builder sees the builder's names; the
 * loader ({@link GcsConfigLoader}) and the command lines translate.
 */
public final class SettingNames {
    /** Builder setting to properties key; every key is one of {@link ConfigKeys}'s (a test checks it). */
    private static final Map<String, String> KEYS = keys(
            "memberName", "member.name", "delegateEligible", "delegate.eligible", "wanBind", "wan.bind",
            "wanAdvertise", "wan.advertise", "seedAddresses", "seeds", "wanTransport", "wan.transport",
            "wanIo", "wan.io", "maxDatagramBytes", "max.datagram.bytes", "dnsServers", "dns.servers", "clusterKey", "cluster.key",
            "clusterKeys", "cluster.key.file", "clusterKeyFile", "cluster.key.file", "wanProtection", "wan.protection",
            "replayMaxAge", "wan.replay.max.age", "testNode", "node.test",
            "lan.transport", "lan.transport", "lan.bindAddress", "lan.bind.address",
            "lan.mcastAddress", "lan.mcast.address", "lan.mcastPort", "lan.mcast.port", "lan.tcpPort", "lan.tcp.port",
            "lan.tcpInitialHosts", "lan.tcp.initial.hosts", "lan.dnsQuery", "lan.dns.query", "lan.clusterName", "lan.cluster.name",
            "lan.joinTimeout", "lan.join.timeout", "lan.protection", "lan.protection",
            "heartbeatInterval", "heartbeat.interval", "siteTimeout", "site.timeout", "tickInterval", "tick.interval",
            "maxMessageBytes", "max.message.bytes", "sendWindowBytes", "send.window.bytes",
            "maxPendingSendBytes", "max.pending.send.bytes", "deliveryBacklogBytes", "delivery.backlog.bytes",
            "memberStallTimeout", "member.stall.timeout", "congestionControl", "congestion.control",
            "initialSendRate", "initial.send.rate", "minSendRate", "min.send.rate", "treeStrategy", "tree.strategy",
            "maxFanOut", "tree.max.fanout", "probeInterval", "probe.interval",
            "treeRefreshInterval", "tree.refresh.interval", "overlayMembership", "overlay.membership",
            "hopStallTimeout", "hop.stall.timeout");

    /** An ISO-8601 duration as {@link Duration#toString()} writes it. */
    private static final Pattern ISO_DURATION = Pattern.compile("(?<![\\w.])-?PT(?:-?[0-9]+H)?(?:-?[0-9]+M)?"
            + "(?:-?[0-9]+(?:\\.[0-9]+)?S)?(?![\\w.])");
    /** A builder call with a text argument, e.g. {@code builder.site("boston")}. */
    private static final Pattern BUILDER_CALL = Pattern.compile("builder\\.(\\w+)\\(\"([^\"]*)\"\\)");

    private SettingNames() {
    }

    /** @return every builder setting with its properties key, in a fixed order */
    public static Map<String, String> all() {
        return KEYS;
    }

    /**
     * @param builderSetting a setting as {@link GcsConfigBuilder} names it, e.g. {@code siteTimeout}
     * @return its properties key, e.g. {@code site.timeout}; the name itself if it has no other key (e.g. {@code site})
     */
    public static String propertiesKey(String builderSetting) {
        return KEYS.getOrDefault(builderSetting, builderSetting);
    }

    /**
     * @param message a message of the library (a {@link GcsException}'s)
     * @return the message in the terms of a properties file: keys instead of builder names, durations such as
     *     {@code 5s} instead of {@code PT5S}
     */
    public static String forUser(String message) {
        return forUser(message, Map.of());
    }

    /**
     * @param message a message of the library (a {@link GcsException}'s)
     * @param options what the user gave instead of properties keys, by builder setting, e.g. {@code wanBind} to
     *     {@code --wan-port} for a command that takes the port as an option
     * @return the message in the user's terms: the options, else the properties keys, and durations such as
     *     {@code 5s} instead of {@code PT5S}
     */
    public static String forUser(String message, Map<String, String> options) {
        if (message == null) {
            return null;
        }
        Map<String, String> names = new LinkedHashMap<>(KEYS);
        names.putAll(options);
        String text = calls(message, names);
        List<String> settings = new ArrayList<>(names.keySet());
        settings.sort(Comparator.comparingInt(String::length).reversed());   // lan.joinTimeout before joinTimeout
        for (String setting : settings) {
            String name = names.get(setting);
            String key = KEYS.getOrDefault(setting, setting);
            // "siteTimeout (site.timeout)" and "site.timeout (site.timeout)" become the user's name once
            text = text.replace(setting + " (" + key + ")", name).replace(key + " (" + key + ")", name);
            text = Pattern.compile("(?<![\\w.-])" + Pattern.quote(setting) + "(?![\\w-])").matcher(text)
                    .replaceAll(Matcher.quoteReplacement(name));
        }
        return durations(text);
    }

    /** {@code builder.site("boston")} becomes {@code site = boston}. */
    private static String calls(String message, Map<String, String> names) {
        Matcher m = BUILDER_CALL.matcher(message);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = names.getOrDefault(m.group(1), m.group(1));
            String call = name.startsWith("--") ? name + " " + m.group(2) : name + " = " + m.group(2);
            m.appendReplacement(out, Matcher.quoteReplacement(call));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** {@code PT5S} becomes {@code 5s}, {@code PT0.25S} {@code 250ms}. */
    private static String durations(String text) {
        Matcher m = ISO_DURATION.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String replacement;
            try {
                replacement = Quantities.format(Duration.parse(m.group()));
            } catch (DateTimeParseException e) {
                replacement = m.group();
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static Map<String, String> keys(String... settingsAndKeys) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (int i = 0; i < settingsAndKeys.length; i += 2) {
            keys.put(settingsAndKeys[i], settingsAndKeys[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(keys);
    }
}
