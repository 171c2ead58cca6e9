package org.gcs.internal.node;

import java.util.ArrayDeque;
import java.util.Deque;
import org.gcs.internal.engine.LanView;
import org.gcs.internal.engine.LanView.LanMember;
import org.gcs.internal.wire.LanDropReason;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.Handover;
import org.gcs.internal.wire.LanMessage.Held;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.MemberAnnounce;

/**
 * Checks a LAN message's claimed origin against its JGroups sender, on the event loop, before the engine sees it:
 * a message that names its sender (data, announcements, held reports, demands, hand-overs, membership probes and
 * their answers) must come from that member (name and incarnation), and a message only the delegate sends (remote
 * data, remote sites, stability, grants, trees, prices) from the site's delegate.
 *
 * <p>Views and messages reach the loop in no fixed order: a new delegate's first messages may arrive before the
 * view that makes it delegate, and the old delegate's last ones after it. So delegate messages from the delegate
 * of the previous view are still accepted, and those from another eligible member are held (in order, with their
 * delivery room, at most {@value #MAX_HELD} messages and a quarter of the delivery room, so that they can never
 * stall the LAN's delivery) until the delegate changes: released if their sender became the delegate, dropped
 * otherwise.
 */
final class LanOriginGuard {
    /** The most delegate messages held for a view change; beyond it the oldest are dropped. */
    static final int MAX_HELD = 10_000;

    /** Where checked messages go. */
    interface Sink {
        /** The message passed the check; {@code nowNs} is the time it came with. */
        void accept(LanMessage message, long permitBytes, long nowNs);

        /** The message failed the check: count, log and give its delivery room back. */
        void drop(LanMessage message, long permitBytes, LanMember sender, LanDropReason reason);
    }

    private record HeldEntry(LanMessage message, long permitBytes, LanMember sender) {
    }

    private final Sink sink;
    private final long maxHeldBytes;
    private final Deque<HeldEntry> held = new ArrayDeque<>();
    private long heldBytes;
    private LanMember delegate;
    private LanMember previousDelegate;

    /**
     * @param sink where checked messages go
     * @param maxHeldBytes the most delivery room the held messages may take
     */
    LanOriginGuard(Sink sink, long maxHeldBytes) {
        this.sink = sink;
        this.maxHeldBytes = maxHeldBytes;
    }

    /**
     * @param message a decoded LAN message
     * @param permitBytes the delivery room it holds
     * @param sender its JGroups sender, or null if the address names no member
     * @param nowNs the monotonic clock, passed on with the message
     */
    void onMessage(LanMessage message, long permitBytes, LanMember sender, long nowNs) {
        if (isFromDelegate(message)) {
            if (sender != null && (sender.equals(delegate) || sender.equals(previousDelegate))) {
                sink.accept(message, permitBytes, nowNs);
            } else if (sender != null && sender.delegateEligible()) {
                hold(new HeldEntry(message, permitBytes, sender));
            } else {
                sink.drop(message, permitBytes, sender, LanDropReason.NOT_DELEGATE);
            }
            return;
        }
        Claim claim = claim(message);
        if (claim != null && (sender == null || !sender.name().equals(claim.member())
                || sender.incarnation() != claim.incarnation())) {
            sink.drop(message, permitBytes, sender, LanDropReason.FORGED_ORIGIN);
            return;
        }
        sink.accept(message, permitBytes, nowNs);
    }

    /**
     * Call after the engine installed the view: a new delegate releases or drops the held messages.
     *
     * @param nowNs the monotonic clock, passed on with the released messages
     */
    void onView(LanView view, long nowNs) {
        LanMember elected = view.delegate().orElse(null);
        if (elected == null || elected.equals(delegate)) {
            return;
        }
        previousDelegate = delegate;
        delegate = elected;
        int count = held.size();
        heldBytes = 0;
        for (int i = 0; i < count; i++) {
            HeldEntry entry = held.removeFirst();
            if (entry.sender().equals(delegate)) {
                sink.accept(entry.message(), entry.permitBytes(), nowNs);
            } else {
                sink.drop(entry.message(), entry.permitBytes(), entry.sender(), LanDropReason.NOT_DELEGATE);
            }
        }
    }

    /** @return messages held for a delegate change */
    int heldCount() {
        return held.size();
    }

    private void hold(HeldEntry entry) {
        held.addLast(entry);
        heldBytes += entry.permitBytes();
        while (held.size() > MAX_HELD || heldBytes > maxHeldBytes) {
            HeldEntry oldest = held.removeFirst();
            heldBytes -= oldest.permitBytes();
            sink.drop(oldest.message(), oldest.permitBytes(), oldest.sender(), LanDropReason.NOT_DELEGATE);
        }
    }

    /** @return true for the messages only the site's delegate sends */
    static boolean isFromDelegate(LanMessage message) {
        return message instanceof LanMessage.RemoteData || message instanceof LanMessage.RemoteSites
                || message instanceof LanMessage.Stable || message instanceof LanMessage.Grant
                || message instanceof LanMessage.TreeInfo || message instanceof LanMessage.PacketPrice
                || message instanceof LanMessage.HandoverRequest || message instanceof LanMessage.SiteConflictNotice;
    }

    /** The member a message says it comes from. */
    record Claim(String member, long incarnation) {
    }

    /** @return the member a message names as its sender, or null for one that names none */
    static Claim claim(LanMessage message) {
        if (message instanceof LocalData m) {
            return new Claim(m.member(), m.incarnation());
        } else if (message instanceof MemberAnnounce m) {
            return new Claim(m.member(), m.incarnation());
        } else if (message instanceof Held m) {
            return new Claim(m.member(), m.incarnation());
        } else if (message instanceof Demand m) {
            return new Claim(m.member(), m.incarnation());
        } else if (message instanceof Handover m) {
            return new Claim(m.member(), m.incarnation());
        } else if (message instanceof LanMessage.MembershipProbe m) {
            return new Claim(m.member(), m.incarnation());
        } else if (message instanceof LanMessage.MembershipConfirm m) {
            return new Claim(m.answerer(), m.answererIncarnation());
        }
        return null;
    }
}
