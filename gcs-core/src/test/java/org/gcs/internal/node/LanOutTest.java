package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gcs.internal.wire.LanBundle;
import org.gcs.internal.wire.LanOutgoing;
import org.gcs.internal.wire.MalformedDatagramException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The LAN-out path: a light loop turn is sent by the loop itself when the turn ends, a busy one by the LAN-out
 * thread (bundling: LanSenderTest), in order either way; the engine is paused and resumed at the watermarks.
 */
class LanOutTest {
    private static final Duration GENEROUS = Duration.ofSeconds(30);
    private static final int MIB = 1 << 20;

    private final ManualExecutor loop = new ManualExecutor();
    private final List<byte[]> sent = new CopyOnWriteArrayList<>();
    private final List<Boolean> pressure = new CopyOnWriteArrayList<>();
    private final CountDownLatch lanFree = new CountDownLatch(1);
    private LanOut lanOut;

    @AfterEach
    void shutdown() {
        lanFree.countDown();
        if (lanOut != null) {
            lanOut.shutdown();
        }
    }

    @Test
    void shouldHoldTheEngineBackAboveTheHighWatermarkAndResumeBelowTheLowOne() throws InterruptedException {
        lanOut = new LanOut("t", loop, Runnable::run, (bytes, carried) -> {
            if (!lanFree.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never freed the LAN");
            }
            sent.add(bytes);
        }, bytes -> false, pressure::add, () -> false, (messages, sends) -> { }, LanOut.MAX_BUNDLE_BYTES);
        byte[] first = new byte[3 * MIB];
        byte[] second = new byte[3 * MIB];
        byte[] third = new byte[3 * MIB];

        lanOut.send(LanOutgoing.encoded(first));
        lanOut.send(LanOutgoing.encoded(second));
        assertThat(pressure).as("6 MiB queued: below the 8 MiB high watermark").isEmpty();
        lanOut.send(LanOutgoing.encoded(third));
        assertThat(pressure).as("9 MiB queued").containsExactly(true);
        assertThat(lanOut.paused()).isTrue();

        lanFree.countDown(); // the LAN-out thread waited in the first send (too large to bundle, each goes alone)
        await().atMost(GENEROUS).until(() -> sent.size() == 3);
        assertThat(sent).containsExactly(first, second, third);
        await().atMost(GENEROUS).until(() -> lanOut.queuedBytes() == 0);

        await().atMost(GENEROUS).until(() -> loop.queued() == 1); // queued once the queue fell to the low watermark
        loop.runAll();
        assertThat(pressure).containsExactly(true, false);
        assertThat(lanOut.paused()).isFalse();
    }

    @Test
    void shouldGoOnAfterAFailedSendAndCountItsBytesAsGone() {
        lanOut = new LanOut("t", loop, Runnable::run, (bytes, carried) -> {
            if (bytes.length == 11) {
                throw new IllegalStateException("JGroups refused the message");
            }
            sent.add(bytes);
        }, bytes -> false, pressure::add, () -> false, (messages, sends) -> { }, 16); // no two of these fit one bundle

        lanOut.send(LanOutgoing.encoded(new byte[10]));
        lanOut.send(LanOutgoing.encoded(new byte[11]));
        lanOut.send(LanOutgoing.encoded(new byte[12]));

        await().atMost(GENEROUS).until(() -> sent.size() == 2);
        assertThat(sent).extracting(bytes -> bytes.length).containsExactly(10, 12);
        await().atMost(GENEROUS).until(() -> lanOut.queuedBytes() == 0);
        assertThat(pressure).isEmpty();
    }

    private final List<Runnable> turnEnds = new ArrayList<>();
    private final List<String> sendingThreads = new CopyOnWriteArrayList<>();

    private LanOut turnBasedLanOut(boolean creditsLeft) {
        lanOut = new LanOut("t", loop, turnEnds::add, (bytes, carried) -> {
            sendingThreads.add(Thread.currentThread().getName());
            sent.add(bytes);
        }, bytes -> creditsLeft, pressure::add, () -> false, (messages, sends) -> { }, LanOut.MAX_BUNDLE_BYTES);
        return lanOut;
    }

    private void endTurn() {
        List<Runnable> tasks = new ArrayList<>(turnEnds);
        turnEnds.clear();
        tasks.forEach(Runnable::run);
    }

    private static List<Integer> firstBytes(List<byte[]> sends) throws MalformedDatagramException {
        List<Integer> out = new ArrayList<>();
        for (byte[] bytes : sends) {
            if (LanBundle.isBundle(bytes, 0, bytes.length)) {
                LanBundle.forEach(bytes, 0, bytes.length, (b, o, l) -> out.add((int) b[o]));
            } else {
                out.add((int) bytes[0]);
            }
        }
        return out;
    }

    private static LanOutgoing message(int id, int bytes) {
        byte[] message = new byte[bytes];
        message[0] = (byte) id;
        return LanOutgoing.encoded(message);
    }

    @Test
    void shouldSendALightTurnOnTheLoopItselfWhenItEnds() throws MalformedDatagramException {
        LanOut out = turnBasedLanOut(true);

        out.send(message(1, 100));
        out.send(message(2, 100));
        assertThat(sent).as("nothing leaves before the turn ends").isEmpty();
        endTurn();

        assertThat(sendingThreads).as("one bundle, sent by the loop").containsExactly(Thread.currentThread().getName());
        assertThat(firstBytes(sent)).containsExactly(1, 2);
        assertThat(out.queuedBytes()).isZero();
    }

    @Test
    void shouldHandABusyTurnToTheLanOutThreadAndKeepTheOrder() throws MalformedDatagramException {
        LanOut out = turnBasedLanOut(true);

        for (int i = 1; i <= 20; i++) {
            out.send(message(i, 1000)); // past SEND_HERE_MAX_BYTES after 5 messages
        }
        endTurn();
        out.send(message(21, 100)); // the next turn: sent by the loop once the thread is idle, else queued behind

        endTurn();
        await().atMost(GENEROUS).until(() -> firstBytes(sent).size() == 21);
        assertThat(firstBytes(sent)).isEqualTo(java.util.stream.IntStream.rangeClosed(1, 21).boxed().toList());
        assertThat(sendingThreads).as("the busy turn left from the LAN-out thread").first().isEqualTo("gcs-lan-out-t");
    }

    @Test
    void shouldLeaveALightTurnToTheLanOutThreadWhenJGroupsLacksCredits() throws MalformedDatagramException {
        LanOut out = turnBasedLanOut(false);

        out.send(message(1, 100));
        endTurn();

        await().atMost(GENEROUS).until(() -> sent.size() == 1);
        assertThat(sendingThreads).containsExactly("gcs-lan-out-t");
        assertThat(firstBytes(sent)).containsExactly(1);
    }

    @Test
    void shouldSendTheCurrentTurnBeforeDrainingReturns() throws MalformedDatagramException {
        LanOut out = new LanOut("t", Runnable::run, turnEnds::add, (bytes, carried) -> sent.add(bytes), bytes -> true,
                pressure::add, () -> false, (messages, sends) -> { }, LanOut.MAX_BUNDLE_BYTES);
        lanOut = out;

        out.send(message(7, 100));
        out.drain(); // a leaving delegate: the turn's message must reach the LAN although the turn has not ended

        assertThat(firstBytes(sent)).containsExactly(7);
    }
}
