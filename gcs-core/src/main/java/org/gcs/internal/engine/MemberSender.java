package org.gcs.internal.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.Grant;
import org.gcs.internal.wire.LanMessage.Handover;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.MembershipConfirm;
import org.gcs.internal.wire.LanMessage.MembershipProbe;
import org.gcs.internal.wire.LanMessage.PacketPrice;
import org.gcs.internal.wire.LanMessage.Share;
import org.gcs.internal.wire.LanMessage.SiteConflictNotice;
import org.gcs.internal.wire.LanMessage.Stable;
import org.gcs.internal.wire.LanMessage.StableMark;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sending side of one member, for {@link NodeEngine}: its {@link SendWindow} and what the delegate tells it about
 * its own messages. It admits waiting sends into the window, releases what {@link Stable} reports stable, takes the
 * rate {@link Grant}s and {@link PacketPrice}s set, asks for rate with {@link Demand}s, and hands its unstable
 * messages over to a new delegate. While the member is stalled (see {@link NodeEngine#onStalled}) it holds its own
 * messages: it admits nothing new and keeps what it sent whatever {@link Stable} says, until the merged view, the
 * site's confirmation that it still counts it, or a bound ({@link StallHold}). While the delegate reports that two
 * delegates announce this site's name, it admits nothing new either ({@link SiteConflictHold}).
 *
 * <p>Sans-IO: time comes in as {@code nowNs}, messages go out through {@link EngineIo}. Not thread-safe: owned by
 * one node's protocol engine.
 */
final class MemberSender {
    private static final Logger LOG = LoggerFactory.getLogger(MemberSender.class);
    /** Round trip assumed on the LAN for the send window's once-per-RTT halving. */
    private static final long LAN_RTT_NS = 10_000_000L;

    private final EngineSettings settings;
    private final EngineIo io;
    private final SendWindow sendWindow;
    /** The latest grant per group, as the delegate published it (the group's allowed rate and limiting site). */
    private final Map<String, Grant> grants = new HashMap<>();
    /** After a stall: this member sends nothing new and keeps what it sent, whatever {@link Stable} says. */
    private final StallHold stallHold = new StallHold();
    /** Holds new messages while the delegate reports that two delegates announce this site's name. */
    private final SiteConflictHold conflictHold;

    MemberSender(EngineSettings settings, EngineIo io) {
        this.settings = settings;
        this.io = io;
        this.sendWindow = new SendWindow(settings.memberName(), settings.incarnation(), settings.sendWindowBytes(),
                settings.congestionControl());
        this.conflictHold = new SiteConflictHold(settings.site(), settings.memberName(),
                2 * settings.siteTimeoutNs());
    }

    /** @return the send window (for the node's queries) */
    SendWindow window() {
        return sendWindow;
    }

    /** Queues a message for sending and lets what may into the window. */
    void submit(SendRequest request, long nowNs) {
        sendWindow.submit(request, nowNs);
        admit(nowNs);
    }

    /** The LAN saw congestion: the window halves, at most once per LAN round trip. */
    void onLanCongestion(long nowNs) {
        sendWindow.onLanCongestion(nowNs, LAN_RTT_NS);
    }

    /** @return true if the request was withdrawn before it was admitted */
    boolean cancel(SendRequest request) {
        return sendWindow.cancel(request);
    }

    /**
     * This process did not run for a while: holds its messages until merged back or confirmed a member
     * ({@link NodeEngine#onStalled}, {@link StallHold}).
     */
    void onStalled(long nowNs) {
        stallHold.start(nowNs);
    }

    /** The LAN merged this member back: it stops holding its messages. */
    void onMerged() {
        stallHold.end();
    }

    /**
     * A member of the site confirmed that its LAN view lists this member: if that answers this stall's probe, from
     * this member's own current view and from the member of it that answers probes (the most senior other one), the
     * hold ends and waiting sends go into the window. A confirmation from a later view (the merge that takes this
     * member back reaches the others first) ends nothing: the merged view does.
     *
     * @param lanView this member's current LAN view
     */
    void onMembershipConfirmed(MembershipConfirm confirm, LanView lanView, long nowNs) {
        boolean fromTheAnswerer = lanView.mostSeniorOtherThan(settings.memberName(), settings.incarnation())
                .filter(m -> m.name().equals(confirm.answerer())
                        && m.incarnation() == confirm.answererIncarnation()).isPresent();
        if (confirm.lanViewId() != lanView.viewId() || !fromTheAnswerer) {
            return;
        }
        long heldNs = stallHold.onConfirmed(confirm.probe(), nowNs);
        if (heldNs >= 0) {
            LOG.warn("{}/{}: its LAN view #{} still lists it after it stood still, so it sends again; it held its"
                    + " messages {} ms in case the site had excluded it", settings.site(), settings.memberName(),
                    lanView.viewId(), heldNs / 1_000_000);
            admit(nowNs);
        }
    }

    /** @return whether this member holds its messages now (see {@link NodeEngine#onStalled}) */
    private boolean holdingOwnMessages(long nowNs) {
        return stallHold.holds(nowNs);
    }

    /**
     * The delegate reports whether another delegate announces this site's name at once: while it does, nothing new
     * is admitted ({@link SiteConflictHold}).
     */
    void onSiteConflictNotice(SiteConflictNotice notice, long nowNs) {
        conflictHold.onNotice(notice, nowNs);
        admit(nowNs);
    }

    /** Lets waiting sends into the window, unless this member holds its messages. */
    private void admit(long nowNs) {
        if (!holdingOwnMessages(nowNs) && !conflictHold.holds(nowNs)) {
            sendWindow.admit(io, nowNs);
        }
    }

    /**
     * @return true if nothing waits for the window, nothing sent is unstable and no stall hold runs: the tick has
     *     nothing to do here
     */
    boolean idle() {
        return sendWindow.idle() && !stallHold.running();
    }

    /**
     * @return when a tick must come though the member is {@link #idle}: its admissions' next demand check
     *     ({@code SenderAdmission.nextReportCheckNs}), {@link Long#MAX_VALUE} if none
     */
    long nextReportCheckNs() {
        return sendWindow.nextReportCheckNs();
    }

    /** The timer: token buckets refill, and due demands for rate go to the delegate. */
    void onTick(long nowNs) {
        long probe = stallHold.probeDue(nowNs);
        if (probe > 0) {
            io.lanSend(new MembershipProbe(settings.memberName(), settings.incarnation(), probe));
        }
        admit(nowNs);
        for (Demand demand : sendWindow.dueDemands(nowNs)) {
            io.lanSend(demand);
        }
    }

    /** The delegate reports messages stable: releases this member's own from the window. */
    void onStable(Stable stable, long nowNs) {
        if (holdingOwnMessages(nowNs)) {
            return; // stalled: this view's delegate may not speak for the site any more (onStalled)
        }
        boolean released = false;
        for (StableMark mark : stable.marks()) {
            if (isSelf(mark.member(), mark.incarnation())) {
                released |= sendWindow.release(mark.group(), mark.memberSeq());
            }
        }
        if (released) {
            admit(nowNs);
        }
    }

    /** The delegate published a group's grant: remembers it and takes this member's share as its rate. */
    void onGrant(Grant grant, long nowNs) {
        grants.put(grant.group(), grant);
        for (Share share : grant.shares()) {
            if (isSelf(share.member(), share.incarnation())) {
                double rate = share.rateBytesPerSec() == Long.MAX_VALUE ? Double.POSITIVE_INFINITY
                        : share.rateBytesPerSec();
                sendWindow.grant(grant.group(), rate, nowNs);
                admit(nowNs);
            }
        }
    }

    /** The delegate published a group's packet price (cost-benefit admission). */
    void onPrice(PacketPrice price, long nowNs) {
        sendWindow.price(price.group(), price.priceMicroDollars() / 1e6, price.salaryMicroDollars() / 1e6, nowNs);
        admit(nowNs);
    }

    /** Re-sends the unstable messages to a new delegate, followed by the {@link Handover} marker. */
    void handOverTo(LanView.LanMember delegate) {
        for (LocalData copy : sendWindow.resendCopies()) {
            io.lanSend(copy);
        }
        io.lanSend(new Handover(settings.memberName(), settings.incarnation(), delegate.name(),
                delegate.incarnation()));
    }

    /** @return the latest grant the delegate published for a group */
    Optional<Grant> grant(String group) {
        return Optional.ofNullable(grants.get(group));
    }

    /** @return the requests still waiting for the window (the node is closing) */
    List<SendRequest> drainWaiting() {
        return sendWindow.drainWaiting();
    }

    private boolean isSelf(String name, long incarnation) {
        return name.equals(settings.memberName()) && incarnation == settings.incarnation();
    }
}
