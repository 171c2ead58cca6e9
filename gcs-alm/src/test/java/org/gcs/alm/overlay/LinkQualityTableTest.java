package org.gcs.alm.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LinkQualityTableTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;
    private final LinkQualityTable table = new LinkQualityTable(300 * MS, S, 4);

    @Test
    void shouldTakeTheFirstSampleAsIsAndSmoothLaterOnesWithOneEighth() {
        assertThat(table.rttNs("boston")).isEmpty();
        assertThat(table.rttOrInitialNs("boston")).isEqualTo(300 * MS);
        long first = table.probeSent("boston", 0);
        table.probeAnswered("boston", first, 100 * MS);
        assertThat(table.rttNs("boston")).hasValue(100 * MS);
        long second = table.probeSent("boston", S);
        table.probeAnswered("boston", second, S + 180 * MS);
        // 100 + (180 - 100) / 8
        assertThat(table.rttNs("boston")).hasValue(110 * MS);
        assertThat(table.rttOrInitialNs("boston")).isEqualTo(110 * MS);
        assertThat(table.samples("boston")).isEqualTo(2);
        assertThat(table.lossRate("boston")).isZero();
    }

    @Test
    void shouldAnswerProbesInAnyOrder() {
        long first = table.probeSent("boston", 0);
        long second = table.probeSent("boston", 10 * MS);
        table.probeAnswered("boston", second, 60 * MS);
        table.probeAnswered("boston", first, 80 * MS);
        assertThat(table.samples("boston")).isEqualTo(2);
        assertThat(table.rttNs("boston")).hasValue(50 * MS + (80 * MS - 50 * MS) / 8);
    }

    @Test
    void shouldCountProbesUnansweredPastTheTimeoutAsLostOverTheWindow() {
        long answered = table.probeSent("boston", 0);
        table.probeSent("boston", MS);
        table.probeSent("boston", 2 * MS);
        table.probeAnswered("boston", answered, 50 * MS);
        table.tick(S + MS); // the probe sent at 1 ms is exactly at the timeout: not lost yet
        assertThat(table.lossRate("boston")).isZero();
        table.tick(S + 2 * MS);
        assertThat(table.lossRate("boston")).isEqualTo(0.5);
        table.tick(S + 3 * MS);
        assertThat(table.lossRate("boston")).isEqualTo(2.0 / 3);
        // three more answered: the window of 4 now holds lost, answered, answered, answered
        for (int i = 0; i < 3; i++) {
            long seq = table.probeSent("boston", 2 * S + i * MS);
            table.probeAnswered("boston", seq, 2 * S + i * MS + 40 * MS);
        }
        assertThat(table.lossRate("boston")).isEqualTo(0.25);
        assertThat(table.lossRate("nobody")).isZero();
    }

    @Test
    void shouldIgnoreAnswersAfterTheTimeoutAndCountThemAsLost() {
        long expiredByTick = table.probeSent("boston", 0);
        table.tick(S + 1);
        table.probeAnswered("boston", expiredByTick, S + 2);
        long expiredByLateAnswer = table.probeSent("boston", 2 * S);
        table.probeAnswered("boston", expiredByLateAnswer, 3 * S + 1);
        assertThat(table.samples("boston")).isZero();
        assertThat(table.rttNs("boston")).isEmpty();
        assertThat(table.lossRate("boston")).isEqualTo(1.0);
        long justInTime = table.probeSent("boston", 4 * S);
        table.probeAnswered("boston", justInTime, 5 * S);
        assertThat(table.rttNs("boston")).hasValue(S);
    }

    @Test
    void shouldIgnoreDuplicateAndUnknownAnswers() {
        long seq = table.probeSent("boston", 0);
        table.probeAnswered("boston", seq, 10 * MS);
        table.probeAnswered("boston", seq, 20 * MS);
        table.probeAnswered("boston", seq + 100, 20 * MS);
        table.probeAnswered("ottawa", seq, 20 * MS);
        long ottawaSeq = table.probeSent("ottawa", 0);
        table.probeAnswered("boston", ottawaSeq, 30 * MS); // another peer's probe number
        assertThat(table.samples("boston")).isEqualTo(1);
        assertThat(table.rttNs("boston")).hasValue(10 * MS);
        assertThat(table.samples("ottawa")).isZero();
        assertThat(table.outstandingProbes("ottawa")).isEqualTo(1);
    }

    @Test
    void shouldGiveAPositiveSampleForAnInstantAnswer() {
        long seq = table.probeSent("boston", 5);
        table.probeAnswered("boston", seq, 5);
        assertThat(table.rttNs("boston")).hasValue(1);
    }

    @Test
    void shouldForgetAPeerAndIgnoreItsLateAnswers() {
        long old = table.probeSent("boston", 0);
        table.probeSent("ottawa", 0);
        assertThat(table.peers()).containsExactly("boston", "ottawa");
        table.forget("boston");
        assertThat(table.peers()).containsExactly("ottawa");
        assertThat(table.samples("boston")).isZero();
        table.probeAnswered("boston", old, 10 * MS);
        assertThat(table.peers()).containsExactly("ottawa");
        long fresh = table.probeSent("boston", 20 * MS);
        assertThat(fresh).isNotEqualTo(old);
        table.probeAnswered("boston", old, 30 * MS);
        assertThat(table.samples("boston")).isZero();
        assertThat(table.outstandingProbes("boston")).isEqualTo(1);
    }

    @Test
    void shouldKeepOnlyTheProbesOfTheLastTimeout() {
        for (int i = 0; i < 1_000; i++) {
            table.probeSent("boston", i * 10 * MS);
        }
        assertThat(table.outstandingProbes("boston")).isLessThanOrEqualTo(101);
        assertThat(table.lossRate("boston")).isEqualTo(1.0);
    }

    @Test
    void shouldRejectInvalidArguments() {
        assertThatThrownBy(() -> new LinkQualityTable(0, S, 1)).hasMessageContaining("initialRttNs");
        assertThatThrownBy(() -> new LinkQualityTable(MS, 0, 1)).hasMessageContaining("probeTimeoutNs");
        assertThatThrownBy(() -> new LinkQualityTable(MS, S, 0)).hasMessageContaining("lossWindow");
        assertThatThrownBy(() -> table.probeSent("", 0)).hasMessageContaining("peer");
    }

    @Test
    void shouldExpireEachPeersProbeOnTickWhenItsOwnTimeoutPasses() {
        table.probeSent("boston", 0);
        table.probeSent("ottawa", 500 * MS);
        table.tick(S);
        assertThat(table.outstandingProbes("boston")).as("exactly the timeout is not overdue").isEqualTo(1);
        table.tick(S + 1);
        assertThat(table.lossRate("boston")).isEqualTo(1.0);
        assertThat(table.outstandingProbes("ottawa")).isEqualTo(1);
        table.tick(1500 * MS);
        assertThat(table.lossRate("ottawa")).isZero();
        table.tick(1500 * MS + 1);
        assertThat(table.lossRate("ottawa")).isEqualTo(1.0);
        long later = table.probeSent("boston", 3 * S);
        table.tick(4 * S + 1);
        assertThat(table.outstandingProbes("boston")).isZero();
        table.probeAnswered("boston", later, 4 * S + 2);
        assertThat(table.samples("boston")).as("its answer came too late").isZero();
    }
}
