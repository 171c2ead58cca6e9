package org.gcs.tools.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** A sender stepped by an external clock, as the lab's virtual-time driver runs it. */
class SteppedSenderTest {
    private static final long TICK_NS = 2_000_000L;

    private final List<CompletableFuture<Void>> sends = new ArrayList<>();

    @Test
    void shouldOfferWhatThePacingCallsForAndCountAdmissions() {
        SteppedSender sender = new SteppedSender(new Greedy(3), this::send, new SendCounter(100));

        sender.step(0);
        assertThat(sends).hasSize(3);
        sends.get(0).complete(null);
        sends.get(1).completeExceptionally(new IllegalStateException("closed"));
        sender.step(TICK_NS);

        assertThat(sends).hasSize(5);
        assertThat(sender.counter().offeredMessages()).isEqualTo(5);
        assertThat(sender.counter().admittedMessages()).isEqualTo(1);
        assertThat(sender.counter().failedMessages()).isEqualTo(1);
        assertThat(sender.counter().admittedBytes()).isEqualTo(100);
    }

    @Test
    void shouldOfferNothingOnceStopped() {
        SteppedSender sender = new SteppedSender(new Greedy(3), this::send, new SendCounter(1));
        sender.step(0);
        sends.forEach(s -> s.complete(null));

        sender.stop();
        sender.step(TICK_NS);

        assertThat(sender.stopped()).isTrue();
        assertThat(sends).hasSize(3);
    }

    @Test
    void shouldEndAStepWithWhatASendThrew() {
        SteppedSender unchecked = new SteppedSender(new Greedy(3), sequence -> {
            throw new IllegalStateException("not joined");
        }, new SendCounter(1));
        SteppedSender checked = new SteppedSender(new Greedy(3), sequence -> {
            throw new IOException("broken pipe");
        }, new SendCounter(1));

        assertThatThrownBy(() -> unchecked.step(0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> checked.step(0)).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(IOException.class);
        assertThat(checked.counter().failedMessages()).isEqualTo(1);
    }

    /**
     * The lab's virtual-time results must not change with the sender loop: stepped every 2 ms with greedy (16 waiting)
     * and fixed-rate pacing (1 waiting, no catch-up), the sender offers exactly what the lab's own loop offered, at
     * the same ticks, whatever the admissions (in order, as the node's send queue admits them: at once when nothing
     * waits and the window is free, or later).
     */
    @Test
    void shouldOfferExactlyWhatTheVirtualDriversOwnLoopOffered() {
        long[] wireBytesPerMessage = {1_442, 142, 65_042};
        double[] rates = {Double.POSITIVE_INFINITY, 10_000, 123_456.7, 1e6, 3e7};
        long offers = 0;
        for (long wireBytes : wireBytesPerMessage) {
            for (double rate : rates) {
                for (long seed = 1; seed <= 3; seed++) {
                    offers += compareWithTheOldLoop(wireBytes, rate, seed);
                }
            }
        }
        assertThat(offers).isGreaterThan(100_000);
    }

    /** @return messages offered */
    private long compareWithTheOldLoop(long wireBytes, double rate, long seed) {
        long startNs = 123_456_789L;
        OldVirtualLoop old = new OldVirtualLoop(wireBytes, rate, startNs, new Random(seed));
        Random random = new Random(seed);
        long nowNs = startNs;
        ArrayDeque<CompletableFuture<Void>> waiting = new ArrayDeque<>();
        Pacing pacing = Double.isInfinite(rate) ? new Greedy(16) : new FixedRate(rate, wireBytes, 1, 0);
        SteppedSender sender = new SteppedSender(pacing, sequence -> {
            CompletableFuture<Void> send = new CompletableFuture<>();
            if (waiting.isEmpty() && random.nextInt(4) == 0) {
                send.complete(null);
            } else {
                waiting.add(send);
            }
            return send;
        }, new SendCounter(wireBytes));
        Random admissions = new Random(seed * 31);
        for (int tick = 0; tick < 5_000; tick++) {
            sender.step(nowNs);
            old.tick();
            assertThat(sender.counter().offeredMessages())
                    .as("messages offered by tick %d, %s B/s, seed %d", tick, rate, seed).isEqualTo(old.offers);
            int admit = admissions.nextInt(3) == 0 ? admissions.nextInt(waiting.size() + 1) : 0;
            for (int i = 0; i < admit; i++) {
                waiting.poll().complete(null);
                old.waiting.poll().complete(null);
            }
            assertThat(sender.counter().admittedBytes()).isEqualTo(old.admittedWireBytes());
            nowNs += TICK_NS;
            old.nowNs = nowNs;
        }
        return old.offers;
    }

    private CompletableFuture<Void> send(long sequence) {
        CompletableFuture<Void> send = new CompletableFuture<>();
        sends.add(send);
        return send;
    }

    /** The virtual-time driver's sender task as it was before the shared sender loop, for comparison. */
    private static final class OldVirtualLoop {
        final ArrayDeque<CompletableFuture<Void>> waiting = new ArrayDeque<>();
        private final ArrayDeque<CompletableFuture<Void>> sent = new ArrayDeque<>();
        private final long wireBytesPerMessage;
        private final double rate;
        private final long startedNs;
        private final Random random;
        long nowNs;
        long offers;
        private long offered;
        private long admitted;

        OldVirtualLoop(long wireBytesPerMessage, double rate, long startedNs, Random random) {
            this.wireBytesPerMessage = wireBytesPerMessage;
            this.rate = rate;
            this.startedNs = startedNs;
            this.nowNs = startedNs;
            this.random = random;
        }

        void tick() {
            countAdmitted();
            if (Double.isInfinite(rate)) {
                while (sent.size() < 16) {
                    offer();
                }
            } else {
                long due = (long) ((nowNs - startedNs) / 1e9 * rate / wireBytesPerMessage) + 1;
                while (offered < due && sent.size() < 1) {
                    offer();
                }
                offered = Math.max(offered, due);
            }
        }

        private void offer() {
            offers++;
            CompletableFuture<Void> send = new CompletableFuture<>();
            if (waiting.isEmpty() && random.nextInt(4) == 0) {
                send.complete(null);
            } else {
                waiting.add(send);
            }
            sent.add(send);
            offered++;
        }

        private void countAdmitted() {
            while (!sent.isEmpty() && sent.peek().isDone()) {
                sent.poll();
                admitted += wireBytesPerMessage;
            }
        }

        long admittedWireBytes() {
            countAdmitted();
            return admitted;
        }
    }
}
