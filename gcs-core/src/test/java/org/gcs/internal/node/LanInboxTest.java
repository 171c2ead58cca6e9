package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.gcs.internal.wire.LanBundle;
import org.gcs.internal.wire.LanCodec;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.Handover;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.junit.jupiter.api.Test;

class LanInboxTest {
    private static final int KIB = 1024;

    private final ManualExecutor loop = new ManualExecutor();
    private final List<String> handled = new CopyOnWriteArrayList<>();
    private final List<Long> handledAtNs = new CopyOnWriteArrayList<>();
    private final AtomicInteger malformed = new AtomicInteger();

    private LanInbox inbox(DeliveryPermits permits) {
        return new LanInbox(permits, loop, (message, permitBytes, sender, nowNs) -> {
            handled.add(describe(message) + "/" + permitBytes);
            handledAtNs.add(nowNs);
            permits.release(permitBytes);
        }, malformed::incrementAndGet);
    }

    @Test
    void shouldPostABatchAsOneLoopTaskInOrderWithTheRoomOfEachMessage() {
        LanInbox inbox = inbox(new DeliveryPermits(1 << 20));
        LanInbox.Batch batch = inbox.open();
        add(batch, data(1, 100));
        add(batch, new Handover("m1", 1, "m2", 2));
        add(batch, data(2, 0));
        batch.post();

        assertThat(loop.queued()).isEqualTo(1);
        long beforeNs = NodeClock.nowNs();
        loop.runAll();
        assertThat(handled).containsExactly("#1/100", "handover/0", "#2/1");
        assertThat(handledAtNs).as("one clock read for the batch, when the loop took it up").hasSize(3)
                .allMatch(atNs -> atNs.equals(handledAtNs.get(0))).allMatch(atNs -> atNs - beforeNs >= 0);

        LanInbox.Batch next = inbox.open();
        add(next, data(3, 10));
        next.post();
        loop.runAll();
        assertThat(handledAtNs.get(3) - handledAtNs.get(0)).as("the next batch reads the clock again").isNotNegative();
    }

    @Test
    void shouldCountMalformedMessagesAndKeepTheOthers() {
        LanInbox inbox = inbox(new DeliveryPermits(1 << 20));
        LanInbox.Batch batch = inbox.open();
        add(batch, data(1, 10));
        batch.add(new byte[] {9, 9, 9}, 0, 3, null);
        byte[] truncated = LanCodec.encode(data(2, 10));
        batch.add(truncated, 0, truncated.length - 4, null);
        add(batch, data(3, 10));
        batch.post();
        loop.runAll();

        assertThat(malformed).hasValue(2);
        assertThat(handled).containsExactly("#1/10", "#3/10");
    }

    @Test
    void shouldNeverWaitForRoomWithOwnMessagesWhichGoWithoutWhenThereIsNone() {
        DeliveryPermits permits = new DeliveryPermits(2 * KIB);
        LanInbox inbox = inbox(permits);
        LanInbox.Batch own = inbox.openOwn(); // on the sending thread, which may be the loop: it must not wait
        add(own, data(1, KIB));
        add(own, data(2, KIB));
        add(own, data(3, KIB)); // no room left: goes without
        own.post();

        assertThat(loop.queued()).as("one task, posted without waiting").isEqualTo(1);
        loop.runAll();
        assertThat(handled).containsExactly("#1/1024", "#2/1024", "#3/0");
        assertThat(permits.tryAcquire(2 * KIB)).as("the room taken is given back, none more").isTrue();
        assertThat(permits.tryAcquire(1)).isFalse();
    }

    @Test
    void shouldPostTheCollectedMessagesBeforeWaitingForRoom() throws Exception {
        DeliveryPermits permits = new DeliveryPermits(2 * KIB);
        LanInbox inbox = inbox(permits);
        Thread receiver = new Thread(() -> {
            LanInbox.Batch batch = inbox.open();
            add(batch, data(1, KIB));
            add(batch, data(2, KIB));
            add(batch, data(3, KIB)); // no room: posts #1 and #2, then waits until their delivery frees room
            batch.post();
        });
        receiver.start();

        loop.awaitTask();
        loop.runNext(); // delivers #1 and #2, which gives their room back
        receiver.join();
        loop.runAll();

        assertThat(handled).containsExactly("#1/1024", "#2/1024", "#3/1024");
        assertThat(permits.tryAcquire(2 * KIB)).as("all room given back").isTrue();
    }

    @Test
    void shouldGiveTheRoomBackWhenTheLoopRefuses() {
        DeliveryPermits permits = new DeliveryPermits(4 * KIB);
        LanInbox inbox = inbox(permits);
        loop.refuse();
        LanInbox.Batch batch = inbox.open();
        add(batch, data(1, KIB));
        add(batch, data(2, KIB));
        batch.post();

        assertThat(handled).isEmpty();
        assertThat(permits.tryAcquire(4 * KIB)).isTrue();
    }

    @Test
    void shouldPostNothingForAnEmptyBatch() {
        inbox(new DeliveryPermits(KIB)).open().post();

        assertThat(loop.queued()).isZero();
    }

    @Test
    void shouldTakeTheMessagesOfABundleOutInOrderEachWithItsOwnRoom() {
        LanInbox inbox = inbox(new DeliveryPermits(1 << 20));
        LanInbox.Batch batch = inbox.open();
        add(batch, data(1, 10));
        byte[] bundle = LanBundle.pack(List.of(LanCodec.encode(data(2, 20)),
                LanCodec.encode(new Handover("m1", 1, "m2", 2)), LanCodec.encode(data(3, 30))), 4096).get(0);
        batch.add(bundle, 0, bundle.length, null);
        add(batch, data(4, 40));
        batch.post();
        loop.runAll();

        assertThat(handled).containsExactly("#1/10", "#2/20", "handover/0", "#3/30", "#4/40");
        assertThat(malformed).hasValue(0);
    }

    @Test
    void shouldCountACutShortBundleOnceAndDeliverNoneOfIt() {
        LanInbox inbox = inbox(new DeliveryPermits(1 << 20));
        LanInbox.Batch batch = inbox.open();
        byte[] bundle = LanBundle.pack(List.of(LanCodec.encode(data(1, 20)), LanCodec.encode(data(2, 20))), 4096)
                .get(0);
        batch.add(bundle, 0, bundle.length - 5, null);
        add(batch, data(3, 10));
        batch.post();
        loop.runAll();

        assertThat(malformed).hasValue(1);
        assertThat(handled).containsExactly("#3/10");
    }

    private static LocalData data(long seq, int payloadBytes) {
        return new LocalData("m1", 1, "g", seq, 0, false, new byte[payloadBytes]);
    }

    private static void add(LanInbox.Batch batch, LanMessage message) {
        byte[] bytes = LanCodec.encode(message);
        byte[] framed = new byte[bytes.length + 3];
        System.arraycopy(bytes, 0, framed, 3, bytes.length);
        batch.add(framed, 3, bytes.length, null); // an offset, as in a JGroups message
    }

    private static String describe(LanMessage message) {
        return message instanceof LocalData data ? "#" + data.memberSeq() : "handover";
    }
}
