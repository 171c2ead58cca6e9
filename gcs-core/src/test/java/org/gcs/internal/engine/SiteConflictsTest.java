package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.gcs.alm.overlay.DelegateAddress;
import org.junit.jupiter.api.Test;

/** Two delegates for one site name against a normal failover (issue 15, Deliver 5). */
class SiteConflictsTest {
    private static final long MS = 1_000_000L;
    private static final long HEARTBEAT_NS = 1_000 * MS;
    private static final long SITE_TIMEOUT_NS = 5_000 * MS;
    private static final DelegateAddress OLD = new DelegateAddress("10.0.0.1", 7700);
    private static final DelegateAddress NEW = new DelegateAddress("10.0.0.2", 7700);

    @Test
    void shouldNotCallAFailoverAConflictEvenWithDatagramsOfTheOldDelegateStillInFlight() {
        SiteConflicts conflicts = new SiteConflicts(HEARTBEAT_NS, SITE_TIMEOUT_NS);
        for (long t = 0; t <= 10_000; t += 100) {
            assertThat(conflicts.heard("x", 1, OLD, t * MS)).isFalse();
        }
        assertThat(conflicts.heard("x", 2, NEW, 10_050 * MS)).isFalse();
        assertThat(conflicts.heard("x", 1, OLD, 10_080 * MS)).as("in flight").isFalse();
        for (long t = 10_100; t <= 20_000; t += 100) {
            assertThat(conflicts.heard("x", 2, NEW, t * MS)).isFalse();
        }
        assertThat(conflicts.conflicted("x")).isFalse();
        assertThat(conflicts.othersHeardSince("x", NEW, 10_050 * MS + HEARTBEAT_NS / 4)).isFalse();
    }

    @Test
    void shouldCallTwoDelegatesThatBothKeepTalkingAConflictAfterOneHeartbeatAndEndItAfterTheSiteTimeout() {
        SiteConflicts conflicts = new SiteConflicts(HEARTBEAT_NS, SITE_TIMEOUT_NS);
        conflicts.heard("x", 1, OLD, 0);
        conflicts.heard("x", 1, NEW, 300 * MS);
        assertThat(conflicts.othersHeardSince("x", OLD, HEARTBEAT_NS / 4)).as("suspect at once").isTrue();
        conflicts.heard("x", 1, OLD, 1_000 * MS);
        assertThat(conflicts.conflicted("x")).as("overlap of 0.7 s").isFalse();
        conflicts.heard("x", 1, NEW, 1_300 * MS);
        assertThat(conflicts.heard("x", 1, OLD, 2_000 * MS)).as("overlap of 1.0 s, not more").isFalse();
        assertThat(conflicts.heard("x", 1, NEW, 2_300 * MS)).as("overlap of 1.7 s: a new conflict").isTrue();
        assertThat(conflicts.heard("x", 1, OLD, 2_600 * MS)).as("reported once").isFalse();
        assertThat(conflicts.conflictedSites()).containsExactly("x");
        assertThat(conflicts.speakers("x")).extracting(SiteConflicts.Speaker::address).containsExactly(OLD, NEW);

        assertThat(conflicts.expire(7_000 * MS)).isEmpty();
        conflicts.heard("x", 1, OLD, 7_000 * MS); // NEW was stopped at 2.3 s
        assertThat(conflicts.expire(7_400 * MS)).containsExactly("x");
        assertThat(conflicts.conflicted("x")).isFalse();
    }
}
