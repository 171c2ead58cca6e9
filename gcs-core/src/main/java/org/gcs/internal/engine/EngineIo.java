package org.gcs.internal.engine;

import org.gcs.GroupMessage;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.RelayFrame;
import org.gcs.internal.wire.WanEnvelope;

/**
 * Everything the sans-IO {@link NodeEngine} asks of its driver. The Netty/JGroups driver implements it
 * ({@code NodeIo}), and so does {@code org.gcs.driver.SansIoEngine} for other drivers such as gcs-sim's simulator; all
 * calls come from the engine's single thread, from within the driver's own calls into the engine.
 */
public interface EngineIo {
    /** Multicast a message to every member of this site, this node included, reliably and in FIFO order. */
    void lanSend(LanMessage message);

    /**
     * Send a WAN datagram.
     *
     * @param toSite the destination site, or null when not known yet (a seed)
     * @param to the destination delegate's address
     * @param envelope the datagram
     */
    void wanSend(String toSite, DelegateAddress to, WanEnvelope envelope);

    /**
     * Hand a message to the application.
     *
     * @param message the message
     * @param sentEpochMicros when its sender sent it (wall clock), for the latency metric
     */
    void deliver(GroupMessage message, long sentEpochMicros);

    /** A joined group has a new view. */
    void viewChanged(GroupView view);

    /** A joined group's multicast tree changed (a new plan, or the group's sites changed). */
    void treeChanged(GroupTree tree);

    /** A send request entered the send window: its send call may return. */
    void admitted(SendRequest request);

    /**
     * The site's delegate changed.
     *
     * @param delegate the new delegate, or null if no member is eligible
     * @param self true if this node is the delegate
     */
    void delegateChanged(MemberId delegate, boolean self);

    /**
     * Call {@link NodeEngine#onDeadline} at or soon after {@code deadlineNs}: something is due before the next tick
     * (a delegate's tail probe). A driver with a deadline timer keeps the earliest one asked for; one that ignores
     * this (the default) leaves it to its ticks, up to a tick late.
     *
     * @param deadlineNs when, on the engine's {@code nowNs} clock
     */
    default void wakeAt(long deadlineNs) {
    }

    /**
     * Tick the engine ({@link NodeEngine#onTick}) within a tick interval from now: work for the tick appeared (a
     * member's held report or send window, a new delegate role; {@link NodeEngine#tickDue}). A driver that ticks
     * every interval anyway ignores this (the default); one that ticks a quiet member more rarely brings its next
     * tick forward.
     */
    default void tickSoon() {
    }

    /**
     * As {@link #tickSoon()}, with the time the engine was called with, so that the driver does not read its clock
     * again (the engine asks for this once per send and once per message from another site). The default ignores
     * the time.
     *
     * @param nowNs the engine's current time
     */
    default void tickSoon(long nowNs) {
        tickSoon();
    }

    /**
     * Whether this driver resolves the seeds' host names and SRV names ({@link #resolveSeed}). If not (the default),
     * a seed's host goes to {@link #wanSend} as written, and SRV names are ignored.
     *
     * @return true if {@link #resolveSeed} answers
     */
    default boolean resolvesSeedNames() {
        return false;
    }

    /**
     * Resolve a seed's name off the engine's thread and answer with {@link NodeEngine#onSeedResolved}, on the engine's
     * thread, whether it resolved or not. Called only if {@link #resolvesSeedNames}.
     *
     * @param seed a host name with its port, or an SRV name
     */
    default void resolveSeed(Seed seed) {
    }

    /**
     * @return the WAN socket's local address as bound (host {@code 0.0.0.0} when bound to every interface), or null
     *     if this driver has no socket of its own to tell (the default)
     */
    default DelegateAddress wanSocketAddress() {
        return null;
    }

    /**
     * Send what goes to a peer through a relay from now on, or directly again (docs/nat.md). Only a driver that
     * {@linkplain #relays() relays} is asked.
     *
     * @param to the peer
     * @param via the delegate that relays, or null to send to the peer directly
     */
    default void wanRoute(DelegateAddress to, DelegateAddress via) {
    }

    /**
     * Pass a peer's sealed datagram on to another peer, unopened (this delegate relays it). Only a driver that
     * {@linkplain #relays() relays} is asked.
     *
     * @param to the receiving peer
     * @param from the peer that sent it
     * @param frame the frame the peer sent
     */
    default void wanForward(DelegateAddress to, DelegateAddress from, RelayFrame frame) {
    }

    /**
     * Forget every route through a relay: a new delegate role starts with none ({@link #wanRoute}). Only a driver
     * that {@linkplain #relays() relays} is asked.
     */
    default void wanClearRoutes() {
    }

    /** @return whether this driver carries datagrams through relays ({@link #wanRoute}, {@link #wanForward}) */
    default boolean relays() {
        return false;
    }
}
