package org.gcs.internal.engine;

import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.RelayFrame;
import org.gcs.internal.wire.WanBatch;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gcs.GroupMessage;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.Grant;
import org.gcs.internal.wire.LanMessage.PacketPrice;
import org.gcs.internal.wire.LanMessage.Handover;
import org.gcs.internal.wire.LanMessage.HandoverRequest;
import org.gcs.internal.wire.LanMessage.MembershipConfirm;
import org.gcs.internal.wire.LanMessage.MembershipProbe;
import org.gcs.internal.wire.LanMessage.Held;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.MemberAnnounce;
import org.gcs.internal.wire.LanMessage.RemoteData;
import org.gcs.internal.wire.LanMessage.RemoteSites;
import org.gcs.internal.wire.LanMessage.SiteConflictNotice;
import org.gcs.internal.wire.LanMessage.Stable;
import org.gcs.internal.wire.LanMessage.TreeInfo;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanPacket.TreeAnnounce;

/**
 * The protocol engine of one node, sans-IO: every input comes in as a method call with {@code nowNs}, every
 * output goes out through {@link EngineIo}. It is single-threaded; the driver serializes all calls (the
 * Netty driver runs it on one event loop, the simulator on its virtual clock).
 *
 * <p>Every node is a <em>member</em>: it joins groups, sends through its {@link MemberSender}, and delivers
 * messages from its LAN after duplicate suppression. The oldest eligible member of the LAN view is also the
 * <em>delegate</em> ({@link DelegateRole}) and carries the site's WAN traffic.
 *
 * <p>When the delegate changes, every member re-sends its unstable messages to the new delegate, followed by a
 * {@link Handover} marker, so that nothing a surviving member sent is lost and each member's order is kept. In
 * the other direction every member reports to the delegate which messages from other sites it holds
 * ({@link Held}); the delegate acknowledges over the WAN only what all of them hold, so a new delegate resumes
 * each incoming flow where the site's members stand, not where its predecessor stood.
 */
public final class NodeEngine {
    private final EngineSettings settings;
    private final EngineIo io;
    private final ProtocolMetrics metrics;
    private final Set<String> joined = new LinkedHashSet<>();
    private final Membership membership;
    private final ViewTracker views = new ViewTracker();
    private final TreeTracker trees;
    private final DeliveryFilter deliveryFilter = new DeliveryFilter();
    private final MemberSender sender;
    private final HeldReport heldReport;
    private LanView.LanMember delegate;
    private DelegateRole role;
    private long announceVersion;
    private boolean lanPaused;

    /**
     * @param settings the node's settings
     * @param io the driver
     * @param metrics protocol counters
     */
    public NodeEngine(EngineSettings settings, EngineIo io, ProtocolMetrics metrics) {
        this.settings = settings;
        this.io = io;
        this.metrics = metrics;
        this.membership = new Membership(settings.site(), settings.memberName(), settings.incarnation(), joined);
        this.trees = new TreeTracker(settings.site());
        this.heldReport = new HeldReport(settings.memberName(), settings.incarnation());
        this.sender = new MemberSender(settings, io);
    }

    // ---------------------------------------------------------------- application inputs

    /** Joins a group (idempotent). */
    public void join(String group, long nowNs) {
        if (joined.add(group)) {
            membershipChanged(true, nowNs);
        }
    }

    /** Leaves a group (idempotent). */
    public void leave(String group, long nowNs) {
        if (joined.remove(group)) {
            deliveryFilter.forgetGroup(group);
            membershipChanged(true, nowNs);
        }
    }

    /** Queues a message for sending; {@link EngineIo#admitted} reports when it entered the window. */
    public void submit(SendRequest request, long nowNs) {
        sender.submit(request, nowNs);
        io.tickSoon(nowNs); // the window waits for stability, the bucket for its tokens: the tick admits and reports
    }

    /**
     * The LAN layer saw congestion (retransmissions between members): the members' TCP-like send window halves,
     * at most once per LAN round trip.
     */
    public void onLanCongestion(long nowNs) {
        sender.onLanCongestion(nowNs);
    }

    /**
     * Withdraws a send request that was not admitted yet.
     *
     * @return true if withdrawn (it will not be sent), false if it was already admitted
     */
    public boolean cancel(SendRequest request) {
        return sender.cancel(request);
    }

    /**
     * The driver noticed that this process did not run for longer than the LAN's failure detection needs to suspect
     * it (SIGSTOP, a long GC pause): its site may have excluded it and carried on with another delegate, while this
     * member still believes its old view. Until the LAN merges it back ({@link LanView#merged()}), or a member of
     * its LAN view confirms that this same view still lists it (it was not excluded), for
     * {@link StallHold#MAX_HOLD_NS} at most, it holds its own messages ({@link StallHold}, which says why). The merge
     * hands the held messages to the site's delegate in order. Senders wait meanwhile (back-pressure); nothing is lost.
     */
    public void onStalled(long nowNs) {
        sender.onStalled(nowNs);
    }

    // ---------------------------------------------------------------- LAN inputs

    /**
     * The LAN layer installed a new view.
     *
     * <p>A merged view ({@link LanView#merged()}) counts as a delegate change even when it names the same delegate:
     * while the site was split (its delegate hung or cut off longer than failure detection), the other part may have
     * had a delegate of its own with a higher term, which the remote sites now follow. A delegate that kept its old
     * role would speak with a term they ignore as stale, and the site would stall; so the role restarts with the
     * merged view's id as its term (higher than any term of either part), and every member hands its unstable
     * messages over again.
     */
    public void onLanView(LanView view, long nowNs) {
        if (view.merged()) {
            sender.onMerged();
        }
        membership.onLanView(view);
        LanView.LanMember elected = view.delegate().orElse(null);
        boolean changed = elected == null ? delegate != null : !elected.equals(delegate) || view.merged();
        if (changed) {
            delegate = elected;
            boolean self = elected != null && isSelf(elected.name(), elected.incarnation());
            if (role != null) {
                metrics.siteHeldBack(null, null, 0, nowNs); // no longer the delegate: it waits for nobody
            }
            role = null;
            if (self) {
                role = new DelegateRole(settings, io, metrics, membership, view.viewId());
                role.start(view, trees.latest(), nowNs);
                role.setLanPaused(lanPaused);
                io.tickSoon(nowNs); // a delegate ticks every interval
            }
            io.delegateChanged(elected == null ? null : new MemberId(settings.site(), elected.name()), self);
        } else if (role != null) {
            role.onLanView(view);
            role.republishRemoteSites(nowNs);
        }
        announce();
        if (changed && delegate != null) {
            sender.handOverTo(delegate);
            heldReport.reportAllAgain();
            io.tickSoon(nowNs);
        }
        membershipChanged(false, nowNs);
    }

    /** A message arrived from the LAN (any member of this site, this node included). */
    public void onLanMessage(LanMessage message, long nowNs) {
        if (message instanceof LocalData data) {
            deliverIfJoined(settings.site(), data.member(), data.incarnation(), data.group(), data.memberSeq(),
                    data.sentEpochMicros(), data.payload());
            if (role != null) {
                role.onLocalData(data, nowNs);
            }
        } else if (message instanceof RemoteData data) {
            heldReport.onReceived(new OriginKey(data.originSite(), data.member(), data.incarnation(), data.group()),
                    data.memberSeq());
            io.tickSoon(nowNs); // the next tick reports it held
            deliverIfJoined(data.originSite(), data.member(), data.incarnation(), data.group(), data.memberSeq(),
                    data.sentEpochMicros(), data.payload());
        } else if (message instanceof MemberAnnounce announce) {
            if (membership.onAnnounce(announce)) {
                membershipChanged(false, nowNs);
            }
        } else if (message instanceof RemoteSites sites) {
            if (membership.onRemoteSites(sites)) {
                refreshViews();
            }
        } else if (message instanceof TreeInfo info) {
            if (trees.onPlan(info.tree())) {
                trees.refresh(joined, membership, io);
            }
        } else if (message instanceof Stable stable) {
            sender.onStable(stable, nowNs);
        } else if (message instanceof SiteConflictNotice notice) {
            sender.onSiteConflictNotice(notice, nowNs);
        } else if (message instanceof Grant grant) {
            sender.onGrant(grant, nowNs);
        } else if (message instanceof PacketPrice price) {
            sender.onPrice(price, nowNs);
        } else if (message instanceof Demand demand) {
            if (role != null) {
                role.onDemand(demand, nowNs);
            }
        } else if (message instanceof Held held) {
            if (role != null) {
                role.onHeld(held);
            }
        } else if (message instanceof MembershipProbe probe) {
            answerProbe(probe);
        } else if (message instanceof MembershipConfirm confirm) {
            if (isSelf(confirm.member(), confirm.incarnation())) {
                sender.onMembershipConfirmed(confirm, membership.lanView(), nowNs);
            }
        } else if (message instanceof HandoverRequest request) {
            if (delegate != null && isSelf(request.member(), request.incarnation())) {
                sender.handOverTo(delegate); // the delegate's role missed this member's hand-over (a merge)
            }
        } else if (message instanceof Handover handover) {
            if (role != null && isSelf(handover.delegate(), handover.delegateIncarnation())) {
                role.onHandover(handover.member(), handover.incarnation());
            }
        }
    }

    /**
     * A stalled member asks whether the site still counts it: the most senior member of this node's LAN view other
     * than the asker answers, if that view lists the asker.
     */
    private void answerProbe(MembershipProbe probe) {
        LanView view = membership.lanView();
        if (view.contains(probe.member(), probe.incarnation()) && view.mostSeniorOtherThan(probe.member(),
                probe.incarnation()).filter(m -> isSelf(m.name(), m.incarnation())).isPresent()) {
            io.lanSend(new MembershipConfirm(view.viewId(), settings.memberName(), settings.incarnation(),
                    probe.member(), probe.incarnation(), probe.probe()));
        }
    }

    private void deliverIfJoined(String site, String member, long incarnation, String group, long memberSeq,
                                 long sentEpochMicros, byte[] payload) {
        if (!joined.contains(group)) {
            return;
        }
        long skipped = deliveryFilter.accept(new OriginKey(site, member, incarnation, group), memberSeq);
        if (skipped < 0) {
            metrics.duplicateSuppressed();
            return;
        }
        if (skipped > 0) {
            metrics.senderGap(skipped);
        }
        io.deliver(new GroupMessage(new MemberId(site, member), group, memberSeq, payload), sentEpochMicros);
    }

    // ---------------------------------------------------------------- WAN and timer inputs

    /**
     * An authenticated, fresh WAN datagram arrived (only a delegate uses it).
     *
     * @param addressed whether its sender named this site; an unaddressed one (to a seed or gossiped address) is only
     *     answered with this site's state, so that a copy of it carried to another site changes nothing there
     * @return whether it came from a live site's current delegate (the driver keeps that sender's replay window)
     */
    public boolean onWanDatagram(DelegateAddress from, WanEnvelope envelope, boolean addressed, long nowNs) {
        return takeWan(from, null, envelope, addressed, nowNs);
    }

    /** As {@link #onWanDatagram}, for a datagram that came from {@code from} through the relay {@code via}. */
    public boolean onRelayedDatagram(DelegateAddress from, DelegateAddress via, WanEnvelope envelope,
                                     boolean addressed, long nowNs) {
        return takeWan(from, via, envelope, addressed, nowNs);
    }

    /** A peer asks this delegate to pass a sealed datagram on to {@code to}, unopened (docs/nat.md). */
    public void onRelayRequest(DelegateAddress from, DelegateAddress to, RelayFrame frame, long nowNs) {
        if (role != null) {
            role.nat().onRelayRequest(from, to, frame);
        } else {
            metrics.wanDropped(DropReason.RELAY_REFUSED);
        }
    }

    private boolean takeWan(DelegateAddress from, DelegateAddress via, WanEnvelope envelope, boolean addressed,
                            long nowNs) {
        if (role == null || !role.nat().admits(from, via)) {
            return false;
        }
        if (!addressed) {
            role.onUnaddressed(from, envelope, nowNs);
            return false;
        }
        if (!(envelope.packet() instanceof WanBatch batch)) {
            return role.onWan(from, envelope, nowNs);
        }
        boolean fromDelegate = false;
        for (WanPacket packet : batch.packets()) {
            if (role == null) {
                return fromDelegate; // a packet of the batch ended the role (a newer delegate of this site)
            }
            fromDelegate |= role.onWan(from, new WanEnvelope(envelope.fromSite(), envelope.fromTerm(), packet), nowNs);
        }
        return fromDelegate;
    }

    /**
     * The driver's answer to {@link EngineIo#resolveSeed}: the seed's addresses now. Only the delegate announces to
     * seeds; a member that is not the delegate (any more) ignores the answer.
     *
     * @param seed the seed asked for
     * @param addresses what it resolves to, or empty if it did not resolve
     * @param failure why it did not resolve, or null
     * @param nowNs the engine's time
     */
    public void onSeedResolved(Seed seed, List<DelegateAddress> addresses, String failure, long nowNs) {
        if (role != null) {
            role.onSeedResolved(seed, addresses, failure, nowNs);
        }
    }

    /**
     * A deadline this engine asked its driver for came ({@link EngineIo#wakeAt}): runs what is due between ticks (a
     * delegate's tail probes). Harmless at any other time: it only does what is due.
     */
    public void onDeadline(long nowNs) {
        if (role != null) {
            role.onDeadline(nowNs);
        }
    }

    /**
     * The longest a driver should let a quiet member go without a tick ({@link #tickDue} false): the Netty driver
     * refreshes its status and checks for stalls at this interval, and a quiet member's demand checks
     * ({@link #quietWorkDueNs}) come every 100 ms too ({@code RateAdmission.DEMAND_INTERVAL_NS}).
     */
    public static final long QUIET_TICK_INTERVAL_NS = 100_000_000L;

    /**
     * Whether the next {@link #onTick} is due within a tick interval. A delegate's always is (its flows, heartbeats
     * and tree run on ticks). A member's is only while it has messages waiting for the window or not yet stable, or
     * marks its delegate has not heard ({@link HeldReport}); a quiet member's tick does nothing but its demand checks
     * ({@link #quietWorkDueNs}), so a driver may tick it far more rarely. The engine asks for a tick again
     * ({@link EngineIo#tickSoon}) as soon as such work appears.
     */
    public boolean tickDue() {
        return role != null || !sender.idle() || heldReport.pending();
    }

    /**
     * When a quiet member's tick next has work though {@link #tickDue} is false: its send admissions' next demand
     * check (a demand that decays after the member stopped sending is still reported). A driver that skips a quiet
     * member's ticks ticks it at the first tick at or after this time, so the demand reports go out at the same
     * instants as if it had ticked all along.
     *
     * @return the time, {@link Long#MAX_VALUE} if none
     */
    public long quietWorkDueNs() {
        return sender.nextReportCheckNs();
    }

    /**
     * The driver's periodic timer: every tick interval while {@link #tickDue}, else at least at
     * {@link #quietWorkDueNs} and as rarely as the driver likes.
     */
    public void onTick(long nowNs) {
        sender.onTick(nowNs); // token buckets refill, demands go out
        if (role != null) {
            role.onTick(nowNs);
        } else if (delegate != null) {
            heldReport.next().ifPresent(io::lanSend);
        }
    }

    /**
     * The driver's outgoing LAN queue is too long (or drained again): a delegate stops (resumes) handing remote
     * messages to the site, which stops (resumes) their acknowledgement over the WAN.
     */
    public void setLanBackPressure(boolean paused) {
        lanPaused = paused;
        if (role != null) {
            role.setLanPaused(paused);
        }
    }

    /** @return the requests that were still waiting for the window (the node is closing) */
    public List<SendRequest> close() {
        role = null;
        return sender.drainWaiting();
    }

    // ---------------------------------------------------------------- internals

    private void membershipChanged(boolean selfChanged, long nowNs) {
        if (selfChanged) {
            announce();
        }
        refreshViews();
        if (role != null) {
            role.onLocalMembershipChanged(nowNs);
        }
    }

    private void refreshViews() {
        views.refresh(joined, membership, io);
        trees.refresh(joined, membership, io);
    }

    private void announce() {
        io.lanSend(new MemberAnnounce(settings.memberName(), settings.incarnation(), ++announceVersion,
                new ArrayList<>(joined)));
    }

    private boolean isSelf(String name, long incarnation) {
        return name.equals(settings.memberName()) && incarnation == settings.incarnation();
    }

    // ---------------------------------------------------------------- queries (engine thread only)

    /** @return the joined groups */
    public Set<String> joinedGroups() {
        return Collections.unmodifiableSet(joined);
    }

    /** @return the current view of a joined group */
    public Optional<GroupView> view(String group) {
        return views.view(group);
    }

    /** @return the current multicast tree of a joined group, once a plan is known */
    public Optional<GroupTree> tree(String group) {
        return trees.tree(group);
    }

    /** @return the version of the tree plan this node knows, 0 if none */
    public long treeVersion() {
        TreeAnnounce latest = trees.latest();
        return latest == null ? 0 : latest.version();
    }

    /** @return true while this node is the delegate */
    public boolean isDelegate() {
        return role != null;
    }

    /** @return what the delegate role shows now (empty answers off the delegate); take a fresh one per reading */
    public DelegateQueries delegateQueries() {
        return new DelegateQueries(role);
    }

    /** @return the site's delegate, if any */
    public Optional<MemberId> delegate() {
        return delegate == null ? Optional.empty() : Optional.of(new MemberId(settings.site(), delegate.name()));
    }

    /**
     * @return this member's admission state per group it sends to, by group (cost-benefit: budget, salary period,
     *     price; empty for schemes without such state)
     */
    public java.util.Map<String, java.util.Map<String, Double>> admissionStates() {
        return sender.window().admissionStates();
    }

    /** @return the latest grant the delegate published for a group (aggregate rate, limiting site, shares) */
    public Optional<Grant> grant(String group) {
        return sender.grant(group);
    }

    /** @return the member's current send window in bytes */
    public long sendWindowBytes() {
        return sender.window().windowBytes();
    }

    /** @return payload bytes sent by this member and not yet stable */
    public long unstableBytes() {
        return sender.window().unstableBytes();
    }

    /** @return payload bytes waiting for the send window */
    public long waitingBytes() {
        return sender.window().waitingBytes();
    }

    /** @return true if everything this member sent is stable and nothing waits */
    public boolean sendIdle() {
        return sender.window().idle();
    }
}
