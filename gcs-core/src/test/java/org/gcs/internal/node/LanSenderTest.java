package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.gcs.internal.wire.LanBundle;
import org.gcs.internal.wire.LanCodec;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanOutgoing;
import org.gcs.internal.wire.MalformedDatagramException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LanSenderTest {
    private final List<byte[]> sent = new CopyOnWriteArrayList<>();
    private final AtomicInteger failures = new AtomicInteger();
    private final List<Long> queuedAfterRounds = new CopyOnWriteArrayList<>();
    private LanSender sender;

    @AfterEach
    void close() {
        if (sender != null) {
            sender.close();
        }
    }

    private LanSender sender(LanSender.Transport transport, int maxBundleBytes) {
        sender = new LanSender("test-lan-out", transport, new LanSender.Listener() {
            @Override
            public void sent(int messages, int sends, long queuedBytesLeft) {
                queuedAfterRounds.add(queuedBytesLeft);
            }

            @Override
            public void failed(Exception e) {
                failures.incrementAndGet();
            }
        }, maxBundleBytes);
        return sender;
    }

    private static LanOutgoing message(long seq, int payloadBytes) {
        return LanOutgoing.of(new LocalData("m1", 1, "g", seq, 0, false, new byte[payloadBytes]));
    }

    private List<Long> sequencesSent() throws MalformedDatagramException {
        List<Long> out = new ArrayList<>();
        for (byte[] bytes : sent) {
            List<byte[]> messages = new ArrayList<>();
            if (LanBundle.isBundle(bytes, 0, bytes.length)) {
                LanBundle.forEach(bytes, 0, bytes.length, (b, o, l) -> messages.add(Arrays.copyOfRange(b, o, o + l)));
            } else {
                messages.add(bytes);
            }
            for (byte[] m : messages) {
                LanMessage decoded = LanCodec.decode(m, 0, m.length);
                out.add(((LocalData) decoded).memberSeq());
            }
        }
        return out;
    }

    @Test
    void shouldBundleWhatQueuedWhileASendBlockedAndKeepTheOrder() throws Exception {
        CountDownLatch firstSendEntered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        LanSender s = sender((bytes, carried) -> {
            sent.add(bytes);
            firstSendEntered.countDown();
            release.await();
        }, 16 * 1024);

        s.add(message(1, 100));
        assertThat(firstSendEntered.await(30, TimeUnit.SECONDS)).isTrue();
        for (long seq = 2; seq <= 200; seq++) {
            s.add(message(seq, 100));
        }
        assertThat(s.queuedBytes()).isGreaterThan(199 * 100);
        release.countDown();
        assertThat(s.flush(30, TimeUnit.SECONDS)).isTrue();

        List<Long> expected = new ArrayList<>();
        for (long seq = 1; seq <= 200; seq++) {
            expected.add(seq);
        }
        assertThat(sequencesSent()).containsExactlyElementsOf(expected);
        assertThat(sent).as("the first alone, then the 199 that waited in 16-KiB bundles").hasSizeBetween(2, 3);
        assertThat(s.messagesSent()).isEqualTo(200);
        assertThat(s.sends()).isEqualTo(sent.size());
        assertThat(s.queuedBytes()).isZero();
        assertThat(queuedAfterRounds).last().isEqualTo(0L);
    }

    @Test
    void shouldSendALoneMessageAtOnceWithoutWaitingForCompany() throws Exception {
        LanSender s = sender((bytes, carried) -> sent.add(bytes), 16 * 1024);
        s.add(message(1, 10));
        await().atMost(Duration.ofSeconds(30)).until(() -> sent.size() == 1);
        assertThat(LanBundle.isBundle(sent.get(0), 0, sent.get(0).length)).isFalse();
        assertThat(sequencesSent()).containsExactly(1L);
    }

    @Test
    void shouldCountAFailedSendAndGoOn() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        LanSender s = sender((bytes, carried) -> {
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("JGroups channel closed");
            }
            sent.add(bytes);
        }, 16 * 1024);
        s.add(message(1, 10));
        assertThat(s.flush(30, TimeUnit.SECONDS)).isTrue();
        s.add(message(2, 10));
        assertThat(s.flush(30, TimeUnit.SECONDS)).isTrue();

        assertThat(failures).hasValue(1);
        assertThat(sequencesSent()).containsExactly(2L);
        assertThat(s.queuedBytes()).isZero();
    }

    @Test
    void shouldKeepEveryMessageInOrderUnderConcurrentAddsFromOneThread() throws Exception {
        LanSender s = sender((bytes, carried) -> sent.add(bytes), 4096);
        Thread producer = new Thread(() -> {
            for (long seq = 1; seq <= 20_000; seq++) {
                s.add(message(seq, 50));
            }
        });
        producer.start();
        producer.join();
        assertThat(s.flush(60, TimeUnit.SECONDS)).isTrue();

        List<Long> got = sequencesSent();
        assertThat(got).hasSize(20_000);
        for (int i = 0; i < got.size(); i++) {
            assertThat(got.get(i)).isEqualTo(i + 1L);
        }
        assertThat(sent).allSatisfy(bytes -> assertThat(bytes.length).isLessThanOrEqualTo(4096));
    }

    @Test
    void shouldSendHereWhenIdleAndQueueBehindARoundUnderWay() throws Exception {
        CountDownLatch secondSendEntered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<String> threads = new CopyOnWriteArrayList<>();
        LanSender s = sender((bytes, carried) -> {
            threads.add(Thread.currentThread().getName());
            sent.add(bytes);
            if (sent.size() == 2) {
                secondSendEntered.countDown();
                release.await();
            }
        }, 16 * 1024);

        assertThat(s.sendHereOrQueue(List.of(message(1, 10)), bytes -> true)).as("idle: sent here").isTrue();
        assertThat(threads).containsExactly(Thread.currentThread().getName());

        s.add(message(2, 10)); // the thread takes it and blocks in the send
        assertThat(secondSendEntered.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(s.sendHereOrQueue(List.of(message(3, 10), message(4, 10)), bytes -> true))
                .as("a round is under way: queued behind it").isFalse();
        release.countDown();
        assertThat(s.flush(30, TimeUnit.SECONDS)).isTrue();

        assertThat(sequencesSent()).containsExactly(1L, 2L, 3L, 4L);
        assertThat(threads).containsExactly(Thread.currentThread().getName(), "test-lan-out", "test-lan-out");
        assertThat(s.messagesSent()).isEqualTo(4);
        assertThat(s.queuedBytes()).isZero();
    }

    @Test
    void shouldQueueInsteadOfSendingHereWhenTheSendCouldBlock() throws Exception {
        List<String> threads = new CopyOnWriteArrayList<>();
        LanSender s = sender((bytes, carried) -> {
            threads.add(Thread.currentThread().getName());
            sent.add(bytes);
        }, 16 * 1024);

        assertThat(s.sendHereOrQueue(List.of(message(1, 10), message(2, 10)), bytes -> false)).isFalse();
        assertThat(s.flush(30, TimeUnit.SECONDS)).isTrue();

        assertThat(sequencesSent()).containsExactly(1L, 2L);
        assertThat(threads).containsOnly("test-lan-out");
        assertThat(s.queuedBytes()).isZero();
    }

    @Test
    void shouldAskTheTransportToWriteAtOnceOnlyWhatTheCallerSendsItself() throws Exception {
        List<String> how = new CopyOnWriteArrayList<>();
        LanSender s = sender(new LanSender.Transport() {
            @Override
            public void send(byte[] bytes, List<LanOutgoing> carried) {
                how.add("queued:" + Thread.currentThread().getName());
                sent.add(bytes);
            }

            @Override
            public void sendAtOnce(byte[] bytes, List<LanOutgoing> carried) {
                how.add("at once:" + Thread.currentThread().getName());
                sent.add(bytes);
            }
        }, 16 * 1024);

        assertThat(s.sendHereOrQueue(List.of(message(1, 10)), bytes -> true)).isTrue();
        s.add(message(2, 10));
        assertThat(s.flush(30, TimeUnit.SECONDS)).isTrue();

        assertThat(sequencesSent()).containsExactly(1L, 2L);
        assertThat(how).containsExactly("at once:" + Thread.currentThread().getName(), "queued:test-lan-out");
    }

    @Test
    void shouldEncodeEachMessageStraightIntoItsBundleAndTellTheTransportWhichMessagesItCarries() throws Exception {
        List<List<LanMessage>> carriedPerSend = new CopyOnWriteArrayList<>();
        CountDownLatch firstSendEntered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        LanSender s = sender((bytes, carried) -> {
            sent.add(bytes);
            carriedPerSend.add(carried.stream().map(LanOutgoing::message).toList());
            firstSendEntered.countDown();
            release.await();
        }, 4096);
        List<LanOutgoing> messages = new ArrayList<>();
        for (long seq = 1; seq <= 30; seq++) {
            messages.add(message(seq, 300));
        }
        s.add(messages.get(0));
        assertThat(firstSendEntered.await(30, TimeUnit.SECONDS)).isTrue();
        for (LanOutgoing message : messages.subList(1, messages.size())) {
            s.add(message);
        }
        release.countDown();
        assertThat(s.flush(30, TimeUnit.SECONDS)).isTrue();

        assertThat(sequencesSent()).hasSize(30).isSorted();
        assertThat(sent).as("the first alone, then 4-KiB bundles").hasSizeGreaterThan(2);
        List<LanMessage> carriedInOrder = carriedPerSend.stream().flatMap(List::stream).toList();
        assertThat(carriedInOrder).as("the very messages handed over, for the sender's own copy")
                .containsExactlyElementsOf(messages.stream().map(LanOutgoing::message).toList());
        for (int i = 0; i < sent.size(); i++) {
            byte[] bytes = sent.get(i);
            List<LanMessage> decoded = new ArrayList<>();
            if (LanBundle.isBundle(bytes, 0, bytes.length)) {
                LanBundle.forEach(bytes, 0, bytes.length, (b, o, l) -> {
                    try {
                        decoded.add(LanCodec.decode(b, o, l));
                    } catch (MalformedDatagramException e) {
                        throw new AssertionError(e);
                    }
                });
            } else {
                decoded.add(LanCodec.decode(bytes, 0, bytes.length));
            }
            assertThat(decoded).as("send %d decodes to what it says it carries", i).isEqualTo(carriedPerSend.get(i));
        }
    }
}
