package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.gcs.internal.engine.LanView;
import org.gcs.internal.engine.LanView.LanMember;
import org.gcs.internal.wire.LanDropReason;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.Handover;
import org.gcs.internal.wire.LanMessage.Held;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.MemberAnnounce;
import org.gcs.internal.wire.LanMessage.PacketPrice;
import org.gcs.internal.wire.LanMessage.RemoteData;
import org.gcs.internal.wire.LanMessage.RemoteSites;
import org.gcs.internal.wire.LanMessage.Stable;
import org.junit.jupiter.api.Test;

class LanOriginGuardTest {
    private static final LanMember B1 = new LanMember("boston-1", 11, true);
    private static final LanMember B2 = new LanMember("boston-2", 22, true);
    private static final LanMember OBSERVER = new LanMember("observer", 33, false);

    /** The time the calls pass in, unless a test names its own. */
    private static final long NOW_NS = 1_000;

    private final List<String> accepted = new ArrayList<>();
    private final List<Long> acceptedAtNs = new ArrayList<>();
    private final List<String> dropped = new ArrayList<>();
    private final List<Long> returnedPermits = new ArrayList<>();
    private final LanOriginGuard guard = new LanOriginGuard(new LanOriginGuard.Sink() {
        @Override
        public void accept(LanMessage message, long permitBytes, long nowNs) {
            accepted.add(describe(message));
            acceptedAtNs.add(nowNs);
        }

        @Override
        public void drop(LanMessage message, long permitBytes, LanMember sender, LanDropReason reason) {
            dropped.add(describe(message) + ":" + reason.tag());
            returnedPermits.add(permitBytes);
        }
    }, 1000);

    @Test
    void shouldAcceptMemberMessagesOnlyFromTheMemberAndIncarnationTheyName() {
        guard.onMessage(data("boston-1", 11, 1), 10, B1, NOW_NS);
        guard.onMessage(new MemberAnnounce("boston-1", 11, 1, List.of("g")), 0, B1, NOW_NS);
        guard.onMessage(new Held("boston-1", 11, List.of()), 0, B1, NOW_NS);
        guard.onMessage(new Demand("boston-1", 11, "g", 1000, false), 0, B1, NOW_NS);
        guard.onMessage(new Handover("boston-1", 11, "boston-2", 22), 0, B1, NOW_NS);
        guard.onMessage(data("boston-1", 11, 2), 10, B2, NOW_NS); // another member
        guard.onMessage(data("boston-1", 12, 3), 10, B1, NOW_NS); // another incarnation of the same name
        guard.onMessage(new Held("boston-1", 11, List.of()), 0, B2, NOW_NS);
        guard.onMessage(data("boston-1", 11, 4), 10, null, NOW_NS); // an address that names no member

        assertThat(accepted).containsExactly("data#1", "MemberAnnounce", "Held", "Demand", "Handover");
        assertThat(dropped).containsExactly("data#2:forged-origin", "data#3:forged-origin", "Held:forged-origin",
                "data#4:forged-origin");
        assertThat(returnedPermits).containsExactly(10L, 10L, 0L, 10L);
    }

    @Test
    void shouldAcceptAMembershipProbeFromTheAskerAndItsAnswerFromTheAnswererOnly() {
        guard.onMessage(new LanMessage.MembershipProbe("boston-2", 22, 1), 0, B2, NOW_NS);
        guard.onMessage(new LanMessage.MembershipConfirm(5, "boston-1", 11, "boston-2", 22, 1), 0, B1, NOW_NS);
        guard.onMessage(new LanMessage.MembershipProbe("boston-2", 22, 1), 0, B1, NOW_NS); // asked in another's name
        guard.onMessage(new LanMessage.MembershipConfirm(5, "boston-1", 11, "boston-2", 22, 1), 0, OBSERVER, NOW_NS);

        assertThat(accepted).containsExactly("MembershipProbe", "MembershipConfirm");
        assertThat(dropped).containsExactly("MembershipProbe:forged-origin", "MembershipConfirm:forged-origin");
    }

    @Test
    void shouldAcceptDelegateMessagesOnlyFromTheDelegateAndDropThoseOfMembersThatCannotBeDelegate() {
        guard.onView(new LanView(1, List.of(B1, B2, OBSERVER)), NOW_NS);
        guard.onMessage(remote(1), 5, B1, NOW_NS);
        guard.onMessage(new Stable(1, List.of()), 0, B1, NOW_NS);
        guard.onMessage(remote(2), 5, OBSERVER, NOW_NS);
        guard.onMessage(new RemoteSites(1, List.of()), 0, null, NOW_NS);

        assertThat(accepted).containsExactly("remote#1", "Stable");
        assertThat(dropped).containsExactly("remote#2:not-delegate", "RemoteSites:not-delegate");
        assertThat(guard.heldCount()).isZero();
    }

    @Test
    void shouldHoldAnEligibleMembersDelegateMessagesUntilTheDelegateChanges() {
        guard.onView(new LanView(1, List.of(B1, B2)), 100);
        // boston-2 became delegate (boston-1 left) and its messages arrive before the view that says so
        guard.onMessage(remote(1), 5, B2, 200);
        guard.onMessage(new PacketPrice(3, "g", 10, 20), 0, B2, 300);
        // a join in between: the delegate is still boston-1
        guard.onView(new LanView(2, List.of(B1, B2, OBSERVER)), 400);
        assertThat(accepted).isEmpty();
        assertThat(guard.heldCount()).isEqualTo(2);

        guard.onView(new LanView(3, List.of(B2, OBSERVER)), 500);
        assertThat(accepted).containsExactly("remote#1", "PacketPrice");
        assertThat(acceptedAtNs).as("released with the view's time").containsExactly(500L, 500L);
        // boston-1's last messages, sent while it was delegate, still count
        guard.onMessage(remote(2), 5, B1, 600);
        assertThat(accepted).containsExactly("remote#1", "PacketPrice", "remote#2");
        assertThat(acceptedAtNs).containsExactly(500L, 500L, 600L);
        assertThat(dropped).isEmpty();
    }

    @Test
    void shouldDropHeldMessagesWhenAnotherMemberBecomesDelegate() {
        LanMember b3 = new LanMember("boston-3", 44, true);
        guard.onView(new LanView(1, List.of(B1, B2, b3)), NOW_NS);
        guard.onMessage(remote(1), 5, b3, NOW_NS); // boston-3 pretends to be the delegate
        guard.onView(new LanView(2, List.of(B2, b3)), NOW_NS);

        assertThat(accepted).isEmpty();
        assertThat(dropped).containsExactly("remote#1:not-delegate");
        assertThat(returnedPermits).containsExactly(5L);
    }

    @Test
    void shouldHoldTheDelegatesMessagesThatArriveBeforeTheFirstView() {
        guard.onMessage(remote(1), 5, B1, NOW_NS);
        guard.onView(new LanView(4, List.of(B1, B2)), NOW_NS);

        assertThat(accepted).containsExactly("remote#1");
    }

    @Test
    void shouldBoundTheHeldMessagesByDroppingTheOldest() {
        guard.onView(new LanView(1, List.of(B1, B2)), NOW_NS);
        for (int i = 1; i <= LanOriginGuard.MAX_HELD + 1; i++) {
            guard.onMessage(remote(i), 0, B2, NOW_NS);
        }

        assertThat(guard.heldCount()).isEqualTo(LanOriginGuard.MAX_HELD);
        assertThat(dropped).containsExactly("remote#1:not-delegate");
    }

    @Test
    void shouldBoundTheDeliveryRoomOfTheHeldMessages() {
        guard.onView(new LanView(1, List.of(B1, B2)), NOW_NS);
        guard.onMessage(remote(1), 600, B2, NOW_NS);
        guard.onMessage(remote(2), 300, B2, NOW_NS);
        guard.onMessage(remote(3), 200, B2, NOW_NS); // 1100 > 1000: the oldest goes

        assertThat(guard.heldCount()).isEqualTo(2);
        assertThat(dropped).containsExactly("remote#1:not-delegate");
        assertThat(returnedPermits).containsExactly(600L);
        guard.onView(new LanView(2, List.of(B2)), NOW_NS);
        assertThat(accepted).containsExactly("remote#2", "remote#3");
    }

    private static LocalData data(String member, long incarnation, long seq) {
        return new LocalData(member, incarnation, "g", seq, 0, false, new byte[10]);
    }

    private static RemoteData remote(long seq) {
        return new RemoteData("paris", "paris-1", 1, "g", seq, 0, new byte[5]);
    }

    private static String describe(LanMessage message) {
        if (message instanceof LocalData d) {
            return "data#" + d.memberSeq();
        } else if (message instanceof RemoteData d) {
            return "remote#" + d.memberSeq();
        }
        return message.getClass().getSimpleName();
    }
}
