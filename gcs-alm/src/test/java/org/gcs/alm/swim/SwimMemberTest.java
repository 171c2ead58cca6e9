package org.gcs.alm.swim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.gcs.alm.swim.MemberUpdate.Alive;
import org.gcs.alm.swim.MemberUpdate.Dead;
import org.gcs.alm.swim.MemberUpdate.Suspect;
import org.gcs.alm.swim.RecordingOutput.Sent;
import org.gcs.alm.swim.SwimMessage.Ack;
import org.gcs.alm.swim.SwimMessage.Nack;
import org.gcs.alm.swim.SwimMessage.Ping;
import org.gcs.alm.swim.SwimMessage.PingReq;
import org.junit.jupiter.api.Test;

/** One {@link SwimMember} driven by hand: probes, indirect probes, relays, suspicion, refutation, the buddy system. */
class SwimMemberTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;
    private static final List<String> OTHERS = List.of("b", "c", "d", "e");

    private final RecordingOutput out = new RecordingOutput();
    private final SwimMember a = new SwimMember("a", SwimSettings.DEFAULTS, new SplittableRandom(42), 0);

    SwimMemberTest() {
        OTHERS.forEach(a::addMember);
    }

    /** Runs the first probe's Ping and returns it (sent to the first target of the schedule). */
    private Sent firstPing() {
        long t0 = a.nextDeadlineNs();
        assertThat(t0).as("a random fraction of a period").isBetween(0L, S - 1);
        a.onTick(t0, out);
        List<Sent> sent = out.takeSent();
        assertThat(sent).hasSize(1);
        assertThat(sent.get(0).message()).isInstanceOf(Ping.class);
        return sent.get(0);
    }

    @Test
    void shouldAskIntermediariesAfterTheTimeoutAndSuspectTheTargetAtTheEndOfThePeriod() {
        long t0 = a.nextDeadlineNs();
        Sent ping = firstPing();
        long seq = ((Ping) ping.message()).seq();
        assertThat(a.nextDeadlineNs()).isEqualTo(t0 + 500 * MS);
        a.onTick(t0 + 500 * MS - 1, out);
        assertThat(out.takeSent()).isEmpty();
        a.onTick(t0 + 500 * MS, out);
        List<Sent> requests = out.takeSent();
        assertThat(requests).hasSize(3).allSatisfy(r -> {
            assertThat(r.message()).isEqualTo(new PingReq(seq, ping.to(), r.message().updates()));
            assertThat(r.to()).isNotIn(ping.to(), "a");
        });
        assertThat(requests).extracting(Sent::to).doesNotHaveDuplicates();
        assertThat(a.nextDeadlineNs()).isEqualTo(t0 + S);
        a.onTick(t0 + S, out);
        assertThat(out.takeEvents()).containsExactly("suspect " + ping.to());
        assertThat(a.status(ping.to())).hasValue(MemberStatus.SUSPECT);
        assertThat(a.localHealth()).as("a failed probe, and no intermediary answered either").isEqualTo(2);
        List<Sent> next = out.takeSent();
        assertThat(next).as("the next probe starts at once").hasSize(1);
        assertThat(next.get(0).to()).isNotEqualTo(ping.to());
        assertThat(next.get(0).message().updates()).contains(new Suspect(ping.to(), 0, "a"));
    }

    @Test
    void shouldSkipTheIndirectProbeWhenTheTargetAcks() {
        long t0 = a.nextDeadlineNs();
        Sent ping = firstPing();
        a.onMessage(ping.to(), new Ack(((Ping) ping.message()).seq(), List.of()), t0 + 40 * MS, out);
        a.onTick(t0 + 500 * MS, out);
        assertThat(out.takeSent()).isEmpty();
        a.onTick(t0 + S, out);
        assertThat(out.takeEvents()).isEmpty();
        assertThat(a.status(ping.to())).hasValue(MemberStatus.ALIVE);
        assertThat(a.localHealth()).isZero();
    }

    @Test
    void shouldTakeARelayedAckAsSuccessAndCountNacks() {
        long t0 = a.nextDeadlineNs();
        Sent ping = firstPing();
        long seq = ((Ping) ping.message()).seq();
        a.onTick(t0 + 500 * MS, out);
        List<Sent> requests = out.takeSent();
        for (Sent request : requests) {
            a.onMessage(request.to(), new Nack(seq, List.of()), t0 + 950 * MS, out);
        }
        a.onTick(t0 + S, out);
        assertThat(a.localHealth()).as("failed, but every intermediary answered: only +1").isEqualTo(1);
        out.takeEvents();
        // the second probe, started at t0 + 1 s, waits (S + 1) · 500 ms = 1 s, and is saved by a relayed Ack
        Sent second = out.takeSent().get(0);
        long seq2 = ((Ping) second.message()).seq();
        assertThat(a.currentProbeTimeoutNs()).isEqualTo(S);
        a.onTick(t0 + S + 500 * MS, out);
        assertThat(out.takeSent()).isEmpty();
        a.onTick(t0 + 2 * S, out);
        List<Sent> requests2 = out.takeSent();
        assertThat(requests2).as("the members alive, not the suspect one nor the target")
                .extracting(Sent::to).containsExactlyInAnyOrderElementsOf(OTHERS.stream()
                        .filter(m -> !m.equals(ping.to()) && !m.equals(second.to())).toList());
        a.onMessage(requests2.get(0).to(), new Ack(seq2, List.of()), t0 + 2 * S + 100 * MS, out);
        a.onTick(t0 + 3 * S - 1, out);
        assertThat(out.takeSent()).as("the period is 2 s").isEmpty();
        a.onTick(t0 + 3 * S, out);
        assertThat(out.takeEvents()).isEmpty();
        assertThat(a.localHealth()).isZero();
    }

    @Test
    void shouldRelayAProbeForAnotherMemberAndNackWhenTheTargetIsSilent() {
        a.onMessage("b", new PingReq(42, "c", List.of()), 10 * S, out);
        Sent ping = out.takeSent().get(0);
        assertThat(ping.to()).isEqualTo("c");
        long relaySeq = ((Ping) ping.message()).seq();
        a.onMessage("c", new Ack(relaySeq, List.of()), 10 * S + 80 * MS, out);
        assertThat(out.takeSent()).singleElement().satisfies(s -> {
            assertThat(s.to()).isEqualTo("b");
            assertThat(s.message()).isInstanceOf(Ack.class);
            assertThat(((Ack) s.message()).seq()).isEqualTo(42);
        });

        a.onMessage("b", new PingReq(43, "d", List.of()), 20 * S, out);
        long silentSeq = ((Ping) out.takeSent().get(0).message()).seq();
        assertThat(a.nextDeadlineNs()).isLessThanOrEqualTo(20 * S + 400 * MS);
        a.onTick(20 * S + 400 * MS - 1, out);
        assertThat(out.takeSent()).noneMatch(s -> s.message() instanceof Nack);
        a.onTick(20 * S + 400 * MS, out);
        assertThat(out.takeSent()).filteredOn(s -> s.message() instanceof Nack).singleElement()
                .satisfies(s -> assertThat(s.to()).isEqualTo("b"))
                .satisfies(s -> assertThat(((Nack) s.message()).seq()).isEqualTo(43));
        a.onMessage("d", new Ack(silentSeq, List.of()), 20 * S + 600 * MS, out);
        assertThat(out.takeSent()).as("a late Ack is still relayed").extracting(Sent::to).containsExactly("b");
    }

    @Test
    void shouldRefuteASuspicionAboutItselfWithTheNextIncarnation() {
        a.onMessage("b", new Ping(7, List.of(new Suspect("a", 0, "b"))), S, out);
        assertThat(a.incarnation()).isEqualTo(1);
        assertThat(a.localHealth()).isEqualTo(1);
        Sent ack = out.takeSent().get(0);
        assertThat(ack.to()).isEqualTo("b");
        assertThat(ack.message().updates()).first().isEqualTo(new Alive("a", 1));
        a.onMessage("c", new Ping(8, List.of(new Suspect("a", 0, "c"))), S, out);
        assertThat(a.incarnation()).as("a stale suspicion: refuted already").isEqualTo(1);
        a.onMessage("c", new Ping(9, List.of(new Dead("a", 3, "c"))), S, out);
        assertThat(a.incarnation()).isEqualTo(4);
        assertThat(a.status("a")).hasValue(MemberStatus.ALIVE);
        assertThat(out.takeEvents()).isEmpty();
    }

    @Test
    void shouldPutTheSuspicionFirstOnAPingToASuspectedMember() {
        a.onMessage("c", new Ack(999, List.of(new Suspect("b", 0, "c"))), 0, out);
        assertThat(out.takeEvents()).containsExactly("suspect b");
        for (int i = 0; i < 10; i++) {
            a.addMember("n" + i);
        }
        Sent toB = null;
        for (int round = 1; toB == null && round < 30; round++) {
            // newer gossip before each probe, which would otherwise fill the message
            List<MemberUpdate> news = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                news.add(new Alive("n" + i, round));
            }
            long t = a.nextDeadlineNs();
            a.onMessage("c", new Ack(999, news), t, out);
            a.onTick(t, out);
            for (Sent sent : out.takeSent()) {
                if (sent.to().equals("b")) {
                    toB = sent;
                } else if (sent.message() instanceof Ping ping) {
                    a.onMessage(sent.to(), new Ack(ping.seq(), List.of()), t + 40 * MS, out);
                }
            }
        }
        assertThat(toB).isNotNull();
        assertThat(toB.message()).isInstanceOf(Ping.class);
        assertThat(toB.message().updates()).hasSize(8).first().isEqualTo(new Suspect("b", 0, "c"));
        assertThat(toB.message().updates()).filteredOn(u -> u.member().startsWith("n")).hasSize(7);
    }

    @Test
    void shouldHoldEachMessagesUpdatesToTheBudgetOfBytesButAlwaysCarryTheBuddysSuspicion() {
        PiggybackBudget budget = new PiggybackBudget(30, update -> 10);
        SwimMember x = new SwimMember("x", SwimSettings.DEFAULTS.withMaxPiggyback(64), budget,
                new SplittableRandom(7), 0);
        x.addMember("y");
        List<MemberUpdate> news = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            news.add(new Alive("n" + i, 1));
        }
        news.add(new Suspect("y", 0, "n0"));
        x.onMessage("n0", new Ack(999, news), 0, out);
        out.takeEvents();
        x.onMessage("z", new Ping(5, List.of()), 0, out);
        assertThat(out.takeSent()).singleElement().satisfies(sent -> assertThat(sent.message().updates())
                .as("30 bytes of 10-byte updates").hasSize(3));
        x.onMessage("y", new Ping(6, List.of()), 0, out);
        assertThat(out.takeSent()).singleElement().satisfies(sent -> assertThat(sent.message().updates())
                .as("y's suspicion first, then what fits besides").hasSize(3).first()
                .isEqualTo(new Suspect("y", 0, "n0")));
        SwimMember tight = new SwimMember("t", SwimSettings.DEFAULTS, new PiggybackBudget(5, update -> 10),
                new SplittableRandom(7), 0);
        tight.addMember("y");
        tight.onMessage("n0", new Ack(999, List.of(new Suspect("y", 0, "n0"))), 0, out);
        out.takeEvents();
        tight.onMessage("y", new Ping(7, List.of()), 0, out);
        assertThat(out.takeSent()).singleElement().satisfies(sent -> assertThat(sent.message().updates())
                .as("the buddy's suspicion goes over budget: it is what lets y refute")
                .containsExactly(new Suspect("y", 0, "n0")));
    }

    @Test
    void shouldDeclareASuspectDeadWhenConfirmedSuspicionsTimeOut() {
        // n = 5: Min = 4 · max(1, log10 5) · 1 s = 4 s, Max = 24 s, K = 2
        a.onMessage("c", new Ack(99, List.of(new Suspect("b", 0, "c"))), 10 * S, out);
        assertThat(a.nextDeadlineNs()).isLessThan(34 * S);
        a.onMessage("d", new Ack(99, List.of(new Suspect("b", 0, "d"))), 11 * S, out);
        a.onMessage("e", new Ack(99, List.of(new Suspect("b", 0, "e"))), 12 * S, out);
        a.onTick(14 * S - 1, out);
        assertThat(a.status("b")).hasValue(MemberStatus.SUSPECT);
        a.onTick(14 * S, out);
        assertThat(a.status("b")).hasValue(MemberStatus.DEAD);
        assertThat(out.takeEvents()).containsExactly("suspect b", "dead b");
        assertThat(a.liveMembers()).containsExactlyInAnyOrder("c", "d", "e");
        // a dead member is no longer probed
        for (int i = 0; i < 20; i++) {
            a.onTick(a.nextDeadlineNs(), out);
        }
        assertThat(out.takeSent()).noneMatch(s -> s.to().equals("b"));
    }

    @Test
    void shouldTellARestartedMemberItIsDeadSoThatItComesBackWithAHigherIncarnation() {
        a.onMessage("c", new Ack(99, List.of(new Dead("b", 3, "c"))), S, out);
        assertThat(out.takeEvents()).containsExactly("dead b");
        SwimMember restarted = new SwimMember("b", SwimSettings.DEFAULTS, new SplittableRandom(1), 2 * S);
        RecordingOutput bOut = new RecordingOutput();
        a.onMessage("b", new Ping(1, List.of(new Alive("b", 0))), 2 * S, out);
        assertThat(a.status("b")).as("incarnation 0 is older than the tombstone").hasValue(MemberStatus.DEAD);
        Sent ack = out.takeSent().get(0);
        assertThat(ack.message().updates()).first().isEqualTo(new Dead("b", 3, "c"));
        restarted.onMessage("a", ack.message(), 2 * S, bOut);
        assertThat(restarted.incarnation()).isEqualTo(4);
        restarted.onMessage("a", new Ping(5, List.of()), 3 * S, bOut);
        Sent reply = bOut.takeSent().get(0);
        a.onMessage("b", reply.message(), 3 * S, out);
        assertThat(a.status("b")).hasValue(MemberStatus.ALIVE);
        assertThat(a.incarnationOf("b")).hasValue(4);
        assertThat(out.takeEvents()).containsExactly("alive b");
    }

    @Test
    void shouldTellALiveMemberBelievedDeadOutOfScheduleAndTakeItsRefutationFromTheAck() {
        SwimMember b = new SwimMember("b", SwimSettings.DEFAULTS, new SplittableRandom(3), 0);
        RecordingOutput bOut = new RecordingOutput();
        assertThat(a.tellSuspicion("b", out)).as("b is believed alive").isFalse();
        assertThat(out.takeSent()).isEmpty();
        a.onMessage("c", new Ack(99, List.of(new Dead("b", 0, "c"))), S, out);
        assertThat(out.takeEvents()).containsExactly("dead b");
        assertThat(a.tellSuspicion("b", out)).isTrue();
        Sent ping = out.takeSent().get(0);
        assertThat(ping.to()).isEqualTo("b");
        assertThat(ping.message()).isInstanceOf(Ping.class);
        assertThat(ping.message().updates()).first().isEqualTo(new Dead("b", 0, "c"));
        b.onMessage("a", ping.message(), S, bOut);
        assertThat(b.incarnation()).as("b refutes").isEqualTo(1);
        Sent ack = bOut.takeSent().get(0);
        assertThat(ack.message()).isInstanceOf(Ack.class);
        a.onMessage("b", ack.message(), S + 40 * MS, out);
        assertThat(a.status("b")).hasValue(MemberStatus.ALIVE);
        assertThat(a.incarnationOf("b")).hasValue(1);
        assertThat(out.takeEvents()).containsExactly("alive b");
        assertThat(a.tellSuspicion("b", out)).isFalse();
    }

    @Test
    void shouldTakeADeadAboutAMemberHeardWithinTwoPeriodsAsASuspicionThatTimesOutOnlyIfItStaysSilent() {
        a.heard("b", S);
        a.onMessage("c", new Ack(99, List.of(new Dead("b", 0, "c"))), 2 * S + 999 * MS, out);
        assertThat(a.status("b")).as("heard 1.999 s ago: a stale Dead, taken as a suspicion")
                .hasValue(MemberStatus.SUSPECT);
        assertThat(out.takeEvents()).containsExactly("suspect b");
        assertThat(a.tellSuspicion("b", out)).as("b is told, so that it refutes").isTrue();
        assertThat(out.takeSent().get(0).message().updates()).first().isEqualTo(new Suspect("b", 0, "c"));

        a.onMessage("d", new Ack(98, List.of(new Dead("e", 0, "d"))), 3 * S, out);
        assertThat(a.status("e")).as("never heard: dead at once").hasValue(MemberStatus.DEAD);
        a.heard("d", 3 * S);
        a.onMessage("c", new Ack(95, List.of(new Dead("d", 0, "c"))), 5 * S, out);
        assertThat(a.status("d")).as("heard at 3 s: dead at 5 s, two periods later")
                .hasValue(MemberStatus.DEAD);
        out.takeEvents();

        long minNs = SuspicionTimers.minTimeoutNs(SwimSettings.DEFAULTS.suspicionMultiplier(), 5, S);
        for (long t = 3 * S; t <= 2 * S + 999 * MS + 6 * minNs + S; t += 100 * MS) {
            a.onTick(t, out);
        }
        assertThat(a.status("b")).as("b never refuted: its suspicion timed out here").hasValue(MemberStatus.DEAD);
        assertThat(out.takeEvents()).contains("dead b");
    }

    @Test
    void shouldCarryPendingUpdatesOnTheDriversOwnMessagesAndApplyThemWithoutAnAnswer() {
        SwimMember d = new SwimMember("d", SwimSettings.DEFAULTS, new SplittableRandom(5), 0);
        RecordingOutput dOut = new RecordingOutput();
        d.addMember("b");
        a.addMember("b");
        assertThat(a.gossipFor("d")).as("b's join is no urgent news").isEmpty();
        a.onMessage("c", new Ack(99, List.of(new Suspect("b", 0, "c"))), S, out);
        out.takeEvents();
        List<MemberUpdate> carried = a.gossipFor("d");
        assertThat(carried).containsExactly(new Suspect("b", 0, "c"));
        assertThat(a.gossipFor("a")).as("not to itself").isEmpty();
        d.onGossip("a", carried, S, dOut);
        assertThat(d.status("b")).hasValue(MemberStatus.SUSPECT);
        assertThat(d.status("a")).as("the sender is known alive").hasValue(MemberStatus.ALIVE);
        assertThat(dOut.takeSent()).as("no answer").isEmpty();
        for (int i = 0; i < 100; i++) {
            a.gossipFor("d");
        }
        assertThat(a.gossipFor("d")).as("not counted as sent: only copies").containsExactly(new Suspect("b", 0, "c"));
        a.onTick(S, out);
        assertThat(out.takeSent()).first().satisfies(ping -> assertThat(ping.message().updates())
                .as("SWIM's own message still carries it").contains(new Suspect("b", 0, "c")));
        d.onGossip("a", List.of(new Alive("b", 0)), 2 * S, dOut);
        assertThat(d.status("b")).as("an older belief is left out").hasValue(MemberStatus.SUSPECT);
    }

    @Test
    void shouldPingALiveMemberOutOfScheduleWithoutTouchingTheProbeOrTheSuspicions() {
        SwimMember b = new SwimMember("b", SwimSettings.DEFAULTS, new SplittableRandom(3), 0);
        RecordingOutput bOut = new RecordingOutput();
        assertThat(a.pingOutOfSchedule("x", out)).as("x is not a member").isFalse();
        assertThat(a.pingOutOfSchedule("a", out)).as("itself").isFalse();
        assertThat(out.takeSent()).isEmpty();
        a.addMember("b");
        assertThat(a.pingOutOfSchedule("b", out)).isTrue();
        Sent ping = out.takeSent().get(0);
        assertThat(ping.to()).isEqualTo("b");
        assertThat(ping.message()).isInstanceOf(Ping.class);
        b.onMessage("a", ping.message(), S, bOut);
        Sent ack = bOut.takeSent().get(0);
        assertThat(ack.message()).isInstanceOf(Ack.class);
        a.onMessage("b", ack.message(), S, out);
        assertThat(out.takeSent()).as("an Ack of no probe and no relay is not passed on").isEmpty();
        assertThat(a.status("b")).hasValue(MemberStatus.ALIVE);
        a.onMessage("c", new Ack(99, List.of(new Suspect("b", 0, "c"))), S, out);
        assertThat(a.pingOutOfSchedule("b", out)).as("a suspect is SWIM's to probe").isFalse();
        assertThat(out.takeSent()).isEmpty();
    }

    @Test
    void shouldTellASuspectedMemberOutOfScheduleSoThatItsRefutationEndsTheSuspicionHere() {
        SwimMember b = new SwimMember("b", SwimSettings.DEFAULTS, new SplittableRandom(3), 0);
        RecordingOutput bOut = new RecordingOutput();
        a.onMessage("c", new Ack(99, List.of(new Suspect("b", 0, "c"))), S, out);
        assertThat(out.takeEvents()).containsExactly("suspect b");
        assertThat(a.tellSuspicion("b", out)).isTrue();
        Sent ping = out.takeSent().get(0);
        assertThat(ping.message().updates()).first().isEqualTo(new Suspect("b", 0, "c"));
        b.onMessage("a", ping.message(), S, bOut);
        a.onMessage("b", bOut.takeSent().get(0).message(), S + 40 * MS, out);
        assertThat(a.status("b")).hasValue(MemberStatus.ALIVE);
        assertThat(out.takeEvents()).containsExactly("alive b");
        long before = a.nextDeadlineNs();
        a.onTick(60 * S, out);
        assertThat(a.status("b")).as("no suspicion left to time out (deadline was %d)", before)
                .hasValue(MemberStatus.ALIVE);
        assertThat(a.tellSuspicion("a", out)).isFalse();
    }

    @Test
    void shouldLearnAnUnknownSenderAndGossipedMembers() {
        a.onMessage("x", new Ping(1, List.of(new Alive("y", 2))), S, out);
        assertThat(out.takeEvents()).containsExactly("alive x", "alive y");
        assertThat(a.liveMembers()).contains("x", "y");
        assertThat(a.incarnationOf("y")).hasValue(2);
        a.addMember("y");
        a.addMember("a");
        assertThat(a.liveMembers()).hasSize(6);
    }

    @Test
    void shouldCorrectAStaleSuspicionInTheReplyInsteadOfApplyingIt() {
        a.onMessage("c", new Ack(999, List.of(new Alive("b", 1))), S, out);
        a.onMessage("c", new Ping(5, List.of(new Suspect("b", 0, "x"), new Dead("a", 0, "y"))), S, out);
        // a was at incarnation 0: Dead(a, 0) is not stale, a refutes it; Suspect(b, 0) is stale
        assertThat(a.incarnation()).isEqualTo(1);
        assertThat(a.status("b")).hasValue(MemberStatus.ALIVE);
        Sent ack = out.takeSent().get(0);
        assertThat(ack.to()).isEqualTo("c");
        assertThat(ack.message().updates()).first().as("the correction comes first").isEqualTo(new Alive("b", 1));
        assertThat(ack.message().updates()).contains(new Alive("a", 1));
        a.onMessage("d", new Ping(6, List.of(new Suspect("a", 0, "d"))), S, out);
        assertThat(out.takeSent().get(0).message().updates()).first().isEqualTo(new Alive("a", 1));
        assertThat(a.incarnation()).isEqualTo(1);
    }

    @Test
    void shouldGossipASuspicionAgainHalfwayToTheMinimumTimeout() {
        // n = 5: Min = 4 s, so the suspicion is gossiped again 2 s after it started; its Max is 24 s
        a.onMessage("c", new Ack(999, List.of(new Suspect("b", 0, "c"))), 0, out);
        int carried = 0;
        for (int i = 0; i < 10; i++) {
            a.onMessage("d", new Ping(i, List.of()), 100 * MS, out);
            carried += (int) out.takeSent().get(0).message().updates().stream().filter(u -> u.member().equals("b"))
                    .count();
        }
        assertThat(carried).as("4 · ceil(log10(6)) transmissions, then dropped").isEqualTo(4);
        assertThat(a.nextDeadlineNs()).isLessThanOrEqualTo(2 * S);
        a.onTick(2 * S, out);
        out.takeSent();
        a.onMessage("d", new Ping(11, List.of()), 2 * S, out);
        assertThat(out.takeSent().get(0).message().updates()).contains(new Suspect("b", 0, "c"));
    }

    @Test
    void shouldGossipARaisedIncarnationThatOverridesTheOlderAliveElsewhere() {
        SwimMember b = new SwimMember("b", SwimSettings.DEFAULTS, new SplittableRandom(7), 0);
        assertThat(a.raiseIncarnation(5)).isTrue();
        assertThat(a.raiseIncarnation(3)).as("never lowered").isFalse();
        assertThat(a.incarnation()).isEqualTo(5);
        Sent ping = firstPing();
        assertThat(ping.message().updates()).contains(new Alive("a", 5));
        b.onMessage("a", ping.message(), 0, out);
        assertThat(b.incarnationOf("a")).hasValue(5);
        assertThat(b.status("a")).hasValue(MemberStatus.ALIVE);
    }
}
