package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.gcs.GcsClosedException;
import org.gcs.MemberId;
import org.gcs.internal.engine.SendRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The application's sends on their way to the loop, on a real event loop: every request reaches the engine once, in
 * each thread's order, on the loop, with a time that never goes back and is shared by a bounded run of requests; a
 * closed loop refuses the request offered and every one still queued.
 */
class SendIntakeTest {
    private static final int THREADS = 4;
    private static final int PER_THREAD = 20_000;

    private final NodeLoop loop = new NodeLoop(new MemberId("site-a", "m1"), WanSocketKind.NIO);

    private record Taken(String thread, int seq, long nowNs, boolean onLoop) {
    }

    @AfterEach
    void stop() {
        loop.shutdown();
    }

    @Test
    void shouldHandEveryRequestOnceInEachThreadsOrderWithTimesThatNeverGoBack() throws Exception {
        List<Taken> taken = new ArrayList<>(); // written on the loop only
        CountDownLatch all = new CountDownLatch(THREADS * PER_THREAD);
        SendIntake intake = new SendIntake(loop, (request, nowNs) -> {
            String[] id = request.group().split(":");
            taken.add(new Taken(id[0], Integer.parseInt(id[1]), nowNs, loop.inLoop()));
            all.countDown();
        }, (request, closed) -> {
            throw new AssertionError("refused on an open loop: " + request.group());
        });

        List<Thread> senders = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            String name = "sender-" + t;
            Thread sender = new Thread(() -> {
                for (int seq = 0; seq < PER_THREAD; seq++) {
                    intake.offer(new SendRequest(name + ":" + seq, new byte[0], 0, null));
                }
            }, name);
            sender.start();
            senders.add(sender);
        }
        for (Thread sender : senders) {
            sender.join();
        }
        assertThat(all.await(30, TimeUnit.SECONDS)).isTrue();

        List<Taken> seen = new ArrayList<>();
        loop.runAndWait(() -> seen.addAll(taken), TimeUnit.SECONDS.toNanos(5));
        assertThat(seen).hasSize(THREADS * PER_THREAD).allMatch(Taken::onLoop);
        Map<String, Integer> nextSeq = new HashMap<>();
        long lastNs = seen.get(0).nowNs();
        int sharingTime = 0;
        for (Taken t : seen) {
            assertThat(t.seq()).as("%s's order", t.thread()).isEqualTo(nextSeq.getOrDefault(t.thread(), 0));
            nextSeq.put(t.thread(), t.seq() + 1);
            assertThat(t.nowNs() - lastNs).as("the time never goes back").isNotNegative();
            sharingTime = t.nowNs() == lastNs ? sharingTime + 1 : 1;
            assertThat(sharingTime).as("requests handed over with one clock read")
                    .isLessThanOrEqualTo(SendIntake.MAX_PER_CLOCK_READ);
            lastNs = t.nowNs();
        }
    }

    @Test
    void shouldRefuseTheRequestAndEveryQueuedOneOnceTheLoopHasShutDown() throws Exception {
        List<String> taken = new CopyOnWriteArrayList<>();
        List<String> refused = new CopyOnWriteArrayList<>();
        SendIntake intake = new SendIntake(loop, (request, nowNs) -> taken.add(request.group()),
                (request, closed) -> refused.add(request.group()));
        intake.offer(new SendRequest("before", new byte[0], 0, null));
        loop.runAndWait(() -> { }, TimeUnit.SECONDS.toNanos(5));
        assertThat(taken).containsExactly("before");

        loop.shutdown();
        assertThatThrownBy(() -> intake.offer(new SendRequest("after", new byte[0], 0, null)))
                .isInstanceOf(GcsClosedException.class);
        assertThat(refused).containsExactly("after");
        assertThatThrownBy(() -> intake.offer(new SendRequest("later", new byte[0], 0, null)))
                .as("the next offer does not wait for a hand-over that will never run")
                .isInstanceOf(GcsClosedException.class);
        assertThat(refused).containsExactly("after", "later");
        assertThat(taken).containsExactly("before");
    }
}
