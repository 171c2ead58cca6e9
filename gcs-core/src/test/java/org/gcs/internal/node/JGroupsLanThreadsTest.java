package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.gcs.GcsConfig;
import org.gcs.LanConfig;
import org.gcs.internal.engine.LanView;
import org.gcs.internal.wire.LanCodec;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanOutgoing;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The LAN's JGroups threads (real UDP on loopback): a member's data goes up on the receiver thread that read it
 * ({@link LanReceivePolicy}), a member takes its own multicast once, on the sending thread, instead of through
 * JGroups' loopback, and {@link JGroupsLan#sendWouldNotBlock} follows JGroups' flow-control credits.
 */
class JGroupsLanThreadsTest {
    private static final String KEY = "lan-threads-test-cluster-key-0123456789ab";
    private static final int PORT = 43_000 + (int) (ProcessHandle.current().pid() % 500) * 2;
    private static final Duration GENEROUS = Duration.ofSeconds(60);

    private final List<JGroupsLan> lans = new ArrayList<>();
    private final Map<JGroupsLan, AtomicInteger> sizes = new ConcurrentHashMap<>();

    @AfterEach
    void close() {
        lans.forEach(JGroupsLan::close);
    }

    private record Received(long seq, String thread, LocalData data) {
    }

    private JGroupsLan member(String name, List<Received> received) throws Exception {
        GcsConfig config = GcsConfig.builder().site("threads").memberName(name).clusterKey(KEY)
                .wanBind("127.0.0.1", 0)
                .lan(LanConfig.builder().bindAddress("127.0.0.1").mcastPort(PORT)
                        .clusterName("gcs-lan-threads-" + ProcessHandle.current().pid())
                        .joinTimeout(Duration.ofMillis(500)).build())
                .build();
        DeliveryPermits permits = new DeliveryPermits(1 << 20);
        LanInbox inbox = new LanInbox(permits, Runnable::run, (message, permitBytes, sender, nowNs) -> {
            permits.release(permitBytes); // delivered at once
            if (message instanceof LocalData data) {
                received.add(new Received(data.memberSeq(), Thread.currentThread().getName(), data));
            }
        }, () -> { });
        AtomicInteger viewSize = new AtomicInteger();
        JGroupsLan lan = new JGroupsLan(config, 1, new JGroupsLan.Listener() {
            @Override
            public void onView(LanView view) {
                viewSize.set(view.members().size());
            }

            @Override
            public LanInbox.Batch openBatch() {
                return inbox.open();
            }

            @Override
            public LanInbox.Batch openOwnBatch() {
                return inbox.openOwn();
            }

            @Override
            public void onRejected(org.jgroups.Address sender, String why) {
            }

            @Override
            public void onNameTaken(String why) {
            }

            @Override
            public void onDuplicateMember(LanView.LanMember sender, String address) {
            }
        });
        lans.add(lan);
        lan.connect();
        sizes.put(lan, viewSize);
        return lan;
    }

    /** Waits until the sender sent everything and closes it; then messages 1 to {@code count} arrive, in order. */
    private static void flushAndExpectInOrder(LanSender sender, List<Received> atReceiver, int count)
            throws InterruptedException {
        try {
            assertThat(sender.flush(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        } finally {
            sender.close();
        }
        await().atMost(GENEROUS).until(() -> atReceiver.size() == count);
        assertThat(atReceiver).extracting(Received::seq).as("every message once, in order")
                .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, count).boxed().toList());
    }

    private static byte[] data(long seq) {
        LanMessage message = new LocalData("a", 1, "g", seq, 0, false, new byte[100]);
        return LanCodec.encode(message);
    }

    @Test
    void shouldTakeDataUpOnTheReceiverThreadAndOwnMulticastsOnceOnTheSendingThread() throws Exception {
        List<Received> atSender = new CopyOnWriteArrayList<>();
        List<Received> atReceiver = new CopyOnWriteArrayList<>();
        JGroupsLan a = member("a", atSender);
        member("b", atReceiver);
        await().atMost(GENEROUS).until(() -> sizes.get(a).get() == 2);

        String sendingThread = Thread.currentThread().getName();
        for (long seq = 1; seq <= 50; seq++) {
            a.send(data(seq));
        }

        await().atMost(GENEROUS).until(() -> atReceiver.size() == 50 && atSender.size() == 50);
        assertThat(atReceiver).extracting(Received::seq).isSorted().doesNotHaveDuplicates();
        assertThat(atReceiver).extracting(Received::thread)
                .as("no pool thread between the socket and GCS").allMatch(t -> t.contains("receiver"));
        assertThat(atSender).extracting(Received::seq)
                .as("each own message exactly once: taken at the send, not looped back by JGroups too")
                .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, 50).boxed().toList());
        assertThat(atSender).extracting(Received::thread).as("taken on the sending thread, without a wake-up")
                .allMatch(t -> t.equals(sendingThread));
    }

    @Test
    void shouldDeliverSendsWrittenAtOnceAndSendsThroughTheBundlerInSendOrder() throws Exception {
        List<Received> atSender = new CopyOnWriteArrayList<>();
        List<Received> atReceiver = new CopyOnWriteArrayList<>();
        JGroupsLan a = member("a", atSender);
        member("b", atReceiver);
        await().atMost(GENEROUS).until(() -> sizes.get(a).get() == 2);

        int count = 2_000;
        for (long seq = 1; seq <= count; seq++) {
            if (seq % 3 == 0) {
                a.send(data(seq)); // queued for JGroups' bundler thread: the next ones may overtake it on the wire
            } else {
                a.sendAtOnce(data(seq));
            }
        }

        await().atMost(GENEROUS).until(() -> atReceiver.size() == count);
        assertThat(atReceiver).extracting(Received::seq).as("JGroups restores the send order")
                .containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, count).boxed().toList());
        assertThat(atSender).hasSize(count);
        assertThat(a.sentAtOnce()).as("written on the calling thread").isGreaterThanOrEqualTo(count * 2 / 3);
    }

    @Test
    void shouldWriteTheBundlesOfTheLanOutThreadOnThatThreadWithoutJGroupsBundlerThread() throws Exception {
        List<Received> atSender = new CopyOnWriteArrayList<>();
        List<Received> atReceiver = new CopyOnWriteArrayList<>();
        JGroupsLan a = member("a", atSender);
        member("b", atReceiver);
        await().atMost(GENEROUS).until(() -> sizes.get(a).get() == 2);
        AtomicInteger failures = new AtomicInteger();
        LanSender sender = new LanSender("test-lan-out", NettyJGroupsNode.lanTransport(() -> a),
                new LanSender.Listener() {
                    @Override
                    public void sent(int messages, int sends, long queuedBytesLeft) {
                    }

                    @Override
                    public void failed(Exception e) {
                        failures.incrementAndGet();
                    }
                }, LanOut.MAX_BUNDLE_BYTES);
        long atOnceBefore = a.sentAtOnce();

        int count = 5_000;
        List<LanMessage> sentMessages = new ArrayList<>();
        for (long seq = 1; seq <= count; seq++) {
            LanMessage message = new LocalData("a", 1, "g", seq, 0, false, new byte[100]);
            sentMessages.add(message);
            sender.add(LanOutgoing.of(message)); // all through the LAN-out thread, which bundles what queued
        }
        flushAndExpectInOrder(sender, atReceiver, count);
        assertThat(atSender).extracting(Received::thread).as("the own copy taken on the LAN-out thread")
                .containsOnly("test-lan-out");
        assertThat(atSender).hasSize(count);
        for (int i = 0; i < count; i++) {
            assertThat(atSender.get(i).data()).as("the own copy is the message sent, not a decoding of it")
                    .isSameAs(sentMessages.get(i));
        }
        assertThat(failures).hasValue(0);
        assertThat(sender.sends()).as("bundled").isLessThan(count);
        assertThat(a.sentAtOnce() - atOnceBefore).as("every JGroups send of the LAN-out thread written at once")
                .isEqualTo(sender.sends());
    }

    @Test
    void shouldSendFullBundlesOfKilobyteMessagesUncutBySealingOrFragmentation() throws Exception {
        List<Received> atReceiver = new CopyOnWriteArrayList<>();
        JGroupsLan a = member("a", new CopyOnWriteArrayList<>());
        member("b", atReceiver);
        await().atMost(GENEROUS).until(() -> sizes.get(a).get() == 2);
        int count = 2_000;
        CountDownLatch queued = new CountDownLatch(1);
        LanSender.Transport lan = NettyJGroupsNode.lanTransport(() -> a);
        LanSender sender = new LanSender("test-lan-out", (bytes, carried) -> {
            // the first send holds the LAN-out thread until every message queued, so that the rest go out bundled
            if (!queued.await(60, java.util.concurrent.TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never queued its messages");
            }
            lan.send(bytes, carried);
        }, new LanSender.Listener() {
            @Override
            public void sent(int messages, int sends, long queuedBytesLeft) {
            }

            @Override
            public void failed(Exception e) {
            }
        }, LanOut.MAX_BUNDLE_BYTES);
        for (long seq = 1; seq <= count; seq++) {
            sender.add(LanOutgoing.of(new LocalData("a", 1, "g", seq, 0, false, new byte[1000])));
        }
        queued.countDown();
        flushAndExpectInOrder(sender, atReceiver, count);
        assertThat(sender.sends()).as("bundles of about %d messages of 1000 bytes", LanOut.MAX_BUNDLE_BYTES / 1024)
                .isLessThanOrEqualTo(count / 50 + 2);
        assertThat(a.fragmentsSent()).as("a bundle, sealed as this LAN is, still fits one JGroups fragment")
                .isZero();
    }

    @Test
    void shouldSayWhetherASendCouldBlockOnFlowControl() throws Exception {
        JGroupsLan a = member("a", new CopyOnWriteArrayList<>());
        member("b", new CopyOnWriteArrayList<>());
        await().atMost(GENEROUS).until(() -> sizes.get(a).get() == 2);

        assertThat(a.sendWouldNotBlock(1_000)).as("fresh credits").isTrue();
        assertThat(a.sendWouldNotBlock(10L << 20)).as("more than MFC's credits").isFalse();
    }
}
