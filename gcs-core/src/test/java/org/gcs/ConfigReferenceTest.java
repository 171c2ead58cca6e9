package org.gcs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keeps docs/configuration.md, the keys the loader accepts and the code's defaults from drifting apart: the committed
 * reference must be {@link ConfigReference}'s output, list exactly the loader's keys, and every default it states
 * must leave a configuration unchanged, every example must load and change it.
 */
class ConfigReferenceTest {
    private static final Path REFERENCE = Path.of("..", "docs", "configuration.md");
    private static final Pattern KEY_CELL = Pattern.compile("^\\| `([^`]+)` \\|", Pattern.MULTILINE);
    /** Keys that GcsConfig does not hold: the tools read them from the properties. */
    private static final Set<String> NOT_IN_CONFIG = Set.of("groups");

    @TempDir
    Path dir;

    @Test
    void committedReferenceIsTheGeneratedOne() throws Exception {
        String generated = ConfigReference.markdown();
        String committed = Files.readString(REFERENCE, StandardCharsets.UTF_8);
        if (!committed.equals(generated)) {
            Path fresh = Path.of("target", "configuration.md");
            Files.writeString(fresh, generated, StandardCharsets.UTF_8);
            assertThat(committed).as("docs/configuration.md is stale: copy gcs-core/" + fresh
                    + " over it (or run org.gcs.ConfigReference)").isEqualTo(generated);
        }
    }

    @Test
    void documentedKeysAreExactlyTheKeysTheLoaderAccepts() throws Exception {
        Set<String> documented = new TreeSet<>();
        Matcher row = KEY_CELL.matcher(Files.readString(REFERENCE, StandardCharsets.UTF_8));
        while (row.find()) {
            documented.add(row.group(1));
        }
        Set<String> accepted = new TreeSet<>(GcsConfigLoader.KEYS);
        accepted.add(GcsConfigLoader.CONGESTION_PREFIX + "<scheme>.<parameter>");
        accepted.add(GcsConfigLoader.MEMBER_STALL_PREFIX + "<group>");

        assertThat(documented).isEqualTo(accepted);
        assertThat(GcsConfigLoader.KEYS).containsAll(TransportSettings.KEYS);
        assertThat(ConfigKeys.all()).extracting(ConfigKey::name).doesNotHaveDuplicates();
    }

    @Test
    void everyExampleLoadsAndChangesTheConfiguration() throws Exception {
        for (ConfigKey key : ConfigKeys.all()) {
            Properties base = base(key);
            Properties with = copy(base);
            with.setProperty(key.exampleKey(), exampleValue(key));

            assertThatCode(() -> GcsConfigLoader.fromProperties(with, key.name()).build())
                    .as(key.example()).doesNotThrowAnyException();
            if (NOT_IN_CONFIG.contains(key.name())) {
                assertThat(GcsConfigLoader.groups(with)).as(key.example()).isNotEmpty();
            } else {
                Properties without = copy(base);
                without.putIfAbsent("cluster.key", "another secret, shared by the nodes of the test");
                if (key.name().equals("lan.dns.query")) { // a TCP site needs one way to find its members
                    without.setProperty("lan.tcp.initial.hosts", "127.0.0.1:7800");
                }
                assertThat(fingerprint(with)).as("%s must change the configuration", key.example())
                        .isNotEqualTo(fingerprint(without));
            }
        }
    }

    @Test
    void everyDocumentedDefaultIsTheCodesDefault() throws Exception {
        List<String> checked = new ArrayList<>();
        for (ConfigKey key : ConfigKeys.all()) {
            if (key.defaultValue().isEmpty() || NOT_IN_CONFIG.contains(key.name())) {
                continue;
            }
            Properties base = base(key);
            Properties with = copy(base);
            with.setProperty(key.name(), key.defaultValue());

            assertThat(fingerprint(with)).as("%s = %s must be the default", key.name(), key.defaultValue())
                    .isEqualTo(fingerprint(base));
            checked.add(key.name());
        }
        assertThat(checked).hasSizeGreaterThan(30);
    }

    @Test
    void documentedBoundsAreAcceptedAndWholeNumbersJustOutsideThemAreNot() throws Exception {
        Pattern range = Pattern.compile("(\\S+) to (\\S+?)(?:[,;].*)?");
        Pattern atLeast = Pattern.compile("at least (\\S+?)(?: and .*)?");
        Pattern value = Pattern.compile("-?[0-9][0-9.]*[A-Za-z]*");
        List<String> checked = new ArrayList<>();
        for (ConfigKey key : ConfigKeys.all()) {
            Matcher bounds = range.matcher(key.allowed());
            Matcher minimum = atLeast.matcher(key.allowed());
            List<String> accepted = new ArrayList<>();
            if (bounds.matches()) {
                accepted.add(bounds.group(1));
                accepted.add(bounds.group(2));
            } else if (minimum.matches()) {
                accepted.add(minimum.group(1));
            }
            accepted.removeIf(bound -> !value.matcher(bound).matches());
            for (String bound : accepted) {
                Properties with = bounded(key);
                with.setProperty(key.exampleKey(), bound);
                assertThatCode(() -> GcsConfigLoader.fromProperties(with, key.name()).build())
                        .as("%s = %s (allowed: %s)", key.exampleKey(), bound, key.allowed())
                        .doesNotThrowAnyException();
                checked.add(key.exampleKey() + " = " + bound);
            }
            if (bounds.matches() && bounds.group(1).matches("-?[0-9]+") && bounds.group(2).matches("[0-9]+")) {
                for (long outside : new long[] {Long.parseLong(bounds.group(1)) - 1,
                        Long.parseLong(bounds.group(2)) + 1}) {
                    Properties with = bounded(key);
                    with.setProperty(key.exampleKey(), Long.toString(outside));
                    assertThatThrownBy(() -> GcsConfigLoader.fromProperties(with, key.name()).build())
                            .as("%s = %d (allowed: %s)", key.exampleKey(), outside, key.allowed())
                            .isInstanceOf(GcsConfigException.class);
                }
            }
        }
        assertThat(checked).hasSizeGreaterThan(25);
    }

    /** The base configuration, with what a key's bounds need (the rules that combine settings). */
    private Properties bounded(ConfigKey key) {
        Properties p = base(key);
        p.setProperty("heartbeat.interval", "10ms");         // site.timeout is at least twice the heartbeat interval
        p.setProperty("site.timeout", "10m");
        p.setProperty("max.pending.send.bytes", "64MB");     // is at least max.message.bytes
        p.setProperty("max.message.bytes", "1KB");
        p.setProperty("min.send.rate", "128B");              // is at most initial.send.rate
        return p;
    }

    /** A configuration without the key, with what the key's example needs to load. */
    private Properties base(ConfigKey key) {
        Properties p = new Properties();
        p.setProperty("site", "ottawa");
        p.setProperty("member.name", "m1");
        if (!key.name().startsWith("cluster.key")) {
            p.setProperty("cluster.key", "a secret shared by every node of the test");
        }
        switch (key.name()) {
            case "lan.transport" -> p.setProperty("lan.tcp.initial.hosts", "127.0.0.1:7800");
            case "lan.dns.query" -> p.setProperty("lan.transport", "tcp"); // members found by DNS talk over TCP
            case "cluster.key.hex" -> p.setProperty("node.test", "true");
            default -> {
            }
        }
        return p;
    }

    private String exampleValue(ConfigKey key) throws Exception {
        if (key.name().equals("cluster.key.file")) {
            Path file = dir.resolve("cluster.keys");
            Files.writeString(file, "key.1 = 3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b\n"
                    + "send.key = 1\n");
            return file.toString();
        }
        return key.exampleValue();
    }

    private static Properties copy(Properties p) {
        Properties copy = new Properties();
        copy.putAll(p);
        return copy;
    }

    /** Every setting GcsConfig reports, as text. */
    private static String fingerprint(Properties p) throws Exception {
        GcsConfig config = GcsConfigLoader.fromProperties(p, "test").build();
        StringBuilder text = new StringBuilder();
        describe(config, text);
        describe(config.lan(), text);
        text.append(" mcastPort=").append(config.lan().mcastPortFor(config.site()))
                .append(" clusterName=").append(config.lan().clusterNameFor(config.site()))
                .append(" stall.chat=").append(config.memberStallTimeout("chat"));
        return text.toString();
    }

    private static void describe(Object object, StringBuilder text) throws Exception {
        Set<String> skipped = new LinkedHashSet<>(List.of("toBuilder", "meterRegistry", "clusterKeys", "lan",
                "hashCode", "toString"));
        Method[] methods = object.getClass().getDeclaredMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName));
        for (Method method : methods) {
            if (!Modifier.isPublic(method.getModifiers()) || Modifier.isStatic(method.getModifiers())
                    || method.getParameterCount() > 0 || skipped.contains(method.getName())) {
                continue;
            }
            text.append(method.getName()).append('=').append(readable(method.invoke(object))).append(' ');
        }
    }

    private static Object readable(Object value) {
        if (value instanceof byte[] bytes) {
            return Arrays.toString(bytes);
        }
        if (value instanceof Map<?, ?> map) {
            return new java.util.TreeMap<>(map);
        }
        return value;
    }
}
