package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.gcs.bench.JGroupsStackDifferences.Difference;
import org.gcs.metrics.GcsMetrics;
import org.jgroups.JChannel;
import org.jgroups.annotations.Property;
import org.jgroups.protocols.SYM_ENCRYPT;
import org.jgroups.stack.Protocol;
import org.jgroups.util.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The JGroups baseline's LAN stack ({@link JGroupsStacks#lan}) against GCS's, both as the bench runs them: a GCS node
 * and a plain JGroups node of lan-throughput start on loopback ({@link GcsEndpoint}, {@link JGroupsEndpoint}), GCS's
 * channel read through the public API ({@link GcsMetrics#lanChannel}). Compared: the protocols (each named by the
 * JGroups protocol it is or extends) and their order, their classes, every {@code @Property} of every protocol and of
 * its components (bundler, thread pool, diagnostics...), and the members' address type. What differs must be exactly
 * {@link JGroupsStackDifferences#LAN_DIFFERENCES} (plus {@link JGroupsStackDifferences#PROTECTION_DIFFERENCES} with GCS's default
 * {@code lan.protection=aes-gcm}): a protocol or setting changed on either side fails here until the list, its
 * Javadoc and docs/performance.md say so.
 */
class JGroupsStacksTest {
    /** Settings that differ by run, not by stack: every run has its own multicast port. */
    private static final Set<String> PER_RUN = Set.of("UDP.mcast_port");
    /** Settings that must be among those compared, so that the comparison cannot pass by reading nothing. */
    private static final List<String> KEY_SETTINGS = List.of("UDP.bind_addr", "UDP.mcast_addr",
            "UDP.ucast_recv_buf_size", "UDP.mcast_recv_buf_size", "UDP.ucast_send_buf_size", "UDP.mcast_send_buf_size",
            "UDP.use_vthreads", "UDP.log_discard_msgs", "UDP.bundler.max_size", "UDP.bundler.capacity",
            "UDP.thread_pool.min_threads", "UDP.thread_pool.max_threads", "UDP.thread_pool.keep_alive_time",
            "UDP.diag.enabled", "MERGE3.min_interval", "MERGE3.max_interval", "FD_SOCK2.bind_addr", "FD_ALL3.timeout",
            "FD_ALL3.interval", "VERIFY_SUSPECT2.timeout", "NAKACK2.xmit_interval", "NAKACK2.use_mcast_xmit",
            "UNICAST3.xmit_interval", "STABLE.desired_avg_gossip", "STABLE.max_bytes", "GMS.join_timeout",
            "GMS.print_local_addr", "MFC.max_credits", "MFC.min_threshold", "UFC.max_credits", "UFC.min_threshold",
            "FRAG4.frag_size", "channel.discard_own_messages");

    @Test
    @Timeout(60)
    void shouldDifferFromGcsLanStackWithoutProtectionOnlyAsDocumented() throws Exception {
        assertDifferences(List.of("lan.protection=none"), JGroupsStackDifferences.LAN_DIFFERENCES);
    }

    @Test
    @Timeout(60)
    void shouldDifferFromGcsDefaultLanStackOnlyAsDocumentedPlusTheProtection() throws Exception {
        List<Difference> expected = new ArrayList<>(JGroupsStackDifferences.LAN_DIFFERENCES);
        expected.addAll(JGroupsStackDifferences.PROTECTION_DIFFERENCES);
        assertDifferences(List.of(), expected);
    }

    @Test
    void shouldSealTheSealedBaselinesAsGcsSealsItsLanDirectlyAboveTheTransport() throws Exception {
        BenchSettings settings = new BenchSettings(List.of(Scenario.LAN_THROUGHPUT), 1, -1, -1, -1, 1000, 2000,
                false, null, false, List.of(), Duration.ofSeconds(30), List.of(), List.of(), false, 256);
        NodeSpec spec = RunPlan.create(Scenario.LAN_THROUGHPUT, BenchSystem.JGROUPS_SEALED, settings).nodes().get(0);
        List<String> plain = JGroupsStacks.lan(spec).stream().map(p -> p.getClass().getSimpleName()).toList();

        List<Protocol> sealed = JGroupsStacks.seal(JGroupsStacks.lan(spec), spec.clusterKeyHex());

        assertThat(spec.clusterKeyHex()).as("a sealed baseline gets the run's key").hasSize(64);
        List<String> names = sealed.stream().map(p -> p.getClass().getSimpleName()).toList();
        assertThat(names.subList(0, 3)).containsExactly("UDP", "SYM_ENCRYPT", "SERIALIZE");
        assertThat(((SYM_ENCRYPT) sealed.get(1)).symAlgorithm()).isEqualTo("AES/CBC/PKCS5Padding");
        List<String> without = new ArrayList<>(names);
        without.removeAll(List.of("SYM_ENCRYPT", "SERIALIZE"));
        assertThat(without).isEqualTo(plain);
        assertThat(RunPlan.create(Scenario.LAN_THROUGHPUT, BenchSystem.JGROUPS, settings).nodes().get(0)
                .clusterKeyHex()).as("plain JGroups has no key").isEmpty();
    }

    @Test
    void shouldPutSequencerDirectlyBelowGmsAndChangeNothingElse() throws Exception {
        BenchSettings settings = new BenchSettings(List.of(Scenario.TOTAL_THROUGHPUT), 1, -1, -1, -1, 1000, 2000,
                false, null, false, List.of(), Duration.ofSeconds(30), List.of(), List.of(), false, 256);
        NodeSpec spec = RunPlan.create(Scenario.TOTAL_THROUGHPUT, BenchSystem.JGROUPS_SEQUENCER, settings).nodes()
                .get(0);
        List<String> lan = JGroupsStacks.lan(spec).stream().map(p -> p.getClass().getSimpleName()).toList();

        List<String> sequencer = JGroupsStacks.sequencer(JGroupsStacks.lan(spec)).stream()
                .map(p -> p.getClass().getSimpleName()).toList();

        assertThat(sequencer).hasSize(lan.size() + 1);
        assertThat(sequencer.get(sequencer.indexOf("GMS") - 1)).isEqualTo("SEQUENCER");
        assertThat(sequencer.indexOf("SEQUENCER")).isGreaterThan(sequencer.indexOf("NAKACK2"))
                .isGreaterThan(sequencer.indexOf("UNICAST3"));
        List<String> without = new ArrayList<>(sequencer);
        without.remove("SEQUENCER");
        assertThat(without).isEqualTo(lan);
    }

    @Test
    void shouldDocumentEveryDifferenceWithItsReasonInPerformanceMd() throws IOException {
        List<Difference> all = new ArrayList<>(JGroupsStackDifferences.LAN_DIFFERENCES);
        all.addAll(JGroupsStackDifferences.PROTECTION_DIFFERENCES);
        // the module's directory when Maven runs the tests
        String doc = Files.readString(Path.of("..", "docs", "performance.md"), StandardCharsets.UTF_8);

        assertThat(all).extracting(Difference::what).doesNotHaveDuplicates();
        assertThat(all).allSatisfy(d -> {
            assertThat(d.why()).isNotBlank();
            assertThat(doc.contains("\n| `" + d.what() + "` |"))
                    .as("docs/performance.md's table of the baseline's differences has a row | `%s` |", d.what())
                    .isTrue();
        });
    }

    /**
     * @param gcsSettings {@code --gcs-set} settings of the GCS node
     * @param documented the differences the stacks must show, no more, no fewer
     */
    private static void assertDifferences(List<String> gcsSettings, List<Difference> documented) throws Exception {
        BenchSettings settings = new BenchSettings(List.of(Scenario.LAN_THROUGHPUT), 1, -1, -1, -1, 1000, 2000,
                false, null, false, List.of(), Duration.ofSeconds(30), List.of(), gcsSettings, false, 256);
        NodeSpec gcsSpec = RunPlan.create(Scenario.LAN_THROUGHPUT, BenchSystem.GCS, settings).nodes().get(0);
        NodeSpec jgroupsSpec = RunPlan.create(Scenario.LAN_THROUGHPUT, BenchSystem.JGROUPS, settings).nodes().get(0);
        Stack gcs;
        Stack baseline;
        try (GcsEndpoint gcsNode = new GcsEndpoint(gcsSpec);
             JGroupsEndpoint jgroupsNode = new JGroupsEndpoint(jgroupsSpec, false)) {
            gcsNode.start((sender, position, bytes, offset, length) -> { });
            jgroupsNode.start((sender, position, bytes, offset, length) -> { });
            gcs = Stack.of(GcsMetrics.lanChannel(gcsNode.node()).orElseThrow());
            baseline = Stack.of(jgroupsNode.channel());
        }

        Set<Found> expected = documented.stream().map(d -> new Found(d.what(), d.gcs(), d.baseline()))
                .collect(Collectors.toCollection(LinkedHashSet::new));
        Set<Found> actual = differences(gcs, baseline);
        assertThat(actual).as("differences between GCS's LAN stack (%s) and the baseline's (%s); a difference that"
                        + " is intended belongs in JGroupsStacks' lists, its Javadoc and docs/performance.md",
                gcs.protocols(), baseline.protocols())
                .containsExactlyInAnyOrderElementsOf(expected);

        Set<String> compared = new TreeSet<>(gcs.settings().keySet());
        compared.retainAll(baseline.settings().keySet());
        assertThat(compared).as("settings compared").containsAll(KEY_SETTINGS).hasSizeGreaterThan(150);
    }

    /** Everything that differs, in the terms of {@link Difference#what}. */
    private static Set<Found> differences(Stack gcs, Stack baseline) {
        Set<Found> found = new LinkedHashSet<>();
        for (String p : gcs.protocols()) {
            if (!baseline.protocols().contains(p)) {
                found.add(new Found("stack " + p, gcs.classes().get(p), "absent"));
            }
        }
        for (String p : baseline.protocols()) {
            if (!gcs.protocols().contains(p)) {
                found.add(new Found("stack " + p, "absent", baseline.classes().get(p)));
            }
        }
        List<String> gcsOrder = gcs.protocols().stream().filter(baseline.protocols()::contains).toList();
        List<String> baselineOrder = baseline.protocols().stream().filter(gcs.protocols()::contains).toList();
        if (!gcsOrder.equals(baselineOrder)) {
            found.add(new Found("stack order", String.join(", ", gcsOrder), String.join(", ", baselineOrder)));
        }
        for (String p : gcsOrder) {
            if (!gcs.classes().get(p).equals(baseline.classes().get(p))) {
                found.add(new Found("class " + p, gcs.classes().get(p), baseline.classes().get(p)));
            }
        }
        Set<String> keys = new TreeSet<>(gcs.settings().keySet());
        keys.addAll(baseline.settings().keySet());
        for (String key : keys) {
            int dot = key.indexOf('.');
            String owner = dot < 0 ? key : key.substring(0, dot);
            boolean common = "channel".equals(owner) || "address".equals(owner) || gcsOrder.contains(owner);
            String g = gcs.settings().getOrDefault(key, "absent");
            String b = baseline.settings().getOrDefault(key, "absent");
            if (common && !PER_RUN.contains(key) && !g.equals(b)) {
                found.add(new Found(key, g, b));
            }
        }
        return found;
    }

    /** A difference as found: what, GCS's value, the baseline's. */
    private record Found(String what, String gcs, String baseline) {
    }

    /**
     * A connected channel's stack.
     *
     * @param protocols its protocols from the transport up, each named by the JGroups protocol it is or extends
     * @param classes each protocol's class
     * @param settings every {@code @Property} of every protocol and component ({@code UDP.bundler.max_size}), the
     *        channel's ({@code channel.discard_own_messages}) and the address type ({@code address})
     */
    private record Stack(List<String> protocols, Map<String, String> classes, Map<String, String> settings) {
        static Stack of(JChannel channel) {
            List<String> protocols = new ArrayList<>();
            Map<String, String> classes = new LinkedHashMap<>();
            Map<String, String> settings = new LinkedHashMap<>();
            List<Protocol> stack = new ArrayList<>(channel.getProtocolStack().getProtocols());
            Collections.reverse(stack); // JGroups lists them top first
            for (Protocol protocol : stack) {
                String name = jgroupsName(protocol.getClass());
                assertThat(protocols).as("one %s per stack", name).doesNotContain(name);
                protocols.add(name);
                classes.put(name, protocol.getClass().getName());
                properties(name + ".", protocol, settings);
                Util.forAllComponents(protocol, (component, prefix) ->
                        properties(name + "." + prefix + ".", component, settings));
            }
            settings.put("channel.discard_own_messages", Boolean.toString(channel.getDiscardOwnMessages()));
            settings.put("address", channel.getAddress().getClass().getName());
            return new Stack(List.copyOf(protocols), classes, settings);
        }

        /** @return the simple name of the class itself or of its nearest JGroups superclass, e.g. MFC, SYM_ENCRYPT */
        private static String jgroupsName(Class<?> type) {
            Class<?> c = type;
            while (!c.getName().startsWith("org.jgroups.")) {
                c = c.getSuperclass();
            }
            return c.getSimpleName();
        }

        private static void properties(String prefix, Object target, Map<String, String> into) {
            Util.forAllFieldsAndMethods(target, a -> a.isAnnotationPresent(Property.class),
                    (field, owner) -> into.put(prefix + name(field, field.getName()), read(field, owner)),
                    (method, owner) -> {
                        if (method.getParameterCount() == 0 && method.getReturnType() != void.class) {
                            into.put(prefix + name(method, method.getName() + "()"), read(method, owner));
                        }
                    });
        }

        private static String name(AccessibleObject member, String otherwise) {
            String name = member.getAnnotation(Property.class).name();
            return name.isEmpty() ? otherwise : name;
        }

        private static String read(AccessibleObject member, Object owner) {
            try {
                member.setAccessible(true);
                Object value = member instanceof Field f ? f.get(owner) : ((Method) member).invoke(owner);
                String text = value != null && value.getClass().isArray() ? Arrays.deepToString(new Object[] {value})
                        : String.valueOf(value);
                return text.replaceAll("@[0-9a-f]+", "@"); // identity hashes differ between any two objects
            } catch (ReflectiveOperationException | RuntimeException e) {
                return "unreadable: " + e;
            }
        }
    }
}
