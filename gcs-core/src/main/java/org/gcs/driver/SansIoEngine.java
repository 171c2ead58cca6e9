package org.gcs.driver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gcs.GcsConfig;
import org.gcs.GroupMessage;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.HopLinkStatus;
import org.gcs.MemberId;
import org.gcs.MemberStatus;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.engine.EngineIo;
import org.gcs.internal.engine.EngineStatus;
import org.gcs.internal.engine.LanView;
import org.gcs.internal.engine.DelegateQueries;
import org.gcs.internal.engine.NodeEngine;
import org.gcs.internal.engine.ProtocolMetrics;
import org.gcs.internal.engine.SendRequest;
import org.gcs.internal.engine.EngineSettingsFactory;
import org.gcs.internal.wire.LanBundle;
import org.gcs.internal.wire.LanCodec;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.MalformedDatagramException;
import org.gcs.internal.wire.ReplayGuard;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.OpenedDatagram;
import org.gcs.internal.wire.WanReceiver;

/**
 * The protocol engine of one node behind a byte-level, sans-IO face: the engine GCS's Netty driver runs, with the
 * node's WAN codec (sealing, authentication, replay windows) and LAN codec in front, for a driver of its own such as
 * gcs-sim's virtual-time simulator. The driver owns time, the LAN and the WAN: it calls in with what arrives and the
 * time ({@code nowNs}, any monotonic clock), and carries out what the engine asks through {@link Io}. Not thread-safe:
 * the driver serializes every call, and {@link Io} is called back from within them.
 *
 * <p>The engine's settings come from a {@link GcsConfig} through the same path as a real node's, so a simulated node
 * and a real one with the same configuration run the same protocol.
 */
public final class SansIoEngine {
    /** What the engine asks of its driver; called from within the driver's own calls into the engine. */
    public interface Io {
        /**
         * Multicasts an encoded LAN message to every member of this site, this node included, reliably and in FIFO
         * order; each member's driver hands it to {@link #onLanMessage}.
         *
         * @param message the bytes
         */
        void lanMulticast(byte[] message);

        /**
         * Sends a WAN datagram.
         *
         * @param toSite the destination site, or null when not known yet (a seed)
         * @param to the destination delegate's address
         * @param datagram what it carries, to seal when it goes on the link
         */
        void wanSend(String toSite, DelegateAddress to, OutgoingDatagram datagram);

        /**
         * Hands a message to the application.
         *
         * @param message the message
         * @param sentEpochMicros when its sender sent it (the sender's clock), for latencies
         */
        void deliver(GroupMessage message, long sentEpochMicros);

        /** A joined group has a new view. */
        void viewChanged(GroupView view);

        /** A joined group's multicast tree changed. */
        void treeChanged(GroupTree tree);

        /**
         * A send entered the send window.
         *
         * @param token the token given to {@link #send}
         */
        void admitted(Object token);

        /**
         * The site's delegate changed.
         *
         * @param delegate the new delegate, or null if no member is eligible
         * @param self true if this node is the delegate
         */
        void delegateChanged(MemberId delegate, boolean self);

        /**
         * As delegate, this node asked a member to hand over again (its hand-over went missing). Nothing by default.
         *
         * @param member the member's name
         */
        default void handoverRequested(String member) {
        }

        /** As delegate, this node found two delegates announcing one site name (a new conflict). Nothing by default. */
        default void siteConflictDetected() {
        }

        /**
         * As delegate, this node heard a replaced delegate speak for its site again, or learned that it is one itself
         * (a paused delegate that thawed; not a duplicate site). Nothing by default.
         */
        default void delegateSuperseded() {
        }

        /**
         * Call {@link #onDeadline} at or soon after {@code deadlineNs}: something is due before the next tick (a
         * delegate's tail probe). Keep the earliest deadline asked for. A driver that ignores this (the default)
         * leaves it to {@link #onTick}, up to a tick late.
         *
         * @param deadlineNs when, on the {@code nowNs} clock the driver passes in
         */
        default void wakeAt(long deadlineNs) {
        }

        /**
         * Call {@link #onTick} within a tick interval from now: work for the tick appeared ({@link #tickDue}). A
         * driver that ticks every interval anyway ignores this (the default).
         */
        default void tickSoon() {
        }
    }

    /** The interval between the ticks of a quiet member ({@link #tickDue} false), nanoseconds: 100 ms. */
    public static final long QUIET_TICK_INTERVAL_NS = NodeEngine.QUIET_TICK_INTERVAL_NS;

    private final NodeEngine engine;
    private final WanCodec codec;
    private final WanReceiver receiver;

    private SansIoEngine(GcsConfig config, long incarnation, long randomSeed, long wanSenderId, Io io) {
        this.codec = new WanCodec(config.clusterKeys(), config.wanProtection(), wanSenderId);
        this.receiver = new WanReceiver(codec, new ReplayGuard(config.replayMaxAge().toMillis(),
                ReplayGuard.DEFAULT_MAX_SENDERS), config.site());
        this.engine = new NodeEngine(EngineSettingsFactory.create(config, incarnation, randomSeed),
                new EngineOutputs(io, codec), new ProtocolMetrics() {
                    @Override
                    public void handoverRequested(String member, long nowNs) {
                        io.handoverRequested(member);
                    }

                    @Override
                    public void siteConflictDetected() {
                        io.siteConflictDetected();
                    }

                    @Override
                    public void delegateSuperseded() {
                        io.delegateSuperseded();
                    }
                });
    }

    /**
     * @param config the node's configuration (its site, name, WAN address and seeds as the driver's network names them,
     *     its keys, and every protocol setting)
     * @param incarnation this run of the node, unique in its site
     * @param randomSeed the seed of the controllers' random choices (fixed per run for a repeatable simulation)
     * @param wanSenderId the sender id this node seals its datagrams with, unique in the cluster
     * @param io the driver
     * @return the engine, before its first view
     * @throws IllegalArgumentException if the congestion controller cannot be built
     */
    public static SansIoEngine create(GcsConfig config, long incarnation, long randomSeed, long wanSenderId, Io io) {
        return new SansIoEngine(config, incarnation, randomSeed, wanSenderId, io);
    }

    // ---------------------------------------------------------------- inputs

    /** Joins a group. */
    public void join(String group, long nowNs) {
        engine.join(group, nowNs);
    }

    /** Leaves a group. */
    public void leave(String group, long nowNs) {
        engine.leave(group, nowNs);
    }

    /**
     * Sends a message; it waits for the send window if that is full, and {@link Io#admitted} tells when it entered.
     *
     * @param group a joined group
     * @param payload the bytes
     * @param sentEpochMicros the sender's wall clock now, in epoch microseconds (the receivers' latencies)
     * @param token handed back to {@link Io#admitted}
     * @param nowNs the current time
     */
    public void send(String group, byte[] payload, long sentEpochMicros, Object token, long nowNs) {
        engine.submit(new SendRequest(group, payload, sentEpochMicros, token), nowNs);
    }

    /**
     * Lets time pass: the driver calls it every {@code tick.interval}, or, while {@link #tickDue} is false, every
     * {@link #QUIET_TICK_INTERVAL_NS} and at {@link #quietWorkDueNs} until {@link Io#tickSoon} asks for a tick again
     * ({@link TickGrid}).
     */
    public void onTick(long nowNs) {
        engine.onTick(nowNs);
    }

    /** @return true if the next tick is due within a tick interval (a delegate; a member with work for the tick) */
    public boolean tickDue() {
        return engine.tickDue();
    }

    /**
     * @return when a quiet member's next tick has work though {@link #tickDue} is false (its demand checks), on the
     *     engine's clock; {@link Long#MAX_VALUE} if none
     */
    public long quietWorkDueNs() {
        return engine.quietWorkDueNs();
    }

    /** A deadline the engine asked for came ({@link Io#wakeAt}): runs what is due between ticks. */
    public void onDeadline(long nowNs) {
        engine.onDeadline(nowNs);
    }

    /** Tells the engine it did not run for longer than the LAN's failure detection (it was stopped or starved). */
    public void onStalled(long nowNs) {
        engine.onStalled(nowNs);
    }

    /**
     * A message another member (or this one) multicast on the site's LAN: one message, or a bundle of several.
     *
     * @param bytes what {@link Io#lanMulticast} sent
     * @param nowNs the arrival time
     * @throws IllegalArgumentException if the bytes are not a LAN message (the reason says why)
     */
    public void onLanMessage(byte[] bytes, long nowNs) {
        try {
            if (LanBundle.isBundle(bytes, 0, bytes.length)) {
                LanBundle.forEach(bytes, 0, bytes.length, (b, offset, length) -> onOneLanMessage(b, offset, length,
                        nowNs));
            } else {
                onOneLanMessage(bytes, 0, bytes.length, nowNs);
            }
        } catch (MalformedDatagramException e) {
            throw new IllegalArgumentException("malformed LAN message: " + e.getMessage(), e);
        }
    }

    private void onOneLanMessage(byte[] bytes, int offset, int length, long nowNs) {
        LanMessage message;
        try {
            message = LanCodec.decode(bytes, offset, length);
        } catch (MalformedDatagramException e) {
            throw new IllegalArgumentException("malformed LAN message in a bundle: " + e.getMessage(), e);
        }
        engine.onLanMessage(message, nowNs);
    }

    /**
     * The site's LAN installed a view.
     *
     * @param viewId increases with every view
     * @param members the members, oldest first (the same list on every member)
     * @param merged whether the view joins partitions that had views of their own
     * @param nowNs the current time
     */
    public void onLanView(long viewId, List<LanMember> members, boolean merged, long nowNs) {
        List<LanView.LanMember> list = new ArrayList<>();
        for (LanMember m : members) {
            list.add(new LanView.LanMember(m.name(), m.incarnation(), m.delegateEligible()));
        }
        engine.onLanView(new LanView(viewId, list, merged), nowNs);
    }

    /**
     * A WAN datagram arrived.
     *
     * @param from the address it came from
     * @param datagram its bytes
     * @param epochMillis this node's wall clock, epoch milliseconds (the replay guard's reference)
     * @param nowNs the current time
     * @return null if the engine took it, else why it was dropped (a tag such as {@code replayed},
     *     {@code stale-time}, {@code bad-hmac}: the {@code reason} of {@code gcs.wan.datagrams.dropped})
     */
    public String onWanDatagram(DelegateAddress from, byte[] datagram, long epochMillis, long nowNs) {
        OpenedDatagram opened;
        try {
            opened = receiver.receive(datagram, 0, datagram.length, epochMillis, nowNs);
        } catch (MalformedDatagramException e) {
            return e.reason().tag();
        }
        if (engine.onWanDatagram(from, opened.envelope(), opened.addressed(), nowNs)) {
            receiver.confirmSender(opened);
        }
        return null;
    }

    // ---------------------------------------------------------------- state

    /** @return a snapshot of the engine now */
    public MemberStatus status(long nowNs) {
        return EngineStatus.of(engine, nowNs);
    }

    /** @return true while this node is its site's delegate */
    public boolean isDelegate() {
        return engine.isDelegate();
    }

    /** @return the site's delegate, if one is elected */
    public Optional<MemberId> delegate() {
        return engine.delegate();
    }

    /** @return the joined groups */
    public Set<String> joinedGroups() {
        return engine.joinedGroups();
    }

    /** @return the current view of a joined group */
    public Optional<GroupView> view(String group) {
        return engine.view(group);
    }

    /** @return the current tree of a joined group, once a plan is known */
    public Optional<GroupTree> tree(String group) {
        return engine.tree(group);
    }

    /** @return true if everything this node sent is stable and nothing waits */
    public boolean sendIdle() {
        return engine.sendIdle();
    }

    /** @return the smoothed RTT this delegate measured to a site for a group's flow, or -1 */
    public long smoothedRttNs(String group, String site) {
        return engine.delegateQueries().smoothedRttNs(group, site);
    }

    /**
     * The peak occupancy of each outgoing hop-by-hop link's output buffer since the previous call (seed 000's "maximum
     * buffer size over the last sampling period").
     *
     * @return the peaks by neighbour site while this node is the delegate (empty end to end)
     */
    public Map<String, Integer> takeHopWaitingPeaks() {
        return engine.delegateQueries().takeHopWaitingPeaks();
    }

    /**
     * @return packets this delegate received again and dropped: by its incoming flows (flow sequence), and on the
     *     hop-by-hop transport before copy-out (packets it had relayed before, such as a backup replay)
     */
    public long duplicatesDropped() {
        DelegateQueries delegate = engine.delegateQueries();
        long relayed = 0;
        for (HopLinkStatus link : delegate.hopLinks()) {
            relayed += link.duplicatesDropped();
        }
        return delegate.flowDuplicates() + relayed;
    }

    /** The engine's outputs, in bytes and public types. */
    private static final class EngineOutputs implements EngineIo {
        private final Io io;
        private final WanCodec codec;

        EngineOutputs(Io io, WanCodec codec) {
            this.io = io;
            this.codec = codec;
        }

        @Override
        public void lanSend(LanMessage message) {
            io.lanMulticast(LanCodec.encode(message));
        }

        @Override
        public void wanSend(String toSite, DelegateAddress to, WanEnvelope envelope) {
            io.wanSend(toSite, to, new OutgoingDatagram(WanPackets.describe(envelope),
                    epochMillis -> codec.encode(envelope, toSite, epochMillis)));
        }

        @Override
        public void deliver(GroupMessage message, long sentEpochMicros) {
            io.deliver(message, sentEpochMicros);
        }

        @Override
        public void viewChanged(GroupView view) {
            io.viewChanged(view);
        }

        @Override
        public void treeChanged(GroupTree tree) {
            io.treeChanged(tree);
        }

        @Override
        public void admitted(SendRequest request) {
            io.admitted(request.completion());
        }

        @Override
        public void delegateChanged(MemberId delegate, boolean self) {
            io.delegateChanged(delegate, self);
        }

        @Override
        public void wakeAt(long deadlineNs) {
            io.wakeAt(deadlineNs);
        }

        @Override
        public void tickSoon() {
            io.tickSoon();
        }
    }
}
