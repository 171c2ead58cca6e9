package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import static org.gcs.internal.engine.SiteConflicts.Finding.CONFLICT;
import static org.gcs.internal.engine.SiteConflicts.Finding.NOTHING;
import static org.gcs.internal.engine.SiteConflicts.Finding.SUPERSEDED;

import org.gcs.alm.overlay.DelegateAddress;
import org.junit.jupiter.api.Test;

/**
 * Two delegates for one site name against a normal failover (issue 15, Deliver 5), and against a paused delegate
 * that thaws after its successor took over (issue 33, Deliver 6).
 */
class SiteConflictsTest {
    private static final long MS = 1_000_000L;
    private static final long HEARTBEAT_NS = 1_000 * MS;
    private static final long SITE_TIMEOUT_NS = 5_000 * MS;
    private static final long GRACE_NS = 4 * SITE_TIMEOUT_NS;
    private static final DelegateAddress OLD = new DelegateAddress("10.0.0.1", 7700);
    private static final DelegateAddress NEW = new DelegateAddress("10.0.0.2", 7700);

    @Test
    void shouldNotCallAFailoverAConflictEvenWithDatagramsOfTheOldDelegateStillInFlight() {
        SiteConflicts conflicts = new SiteConflicts(HEARTBEAT_NS, SITE_TIMEOUT_NS, GRACE_NS);
        for (long t = 0; t <= 10_000; t += 100) {
            assertThat(conflicts.heard("x", 1, OLD, t * MS)).isEqualTo(NOTHING);
        }
        assertThat(conflicts.heard("x", 2, NEW, 10_050 * MS)).isEqualTo(NOTHING);
        assertThat(conflicts.heard("x", 1, OLD, 10_080 * MS)).as("in flight").isEqualTo(NOTHING);
        for (long t = 10_100; t <= 20_000; t += 100) {
            assertThat(conflicts.heard("x", 2, NEW, t * MS)).isEqualTo(NOTHING);
        }
        assertThat(conflicts.conflicted("x")).isFalse();
        assertThat(conflicts.othersHeardSince("x", NEW, 10_050 * MS + HEARTBEAT_NS / 4)).isFalse();
    }

    @Test
    void shouldCallTwoDelegatesThatBothKeepTalkingAConflictAfterOneHeartbeatAndEndItAfterTheSiteTimeout() {
        SiteConflicts conflicts = new SiteConflicts(HEARTBEAT_NS, SITE_TIMEOUT_NS, GRACE_NS);
        conflicts.heard("x", 1, OLD, 0);
        conflicts.heard("x", 1, NEW, 300 * MS);
        assertThat(conflicts.othersHeardSince("x", OLD, HEARTBEAT_NS / 4)).as("suspect at once").isTrue();
        conflicts.heard("x", 1, OLD, 1_000 * MS);
        assertThat(conflicts.conflicted("x")).as("overlap of 0.7 s").isFalse();
        conflicts.heard("x", 1, NEW, 1_300 * MS);
        assertThat(conflicts.heard("x", 1, OLD, 2_000 * MS)).as("overlap of 1.0 s, not more").isEqualTo(NOTHING);
        assertThat(conflicts.heard("x", 1, NEW, 2_300 * MS)).as("overlap of 1.7 s: a new conflict").isEqualTo(CONFLICT);
        assertThat(conflicts.heard("x", 1, OLD, 2_600 * MS)).as("reported once").isEqualTo(NOTHING);
        assertThat(conflicts.conflictedSites()).containsExactly("x");
        assertThat(conflicts.speakers("x")).extracting(SiteConflicts.Speaker::address).containsExactly(OLD, NEW);

        assertThat(conflicts.expire(7_000 * MS)).isEmpty();
        conflicts.heard("x", 1, OLD, 7_000 * MS); // NEW was stopped at 2.3 s
        assertThat(conflicts.expire(7_400 * MS)).containsExactly("x");
        assertThat(conflicts.conflicted("x")).isFalse();
    }

    /** A delegate paused for 30 s: forgotten meanwhile, it comes back with its old term after the successor took over. */
    @Test
    void shouldTakeADelegateThatComesBackWithALowerTermAfterItsSuccessorTookOverForSupersededNotAConflict() {
        SiteConflicts conflicts = new SiteConflicts(HEARTBEAT_NS, SITE_TIMEOUT_NS, GRACE_NS);
        speak(conflicts, 1, OLD, 0, 10_000);
        speak(conflicts, 2, NEW, 13_000, 40_000); // the LAN replaced OLD while it was stopped
        conflicts.expire(40_000 * MS);
        assertThat(conflicts.speakers("x")).extracting(SiteConflicts.Speaker::address).containsExactly(NEW);

        assertThat(conflicts.heard("x", 1, OLD, 40_050 * MS)).as("thawed").isEqualTo(SUPERSEDED);
        for (long t = 40_100; t <= 53_000; t += 100) { // merged back into its LAN 13 s after the thaw
            assertThat(conflicts.heard("x", 1, OLD, t * MS)).as("reported once, no conflict").isEqualTo(NOTHING);
            assertThat(conflicts.heard("x", 2, NEW, t * MS)).isEqualTo(NOTHING);
        }
        assertThat(conflicts.conflicted("x")).isFalse();
        assertThat(conflicts.supersededSpeakers("x")).extracting(SiteConflicts.Speaker::address).containsExactly(OLD);
        assertThat(conflicts.othersHeardSince("x", NEW, 13_000 * MS + HEARTBEAT_NS / 4))
                .as("a superseded delegate is never routed to: the successor's acknowledgements count").isFalse();

        conflicts.heard("x", 3, OLD, 53_100 * MS); // merged back, delegate again with a new term
        assertThat(conflicts.sitesWithSupersededSpeakers()).as("judged anew with its new term").isEmpty();
        for (long t = 53_200; t <= 60_000; t += 100) {
            assertThat(conflicts.heard("x", 3, OLD, t * MS)).isEqualTo(NOTHING);
        }
        conflicts.expire(60_000 * MS);
        assertThat(conflicts.speakers("x")).extracting(SiteConflicts.Speaker::address).containsExactly(OLD);
    }

    /** A pause shorter than the site timeout: the old delegate is still remembered when it comes back. */
    @Test
    void shouldTakeADelegateBackFromAShortPauseAfterItsSuccessorTookOverForSuperseded() {
        SiteConflicts conflicts = new SiteConflicts(HEARTBEAT_NS, SITE_TIMEOUT_NS, GRACE_NS);
        speak(conflicts, 1, OLD, 0, 10_000);
        speak(conflicts, 2, NEW, 10_500, 13_000);
        assertThat(conflicts.heard("x", 1, OLD, 13_050 * MS)).isEqualTo(SUPERSEDED);
        for (long t = 13_100; t <= 20_000; t += 100) {
            conflicts.heard("x", 1, OLD, t * MS);
            conflicts.heard("x", 2, NEW, t * MS);
        }
        assertThat(conflicts.conflicted("x")).isFalse();
    }

    /** A superseded delegate that keeps speaking beyond the grace is no pause: a second LAN with a lower term. */
    @Test
    void shouldCallASupersededDelegateThatKeepsSpeakingBeyondTheGraceAConflict() {
        SiteConflicts conflicts = new SiteConflicts(HEARTBEAT_NS, SITE_TIMEOUT_NS, GRACE_NS);
        speak(conflicts, 7, NEW, 0, 5_000);
        assertThat(conflicts.heard("x", 1, OLD, 5_050 * MS)).isEqualTo(SUPERSEDED);
        boolean conflicted = false;
        long t = 5_100;
        for (; t <= 5_050 + GRACE_NS / MS + 1_000 && !conflicted; t += 100) {
            conflicted = conflicts.heard("x", 1, OLD, t * MS) == CONFLICT
                    | conflicts.heard("x", 7, NEW, t * MS) == CONFLICT;
        }
        assertThat(conflicted).isTrue();
        assertThat(t * MS).isGreaterThan(5_050 * MS + GRACE_NS);
        assertThat(conflicts.supersededSpeakers("x")).isEmpty();
    }

    /** A lower-term delegate that kept speaking when a higher-term one appeared: two LANs, not a pause. */
    @Test
    void shouldCallALowerTermDelegateThatWasSpeakingWhenAHigherOneAppearedAConflict() {
        SiteConflicts conflicts = new SiteConflicts(HEARTBEAT_NS, SITE_TIMEOUT_NS, GRACE_NS);
        speak(conflicts, 1, OLD, 0, 5_000);
        assertThat(conflicts.heard("x", 3, NEW, 5_050 * MS)).isEqualTo(NOTHING);
        SiteConflicts.Finding finding = NOTHING;
        for (long t = 5_100; t <= 7_000 && finding != CONFLICT; t += 100) {
            finding = conflicts.heard("x", 1, OLD, t * MS);
            if (finding != CONFLICT) {
                finding = conflicts.heard("x", 3, NEW, t * MS);
            }
            assertThat(finding).isNotEqualTo(SUPERSEDED);
        }
        assertThat(finding).isEqualTo(CONFLICT);
    }

    private static void speak(SiteConflicts conflicts, long term, DelegateAddress from, long fromMs, long toMs) {
        for (long t = fromMs; t <= toMs; t += 100) {
            conflicts.heard("x", term, from, t * MS);
        }
    }
}
