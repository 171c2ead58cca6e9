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

        assertThat(backlog.begin(delivered, 5)).isTrue();
        assertThat(backlog.discard("g")).as("the one in the listeners is not counted as dropped").isEqualTo(1);
        assertThat(permits.backlogBytes()).isZero();
        backlog.finish(delivered);
        assertThat(backlog.begin(dropped, 6)).isFalse();
        backlog.finish(dropped);

        assertThat(permits.backlogBytes()).isZero();
        assertThat(backlog.waitingMessages()).isZero();
    }

    @Test
    void shouldKeepAnEmptiedQueueForItsNextMessageWithoutCountingItsGroupAsWaiting() {
        for (int i = 0; i < 3; i++) {
            DeliveryBacklog.Entry entry = taken("g");
            assertThat(backlog.groupsWaiting()).containsExactly("g");
            assertThat(backlog.begin(entry, 1)).isTrue();
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
            backlog.begin(entry, 1);
            backlog.finish(entry);
        }

        assertThat(backlog.queues()).isLessThanOrEqualTo(DeliveryBacklog.KEPT_EMPTY_GROUPS + 1);
        assertThat(backlog.groupsWaiting()).isEmpty();
        assertThat(permits.backlogBytes()).isZero();
    }
}
