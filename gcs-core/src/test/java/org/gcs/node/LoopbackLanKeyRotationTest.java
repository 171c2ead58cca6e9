package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gcs.ClusterKeys;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.junit.jupiter.api.Test;

/**
 * The LAN follows the key ring, on real JGroups clusters over loopback (one site, {@code a}): a site rotates its keys
 * under traffic without a restart (and a member started afterwards with the new key alone joins it), a member restarted
 * mid-rotation joins its site, and a process holding only a removed key cannot join.
 */
class LoopbackLanKeyRotationTest {
    private static final byte[] KEY_1 = "lan-rotation-test-key-one-0123456789ab".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_2 = "lan-rotation-test-key-two-9876543210yz".getBytes(StandardCharsets.US_ASCII);
    private static final ClusterKeys ONLY_ONE = ClusterKeys.of(Map.of(1, KEY_1), 1);
    private static final ClusterKeys BOTH_SEND_ONE = ClusterKeys.of(Map.of(1, KEY_1, 2, KEY_2), 1);
    private static final ClusterKeys BOTH_SEND_TWO = ClusterKeys.of(Map.of(1, KEY_1, 2, KEY_2), 2);
    private static final ClusterKeys ONLY_TWO = ClusterKeys.of(Map.of(2, KEY_2), 2);
    private static final String GROUP = "g";
    private static final int PER_BATCH = 50;
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void shouldRotateASitesKeysUnderTrafficWithoutLossDuplicatesOrDrops() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            List<Member> site = List.of(new Member(cluster, "a1", ONLY_ONE), new Member(cluster, "a2", ONLY_ONE),
                    new Member(cluster, "a3", ONLY_ONE));
            awaitGroupOf(site);
            Member a1 = site.get(0);
            Member a2 = site.get(1);
            Member a3 = site.get(2);
            // each step on every member, one after the other (in a different order each time), under traffic
            List<Runnable> steps = List.of(
                    () -> List.of(a1, a2, a3).forEach(m -> m.node.updateKeys(BOTH_SEND_ONE)),
                    () -> List.of(a3, a1, a2).forEach(m -> m.node.updateKeys(BOTH_SEND_TWO)),
                    () -> List.of(a2, a3, a1).forEach(m -> m.node.updateKeys(ONLY_TWO)));
            long expected = 0;
            for (Runnable step : steps) {
                CompletableFuture<Void> traffic = CompletableFuture.runAsync(() -> sendFromEach(site));
                step.run();
                traffic.get();
                expected += (long) site.size() * PER_BATCH;
                awaitDelivered(site, expected);
            }
            sendFromEach(site); // under key 2 alone
            long total = expected + (long) site.size() * PER_BATCH;
            awaitDelivered(site, total);

            for (Member member : site) {
                assertThat(member.checker.problems()).as("duplicates, gaps or reordering at %s", member.name).isEmpty();
                assertThat(member.checker.delivered()).as("delivered at %s", member.name).isEqualTo(total);
                assertThat(member.node.view(GROUP).orElseThrow().size()).as("group view at %s", member.name)
                        .isEqualTo(3);
                assertThat(member.unauthenticated()).as("LAN messages refused at %s", member.name).isZero();
            }

            // the site now speaks key 2 alone: a member started with only key 2 joins it, reads it and is read
            Member late = new Member(cluster, "a4", ONLY_TWO);
            List<Member> grown = List.of(a1, a2, a3, late);
            awaitGroupOf(grown);
            late.node.send(GROUP, "from a4".getBytes(StandardCharsets.UTF_8));
            a1.node.send(GROUP, "from a1".getBytes(StandardCharsets.UTF_8));
            await().atMost(WAIT).until(() -> grown.stream().allMatch(m -> m.payloads.contains("from a4"))
                    && late.payloads.contains("from a1"));
            for (Member member : grown) {
                assertThat(member.unauthenticated()).as("LAN messages refused at %s", member.name).isZero();
            }
        }
    }

    @Test
    void shouldLetAMemberRestartedMidRotationJoinItsSite() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            // the running members took step 1 (both keys, sending with 1); the restarted one reads a key file that is
            // one step ahead (sending with 2), and derives its LAN key from key 2: before the LAN followed the ring,
            // it could not join
            Member a1 = new Member(cluster, "a1", BOTH_SEND_ONE);
            Member a2 = new Member(cluster, "a2", BOTH_SEND_ONE);
            Member restarted = new Member(cluster, "a3", BOTH_SEND_TWO);
            List<Member> site = List.of(a1, a2, restarted);
            awaitGroupOf(site);

            sendFromEach(site);
            awaitDelivered(site, 3L * PER_BATCH);

            for (Member member : site) {
                assertThat(member.checker.problems()).as("duplicates, gaps or reordering at %s", member.name).isEmpty();
                assertThat(member.checker.lastSequence(restarted.node.self())).as("a3's messages read at %s",
                        member.name).isEqualTo(PER_BATCH);
                assertThat(member.checker.lastSequence(a1.node.self())).as("a1's messages read at %s", member.name)
                        .isEqualTo(PER_BATCH);
                assertThat(member.unauthenticated()).as("LAN messages refused at %s", member.name).isZero();
            }
        }
    }

    @Test
    void shouldKeepAProcessHoldingOnlyTheRemovedKeyOutOfTheSite() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            Member a1 = new Member(cluster, "a1", ONLY_ONE);
            Member a2 = new Member(cluster, "a2", ONLY_ONE);
            awaitGroupOf(List.of(a1, a2));
            for (ClusterKeys step : List.of(BOTH_SEND_ONE, BOTH_SEND_TWO, ONLY_TWO)) {
                a1.node.updateKeys(step);
                a2.node.updateKeys(step);
            }

            Member old = new Member(cluster, "a3", ONLY_ONE);
            old.node.join(GROUP);
            // its discovery and membership messages reach the site and are refused, and the other way round
            await().atMost(WAIT).until(() -> a1.unauthenticated() > 0 && a2.unauthenticated() > 0
                    && old.unauthenticated() > 0);
            old.node.send(GROUP, "from the old key".getBytes(StandardCharsets.UTF_8));
            await().atMost(WAIT).until(() -> old.checker.delivered() == 1);
            a1.node.send(GROUP, "from the site".getBytes(StandardCharsets.UTF_8));
            await().atMost(WAIT).until(() -> a1.checker.delivered() == 1 && a2.checker.delivered() == 1);

            for (Member member : List.of(a1, a2)) {
                assertThat(member.payloads).as("delivered at %s", member.name).containsExactly("from the site");
                assertThat(member.node.view(GROUP).orElseThrow().size()).as("group view at %s", member.name)
                        .isEqualTo(2);
            }
            assertThat(old.payloads).containsExactly("from the old key");
            assertThat(old.node.view(GROUP).orElseThrow().size()).isEqualTo(1);
        }
    }

    // ------------------------------------------------------------------ fixtures

    /** A member of site a, with what it delivered and its own meters. */
    private static final class Member {
        final String name;
        final GcsNode node;
        final SimpleMeterRegistry registry = new SimpleMeterRegistry();
        final SequenceChecker checker = new SequenceChecker();
        final List<String> payloads = new CopyOnWriteArrayList<>();

        Member(LoopbackCluster cluster, String name, ClusterKeys keys) {
            this.name = name;
            this.node = cluster.start("a", name, b -> b.clusterKeys(keys).meterRegistry(registry));
            node.onMessage(this::delivered);
        }

        private void delivered(GroupMessage message) {
            checker.accept(message);
            payloads.add(new String(message.payload(), StandardCharsets.UTF_8));
        }

        long unauthenticated() {
            return (long) registry.get("gcs.lan.messages.dropped").tag("reason", "unauthenticated").counter().count();
        }
    }

    private static void awaitGroupOf(List<Member> site) {
        for (Member member : site) {
            member.node.join(GROUP);
        }
        await().atMost(WAIT).until(() -> site.stream()
                .allMatch(m -> m.node.view(GROUP).map(v -> v.size() == site.size()).orElse(false)));
    }

    private static void sendFromEach(List<Member> site) {
        List<GcsNode> nodes = new ArrayList<>();
        site.forEach(m -> nodes.add(m.node));
        try {
            LoopbackCluster.sendFromEach(nodes, GROUP, PER_BATCH);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void awaitDelivered(List<Member> site, long count) {
        await().atMost(WAIT).until(() -> site.stream().allMatch(m -> m.checker.delivered() == count));
    }
}
