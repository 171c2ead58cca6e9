package org.gcs.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.gcs.MemberId;
import org.gcs.internal.wire.LanMessage.MemberAnnounce;
import org.junit.jupiter.api.Test;

/** What a member knows of its own site's members: announcements and the LAN view, in either order. */
class MembershipTest {
    private static final LanView.LanMember OLD = new LanView.LanMember("boston-1", 11, true);
    private static final LanView.LanMember SELF = new LanView.LanMember("boston-2", 22, true);

    private final Set<String> selfGroups = new LinkedHashSet<>(List.of("chat"));
    private final Membership membership = new Membership("boston", SELF.name(), SELF.incarnation(), selfGroups);

    private static MemberAnnounce announce(LanView.LanMember member, long version, String... groups) {
        return new MemberAnnounce(member.name(), member.incarnation(), version, List.of(groups));
    }

    @Test
    void shouldCountAnAnnouncementOfAMemberInTheView() {
        membership.onLanView(new LanView(2, List.of(OLD, SELF)));

        assertThat(membership.onAnnounce(announce(OLD, 1, "chat"))).isTrue();

        assertThat(membership.membersOf("chat"))
                .containsExactly(new MemberId("boston", "boston-1"), new MemberId("boston", "boston-2"));
    }

    @Test
    void shouldApplyAnAnnouncementThatArrivedBeforeTheViewListingItsSender() {
        // a joiner: the older member announced itself on the new view, and that message overtook the view
        assertThat(membership.onAnnounce(announce(OLD, 3, "chat"))).isFalse();
        assertThat(membership.membersOf("chat")).containsExactly(new MemberId("boston", "boston-2"));

        membership.onLanView(new LanView(2, List.of(OLD, SELF)));

        assertThat(membership.membersOf("chat"))
                .containsExactly(new MemberId("boston", "boston-1"), new MemberId("boston", "boston-2"));
        assertThat(membership.localMembers()).hasSize(2);
        assertThat(membership.onAnnounce(announce(OLD, 3, "chat"))).as("the same announcement again").isFalse();
    }

    @Test
    void shouldKeepTheNewestEarlyAnnouncementOfAMember() {
        membership.onAnnounce(announce(OLD, 4, "chat", "news"));
        membership.onAnnounce(announce(OLD, 3, "chat"));

        membership.onLanView(new LanView(2, List.of(OLD, SELF)));

        assertThat(membership.siteHasGroup("news")).isTrue();
    }

    @Test
    void shouldDropAnEarlyAnnouncementWhoseSenderTheNextViewDoesNotList() {
        membership.onAnnounce(announce(OLD, 1, "news"));

        membership.onLanView(new LanView(2, List.of(SELF)));
        membership.onLanView(new LanView(3, List.of(OLD, SELF)));

        assertThat(membership.siteHasGroup("news")).as("only an announcement after this view counts").isFalse();
    }

    @Test
    void shouldForgetAMemberThatLeftTheView() {
        membership.onLanView(new LanView(2, List.of(OLD, SELF)));
        membership.onAnnounce(announce(OLD, 1, "news"));

        membership.onLanView(new LanView(3, List.of(SELF)));

        assertThat(membership.siteHasGroup("news")).isFalse();
        assertThat(membership.localMembers()).hasSize(1);
    }
}
