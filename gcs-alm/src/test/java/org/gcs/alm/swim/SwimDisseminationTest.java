package org.gcs.alm.swim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gcs.alm.swim.MemberUpdate.Alive;
import org.gcs.alm.swim.MemberUpdate.Dead;
import org.gcs.alm.swim.MemberUpdate.Suspect;
import org.junit.jupiter.api.Test;

/** SWIM §4.1's infection-style dissemination: what is piggy-backed, in which order, how many times. */
class SwimDisseminationTest {
    @Test
    void shouldLimitRetransmissionsToLambdaTimesCeilLog10OfNPlusOne() {
        assertThat(DisseminationQueue.retransmitLimit(4, 2047)).as("4 · ceil(log10(2048))").isEqualTo(16);
        assertThat(DisseminationQueue.retransmitLimit(4, 1)).isEqualTo(4);
        assertThat(DisseminationQueue.retransmitLimit(4, 9)).as("log10(10) = 1").isEqualTo(4);
        assertThat(DisseminationQueue.retransmitLimit(4, 10)).isEqualTo(8);
        assertThat(DisseminationQueue.retransmitLimit(3, 99)).isEqualTo(6);
        assertThat(DisseminationQueue.retransmitLimit(3, 100)).isEqualTo(9);
    }

    @Test
    void shouldPiggybackEachUpdateAtMostTheLimitAndThenDropIt() {
        DisseminationQueue queue = new DisseminationQueue(4);
        queue.add(new Alive("b", 0));
        int carried = 0;
        for (int i = 0; i < 20; i++) {
            carried += queue.take(8, 5, null).size();
        }
        assertThat(carried).as("n = 5: 4 · ceil(log10(6)) = 4").isEqualTo(4);
        assertThat(queue.size()).isZero();
    }

    @Test
    void shouldTakeTheLeastSentFirstAndTheNewestAmongThem() {
        DisseminationQueue queue = new DisseminationQueue(4);
        queue.add(new Alive("b", 0));
        queue.add(new Alive("c", 0));
        assertThat(queue.take(1, 5, null)).containsExactly(new Alive("c", 0));
        assertThat(queue.take(1, 5, null)).as("b was sent less").containsExactly(new Alive("b", 0));
        queue.add(new Alive("d", 0));
        assertThat(queue.take(3, 5, null)).containsExactly(new Alive("d", 0), new Alive("c", 0), new Alive("b", 0));
    }

    @Test
    void shouldTakeUpdatesInQueueOrderWhileTheyFitTheBudgetOfBytes() {
        DisseminationQueue queue = new DisseminationQueue(4);
        PiggybackBudget budget = new PiggybackBudget(100, update -> update.member().length() * 10);
        queue.add(new Alive("bb", 0));
        queue.add(new Alive("ccc", 0));
        queue.add(new Alive("dddd", 0));
        assertThat(queue.take(8, 5, null, 75, budget)).as("40 + 30 bytes; bb would make 90")
                .containsExactly(new Alive("dddd", 0), new Alive("ccc", 0));
        assertThat(queue.take(8, 5, null, 19, budget)).as("bb costs 20: nothing fits, nothing is counted").isEmpty();
        assertThat(queue.take(8, 5, null, 20, budget)).containsExactly(new Alive("bb", 0));
    }

    @Test
    void shouldKeepOnlyTheLatestUpdateAboutAMemberWithAFreshCount() {
        DisseminationQueue queue = new DisseminationQueue(4);
        queue.add(new Alive("b", 0));
        queue.add(new Alive("c", 0));
        queue.take(2, 5, null);
        queue.add(new Suspect("b", 0, "a"));
        assertThat(queue.size()).isEqualTo(2);
        assertThat(queue.take(8, 5, null)).containsExactly(new Suspect("b", 0, "a"), new Alive("c", 0));
        queue.add(new Dead("b", 0, "a"));
        assertThat(queue.take(8, 5, "b")).as("skipped: the message carries it already")
                .containsExactly(new Alive("c", 0));
        assertThat(queue.take(1, 5, null)).containsExactly(new Dead("b", 0, "a"));
    }

    @Test
    void shouldCarryAtMostMaxPiggybackUpdatesPerMessage() {
        DisseminationQueue queue = new DisseminationQueue(4);
        for (int i = 0; i < 20; i++) {
            queue.add(new Alive("m" + i, 0));
        }
        List<MemberUpdate> first = queue.take(8, 21, null);
        assertThat(first).hasSize(8).first().isEqualTo(new Alive("m19", 0));
        assertThat(queue.take(8, 21, null)).hasSize(8).first().as("the unsent ones next")
                .isEqualTo(new Alive("m11", 0));
    }
}
