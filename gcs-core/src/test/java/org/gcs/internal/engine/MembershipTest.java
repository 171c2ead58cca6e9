package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.gcs.MemberId;
import org.gcs.internal.wire.LanMessage.MemberAnnounce;
import org.junit.jupiter.api.Test;

class MembershipTest {
    private static final LanView.LanMember A1 = new LanView.LanMember("a1", 11, true);
    private static final LanView.LanMember A2 = new LanView.LanMember("a2", 22, true);

    private final Membership joiner = new Membership("site-a", "a2", 22, Set.of("g"));

    @Test
    void shouldKeepAnAnnouncementThatArrivesBeforeTheViewListingItsSender() {
        joiner.onLanView(new LanView(1, List.of(A2)));
        // a1 announced when it installed view 2; the joiner's engine sees that before view 2 itself
        assertThat(joiner.onAnnounce(new MemberAnnounce("a1", 11, 3, List.of("g")))).isFalse();
        assertThat(joiner.membersOf("g")).containsExactly(new MemberId("site-a", "a2"));

        joiner.onLanView(new LanView(2, List.of(A1, A2)));

        assertThat(joiner.membersOf("g")).containsExactly(new MemberId("site-a", "a1"), new MemberId("site-a", "a2"));
    }

    @Test
    void shouldDropAnEarlyAnnouncementWhoseSenderIsNotInTheNextView() {
        joiner.onLanView(new LanView(1, List.of(A2)));
        joiner.onAnnounce(new MemberAnnounce("a1", 11, 3, List.of("g")));

        joiner.onLanView(new LanView(2, List.of(A2)));
        joiner.onLanView(new LanView(3, List.of(A1, A2)));

        assertThat(joiner.membersOf("g")).containsExactly(new MemberId("site-a", "a2"));
    }

    @Test
    void shouldKeepTheNewestEarlyAnnouncementOfAMember() {
        joiner.onLanView(new LanView(1, List.of(A2)));
        joiner.onAnnounce(new MemberAnnounce("a1", 11, 4, List.of("g")));
        joiner.onAnnounce(new MemberAnnounce("a1", 11, 3, List.of()));

        joiner.onLanView(new LanView(2, List.of(A1, A2)));

        assertThat(joiner.membersOf("g")).contains(new MemberId("site-a", "a1"));
    }
}
