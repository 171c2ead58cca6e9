package org.gcs.sim.maxplus;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Seed 001's window rules (§III-A, §III-D) packet by packet. */
class ConnectionWindowTest {

    /** Sends packets from..to unmarked; returns the window after them. */
    private static int unmarked(ConnectionWindow w, long from, long to) {
        for (long m = from; m <= to; m++) {
            assertThat(w.onPacket(m, false)).isEqualTo(ConnectionWindow.Outcome.NONE);
        }
        return w.windowPackets();
    }

    @Test
    void shouldGrowByOneAfterAWindowOfUnmarkedPacketsUpToTheMaximum() {
        ConnectionWindow w = new ConnectionWindow(4, LossModel.SACK);
        assertThat(w.windowPackets()).isEqualTo(1);
        assertThat(unmarked(w, 0, 0)).isEqualTo(2); // 1 packet at W = 1
        assertThat(unmarked(w, 1, 1)).isEqualTo(2);
        assertThat(unmarked(w, 2, 2)).isEqualTo(3); // 2 packets at W = 2
        assertThat(unmarked(w, 3, 5)).isEqualTo(4);
        assertThat(unmarked(w, 6, 100)).isEqualTo(4); // capped at W_max
    }

    @Test
    void shouldHalveAtOnceWithImmediateHalving() {
        ConnectionWindow w = new ConnectionWindow(50, LossModel.ECN_IMMEDIATE);
        unmarked(w, 0, 2000);
        assertThat(w.windowPackets()).isEqualTo(50);
        assertThat(w.onPacket(2001, true)).isEqualTo(ConnectionWindow.Outcome.NEW_EVENT);
        assertThat(w.windowPackets()).isEqualTo(25);
        assertThat(w.onPacket(2002, true)).isEqualTo(ConnectionWindow.Outcome.NEW_EVENT);
        assertThat(w.windowPackets()).isEqualTo(12);
        assertThat(unmarked(w, 2003, 2014)).isEqualTo(13); // the increase goes on at once
    }

    @Test
    void shouldFreezeTheReducedWindowForWPlusTheNewWindowMinusOnePacketsByTheConservativeRule() {
        ConnectionWindow w = new ConnectionWindow(50, LossModel.RENO);
        unmarked(w, 0, 2000);
        long m = 3000;
        unmarked(w, 2001, m - 1);
        assertThat(w.onPacket(m, true)).isEqualTo(ConnectionWindow.Outcome.NEW_EVENT);
        int reduced = (50 - 1) / 2; // 24, for packets m+1 .. m+50+24-1
        assertThat(w.windowPackets()).isEqualTo(reduced);
        assertThat(unmarked(w, m + 1, m + 50 + reduced - 1)).isEqualTo(reduced); // frozen: no increase
        assertThat(unmarked(w, m + 50 + reduced, m + 50 + 2 * reduced - 1)).isEqualTo(reduced + 1);
    }

    @Test
    void shouldMergeALossWithinTheWindowOfTheLossEventAndStartANewOneAfterIt() {
        ConnectionWindow w = new ConnectionWindow(50, LossModel.SACK);
        unmarked(w, 0, 2000);
        assertThat(w.onPacket(2001, true)).isEqualTo(ConnectionWindow.Outcome.NEW_EVENT); // W_m = 50: 2001..2050
        assertThat(w.onPacket(2050, true)).isEqualTo(ConnectionWindow.Outcome.MERGED);
        assertThat(w.windowPackets()).isEqualTo(24);
        assertThat(w.onPacket(2051, true)).isEqualTo(ConnectionWindow.Outcome.NEW_EVENT);
        assertThat(w.windowPackets()).isEqualTo(11); // (24 - 1) / 2
        assertThat(w.onPacket(2052, true)).isEqualTo(ConnectionWindow.Outcome.MERGED);
    }

    @Test
    void shouldNeverGoBelowOnePacket() {
        ConnectionWindow w = new ConnectionWindow(50, LossModel.SACK);
        assertThat(w.onPacket(0, true)).isEqualTo(ConnectionWindow.Outcome.NEW_EVENT);
        assertThat(w.windowPackets()).isEqualTo(1);
        ConnectionWindow e = new ConnectionWindow(50, LossModel.ECN_IMMEDIATE);
        e.onPacket(0, true);
        assertThat(e.windowPackets()).isEqualTo(1);
    }
}
