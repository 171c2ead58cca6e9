package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gcs.internal.wire.LanMessage.HeldMark;
import org.junit.jupiter.api.Test;

class SiteHoldTrackerTest {
    private static final FlowKey FLOW = new FlowKey("ottawa", "g");
    private static final OriginKey ALICE = new OriginKey("ottawa", "alice", 1, "g");
    private static final OriginKey BOB = new OriginKey("ottawa", "bob", 2, "g");

    private static LanView view(long id, String... names) {
        return new LanView(id, java.util.Arrays.stream(names)
                .map(n -> new LanView.LanMember(n, n.hashCode(), true)).toList());
    }

    private static List<HeldMark> held(OriginKey origin, long memberSeq) {
        return List.of(new HeldMark(origin.site(), origin.member(), origin.incarnation(), origin.group(), memberSeq));
    }

    private final SiteHoldTracker tracker = new SiteHoldTracker(SiteHoldTracker.memberKey("d", "d".hashCode()),
            view(1, "d", "m1", "m2"));

    @Test
    void shouldAcknowledgeEverythingReleasedWhenNothingWaits() {
        assertThat(tracker.heldThroughSeq(FLOW, 41)).isEqualTo(41);
    }

    @Test
    void shouldHoldAcknowledgementsBeforeTheFirstMessageNotYetHeldByEveryMember() {
        tracker.onHandOff(FLOW, 10, ALICE, 5);   // seq 10
        tracker.onHandOff(FLOW, 11, BOB, 7);     // seqs 11..13 (three fragments)
        tracker.onHandOff(FLOW, 14, ALICE, 6);   // seq 14
        assertThat(tracker.heldThroughSeq(FLOW, 14)).isEqualTo(9);

        tracker.onHeld("m1", "m1".hashCode(), held(ALICE, 6));
        assertThat(tracker.heldThroughSeq(FLOW, 14)).as("m2 has nothing yet").isEqualTo(9);
        tracker.onHeld("m2", "m2".hashCode(), held(ALICE, 5));
        assertThat(tracker.heldThroughSeq(FLOW, 14)).as("bob's message is next").isEqualTo(10);
        tracker.onHeld("m1", "m1".hashCode(), held(BOB, 7));
        tracker.onHeld("m2", "m2".hashCode(), held(BOB, 7));
        assertThat(tracker.heldThroughSeq(FLOW, 14)).isEqualTo(13);
        tracker.onHeld("m2", "m2".hashCode(), held(ALICE, 6));
        assertThat(tracker.heldThroughSeq(FLOW, 14)).isEqualTo(14);
        assertThat(tracker.awaitedMessages()).isZero();
    }

    @Test
    void shouldNameTheMemberTheOldestWaitingMessageWaitsForAndHowLong() {
        assertThat(tracker.laggard(1_000)).isEmpty();
        tracker.onHandOff(FLOW, 1, ALICE, 1);
        tracker.onHeld("m1", "m1".hashCode(), held(ALICE, 1));
        tracker.heldThroughSeq(FLOW, 1);
        assertThat(tracker.laggard(1_000)).contains(new SiteHoldTracker.Laggard("m2", "g", 0));
        assertThat(tracker.laggard(3_000)).contains(new SiteHoldTracker.Laggard("m2", "g", 2_000));
        tracker.onHeld("m2", "m2".hashCode(), held(ALICE, 1));
        tracker.heldThroughSeq(FLOW, 1);
        assertThat(tracker.laggard(4_000)).isEmpty();
    }

    @Test
    void shouldStopWaitingForAMemberThatLeft() {
        tracker.onHandOff(FLOW, 1, ALICE, 1);
        tracker.onHeld("m1", "m1".hashCode(), held(ALICE, 1));
        assertThat(tracker.heldThroughSeq(FLOW, 1)).isZero();
        tracker.onView(view(2, "d", "m1"));
        assertThat(tracker.heldThroughSeq(FLOW, 1)).isEqualTo(1);
    }

    @Test
    void shouldNotWaitForAMemberThatJoinedAfterTheHandOff() {
        tracker.onHandOff(FLOW, 1, ALICE, 1);
        tracker.onView(view(2, "d", "m1", "m2", "m3"));
        tracker.onHandOff(FLOW, 2, ALICE, 2);
        tracker.onHeld("m1", "m1".hashCode(), held(ALICE, 1));
        tracker.onHeld("m2", "m2".hashCode(), held(ALICE, 1));
        assertThat(tracker.heldThroughSeq(FLOW, 2)).as("m3 never got #1").isEqualTo(1);
        tracker.onHeld("m1", "m1".hashCode(), held(ALICE, 2));
        tracker.onHeld("m2", "m2".hashCode(), held(ALICE, 2));
        assertThat(tracker.heldThroughSeq(FLOW, 2)).as("but #2 was handed off after m3 joined").isEqualTo(1);
        tracker.onHeld("m3", "m3".hashCode(), held(ALICE, 2));
        assertThat(tracker.heldThroughSeq(FLOW, 2)).isEqualTo(2);
    }

    @Test
    void shouldNeverWaitForItselfNorTrustReportsFromStrangers() {
        SiteHoldTracker alone = new SiteHoldTracker(SiteHoldTracker.memberKey("d", 1), new LanView(1,
                List.of(new LanView.LanMember("d", 1, true))));
        alone.onHandOff(FLOW, 1, ALICE, 1);
        assertThat(alone.heldThroughSeq(FLOW, 1)).isEqualTo(1);

        tracker.onHandOff(FLOW, 1, ALICE, 1);
        tracker.onHeld("intruder", 9, held(ALICE, 1));
        tracker.onHeld("m1", 999, held(ALICE, 1)); // an old incarnation of m1
        assertThat(tracker.heldThroughSeq(FLOW, 1)).isZero();
    }

    @Test
    void shouldTreatASuppressedDuplicateAsHeldOnceTheOriginsLatestHandOffIs() {
        tracker.onHandOff(FLOW, 1, ALICE, 1);
        tracker.onHandOff(FLOW, 2, ALICE, 2);
        tracker.forget(FLOW); // a new epoch of the flow re-sends both
        tracker.onSuppressedDuplicate(FLOW, 1, ALICE, 1);
        assertThat(tracker.heldThroughSeq(FLOW, 1)).isZero();
        tracker.onHeld("m1", "m1".hashCode(), held(ALICE, 2));
        tracker.onHeld("m2", "m2".hashCode(), held(ALICE, 2));
        assertThat(tracker.heldThroughSeq(FLOW, 1)).isEqualTo(1);
    }

    @Test
    void shouldNotWaitForADuplicateOfAnOriginItNeverHandedOff() {
        tracker.onSuppressedDuplicate(FLOW, 1, BOB, 1);
        assertThat(tracker.heldThroughSeq(FLOW, 1)).isEqualTo(1);
    }
}
