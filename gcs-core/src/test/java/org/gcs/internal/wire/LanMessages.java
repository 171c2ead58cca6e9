package org.gcs.internal.wire;

import java.util.ArrayList;
import java.util.List;
import org.gcs.internal.wire.LanMessage.Handover;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.MemberAnnounce;
import org.gcs.internal.wire.LanMessage.RemoteData;
import org.gcs.internal.wire.LanMessage.RemoteSite;
import org.gcs.internal.wire.LanMessage.RemoteSites;
import org.gcs.internal.wire.LanMessage.Stable;
import org.gcs.internal.wire.LanMessage.StableMark;
import org.gcs.internal.wire.MemberGroups;

/** Sample LAN messages of every type, shared by the LAN codec tests. */
final class LanMessages {
    private LanMessages() {
    }

    static LocalData localData(boolean resend, int size) {
        return new LocalData("boston-1", 7L, "chat.room-1", 12, 1_700_000_000_000_000L, resend,
                WanDatagrams.payload(size, 5));
    }

    static RemoteData remoteData(int size) {
        return new RemoteData("ottawa", "ottawa-2", -3L, "chat.room-1", Long.MAX_VALUE, -1L,
                WanDatagrams.payload(size, 6));
    }

    static MemberAnnounce announce() {
        return new MemberAnnounce("boston-1", 7L, 3, List.of("g1", "chat.room-1", "x"));
    }

    static RemoteSites remoteSites() {
        return new RemoteSites(4, List.of(
                new RemoteSite("ottawa", 2, "10.1.0.1", 7800, 5,
                        List.of(new MemberGroups("ottawa-1", 1, List.of("g1")),
                                new MemberGroups("ottawa-2", 9, List.of("g1", "g2")))),
                new RemoteSite("chicago", 0, "xn--dlgu-bsaa.chicago.example", 1, 0, List.of()),
                new RemoteSite("zurich", Long.MAX_VALUE, "::1", 65535, Long.MIN_VALUE,
                        List.of(new MemberGroups("zurich-1", -1, List.of())))));
    }

    static Stable stable(int marks) {
        List<StableMark> list = new ArrayList<>(marks);
        for (int i = 0; i < marks; i++) {
            list.add(new StableMark("member-" + (i % 97), i, "group-" + (i % 13), i + 1L));
        }
        return new Stable(6, list);
    }

    static LanMessage.Held held(int marks) {
        List<LanMessage.HeldMark> list = new ArrayList<>(marks);
        for (int i = 0; i < marks; i++) {
            list.add(new LanMessage.HeldMark("site-" + (i % 5), "member-" + (i % 97), -i, "group-" + (i % 13),
                    i == 0 ? Long.MAX_VALUE : i));
        }
        return new LanMessage.Held("boston-2", 11L, list);
    }

    static Handover handover() {
        return new Handover("boston-2", 11L, "boston-1", 7L);
    }

    static List<LanMessage> oneOfEachType() {
        return List.of(localData(false, 40), localData(true, 0), remoteData(100), announce(), remoteSites(),
                stable(5), handover(), held(3), new LanMessage.TreeInfo(4, WanDatagrams.sharedTree()),
                new LanMessage.Demand("boston-2", 11L, "chat.room-1", 125_000, true),
                new LanMessage.Grant(7, "chat.room-1", 250_000, "ottawa", java.util.List.of(
                        new LanMessage.Share("boston-1", 3L, 125_000), new LanMessage.Share("boston-2", 11L, Long.MAX_VALUE))),
                new LanMessage.Grant(7, "g", Long.MAX_VALUE, "", java.util.List.of()),
                new LanMessage.PacketPrice(7, "chat.room-1", 2_500_000, 10_000_000),
                new LanMessage.HandoverRequest(7, "boston-2", 11L),
                new LanMessage.SiteConflictNotice(7, true), new LanMessage.SiteConflictNotice(7, false),
                new LanMessage.MembershipProbe("boston-2", 11L, 3), new LanMessage.MembershipConfirm(9, "boston-1", 3L, "boston-2", 11L, 3));
    }
}
