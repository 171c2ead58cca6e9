package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The LAN-out queue: sends in order on its own thread (bundling: LanSenderTest), and pauses and resumes the engine at its watermarks. */
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
        lanOut = new LanOut("t", loop, bytes -> {
            if (!lanFree.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never freed the LAN");
            }
            sent.add(bytes);
        }, pressure::add, () -> false, (messages, sends) -> { }, LanOut.MAX_BUNDLE_BYTES);
        byte[] first = new byte[3 * MIB];
        byte[] second = new byte[3 * MIB];
        byte[] third = new byte[3 * MIB];

        lanOut.send(first);
        lanOut.send(second);
        assertThat(pressure).as("6 MiB queued: below the 8 MiB high watermark").isEmpty();
        lanOut.send(third);
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
        lanOut = new LanOut("t", loop, bytes -> {
            if (bytes.length == 11) {
                throw new IllegalStateException("JGroups refused the message");
            }
            sent.add(bytes);
        }, pressure::add, () -> false, (messages, sends) -> { }, 16); // no two of these fit one bundle

        lanOut.send(new byte[10]);
        lanOut.send(new byte[11]);
        lanOut.send(new byte[12]);

        await().atMost(GENEROUS).until(() -> sent.size() == 2);
        assertThat(sent).extracting(bytes -> bytes.length).containsExactly(10, 12);
        await().atMost(GENEROUS).until(() -> lanOut.queuedBytes() == 0);
        assertThat(pressure).isEmpty();
    }
}
