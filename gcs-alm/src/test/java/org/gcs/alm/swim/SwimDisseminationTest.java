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
    void shouldTakeNewsOfFailureBeforeNewsOfMembershipHoweverOftenItWasSent() {
        DisseminationQueue queue = new DisseminationQueue(4);
        for (int i = 0; i < 10; i++) {
            queue.add(new Alive("m" + i, 1)); // a backlog of joins, never sent
        }
        queue.addUrgent(new Dead("x", 0, "a"));
        queue.addUrgent(new Suspect("y", 0, "a"));
        assertThat(queue.take(2, 11, null)).containsExactly(new Suspect("y", 0, "a"), new Dead("x", 0, "a"));
        assertThat(queue.take(3, 11, null)).as("sent once, still ahead of the joins sent never")
                .startsWith(new Suspect("y", 0, "a"), new Dead("x", 0, "a")).contains(new Alive("m9", 1));
        queue.add(new Alive("y", 1)); // a membership update about y replaces its Suspect, and its urgency
        assertThat(queue.take(1, 11, null)).containsExactly(new Dead("x", 0, "a"));
        int deadCarried = 3;
        for (int i = 0; i < 20; i++) {
            deadCarried += queue.take(1, 11, null).contains(new Dead("x", 0, "a")) ? 1 : 0;
        }
        assertThat(deadCarried).as("n = 11: 4 · ceil(log10(12)) = 8 transmissions, then it leaves").isEqualTo(8);
    }

    @Test
    void shouldGossipSuspicionsDeathsAndRefutationsAsUrgentAndJoinsAsNot() {
        SwimMember member = new SwimMember("a", SwimSettings.DEFAULTS.withMaxPiggyback(1),
                new java.util.SplittableRandom(1), 0);
        RecordingOutput out = new RecordingOutput();
        for (String other : List.of("b", "c", "d", "e")) {
            member.addMember(other);
        }
        member.onMessage("b", new SwimMessage.Ack(1, List.of(new Alive("c", 3), new Alive("d", 3),
                new Suspect("e", 0, "b"))), 0, out);
        assertThat(piggybacked(member, out)).as("the suspicion before the newer joins")
                .containsExactly(new Suspect("e", 0, "b"));
        member.onMessage("b", new SwimMessage.Ack(2, List.of(new Alive("e", 1))), 0, out);
        assertThat(piggybacked(member, out)).as("the refutation").containsExactly(new Alive("e", 1));
        member.onMessage("b", new SwimMessage.Ack(3, List.of(new Dead("c", 3, "b"))), 0, out);
        assertThat(piggybacked(member, out)).containsExactly(new Dead("c", 3, "b"));
        List<MemberUpdate> next = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            next.addAll(piggybacked(member, out));
        }
        assertThat(next).as("sent already, still ahead of the joins and of a's own Alive, never sent")
                .containsExactly(new Dead("c", 3, "b"), new Alive("e", 1), new Dead("c", 3, "b"), new Alive("e", 1));
    }

    /** @return the updates the member piggy-backs on its Ack to a Ping from b */
    private static List<MemberUpdate> piggybacked(SwimMember member, RecordingOutput out) {
        out.takeSent();
        member.onMessage("b", new SwimMessage.Ping(99, List.of()), 0, out);
        List<RecordingOutput.Sent> sent = out.takeSent();
        return sent.get(sent.size() - 1).message().updates();
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
