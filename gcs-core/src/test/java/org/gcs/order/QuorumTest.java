package org.gcs.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.gcs.MemberId;
import org.junit.jupiter.api.Test;

/** The primary-component rule: a majority of the view, or exactly half with its most senior member. */
class QuorumTest {
    private static Incarnation member(String site, long number) {
        return new Incarnation(new MemberId(site, site + "1"), number);
    }

    private final Incarnation a = member("a", 1);
    private final Incarnation b = member("b", 2);
    private final Incarnation c = member("c", 3);
    private final Incarnation d = member("d", 4);

    @Test
    void shouldHoldForAMajorityAndNotForAMinority() {
        List<Incarnation> view = List.of(a, b, c);
        assertThat(Quorum.holds(Set.of(b, c), view)).isTrue();
        assertThat(Quorum.holds(Set.of(a), view)).isFalse();
    }

    @Test
    void shouldBreakATieWithTheMostSeniorMember() {
        List<Incarnation> view = List.of(a, b, c, d);
        assertThat(Quorum.holds(Set.of(a, d), view)).isTrue();
        assertThat(Quorum.holds(Set.of(b, c), view)).isFalse();
    }

    @Test
    void shouldNotCountAMemberThatJoinedAgain() {
        List<Incarnation> view = List.of(a, b, c);
        assertThat(Quorum.holds(Set.of(b, member("c", 99)), view)).isFalse();
    }
}
