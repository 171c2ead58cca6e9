package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.gcs.GcsClosedException;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.MessageTooLargeException;
import org.gcs.NotJoinedException;
import org.gcs.SendQueueFullException;
import org.junit.jupiter.api.Test;

/** The public API's contract on real nodes. */
class NodeApiTest {

    @Test
    void shouldRejectBadSendsWithMessagesThatSayWhatToDo() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a = cluster.start("a", "a1", b -> b.maxMessageBytes(1000));
            assertThatThrownBy(() -> a.send("nope", new byte[1])).isInstanceOf(NotJoinedException.class)
                    .hasMessageContaining("join(\"nope\")");
            a.join("g");
            assertThatThrownBy(() -> a.send("g", new byte[1001])).isInstanceOf(MessageTooLargeException.class)
                    .hasMessageContaining("maxMessageBytes=1000");
            assertThatThrownBy(() -> a.join("bad name!")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("A-Z a-z 0-9");
            assertThatThrownBy(() -> a.send("g", null)).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> a.send(null, new byte[1])).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("group must not be null");
            assertThatThrownBy(() -> a.sendAsync(null, new byte[1])).hasMessage("group must not be null");
            assertThatThrownBy(() -> a.leave(null)).hasMessage("group must not be null");
            assertThatThrownBy(() -> a.view(null)).hasMessage("group must not be null");
            assertThatThrownBy(() -> a.tree(null)).hasMessage("group must not be null");
            assertThatThrownBy(() -> a.onMessage(null)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("listener must not be null");
            assertThatThrownBy(() -> a.onView(null)).hasMessage("listener must not be null");
            assertThatThrownBy(() -> a.onTree(null)).hasMessage("listener must not be null");
            assertThatThrownBy(() -> a.awaitStable(null)).hasMessage("timeout must not be null");
            assertThatThrownBy(() -> a.updateKeys(null)).hasMessage("keys must not be null");
            a.close();
            assertThatThrownBy(() -> a.send("g", new byte[1])).isInstanceOf(GcsClosedException.class)
                    .hasMessageContaining("start a new node");
            a.close(); // twice is harmless
        }
    }

    @Test
    void shouldSendAsynchronouslyInCallOrderAndBoundWaitingSends() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a = cluster.start("a", "a1", b -> b.maxMessageBytes(2000).sendWindowBytes(4096)
                    .maxPendingSendBytes(4096));
            List<GroupMessage> got = new CopyOnWriteArrayList<>();
            a.onMessage(got::add);
            a.join("g");
            CompletableFuture<Void> first = a.sendAsync("g", "one".getBytes(StandardCharsets.UTF_8)).toCompletableFuture();
            a.send("g", "two".getBytes(StandardCharsets.UTF_8));
            first.get(10, TimeUnit.SECONDS);
            await().atMost(Duration.ofSeconds(10)).until(() -> got.size() == 2);
            assertThat(got).extracting(m -> new String(m.payload(), StandardCharsets.UTF_8)).containsExactly("one", "two");
            assertThat(got).extracting(GroupMessage::sequence).containsExactly(1L, 2L);
            assertThat(a.awaitStable(Duration.ofSeconds(10))).isTrue();

            // fill the window and the pending queue faster than they drain: the async path refuses, bounded
            boolean refused = false;
            for (int i = 0; i < 1000 && !refused; i++) {
                try {
                    a.sendAsync("g", new byte[2000]);
                } catch (SendQueueFullException e) {
                    refused = true;
                    assertThat(e).hasMessageContaining("maxPendingSendBytes=4096");
                }
            }
            assertThat(refused).isTrue();
        }
    }

    @Test
    void shouldCompleteAnAsyncSendOnTheDeliveryThreadAndFailTheWaitingOnesAtClose() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a = cluster.start("a", "a1", b -> b.maxMessageBytes(2000).sendWindowBytes(4096)
                    .maxPendingSendBytes(1 << 20));
            CountDownLatch release = new CountDownLatch(1);
            AtomicReference<String> deliveryThread = new AtomicReference<>();
            a.onMessage(m -> {
                deliveryThread.compareAndSet(null, Thread.currentThread().getName());
                try {
                    release.await(); // holds the delivery thread, so that the stage cannot complete yet
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            a.join("g");
            a.send("g", new byte[1]);
            await().atMost(Duration.ofSeconds(10)).until(() -> deliveryThread.get() != null);
            AtomicReference<String> completedOn = new AtomicReference<>();
            CompletableFuture<Void> admitted = a.sendAsync("g", new byte[1]).whenComplete((ok, error) ->
                    completedOn.set(Thread.currentThread().getName())).toCompletableFuture();
            release.countDown();
            admitted.get(10, TimeUnit.SECONDS);
            assertThat(completedOn.get()).isEqualTo(deliveryThread.get());

            // more than the window holds, then the close: every stage completes, admitted or failed by the close
            List<CompletableFuture<Void>> sends = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                sends.add(a.sendAsync("g", new byte[2000]).toCompletableFuture());
            }
            a.close();
            for (CompletableFuture<Void> send : sends) {
                await().atMost(Duration.ofSeconds(10)).until(send::isDone);
                if (send.isCompletedExceptionally()) {
                    assertThatThrownBy(send::join).hasCauseInstanceOf(GcsClosedException.class);
                }
            }
        }
    }

    @Test
    void shouldReportViewsAcrossSitesAndTheirChanges() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a1 = cluster.start("a", "a1");
            GcsNode a2 = cluster.start("a", "a2");
            GcsNode b1 = cluster.start("b", "b1");
            List<GroupView> seenByB = new CopyOnWriteArrayList<>();
            b1.onView(seenByB::add);
            for (GcsNode n : List.of(a1, a2, b1)) {
                n.join("g");
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> b1.view("g").map(GroupView::size).orElse(0) == 3);
            assertThat(b1.view("g").orElseThrow().members()).containsExactly(
                    new MemberId("a", "a1"), new MemberId("a", "a2"), new MemberId("b", "b1"));
            a2.leave("g");
            await().atMost(Duration.ofSeconds(10)).until(() -> b1.view("g").map(GroupView::size).orElse(0) == 2);
            a2.close(); // a member leaving its LAN
            a1.close(); // the delegate: the whole site is gone
            await().atMost(Duration.ofSeconds(15)).until(() -> b1.view("g").map(GroupView::size).orElse(0) == 1);
            assertThat(seenByB).extracting(GroupView::viewId).isSorted();
        }
    }

    @Test
    void shouldHandTheDelegateRoleOverAndKeepTraffic() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster()) {
            GcsNode a1 = cluster.start("a", "a1");
            GcsNode a2 = cluster.start("a", "a2", b -> b.delegateEligible(true));
            GcsNode a3 = cluster.start("a", "a3", b -> b.delegateEligible(false));
            GcsNode b1 = cluster.start("b", "b1");
            List<GroupMessage> atB = new CopyOnWriteArrayList<>();
            b1.onMessage(atB::add);
            for (GcsNode n : List.of(a1, a2, a3, b1)) {
                n.join("g");
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> b1.view("g").map(GroupView::size).orElse(0) == 4);
            assertThat(a1.isDelegate()).isTrue();
            assertThat(a3.delegate()).contains(new MemberId("a", "a1"));
            a1.close();
            await().atMost(Duration.ofSeconds(10)).until(a2::isDelegate);
            assertThat(a3.isDelegate()).isFalse();
            a3.send("g", "after failover".getBytes(StandardCharsets.UTF_8));
            await().atMost(Duration.ofSeconds(15)).until(() -> atB.stream()
                    .anyMatch(m -> m.sender().name().equals("a3")));
        }
    }
}
