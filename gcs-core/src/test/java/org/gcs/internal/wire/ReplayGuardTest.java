package org.gcs.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ReplayGuardTest {
    private static final long MAX_AGE_MS = 60_000;
    private static final long T0_MS = 1_700_000_000_000L;
    private static final long SECOND_NS = 1_000_000_000L;

    private final ReplayGuard guard = new ReplayGuard(MAX_AGE_MS, 3);

    @Test
    void shouldAcceptAFreshPacketOfANewSenderOnceAndRefuseItsReplay() {
        assertThat(guard.check(1, 1, T0_MS, T0_MS + 10, 0)).isNull();
        assertThat(guard.check(1, 1, T0_MS, T0_MS + 20, SECOND_NS)).isEqualTo(DropReason.REPLAYED);
        assertThat(guard.check(1, 2, T0_MS, T0_MS + 20, SECOND_NS)).isNull();
        assertThat(guard.check(2, 1, T0_MS, T0_MS + 20, SECOND_NS)).as("another sender's number 1").isNull();
    }

    @Test
    void shouldRefuseSendTimesOlderOrNewerThanTheMaxAgeWithoutTouchingTheWindow() {
        assertThat(guard.check(1, 5, T0_MS - MAX_AGE_MS - 1, T0_MS, 0)).isEqualTo(DropReason.STALE_TIME);
        assertThat(guard.check(1, 5, T0_MS + MAX_AGE_MS + 1, T0_MS, 0)).isEqualTo(DropReason.STALE_TIME);
        assertThat(guard.senders()).as("a stale datagram creates no window").isZero();
        assertThat(guard.check(1, 5, Long.MIN_VALUE, T0_MS, 0)).as("no overflow").isEqualTo(DropReason.STALE_TIME);
        assertThat(guard.check(1, 5, Long.MAX_VALUE, T0_MS, 0)).isEqualTo(DropReason.STALE_TIME);
        assertThat(guard.check(1, 5, Long.MIN_VALUE, T0_MS, 0)).as("no overflow").isEqualTo(DropReason.STALE_TIME);
        assertThat(guard.check(1, 5, Long.MAX_VALUE, T0_MS, 0)).isEqualTo(DropReason.STALE_TIME);
        assertThat(guard.check(1, 5, T0_MS - MAX_AGE_MS, T0_MS, 0)).as("exactly the max age").isNull();
    }

    @Test
    void shouldKeepAWindowTwiceTheMaxAgeSoThatEveryReplayWithinTheAgeIsCaught() {
        // the sender's clock runs the full max age ahead: its packet stays "young" for two max ages of ours
        long sendMs = T0_MS + MAX_AGE_MS;
        assertThat(guard.check(1, 1, sendMs, T0_MS, 0)).isNull();
        guard.check(2, 1, T0_MS, T0_MS, 0);
        guard.check(3, 1, T0_MS, T0_MS, 0);
        for (long sender = 1; sender <= 3; sender++) {
            guard.confirm(sender, "site-" + sender);
        }
        long later = 2 * MAX_AGE_MS - 1;
        // a new sender arrives while the table is full of confirmed senders; sender 1's window must survive
        assertThat(guard.check(4, 1, T0_MS + later, T0_MS + later, later * 1_000_000L))
                .isEqualTo(DropReason.TOO_MANY_SENDERS);
        assertThat(guard.check(1, 1, sendMs, T0_MS + later, later * 1_000_000L)).isEqualTo(DropReason.REPLAYED);
    }

    @Test
    void shouldBoundTheSendersAndReuseOnlyExpiredWindowsWhileAllAreConfirmed() {
        for (long sender = 1; sender <= 3; sender++) {
            assertThat(guard.check(sender, 1, T0_MS, T0_MS, 0)).isNull();
            guard.confirm(sender, "site-" + sender);
        }
        assertThat(guard.check(99, 1, T0_MS, T0_MS, SECOND_NS)).isEqualTo(DropReason.TOO_MANY_SENDERS);
        assertThat(guard.senders()).isEqualTo(3);

        long afterKeepNs = (2 * MAX_AGE_MS + 1) * 1_000_000L;
        long nowMs = T0_MS + 2 * MAX_AGE_MS + 1;
        assertThat(guard.check(99, 1, nowMs, nowMs, afterKeepNs)).as("expired windows make room").isNull();
        assertThat(guard.senders()).isEqualTo(1);
    }

    @Test
    void shouldLetANewSenderEvictTheIdlestUnconfirmedWindowAndNeverAConfirmedOne() {
        assertThat(guard.check(7, 1, T0_MS, T0_MS, 0)).isNull();
        guard.confirm(7, "a"); // a live site's delegate
        // a key holder floods sender ids: each new one evicts an earlier one of its own, never sender 7
        for (long flood = 100; flood < 200; flood++) {
            assertThat(guard.check(flood, 1, T0_MS, T0_MS, flood)).isNull();
        }
        assertThat(guard.senders()).isEqualTo(3);
        assertThat(guard.evictions()).isEqualTo(98);
        assertThat(guard.check(7, 1, T0_MS, T0_MS, SECOND_NS)).as("the delegate's window survived the flood")
                .isEqualTo(DropReason.REPLAYED);
        // a delegate that restarts during the flood gets in at once
        assertThat(guard.check(8, 1, T0_MS, T0_MS, SECOND_NS)).isNull();
        guard.confirm(8, "b");
        assertThat(guard.check(300, 1, T0_MS, T0_MS, SECOND_NS)).isNull();
        assertThat(guard.check(8, 1, T0_MS, T0_MS, SECOND_NS)).isEqualTo(DropReason.REPLAYED);
        assertThat(guard.check(7, 1, T0_MS, T0_MS, SECOND_NS)).isEqualTo(DropReason.REPLAYED);
        // with every window confirmed, a newcomer is refused rather than evicting a delegate's window
        assertThat(guard.check(301, 1, T0_MS, T0_MS, SECOND_NS)).isNull();
        guard.confirm(301, "c");
        assertThat(guard.check(302, 1, T0_MS, T0_MS, SECOND_NS)).isEqualTo(DropReason.TOO_MANY_SENDERS);
    }

    @Test
    void shouldConfirmOneSenderPerSiteTheLatest() {
        ReplayGuard small = new ReplayGuard(MAX_AGE_MS, 2);
        assertThat(small.check(1, 1, T0_MS, T0_MS, 0)).isNull();
        small.confirm(1, "a");
        assertThat(small.check(2, 1, T0_MS, T0_MS, 1)).isNull();
        small.confirm(2, "a"); // a new delegate of a (or a key holder's second id for it): 1 is no longer kept
        assertThat(small.check(3, 1, T0_MS, T0_MS, 2)).as("evicts sender 1, not the current delegate").isNull();
        assertThat(small.check(2, 1, T0_MS, T0_MS, 3)).isEqualTo(DropReason.REPLAYED);
        assertThat(small.evictions()).isEqualTo(1);
    }
}
