package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.MemberId;
import org.gcs.SendQueueFullException;
import org.gcs.order.Ordering;
import org.gcs.order.TotalOrderMember;
import org.junit.jupiter.api.Test;

/**
 * State transfer in a total-order group over real nodes on loopback: a joiner in site b gets the state from a
 * member of site a while both of site a's members keep sending; the state and the messages after it hold every
 * message once (the joiner's applied list equals the providers'). When the provider is killed mid-transfer, the
 * joiner starts over with the other member; when no member can give the state, the joiner is told and leaves.
 */
class LoopbackStateTransferTest {
    private static final String G = "g";
    private static final long BLOB_BYTES = Long.getLong("gcs.test.stateBytes", 8L << 20);
    private static final int PER_SENDER = 400;
    private static final Duration GENEROUS = Duration.ofSeconds(60);

    private record Member(GcsNode node, TotalOrderMember order, BlobState state) {
        void kill() {
            order.close();
            node.close();
        }
    }

    private static Member start(LoopbackCluster cluster, List<Member> started, String site, String name,
            long blobBytes, boolean provides) {
        GcsNode node = cluster.start(site, name);
        TotalOrderMember order = TotalOrderMember.over(node);
        BlobState state = new BlobState(blobBytes);
        order.onOrdered(state);
        if (provides) {
            order.provideState(state);
        }
        Member member = new Member(node, order, state);
        started.add(member);
        return member;
    }

    @Test
    void shouldGiveAJoinerInAnotherSiteTheStateAndEveryLaterMessageOnce() throws Exception {
        List<Member> started = new ArrayList<>();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            Member a1 = start(cluster, started, "a", "a1", BLOB_BYTES, true);
            Member a2 = start(cluster, started, "a", "a2", BLOB_BYTES, true);
            Member b1 = start(cluster, started, "b", "b1", BLOB_BYTES, true);
            a1.order().join(G, Ordering.TOTAL, a1.state());
            a2.order().join(G, Ordering.TOTAL, a2.state());
            await().atMost(GENEROUS).until(() -> a1.order().view(G).map(v -> v.size() == 2).orElse(false));
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> senders = sendPaced(List.of(a1, a2), stop);
            await().atMost(GENEROUS).until(() -> a1.state().appliedCount() >= 100);
            long startNs = System.nanoTime();
            b1.order().join(G, Ordering.TOTAL, b1.state());
            await().atMost(GENEROUS).until(() -> b1.state().statePosition() >= 0);
            double seconds = (System.nanoTime() - startNs) / 1e9;
            for (Thread sender : senders) {
                sender.join();
            }
            int expected = 2 * PER_SENDER;
            await().atMost(GENEROUS).until(() -> started.stream().allMatch(m -> m.state().appliedCount() == expected));
            System.out.printf("state transfer on loopback: %d MB from site a to site b in %.2f s (%.1f MB/s), at"
                    + " position %d, while site a sent %d messages%n", BLOB_BYTES >> 20, seconds,
                    BLOB_BYTES / 1e6 / seconds, b1.state().statePosition(), expected);
            assertThat(b1.state().applied()).isEqualTo(a1.state().applied());
            assertThat(a2.state().applied()).isEqualTo(a1.state().applied());
            assertThat(b1.state().readAttempts()).isEqualTo(1);
        } finally {
            started.forEach(m -> m.order().close());
        }
    }

    @Test
    void shouldStartOverWithAnotherMemberWhenTheProviderIsKilledMidTransfer() throws Exception {
        List<Member> started = new ArrayList<>();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            Member a1 = start(cluster, started, "a", "a1", BLOB_BYTES, true);
            Member a2 = start(cluster, started, "a", "a2", BLOB_BYTES, true);
            Member b1 = start(cluster, started, "b", "b1", BLOB_BYTES, true);
            a1.order().join(G, Ordering.TOTAL, a1.state());
            a2.order().join(G, Ordering.TOTAL, a2.state());
            await().atMost(GENEROUS).until(() -> a1.order().view(G).map(v -> v.size() == 2).orElse(false));
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> senders = sendPaced(List.of(a2), stop);
            b1.order().join(G, Ordering.TOTAL, b1.state());
            // a/a1 is asked first (no member in site b; then by name): killed once a third of the blob came
            await().atMost(GENEROUS).until(() -> b1.state().blobRead() >= BLOB_BYTES / 3);
            a1.kill();
            await().atMost(GENEROUS).until(() -> b1.state().statePosition() >= 0);
            for (Thread sender : senders) {
                sender.join();
            }
            await().atMost(GENEROUS).until(() -> b1.state().appliedCount() == PER_SENDER
                    && a2.state().appliedCount() == PER_SENDER);
            assertThat(b1.state().readAttempts()).isEqualTo(2);
            assertThat(b1.state().applied()).isEqualTo(a2.state().applied());
        } finally {
            started.forEach(m -> m.order().close());
        }
    }

    @Test
    void shouldTellTheJoinerWhenNoMemberCanGiveTheState() {
        List<Member> started = new ArrayList<>();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            Member a1 = start(cluster, started, "a", "a1", 1024, false);
            Member b1 = start(cluster, started, "b", "b1", 1024, false);
            a1.order().join(G, Ordering.TOTAL, a1.state());
            await().atMost(GENEROUS).until(() -> a1.state().firstMember());
            b1.order().join(G, Ordering.TOTAL, b1.state());
            await().atMost(GENEROUS).until(() -> b1.state().failure() != null);
            assertThat(b1.state().failure()).contains("a/a1").contains("no StateProvider");
            assertThat(b1.order().groups()).doesNotContain(G);
        } finally {
            started.forEach(m -> m.order().close());
        }
    }

    @Test
    void shouldDeliverMessagesToOneMemberOnlyThereAndInOrder() {
        List<Member> started = new ArrayList<>();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            Member a1 = start(cluster, started, "a", "a1", 0, false);
            Member a2 = start(cluster, started, "a", "a2", 0, false);
            Member b1 = start(cluster, started, "b", "b1", 0, false);
            Map<MemberId, List<GroupMessage>> received = new ConcurrentHashMap<>();
            for (Member m : started) {
                m.order().onDirect(msg -> received.computeIfAbsent(m.node().self(),
                        k -> new CopyOnWriteArrayList<>()).add(msg));
            }
            for (Member m : started) {
                m.order().join(G, Ordering.TOTAL);
                m.order().join("fifo-group", Ordering.FIFO);
            }
            await().atMost(GENEROUS).until(() -> started.stream().allMatch(m -> m.order().view(G)
                    .map(v -> v.size() == 3).orElse(false) && m.order().view("fifo-group")
                    .map(v -> v.size() == 3).orElse(false)));
            int count = 300;
            for (int k = 1; k <= count; k++) {
                byte[] payload = BlobState.payload(k, 32);
                sendWhenRoom(() -> a1.order().sendTo(G, b1.node().self(), payload));
                sendWhenRoom(() -> a1.order().sendTo("fifo-group", a2.node().self(), payload));
            }
            await().atMost(GENEROUS).until(() -> received.getOrDefault(b1.node().self(), List.of()).size() == count
                    && received.getOrDefault(a2.node().self(), List.of()).size() == count);
            assertThat(received.get(a1.node().self())).as("nothing to the sender").isNull();
            for (Member to : List.of(b1, a2)) {
                List<GroupMessage> got = received.get(to.node().self());
                for (int i = 0; i < count; i++) {
                    GroupMessage m = got.get(i);
                    assertThat(m.sender()).isEqualTo(a1.node().self());
                    assertThat(m.group()).isEqualTo(to == b1 ? G : "fifo-group");
                    assertThat(m.sequence()).isEqualTo(i + 1);
                    assertThat(java.nio.ByteBuffer.wrap(m.payload()).getLong()).isEqualTo(i + 1);
                }
            }
            assertThat(received.get(b1.node().self())).hasSize(count);
            assertThat(received.get(a2.node().self())).hasSize(count);
        } finally {
            started.forEach(m -> m.order().close());
        }
    }

    private static void sendWhenRoom(Runnable send) {
        await().atMost(GENEROUS).pollInterval(Duration.ofMillis(5)).ignoreException(SendQueueFullException.class)
                .until(() -> {
                    send.run();
                    return true;
                });
    }

    @Test
    void shouldGiveAFifoJoinerInAnotherSiteTheStateAndEveryLaterMessageOnce() throws Exception {
        String fifo = "fifo-state";
        List<Member> started = new ArrayList<>();
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            Member a1 = start(cluster, started, "a", "a1", 1 << 20, true);
            Member a2 = start(cluster, started, "a", "a2", 1 << 20, true);
            Member b1 = start(cluster, started, "b", "b1", 1 << 20, true);
            for (Member m : started) {
                m.order().onMessage(message -> m.state().onMessage(message, -1));
            }
            a1.order().join(fifo, Ordering.FIFO, a1.state());
            await().atMost(GENEROUS).until(() -> a1.state().firstMember());
            a2.order().join(fifo, Ordering.FIFO, a2.state());
            await().atMost(GENEROUS).until(() -> a2.state().readAttempts() == 1);
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> senders = sendPaced(List.of(a1, a2), fifo, stop);
            await().atMost(GENEROUS).until(() -> a1.state().appliedCount() >= 100);
            long startNs = System.nanoTime();
            b1.order().join(fifo, Ordering.FIFO, b1.state());
            await().atMost(GENEROUS).until(() -> b1.state().readAttempts() == 1 && b1.state().appliedCount() > 0);
            double seconds = (System.nanoTime() - startNs) / 1e9;
            for (Thread sender : senders) {
                sender.join();
            }
            int expected = 2 * PER_SENDER;
            await().atMost(GENEROUS).until(() -> started.stream().allMatch(m -> m.state().appliedCount() == expected));
            System.out.printf("fifo state transfer on loopback: 1 MB and the messages so far from site a to site b in"
                    + " %.2f s, while site a sent; every member holds all %d messages once%n", seconds, expected);
            for (Member m : started) {
                for (Member sender : List.of(a1, a2)) {
                    List<String> fromSender = m.state().applied().stream()
                            .filter(id -> id.startsWith(sender.node().self() + "#")).toList();
                    List<String> all = java.util.stream.IntStream.rangeClosed(1, PER_SENDER)
                            .mapToObj(k -> sender.node().self() + "#" + k).toList();
                    assertThat(fromSender).as(m.node().self() + "'s state and messages from " + sender.node().self())
                            .isEqualTo(all);
                }
            }
            assertThat(b1.state().readAttempts()).isEqualTo(1);
        } finally {
            started.forEach(m -> m.order().close());
        }
    }

    /** Each member sends {@link #PER_SENDER} messages, one every 5 ms, from a thread of its own. */
    private static List<Thread> sendPaced(List<Member> members, AtomicBoolean stop) {
        return sendPaced(members, G, stop);
    }

    private static List<Thread> sendPaced(List<Member> members, String group, AtomicBoolean stop) {
        List<Thread> threads = new ArrayList<>();
        for (Member m : members) {
            Thread t = new Thread(() -> {
                long nextNs = System.nanoTime();
                for (int k = 1; k <= PER_SENDER && !stop.get(); ) {
                    nextNs += 5_000_000L;
                    java.util.concurrent.locks.LockSupport.parkNanos(nextNs - System.nanoTime());
                    try {
                        m.order().sendAsync(group, BlobState.payload(k, 64));
                        k++;
                    } catch (SendQueueFullException full) {
                        // the group is slower than 200 msg/s: try again at the next tick
                    }
                }
            }, "sender-" + m.node().self().name());
            t.start();
            threads.add(t);
        }
        return threads;
    }
}
