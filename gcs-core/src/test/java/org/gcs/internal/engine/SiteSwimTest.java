package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gcs.FlowLimits;
import org.gcs.OverlaySettings;
import org.gcs.ProtocolTimers;
import org.gcs.TransportSettings;
import org.gcs.alm.swim.MemberStatus;
import org.gcs.alm.swim.MemberUpdate;
import org.gcs.alm.swim.SwimMessage;
import org.gcs.cc.api.CcSettings;
import org.gcs.internal.flow.FlowSettings;
import org.gcs.cc.tfrc.TfrcControl;
import org.gcs.internal.wire.PeerHint;
import org.gcs.internal.wire.SwimGossip;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanSwim;
import org.junit.jupiter.api.Test;

/**
 * {@link SiteSwim}: a site that SWIM suspects or believes dead but that speaks to this delegate is told so at once,
 * at most once a SWIM period, and its refutation ends the belief.
 */
class SiteSwimTest {
    private static final long MS = 1_000_000L;
    private static final long HEARTBEAT_NS = 1_000 * MS;

    private record Sent(String site, WanPacket packet) {
    }

    private final List<Sent> sent = new ArrayList<>();
    private final SiteSwim paris = new SiteSwim(settings(), 1, (site, packet) -> sent.add(new Sent(site, packet)),
            site -> Optional.of(new PeerHint(site, 1, "10.0.0." + site.length(), 7700)), () -> 42L, 0);

    @Test
    void shouldTellASiteBelievedDeadThatSpeaksAtOnceAndAtMostOnceAPeriod() {
        paris.onSiteKnown("tokyo");
        paris.onSiteKnown("boston");
        paris.onMessage("boston", new SwimMessage.Ack(7, List.of(new MemberUpdate.Dead("tokyo", 0, "boston"))),
                site -> Optional.empty(), 10 * MS);
        assertThat(paris.takeDead()).containsExactly("tokyo");
        sent.clear();

        paris.onHeard("boston", 20 * MS);
        assertThat(sent).as("boston is alive here: nothing to tell").isEmpty();
        paris.onHeard("tokyo", 20 * MS);
        assertThat(sent).singleElement().satisfies(s -> {
            assertThat(s.site()).isEqualTo("tokyo");
            SwimMessage message = ((WanSwim) s.packet()).message();
            assertThat(message).isInstanceOf(SwimMessage.Ping.class);
            assertThat(message.updates()).first().isEqualTo(new MemberUpdate.Dead("tokyo", 0, "boston"));
        });
        sent.clear();
        paris.onHeard("tokyo", 20 * MS + HEARTBEAT_NS - 1);
        assertThat(sent).as("told within the period already").isEmpty();
        paris.onHeard("tokyo", 20 * MS + HEARTBEAT_NS);
        assertThat(sent).hasSize(1);
        sent.clear();

        // tokyo refutes in its Ack: alive again here, and no longer told
        paris.onMessage("tokyo", new SwimMessage.Ack(99, List.of(new MemberUpdate.Alive("tokyo", 1))),
                site -> Optional.empty(), 30 * MS + HEARTBEAT_NS);
        assertThat(paris.believesDead("tokyo")).isFalse();
        assertThat(paris.member().status("tokyo")).hasValue(MemberStatus.ALIVE);
        paris.onHeard("tokyo", 40 * MS + 3 * HEARTBEAT_NS);
        assertThat(sent).isEmpty();
        assertThat(paris.takeDead()).isEmpty();
    }

    @Test
    void shouldTellASuspectedSiteThatSpeaksSoThatItsRefutationArrivesBeforeTheSuspicionTimesOut() {
        paris.onSiteKnown("tokyo");
        paris.onSiteKnown("boston");
        paris.onMessage("boston", new SwimMessage.Ack(7, List.of(new MemberUpdate.Suspect("tokyo", 3, "boston"))),
                site -> Optional.empty(), 10 * MS);
        sent.clear();
        paris.onHeard("tokyo", 20 * MS);
        assertThat(sent).singleElement().satisfies(s -> assertThat(((WanSwim) s.packet()).message().updates())
                .first().isEqualTo(new MemberUpdate.Suspect("tokyo", 3, "boston")));
    }

    @Test
    void shouldTakeTheRefutationOfASiteDeclaredDeadAfterItLeftTheDirectoryButIgnoreSitesNeverKnown() {
        Map<String, PeerHint> directory = new java.util.HashMap<>();
        SiteSwim swim = new SiteSwim(settings(), 1, (site, packet) -> sent.add(new Sent(site, packet)),
                site -> Optional.ofNullable(directory.get(site)), () -> 42L, 0);
        for (String site : List.of("tokyo", "boston")) {
            directory.put(site, new PeerHint(site, 1, "10.0.0." + site.length(), 7700));
            swim.onSiteKnown(site);
        }
        swim.onMessage("boston", new SwimMessage.Ack(7, List.of(new MemberUpdate.Dead("tokyo", 3, "boston"))),
                site -> Optional.empty(), 10 * MS);
        assertThat(swim.takeDead()).containsExactly("tokyo");
        directory.remove("tokyo"); // it leaves the views, and its address with it (SwimSites.expire)

        swim.onMessage("boston", new SwimMessage.Ping(8, List.of(new MemberUpdate.Alive("tokyo", 4),
                new MemberUpdate.Alive("lima", 9))), site -> Optional.empty(), 20 * MS);
        assertThat(swim.member().status("tokyo"))
                .as("tokyo refuted; dropped, the refutation would leave its false Dead spreading from here")
                .hasValue(MemberStatus.ALIVE);
        assertThat(swim.member().incarnationOf("tokyo")).hasValue(4);
        assertThat(swim.member().status("lima")).as("never heard from: SWIM must not probe an address it lacks")
                .isEmpty();
    }

    @Test
    void shouldAskASiteJustLearnedForItsStateEveryPeriodUntilItComesWithoutGossipOfItsIncarnation() {
        Map<String, Long> versions = new java.util.HashMap<>();
        paris.onSiteKnown("tokyo"); // learned from a datagram of tokyo: its address, not its state
        assertThat(paris.staleSites(site -> Optional.ofNullable(versions.get(site)), 10 * MS))
                .as("no SWIM update about tokyo came, and none may come: the gossip of its incarnation can be over")
                .containsExactly("tokyo");
        assertThat(paris.staleSites(site -> Optional.ofNullable(versions.get(site)), 10 * MS + HEARTBEAT_NS - 1))
                .as("asked within the period already").isEmpty();
        assertThat(paris.staleSites(site -> Optional.ofNullable(versions.get(site)), 10 * MS + HEARTBEAT_NS))
                .as("the request or its answer may be lost: asked again").containsExactly("tokyo");
        versions.put("tokyo", 16L << SiteSwim.TERM_SHIFT); // its state came
        assertThat(paris.staleSites(site -> Optional.ofNullable(versions.get(site)), 10 * MS + 2 * HEARTBEAT_NS))
                .isEmpty();
        assertThat(paris.staleSites(site -> Optional.ofNullable(versions.get(site)), 10 * MS + 9 * HEARTBEAT_NS))
                .isEmpty();
    }

    /**
     * A refutation raises a site's incarnation by one, inside its block of 2^6; a state change starts the next block.
     * Only the second makes a delegate ask for the state: at 20 % loss every refutation used to cost N − 1 requests
     * and answers.
     */
    @Test
    void shouldAskForTheStateAfterAStateChangeButNotAfterARefutation() {
        long held = 16L << SiteSwim.TERM_SHIFT;
        Map<String, Long> versions = new java.util.HashMap<>(Map.of("tokyo", held));
        paris.onSiteKnown("tokyo");
        assertThat(paris.staleSites(site -> Optional.ofNullable(versions.get(site)), 10 * MS)).isEmpty();

        paris.onMessage("tokyo", new SwimMessage.Ack(1, List.of(new MemberUpdate.Alive("tokyo", held + 1))),
                site -> Optional.ofNullable(versions.get(site)), 20 * MS);
        assertThat(paris.member().incarnationOf("tokyo")).hasValue(held + 1);
        assertThat(paris.staleSites(site -> Optional.ofNullable(versions.get(site)), 20 * MS))
                .as("a refutation: the same state").isEmpty();

        long next = held + (1L << SiteSwim.STATE_SHIFT);
        paris.onMessage("tokyo", new SwimMessage.Ack(2, List.of(new MemberUpdate.Alive("tokyo", next))),
                site -> Optional.ofNullable(versions.get(site)), 30 * MS);
        assertThat(paris.staleSites(site -> Optional.ofNullable(versions.get(site)), 30 * MS))
                .as("a state change").containsExactly("tokyo");
        versions.put("tokyo", next + 3); // its state came, sent after three refutations
        assertThat(paris.staleSites(site -> Optional.ofNullable(versions.get(site)), 30 * MS + 2 * HEARTBEAT_NS))
                .isEmpty();
    }

    /**
     * A site learned after the gossip of its incarnation passed by is held at 0; its SiteState tells the real one.
     * Suspected at 0, a crashed site was cleared by the peers' Alive and suspected anew (about 4 s lost at 256 sites).
     */
    @Test
    void shouldTakeASitesIncarnationFromItsOwnSiteState() {
        long real = (16L << SiteSwim.TERM_SHIFT) + (3L << SiteSwim.STATE_SHIFT);
        paris.onSiteKnown("tokyo");
        assertThat(paris.member().incarnationOf("tokyo")).hasValue(0);
        paris.onOwnIncarnation("tokyo", real, 10 * MS);
        assertThat(paris.member().incarnationOf("tokyo")).hasValue(real);
        assertThat(paris.member().status("tokyo")).hasValue(MemberStatus.ALIVE);
        paris.onOwnIncarnation("tokyo", real - 1, 20 * MS);
        assertThat(paris.member().incarnationOf("tokyo")).as("an older SiteState, reordered").hasValue(real);
        paris.onOwnIncarnation("lima", real, 20 * MS);
        assertThat(paris.member().status("lima")).as("a site SWIM does not know").isEmpty();
    }

    /** The link probes carry SWIM's pending updates, as SWIM's messages do, and the receiver applies them. */
    @Test
    void shouldCarryPendingUpdatesOnLinkProbesAndApplyThoseCarriedToIt() {
        SiteSwim tokyo = new SiteSwim(settings("tokyo"), 1, (site, packet) -> { },
                site -> Optional.of(new PeerHint(site, 1, "10.0.0." + site.length(), 7700)), () -> 42L, 0);
        paris.onSiteKnown("tokyo");
        paris.onSiteKnown("boston");
        tokyo.onSiteKnown("paris");
        tokyo.onSiteKnown("boston");
        long tokyoIncarnation = SiteSwim.firstIncarnation(1);
        MemberUpdate suspicion = new MemberUpdate.Suspect("tokyo", tokyoIncarnation, "boston");
        paris.onMessage("boston", new SwimMessage.Ack(7, List.of(suspicion, new MemberUpdate.Suspect("lima", 1,
                "boston"))), site -> Optional.empty(), 10 * MS);
        SwimGossip gossip = paris.gossipFor("rome");
        assertThat(gossip.updates()).as("lima is unknown here: left out").containsExactly(suspicion);
        tokyo.onGossip("paris", paris.gossipFor("tokyo"), site -> Optional.empty(), 20 * MS);
        assertThat(tokyo.member().incarnationOf("tokyo")).as("tokyo heard of its suspicion on a probe, and refuted")
                .hasValue(tokyoIncarnation + 1);
        assertThat(paris.gossipFor("paris")).as("nothing to itself").isEqualTo(SwimGossip.NONE);
    }

    @Test
    void shouldMoveItsOwnIncarnationToTheNextBlockOnAStateChange() {
        long first = paris.stateVersion();
        assertThat(first).isEqualTo(SiteSwim.firstIncarnation(1)).isEqualTo(1L << SiteSwim.TERM_SHIFT);
        paris.stateChanged();
        assertThat(paris.stateVersion()).isEqualTo(first + (1L << SiteSwim.STATE_SHIFT));
        assertThat(SiteSwim.newerState(paris.stateVersion(), first)).isTrue();
        assertThat(SiteSwim.newerState(first + 63, first)).as("63 refutations").isFalse();
        assertThat(SiteSwim.newerState(first, -1)).as("no state held").isTrue();
    }

    @Test
    void shouldFillADatagramOfMaxDatagramBytesWithGossipAndNeverExceedIt() {
        for (int nameLength : new int[] {3, 64}) {
            List<Sent> out = new ArrayList<>();
            SiteSwim swim = new SiteSwim(settings(), 1, (site, packet) -> out.add(new Sent(site, packet)),
                    site -> Optional.of(new PeerHint(site, 1, "2001:db8:0:0:0:0:0:" + site.length(), 7700)),
                    () -> 42L, 0);
            List<MemberUpdate> news = new ArrayList<>();
            for (int i = 0; i < 60; i++) {
                String site = ("s" + i + "x".repeat(nameLength)).substring(0, nameLength);
                swim.onSiteKnown(site);
                news.add(new MemberUpdate.Alive(site, 5));
            }
            swim.onMessage("s1x", new SwimMessage.Ack(1, news), site -> Optional.empty(), 0);
            swim.onTick(swim.member().nextDeadlineNs());
            WanSwim ping = (WanSwim) out.get(out.size() - 1).packet();
            byte[] datagram = new org.gcs.internal.wire.WanCodec(new byte[32]).encode(
                    new org.gcs.internal.wire.WanEnvelope("p".repeat(64), 1, ping), "t", 0);
            assertThat(datagram.length).as("names of %d characters", nameLength).isLessThanOrEqualTo(1400);
            if (nameLength == 3) {
                assertThat(ping.message().updates()).as("memberlist's fixed 8 would leave most of it empty")
                        .hasSizeGreaterThan(20);
                assertThat(datagram.length).isGreaterThan(1000);
            }
        }
    }

    private static EngineSettings settings() {
        return settings("paris");
    }

    private static EngineSettings settings(String site) {
        return new EngineSettings(site, site + "-1", 1, true,
                new ProtocolTimers(Duration.ofNanos(HEARTBEAT_NS), Duration.ofSeconds(5), Duration.ofMillis(5)), 1400,
                FlowLimits.DEFAULTS.withSendWindowBytes(1 << 20), FlowSettings.defaults(5 * MS), List.of(), null,
                OverlaySettings.DEFAULTS.withMembership("swim"),
                new TfrcControl(new CcSettings(100_000, 2_000, 64 * 1024, 300 * MS, Map.of())), 1,
                TransportSettings.END_TO_END);
    }
}
