package org.gcs.examples.whiteboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.gcs.MemberId;
import org.junit.jupiter.api.Test;

class BoardReplayTest {
    private static final MemberId BOSTON_1 = new MemberId("boston", "boston-1");
    private static final MemberId BOSTON_2 = new MemberId("boston", "boston-2");
    private static final MemberId OTTAWA_1 = new MemberId("ottawa", "ottawa-1");
    private static final MemberId CHICAGO_1 = new MemberId("chicago", "chicago-1");

    @Test
    void shouldLetTheSmallestMemberThatStaysReplayForNewcomers() {
        Set<MemberId> before = Set.of(BOSTON_1, OTTAWA_1);
        List<MemberId> now = List.of(BOSTON_1, CHICAGO_1, OTTAWA_1);

        assertThat(BoardReplay.replays(BOSTON_1, before, now)).isTrue();
        assertThat(BoardReplay.replays(OTTAWA_1, before, now)).isFalse();
    }

    @Test
    void shouldLetEachSideOfAMergeReplay() {
        List<MemberId> merged = List.of(BOSTON_1, OTTAWA_1);

        assertThat(BoardReplay.replays(BOSTON_1, Set.of(BOSTON_1), merged)).isTrue();
        assertThat(BoardReplay.replays(OTTAWA_1, Set.of(OTTAWA_1), merged)).isTrue();
    }

    @Test
    void shouldNotReplayOnTheFirstViewOrWhenMembersOnlyLeave() {
        assertThat(BoardReplay.replays(CHICAGO_1, Set.of(), List.of(BOSTON_1, CHICAGO_1))).isFalse();
        assertThat(BoardReplay.replays(BOSTON_1, Set.of(BOSTON_1, BOSTON_2, OTTAWA_1), List.of(BOSTON_1, OTTAWA_1)))
                .isFalse();
    }

    @Test
    void shouldLetTheNextMemberReplayWhenTheSmallestLeftAsANewcomerArrived() {
        Set<MemberId> before = Set.of(BOSTON_1, BOSTON_2);
        List<MemberId> now = List.of(BOSTON_2, OTTAWA_1);

        assertThat(BoardReplay.replays(BOSTON_2, before, now)).isTrue();
    }
}
