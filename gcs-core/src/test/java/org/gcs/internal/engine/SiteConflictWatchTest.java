package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gcs.alm.overlay.SiteDirectory;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.tfrc.TfrcControl;
import org.gcs.internal.flow.FlowSettings;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.PeerHint;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanSiteConflict;
import org.junit.jupiter.api.Test;
import org.gcs.TransportSettings;
import java.time.Duration;
import org.gcs.FlowLimits;
import org.gcs.OverlaySettings;
import org.gcs.ProtocolTimers;

/**
 * A delegate learns from a peer's conflict warning whether a delegate of its own site with a higher term speaks, and
 * whether that is its own name configured twice (its members hold their messages) or the result of its own pause.
 */
class SiteConflictWatchTest {
    private static final long MS = 1_000_000L;
    private static final long SITE_TIMEOUT_NS = 5_000 * MS;
    private static final long OWN_TERM = 4;

    private final WanCapture io = new WanCapture();
    private final SiteConflictWatch watch = watchWithTerm(OWN_TERM, io);

    @Test
    void aWarningNamingAHigherTermOfThisSiteSupersedesThisDelegateForASiteTimeout() {
        watch.onConflictWarning("b", warning(OWN_TERM, OWN_TERM + 3), 1_000 * MS);

        assertThat(watch.superseded(1_000 * MS)).isTrue();
        assertThat(watch.superseded(1_000 * MS + SITE_TIMEOUT_NS - 1)).isTrue();
        assertThat(watch.superseded(1_000 * MS + SITE_TIMEOUT_NS)).as("no warning for a site timeout").isFalse();
    }

    @Test
    void eachWarningExtendsIt() {
        watch.onConflictWarning("b", warning(OWN_TERM, OWN_TERM + 1), 1_000 * MS);
        watch.onConflictWarning("b", warning(OWN_TERM, OWN_TERM + 1), 4_000 * MS);

        assertThat(watch.superseded(1_000 * MS + SITE_TIMEOUT_NS)).isTrue();
    }

    @Test
    void theDelegateWithTheHighestTermIsNotSuperseded() {
        watch.onConflictWarning("b", warning(OWN_TERM, OWN_TERM - 1), 1_000 * MS);

        assertThat(watch.superseded(1_000 * MS)).as("the other one is the stale one").isFalse();
    }

    @Test
    void aWarningAboutAnotherSiteSaysNothingOfThisOne() {
        watch.onConflictWarning("b", new WanSiteConflict("c", List.of(new PeerHint("c", 9, "10.0.0.3", 7700),
                new PeerHint("c", 10, "10.0.0.4", 7700))), 1_000 * MS);

        assertThat(watch.superseded(1_000 * MS)).isFalse();
    }

    @Test
    void neverWarnedIsNeverSuperseded() {
        assertThat(watch.superseded(0)).isFalse();
        assertThat(watch.superseded(Long.MAX_VALUE)).isFalse();
    }

    @Test
    void aWarningOfANewerDelegateSoonAfterThisNodesOwnPauseIsBeingSupersededNotAConflict() {
        watch.onOwnPause(1_000 * MS); // the delegate thawed
        assertThat(watch.onConflictWarning("b", warning(OWN_TERM, OWN_TERM + 3), 2_000 * MS))
                .as("the peer hears this delegate").isTrue();

        assertThat(watch.superseded(2_000 * MS)).isTrue();
        assertThat(watch.conflictedSites(2_000 * MS)).as("no duplicate site").isEmpty();
        watch.onHeartbeat(2_500 * MS);
        assertThat(io.lanSent).as("the members do not hold").isEmpty();
    }

    @Test
    void aWarningWithoutAPauseIsAConflictAndTheMembersHoldUntilItIsOver() {
        assertThat(watch.onConflictWarning("b", warning(OWN_TERM, OWN_TERM + 3), 1_000 * MS)).isTrue();

        assertThat(watch.conflictedSites(1_000 * MS)).containsExactly("a");
        assertThat(io.lanSent).containsExactly(new LanMessage.SiteConflictNotice(OWN_TERM, true));
        watch.onHeartbeat(2_000 * MS);
        assertThat(io.lanSent).as("repeated each heartbeat").hasSize(2);
        watch.onHeartbeat(1_000 * MS + SITE_TIMEOUT_NS);
        assertThat(io.lanSent).last().isEqualTo(new LanMessage.SiteConflictNotice(OWN_TERM, false));
        watch.onHeartbeat(2_000 * MS + SITE_TIMEOUT_NS);
        assertThat(io.lanSent).as("the end is told once").hasSize(3);
    }

    @Test
    void aWarningAboutAnotherSiteIsNoSignThatThePeerHearsThisOne() {
        assertThat(watch.onConflictWarning("b", new WanSiteConflict("c", List.of(
                new PeerHint("c", 9, "10.0.0.3", 7700), new PeerHint("c", 10, "10.0.0.4", 7700))), 1_000 * MS))
                .isFalse();
    }

    private static WanSiteConflict warning(long firstTerm, long secondTerm) {
        return new WanSiteConflict("a", List.of(new PeerHint("a", firstTerm, "10.0.0.1", 7700),
                new PeerHint("a", secondTerm, "10.0.0.2", 7700)));
    }

    private static SiteConflictWatch watchWithTerm(long term, WanCapture io) {
        EngineSettings settings = new EngineSettings("a", "a1", 1, true,
                new ProtocolTimers(Duration.ofSeconds(1), Duration.ofNanos(SITE_TIMEOUT_NS), Duration.ofMillis(5)), 1400,
                FlowLimits.DEFAULTS.withSendWindowBytes(1 << 20), FlowSettings.defaults(5 * MS), List.of(), null,
                OverlaySettings.DEFAULTS.withTreeRefreshInterval(Duration.ofSeconds(10)),
                new TfrcControl(new CcSettings(100_000, 2_000, 64 * 1024, 300 * MS, java.util.Map.of())), 1,
                TransportSettings.END_TO_END);
        SiteDirectory<List<MemberGroups>> directory = new SiteDirectory<>("a", SITE_TIMEOUT_NS);
        return new SiteConflictWatch(settings, ProtocolMetrics.NONE, term, directory,
                new ControlSplitter(io, ProtocolMetrics.NONE, 1400), io);
    }
}
