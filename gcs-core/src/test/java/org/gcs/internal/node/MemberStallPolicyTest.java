package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The member stall policy's parts without a cluster: the backlog's "full since" mark with its hysteresis, the
 * per-group bound, and dropping a group's waiting messages (their room given back once, even for the message a stuck
 * listener runs on).
 */
class MemberStallPolicyTest {
    private static final long S = TimeUnit.SECONDS.toNanos(1);

    @Test
    void shouldExcludeOnlyGroupsWithWaitingMessagesOnceTheirBoundHasPassed() {
        MemberStallPolicy policy = new MemberStallPolicy(group -> group.equals("chat") ? 2 * S : 10 * S);
        assertThat(policy.groupsToExclude(0, List.of("chat", "ledger"), 100 * S)).isEmpty(); // not full
        assertThat(policy.groupsToExclude(100 * S, List.of("chat", "ledger"), 101 * S)).isEmpty();
        assertThat(policy.groupsToExclude(100 * S, List.of("chat", "ledger"), 102 * S)).containsExactly("chat");
        assertThat(policy.groupsToExclude(100 * S, List.of("ledger"), 109 * S)).isEmpty();
        assertThat(policy.groupsToExclude(100 * S, List.of("ledger"), 110 * S)).containsExactly("ledger");
    }

    @Test
    void shouldMarkTheBacklogFullFromTheFirstWaitUntilItDrainsToHalf() throws Exception {
        DeliveryPermits permits = new DeliveryPermits(8 * 1024); // 8 KiB
        for (int i = 0; i < 8; i++) {
            assertThat(permits.tryAcquire(1000)).isTrue();
        }
        assertThat(permits.fullSinceNs()).isZero(); // full, but nobody waits yet
        Thread receiver = new Thread(() -> permits.acquire(1000));
        receiver.start();
        org.awaitility.Awaitility.await().until(() -> permits.fullSinceNs() != 0);
        permits.release(1000); // the waiting receiver takes it at once
        receiver.join(10_000);
        assertThat(permits.fullSinceNs()).isNotZero();
        for (int i = 0; i < 3; i++) {
            permits.release(1000);
        }
        assertThat(permits.fullSinceNs()).as("5 of 8 KiB still waiting").isNotZero();
        permits.release(1000);
        assertThat(permits.fullSinceNs()).as("drained to half").isZero();
        assertThat(permits.backlogBytes()).isEqualTo(4 * 1024);
    }

    @Test
    void shouldGiveEachDroppedMessagesRoomBackExactlyOnce() {
        DeliveryPermits permits = new DeliveryPermits(64 * 1024);
        DeliveryBacklog backlog = new DeliveryBacklog(permits);
        permits.tryAcquire(100);
        DeliveryBacklog.Entry inListener = backlog.add("chat", 100);
        permits.tryAcquire(100);
        DeliveryBacklog.Entry waiting = backlog.add("chat", 100);
        permits.tryAcquire(100);
        DeliveryBacklog.Entry other = backlog.add("ledger", 100);
        assertThat(backlog.begin(inListener)).isTrue();
        assertThat(backlog.inListenerGroup()).isEqualTo("chat");
        assertThat(backlog.groupsWaiting()).containsExactly("chat", "ledger");

        assertThat(backlog.discard("chat")).as("the one in the listener is not counted as dropped").isEqualTo(1);
        assertThat(permits.backlogBytes()).isEqualTo(1024); // only ledger's message holds room
        backlog.finish(inListener); // the stuck listener returns later
        assertThat(permits.backlogBytes()).isEqualTo(1024);
        assertThat(backlog.begin(waiting)).as("dropped: never delivered").isFalse();
        backlog.finish(waiting);
        assertThat(permits.backlogBytes()).isEqualTo(1024);
        assertThat(backlog.groupsWaiting()).containsExactly("ledger");

        assertThat(backlog.begin(other)).isTrue();
        backlog.finish(other);
        assertThat(permits.backlogBytes()).isZero();
        assertThat(backlog.groupsWaiting()).isEmpty();
        assertThat(backlog.inListenerSinceNs(8 * S)).isZero();
    }
}
