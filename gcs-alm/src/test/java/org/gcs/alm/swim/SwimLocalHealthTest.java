package org.gcs.alm.swim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.gcs.alm.swim.RecordingOutput.Sent;
import org.gcs.alm.swim.SwimMessage.Ack;
import org.gcs.alm.swim.SwimMessage.Ping;
import org.junit.jupiter.api.Test;

/** Lifeguard §IV-A's Local Health Multiplier: the score and how it stretches the protocol period. */
class SwimLocalHealthTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;

    @Test
    void shouldStayWithinZeroAndTheMaximum() {
        LocalHealth health = new LocalHealth(8);
        health.better();
        assertThat(health.score()).isZero();
        assertThat(health.scale(S)).isEqualTo(S);
        for (int i = 0; i < 20; i++) {
            health.worse();
        }
        assertThat(health.score()).isEqualTo(8);
        assertThat(health.scale(500 * MS)).as("(8 + 1) · 500 ms").isEqualTo(4_500 * MS);
        health.better();
        assertThat(health.score()).isEqualTo(7);
        assertThat(new LocalHealth(0).scale(S)).isEqualTo(S);
    }

    @Test
    void shouldStretchTheProtocolPeriodWhileProbesFailAndShrinkItWhenTheySucceed() {
        // a long suspicion timeout, so that the one other member stays probed throughout
        SwimSettings settings = SwimSettings.DEFAULTS.withSuspicion(100, 6);
        SwimMember a = new SwimMember("a", settings, new SplittableRandom(3), 0);
        a.addMember("b");
        RecordingOutput out = new RecordingOutput();
        List<Long> pingTimesNs = new ArrayList<>();
        List<Integer> scores = new ArrayList<>();
        while (pingTimesNs.size() < 5) { // no answers: no intermediaries either, so +1 per period
            long t = a.nextDeadlineNs();
            a.onTick(t, out);
            for (Sent sent : out.takeSent()) {
                if (sent.message() instanceof Ping) {
                    pingTimesNs.add(t);
                    scores.add(a.localHealth());
                }
            }
        }
        assertThat(scores).containsExactly(0, 1, 2, 3, 4);
        assertThat(gaps(pingTimesNs)).containsExactly(S, 2 * S, 3 * S, 4 * S);
        assertThat(a.currentProbeIntervalNs()).isEqualTo(5 * S);
        assertThat(a.currentProbeTimeoutNs()).isEqualTo(2_500 * MS);

        // the fifth probe fails too (S = 5); now b answers every Ping: −1 per period, and the period shrinks
        pingTimesNs.clear();
        while (pingTimesNs.size() < 6) {
            long t = a.nextDeadlineNs();
            a.onTick(t, out);
            for (Sent sent : out.takeSent()) {
                if (sent.message() instanceof Ping ping) {
                    pingTimesNs.add(t);
                    a.onMessage("b", new Ack(ping.seq(), List.of()), t + 50 * MS, out);
                }
            }
        }
        assertThat(gaps(pingTimesNs)).containsExactly(6 * S, 5 * S, 4 * S, 3 * S, 2 * S);
        assertThat(a.localHealth()).isZero();
    }

    @Test
    void shouldRiseWhenThisMemberRefutesASuspicion() {
        SwimMember a = new SwimMember("a", SwimSettings.DEFAULTS, new SplittableRandom(3), 0);
        a.onMessage("b", new Ping(1, List.of(new MemberUpdate.Suspect("a", 0, "b"))), S, new RecordingOutput());
        assertThat(a.localHealth()).isEqualTo(1);
        assertThat(a.currentProbeIntervalNs()).isEqualTo(2 * S);
    }

    private static List<Long> gaps(List<Long> timesNs) {
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < timesNs.size(); i++) {
            gaps.add(timesNs.get(i) - timesNs.get(i - 1));
        }
        return gaps;
    }
}
