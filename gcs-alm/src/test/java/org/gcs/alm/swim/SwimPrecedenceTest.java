package org.gcs.alm.swim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gcs.alm.swim.MemberStatus.ALIVE;
import static org.gcs.alm.swim.MemberStatus.DEAD;
import static org.gcs.alm.swim.MemberStatus.SUSPECT;

import java.util.SplittableRandom;
import org.gcs.alm.swim.MemberUpdate.Alive;
import org.gcs.alm.swim.MemberUpdate.Dead;
import org.gcs.alm.swim.MemberUpdate.Suspect;
import org.junit.jupiter.api.Test;

/** SWIM §4.2's precedence between updates about one member, and the table that applies it. */
class SwimPrecedenceTest {
    @Test
    void aliveShouldOverrideAnyStatusOnlyAtAHigherIncarnation() {
        Alive alive = new Alive("b", 5);
        for (MemberStatus status : MemberStatus.values()) {
            assertThat(alive.overrides(status, 4)).as("over %s(4)", status).isTrue();
            assertThat(alive.overrides(status, 5)).as("over %s(5)", status).isFalse();
            assertThat(alive.overrides(status, 6)).as("over %s(6)", status).isFalse();
        }
    }

    @Test
    void suspectShouldOverrideAliveOfTheSameIncarnationButSuspectOnlyOfALowerOneAndNeverDead() {
        Suspect suspect = new Suspect("b", 5, "c");
        assertThat(suspect.overrides(ALIVE, 5)).isTrue();
        assertThat(suspect.overrides(ALIVE, 4)).isTrue();
        assertThat(suspect.overrides(ALIVE, 6)).isFalse();
        assertThat(suspect.overrides(SUSPECT, 4)).isTrue();
        assertThat(suspect.overrides(SUSPECT, 5)).isFalse();
        assertThat(suspect.overrides(DEAD, 4)).isFalse();
    }

    @Test
    void deadShouldOverrideEverythingOfAnIncarnationUpToItsOwn() {
        Dead dead = new Dead("b", 5, "c");
        assertThat(dead.overrides(ALIVE, 5)).isTrue();
        assertThat(dead.overrides(SUSPECT, 5)).isTrue();
        assertThat(dead.overrides(ALIVE, 0)).isTrue();
        assertThat(dead.overrides(ALIVE, 6)).as("the member refuted since").isFalse();
        assertThat(dead.overrides(SUSPECT, 6)).isFalse();
        assertThat(dead.overrides(DEAD, 5)).isFalse();
        assertThat(dead.overrides(DEAD, 4)).isTrue();
    }

    @Test
    void shouldRejectMalformedUpdates() {
        assertThatThrownBy(() -> new Alive("", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Suspect("b", -1, "c")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Dead("b", 0, null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void tableShouldApplyOnlyOverridingUpdatesAndReportTheTransition() {
        MembershipTable table = new MembershipTable();
        assertThat(table.add("b")).isTrue();
        assertThat(table.add("b")).isFalse();
        assertThat(table.apply(new Suspect("b", 0, "c"))).isEqualTo(new MembershipTable.Transition(ALIVE, SUSPECT));
        assertThat(table.current("b")).isEqualTo(new Suspect("b", 0, "c"));
        assertThat(table.apply(new Suspect("b", 0, "d"))).as("same incarnation: a confirmation, not a change")
                .isNull();
        assertThat(table.apply(new Alive("b", 0))).isNull();
        assertThat(table.apply(new Alive("b", 1))).isEqualTo(new MembershipTable.Transition(SUSPECT, ALIVE));
        assertThat(table.apply(new Dead("b", 0, "c"))).as("older than the refutation").isNull();
        assertThat(table.apply(new Dead("b", 1, "c"))).isEqualTo(new MembershipTable.Transition(ALIVE, DEAD));
        assertThat(table.liveMembers()).isEmpty();
        assertThat(table.apply(new Alive("b", 1))).as("a stale Alive cannot bring it back").isNull();
        assertThat(table.apply(new Alive("b", 2))).isEqualTo(new MembershipTable.Transition(DEAD, ALIVE));
        assertThat(table.liveMembers()).containsExactly("b");
        assertThat(table.incarnation("b")).hasValue(2);
    }

    @Test
    void tableShouldIgnoreSuspectsOfUnknownMembersAndKeepTombstonesOfUnknownDeadOnes() {
        MembershipTable table = new MembershipTable();
        assertThat(table.apply(new Suspect("x", 3, "c"))).isNull();
        assertThat(table.status("x")).isEmpty();
        assertThat(table.apply(new Dead("x", 3, "c"))).isEqualTo(new MembershipTable.Transition(null, DEAD));
        assertThat(table.add("x")).as("known, as dead").isFalse();
        assertThat(table.apply(new Alive("x", 3))).isNull();
        assertThat(table.apply(new Alive("y", 0))).isEqualTo(new MembershipTable.Transition(null, ALIVE));
        assertThat(table.liveMembers()).containsExactly("y");
    }

    @Test
    void tableShouldDrawDistinctAliveIntermediariesOtherThanTheTarget() {
        MembershipTable table = new MembershipTable();
        for (String m : new String[] {"a", "b", "c", "d", "e"}) {
            table.add(m);
        }
        table.apply(new Suspect("d", 0, "x"));
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 100; i++) {
            assertThat(table.randomAlive(3, "a", random)).hasSize(3).doesNotHaveDuplicates()
                    .containsAnyOf("b", "c", "e").doesNotContain("a", "d");
        }
        assertThat(table.randomAlive(5, "a", random)).containsExactlyInAnyOrder("b", "c", "e");
        assertThat(table.liveMembers()).containsExactlyInAnyOrder("a", "b", "c", "d", "e");
    }
}
