package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.gcs.GcsConfigBuilder;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.NotJoinedException;
import org.gcs.ViewListener;
import org.gcs.internal.node.NettyJGroupsNode;
import org.junit.jupiter.api.Test;

/**
 * The member stall policy on real JGroups clusters over loopback: two sites, one member whose listener is stuck (or
 * slow). Every other member of every site receives everything; the faulty member is excluded within its bound (its
 * full delivery backlog held every sender back), counted and told why; once its listener returns it joins again and
 * receives what is sent from then on.
 */
class LoopbackStuckMemberTest {
    private static final String GROUP = "g";
    /** The smallest backlog a member may have (64 messages of 256 B, each counted as 1 KiB): it fills at once. */
    private static final long BACKLOG_BYTES = 64 * 1024;
    private static final Duration STALL = Duration.ofMillis(Long.getLong("gcs.test.stallMs", 2_000));
    private static final Duration GENEROUS = Duration.ofSeconds(60);

    /** A send window this small fills after 256 messages: the senders wait for a faulty member at once. */
    private static final long WINDOW_BYTES = 64 * 1024;

    private static GcsConfigBuilder faultTolerant(GcsConfigBuilder b) {
        return b.deliveryBacklogBytes(BACKLOG_BYTES).sendWindowBytes(WINDOW_BYTES).memberStallTimeout(GROUP, STALL);
    }

    @Test
    void stuckListenerIsExcludedWhileEveryOtherMemberKeepsReceivingAndItRejoinsAfterwards() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a1 = cluster.start("a", "a1", LoopbackStuckMemberTest::faultTolerant);
            GcsNode a2 = cluster.start("a", "a2", LoopbackStuckMemberTest::faultTolerant);
            GcsNode b1 = cluster.start("b", "b1", LoopbackStuckMemberTest::faultTolerant);
            GcsNode b2 = cluster.start("b", "b2", LoopbackStuckMemberTest::faultTolerant);
            GcsNode b3 = cluster.start("b", "b3", LoopbackStuckMemberTest::faultTolerant);
            List<GcsNode> healthy = List.of(a1, a2, b1, b3);
            Map<GcsNode, SequenceChecker> received = new HashMap<>();
            for (GcsNode node : healthy) {
                SequenceChecker checker = new SequenceChecker();
                node.onMessage(checker::accept);
                received.put(node, checker);
            }
            CountDownLatch release = new CountDownLatch(1);
            List<GroupMessage> atStuck = new CopyOnWriteArrayList<>();
            b2.onMessage(message -> {
                atStuck.add(message);
                if (atStuck.size() == 1) {
                    awaitQuietly(release); // the application's listener hangs on its first message
                }
            });
            List<String> told = new CopyOnWriteArrayList<>();
            b2.onView(new ViewListener() {
                @Override
                public void onView(GroupView view) {
                }

                @Override
                public void onExcluded(String group, String reason) {
                    told.add(group + ": " + reason);
                }
            });
            List<GcsNode> all = List.of(a1, a2, b1, b2, b3);
            all.forEach(n -> n.join(GROUP));
            awaitViewSize(all, 5);

            long startNs = System.nanoTime();
            int perSender = 1_000;
            List<GcsNode> senders = List.of(a1, a2, b1);
            sendNumbered(senders, 1, perSender);
            for (GcsNode node : healthy) {
                await().atMost(GENEROUS).until(() -> received.get(node).delivered() == (long) senders.size() * perSender);
                assertThat(received.get(node).problems()).as("at " + node.self()).isEmpty();
            }
            long allDeliveredMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs);

            NettyJGroupsNode stuck = (NettyJGroupsNode) b2;
            await().atMost(GENEROUS).until(() -> stuck.metrics().membersExcluded() == 1);
            assertThat(b2.groups()).doesNotContain(GROUP);
            assertThatThrownBy(() -> b2.send(GROUP, new byte[1]))
                    .isInstanceOf(NotJoinedException.class)
                    .hasMessageContaining("excluded from group 'g'")
                    .hasMessageContaining("member.stall.timeout")
                    .hasMessageContaining("join again");
            awaitViewSize(healthy, 4);
            for (GcsNode node : healthy) {
                assertThat(node.view(GROUP).orElseThrow().members()).doesNotContain(b2.self());
            }
            System.out.printf("stuck member: %d messages from 3 senders reached the 4 healthy members in %d ms"
                    + " (stall bound %d ms, backlog %d KiB)%n", senders.size() * perSender, allDeliveredMs,
                    STALL.toMillis(), BACKLOG_BYTES >> 10);

            release.countDown();
            await().atMost(GENEROUS).until(() -> told.size() == 1);
            assertThat(told.get(0)).startsWith("g: its listeners held the group back");
            assertThat(atStuck).hasSize(1); // what waited behind the stuck message was dropped, not delivered late

            b2.join(GROUP);
            awaitViewSize(all, 5);
            sendNumbered(List.of(a1, b1), perSender + 1, 50);
            await().atMost(GENEROUS).until(() -> countFrom(atStuck, a1.self(), perSender) == 50
                    && countFrom(atStuck, b1.self(), perSender) == 50);
            assertStrictlyIncreasingPerSender(atStuck);
            for (GcsNode node : healthy) {
                await().atMost(GENEROUS).until(() -> received.get(node).delivered()
                        == (long) senders.size() * perSender + 100);
                assertThat(received.get(node).problems()).as("at " + node.self()).isEmpty();
            }
            assertThat(stuck.metrics().membersExcluded()).isEqualTo(1);
        }
    }

    @Test
    void stuckListenerAtTheDelegateIsExcludedWhileTheDelegateKeepsCarryingItsSite() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a1 = cluster.start("a", "a1", LoopbackStuckMemberTest::faultTolerant);
            GcsNode b1 = cluster.start("b", "b1", LoopbackStuckMemberTest::faultTolerant);
            GcsNode b2 = cluster.start("b", "b2", LoopbackStuckMemberTest::faultTolerant);
            List<GcsNode> healthy = List.of(a1, b2);
            Map<GcsNode, SequenceChecker> received = new HashMap<>();
            for (GcsNode node : healthy) {
                SequenceChecker checker = new SequenceChecker();
                node.onMessage(checker::accept);
                received.put(node, checker);
            }
            CountDownLatch release = new CountDownLatch(1);
            List<GroupMessage> atStuck = new CopyOnWriteArrayList<>();
            b1.onMessage(message -> {
                atStuck.add(message);
                if (atStuck.size() == 1) {
                    awaitQuietly(release);
                }
            });
            List<GcsNode> all = List.of(a1, b1, b2);
            all.forEach(n -> n.join(GROUP));
            awaitViewSize(all, 3);
            try {
                int perSender = 1_000;
                List<GcsNode> senders = List.of(a1, b2);
                sendNumbered(senders, 1, perSender);
                for (GcsNode node : healthy) {
                    await().atMost(GENEROUS).until(() -> received.get(node).delivered()
                            == (long) senders.size() * perSender);
                    assertThat(received.get(node).problems()).as("at " + node.self()).isEmpty();
                }
                assertThat(((NettyJGroupsNode) b1).metrics().membersExcluded()).isEqualTo(1);
                assertThat(b1.isDelegate()).isTrue();
                assertThat(atStuck).hasSize(1);
            } finally {
                release.countDown();
            }
        }
    }

    @Test
    void slowListenerIsExcludedAndTheSendersRecover() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a1 = cluster.start("a", "a1", LoopbackStuckMemberTest::faultTolerant);
            GcsNode a2 = cluster.start("a", "a2", LoopbackStuckMemberTest::faultTolerant);
            GcsNode b1 = cluster.start("b", "b1", LoopbackStuckMemberTest::faultTolerant);
            GcsNode b2 = cluster.start("b", "b2", LoopbackStuckMemberTest::faultTolerant);
            List<GcsNode> healthy = List.of(a1, a2, b1);
            Map<GcsNode, SequenceChecker> received = new HashMap<>();
            for (GcsNode node : healthy) {
                SequenceChecker checker = new SequenceChecker();
                node.onMessage(checker::accept);
                received.put(node, checker);
            }
            List<GroupMessage> atSlow = new CopyOnWriteArrayList<>();
            b2.onMessage(message -> {
                atSlow.add(message);
                sleepQuietly(20); // the application's work: 20 ms a message, 50 messages a second at most
            });
            List<GcsNode> all = List.of(a1, a2, b1, b2);
            all.forEach(n -> n.join(GROUP));
            awaitViewSize(all, 4);

            NettyJGroupsNode slow = (NettyJGroupsNode) b2;
            int perSender = 1_500;
            List<GcsNode> senders = List.of(a1, b1);
            List<long[]> sendTimes = new ArrayList<>();
            long startNs = System.nanoTime();
            long[] excludedAtNs = new long[1];
            Thread watcher = new Thread(() -> {
                await().atMost(GENEROUS).until(() -> slow.metrics().membersExcluded() == 1);
                excludedAtNs[0] = System.nanoTime();
            });
            watcher.start();
            sendTimes.addAll(sendNumberedTimed(senders, 1, perSender));
            for (GcsNode node : healthy) {
                await().atMost(GENEROUS).until(() -> received.get(node).delivered() == (long) senders.size() * perSender);
                assertThat(received.get(node).problems()).as("at " + node.self()).isEmpty();
            }
            watcher.join(GENEROUS.toMillis());
            assertThat(slow.metrics().membersExcluded()).isEqualTo(1);
            assertThat(b2.groups()).doesNotContain(GROUP);
            assertStrictlyIncreasingPerSender(atSlow);
            assertThat(atSlow.size()).isLessThan(senders.size() * perSender);
            report(senders, sendTimes, startNs, excludedAtNs[0]);
        }
    }

    /** Prints each sender's rate while the slow member held it back and after it was excluded (a figure, no test). */
    private static void report(List<GcsNode> senders, List<long[]> sendTimes, long startNs, long excludedAtNs) {
        for (int i = 0; i < senders.size(); i++) {
            long before = 0;
            long after = 0;
            long lastNs = excludedAtNs;
            for (long t : sendTimes.get(i)) {
                if (t <= excludedAtNs) {
                    before++;
                } else {
                    after++;
                }
                lastNs = Math.max(lastNs, t);
            }
            double beforeS = (excludedAtNs - startNs) / 1e9;
            double afterS = (lastNs - excludedAtNs) / 1e9;
            System.out.printf("slow member: excluded %.1f s after the senders started (stall bound %d ms); sender %s"
                    + " sent %d messages before (%.0f msg/s) and %d in %.2f s after (%.0f msg/s)%n", beforeS,
                    STALL.toMillis(), senders.get(i).self(), before, before / beforeS, after, afterS,
                    afterS > 0 ? after / afterS : Double.NaN);
        }
    }

    private static long countFrom(List<GroupMessage> messages, MemberId sender, long afterSequence) {
        return messages.stream().filter(m -> m.sender().equals(sender) && m.sequence() > afterSequence).count();
    }

    /** Nothing delivered twice and each sender's order kept (gaps are allowed: the member was excluded for a while). */
    private static void assertStrictlyIncreasingPerSender(List<GroupMessage> messages) {
        Map<MemberId, Long> last = new HashMap<>();
        for (GroupMessage m : messages) {
            long previous = last.getOrDefault(m.sender(), 0L);
            assertThat(m.sequence()).as("from " + m.sender()).isGreaterThan(previous);
            assertThat(ByteBuffer.wrap(m.payload()).getLong()).as("payload of " + m.sender() + " #" + m.sequence())
                    .isEqualTo(m.sequence());
            last.put(m.sender(), m.sequence());
        }
    }

    private static void awaitViewSize(List<GcsNode> nodes, int size) {
        await().atMost(GENEROUS).until(() -> nodes.stream()
                .allMatch(n -> n.view(GROUP).map(v -> v.size() == size).orElse(false)));
    }

    /** Each sender sends messages numbered {@code first}… (the number is also the member sequence). */
    private static void sendNumbered(List<GcsNode> senders, int first, int count) throws Exception {
        sendNumberedTimed(senders, first, count);
    }

    private static List<long[]> sendNumberedTimed(List<GcsNode> senders, int first, int count) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(senders.size());
        try {
            List<Future<long[]>> sending = new ArrayList<>();
            for (GcsNode node : senders) {
                sending.add(pool.submit(() -> {
                    long[] doneNs = new long[count];
                    for (int k = 0; k < count; k++) {
                        node.send(GROUP, ByteBuffer.allocate(256).putLong(first + k).array());
                        doneNs[k] = System.nanoTime();
                    }
                    return doneNs;
                }));
            }
            List<long[]> times = new ArrayList<>();
            for (Future<long[]> f : sending) {
                times.add(f.get(GENEROUS.toSeconds() * 2, TimeUnit.SECONDS));
            }
            return times;
        } finally {
            pool.shutdownNow();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
