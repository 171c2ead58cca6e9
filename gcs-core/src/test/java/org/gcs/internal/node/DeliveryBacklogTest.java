package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DeliveryBacklogTest {
    private static final long KIB = 1024;

    private final DeliveryPermits permits = new DeliveryPermits(64 * KIB);
    private final DeliveryBacklog backlog = new DeliveryBacklog(permits);

    private DeliveryBacklog.Entry taken(String group) {
        assertThat(permits.tryAcquire(KIB)).isTrue();
        return backlog.add(group, KIB);
    }

    @Test
    void shouldGiveEachMessagesRoomBackOnceWhetherDeliveredOrDiscarded() {
        DeliveryBacklog.Entry delivered = taken("g");
        DeliveryBacklog.Entry dropped = taken("g");
        assertThat(permits.backlogBytes()).isEqualTo(2 * KIB);

        assertThat(backlog.begin(delivered)).isTrue();
        assertThat(backlog.discard("g")).as("the one in the listeners is not counted as dropped").isEqualTo(1);
        assertThat(permits.backlogBytes()).isZero();
        backlog.finish(delivered);
        assertThat(backlog.begin(dropped)).isFalse();
        backlog.finish(dropped);

        assertThat(permits.backlogBytes()).isZero();
        assertThat(backlog.waitingMessages()).isZero();
    }

    @Test
    void shouldKeepAnEmptiedQueueForItsNextMessageWithoutCountingItsGroupAsWaiting() {
        for (int i = 0; i < 3; i++) {
            DeliveryBacklog.Entry entry = taken("g");
            assertThat(backlog.groupsWaiting()).containsExactly("g");
            assertThat(backlog.begin(entry)).isTrue();
            backlog.finish(entry);
        }

        assertThat(backlog.groupsWaiting()).isEmpty();
        assertThat(backlog.waitingMessages()).isZero();
        assertThat(backlog.queues()).isEqualTo(1);
        assertThat(backlog.discard("g")).isZero();
        assertThat(permits.backlogBytes()).isZero();
    }

    @Test
    void shouldNotKeepTheEmptiedQueuesOfMoreGroupsThanTheBound() {
        int groups = DeliveryBacklog.KEPT_EMPTY_GROUPS * 3;
        for (int g = 0; g < groups; g++) {
            DeliveryBacklog.Entry entry = taken("g" + g);
            backlog.begin(entry);
            backlog.finish(entry);
        }

        assertThat(backlog.queues()).isLessThanOrEqualTo(DeliveryBacklog.KEPT_EMPTY_GROUPS + 1);
        assertThat(backlog.groupsWaiting()).isEmpty();
        assertThat(permits.backlogBytes()).isZero();
    }

    @Test
    void shouldDateTheListenersCurrentMessageFromTheFirstCheckThatSawIt() {
        DeliveryBacklog.Entry first = taken("g");
        DeliveryBacklog.Entry second = taken("g");
        assertThat(backlog.inListenerSinceNs(100)).as("between messages").isZero();

        backlog.begin(first);
        assertThat(backlog.inListenerSinceNs(200)).isEqualTo(200);
        assertThat(backlog.inListenerSinceNs(300)).as("still on the same message").isEqualTo(200);
        backlog.finish(first);
        assertThat(backlog.inListenerSinceNs(400)).isZero();

        backlog.begin(second); // the next message, though no check saw the listeners between the two
        assertThat(backlog.inListenerSinceNs(500)).isEqualTo(500);
        assertThat(backlog.inListenerSinceNs(900)).isEqualTo(500);
        backlog.finish(second);
    }

    @Test
    void shouldTellANewMessageFromTheOldOneWhenNoCheckRanBetweenThem() {
        DeliveryBacklog.Entry first = taken("g");
        DeliveryBacklog.Entry second = taken("g");
        backlog.begin(first);
        assertThat(backlog.inListenerSinceNs(200)).isEqualTo(200);
        backlog.finish(first);
        backlog.begin(second); // finish and begin between two checks

        assertThat(backlog.inListenerSinceNs(300)).as("a new message, not a listener stuck since 200").isEqualTo(300);
        backlog.finish(second);
    }
}
