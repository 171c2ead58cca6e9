package org.gcs.internal.node;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.DatagramPacket;
import java.net.InetSocketAddress;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.MalformedDatagramException;
import org.gcs.internal.wire.OpenedDatagram;
import org.gcs.internal.wire.RelayFrame;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanReceiver;
import org.gcs.metrics.NodeMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Datagrams from the WAN, on the event loop: authenticate, decode and judge freshness ({@link WanReceiver}), then hand
 * the envelope to the engine. Relay frames ({@link RelayFrame}) are told apart by their magic: a request to pass a
 * datagram on goes to the engine unopened, a datagram a relay passed on is opened as if it came from its sender. A
 * datagram that fails is counted by reason ({@code gcs.wan.datagrams.dropped}) and dropped, never thrown; one that
 * looks like an attack or a misconfiguration is also logged (rate-limited). A failing engine callback is logged and
 * the channel keeps reading.
 */
final class WanInboundHandler extends SimpleChannelInboundHandler<DatagramPacket> {
    private static final Logger LOG = LoggerFactory.getLogger(WanInboundHandler.class);

    /** The engine's WAN entry point. */
    interface Target {
        /**
         * @param from the address the datagram came from
         * @param envelope its authentic, fresh content
         * @param addressed whether its sender named this site (else it wrote to an address it knows only as such)
         * @param nowNs the monotonic clock
         * @return whether it came from a live site's current delegate (its sender's replay window is then kept)
         */
        boolean onWanDatagram(DelegateAddress from, WanEnvelope envelope, boolean addressed, long nowNs);

        /**
         * A datagram that came through a relay: as {@link #onWanDatagram}, but from {@code from} by way of {@code via}.
         *
         * @return whether it came from a live site's current delegate through a live site's delegate
         */
        default boolean onRelayedDatagram(DelegateAddress from, DelegateAddress via, WanEnvelope envelope,
                                          boolean addressed, long nowNs) {
            return false;
        }

        /**
         * A peer asks this delegate to pass a sealed datagram on, unopened.
         *
         * @param from the peer that asks
         * @param to where the datagram goes
         * @param frame the frame, whose inner datagram is passed on
         */
        default void onRelayRequest(DelegateAddress from, DelegateAddress to, RelayFrame frame, long nowNs) {
        }
    }

    private final WanReceiver receiver;
    private final Target target;
    private final NodeMetrics metrics;
    private final RateLimitedLog loudLog;
    private final WanPeerWatch peers;

    /**
     * @param receiver opens and judges the datagrams (confined to the loop)
     * @param target takes each accepted envelope
     * @param metrics counts what arrives and what is dropped
     * @param loudLog logs the drops that look like an attack or a misconfiguration
     */
    WanInboundHandler(WanReceiver receiver, Target target, NodeMetrics metrics, RateLimitedLog loudLog) {
        this(receiver, target, metrics, loudLog, WanPeerWatch.NONE);
    }

    /**
     * @param peers is told each datagram's source and fate, to report a peer's sustained key or clock mismatch
     */
    WanInboundHandler(WanReceiver receiver, Target target, NodeMetrics metrics, RateLimitedLog loudLog,
                      WanPeerWatch peers) {
        this.receiver = receiver;
        this.target = target;
        this.metrics = metrics;
        this.loudLog = loudLog;
        this.peers = peers;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
        ByteBuf content = packet.content();
        int length = content.readableBytes();
        metrics.wanReceived(length);
        byte[] bytes = new byte[length];
        content.getBytes(content.readerIndex(), bytes);
        long nowNs = NodeClock.nowNs();
        InetSocketAddress sender = packet.sender();
        if (RelayFrame.isRelayFrame(bytes)) {
            onRelayFrame(sender, bytes, nowNs);
            return;
        }
        OpenedDatagram opened = open(sender, bytes, 0, length, nowNs);
        if (opened == null) {
            return;
        }
        peers.accepted(sender);
        if (target.onWanDatagram(address(sender), opened.envelope(), opened.addressed(), nowNs)) {
            receiver.confirmSender(opened);
        }
    }

    /**
     * A relay frame: a request to pass a datagram on goes to the engine unopened; a datagram a relay passed on is
     * opened like any other and handed over with both its sender and its relay.
     */
    private void onRelayFrame(InetSocketAddress sender, byte[] bytes, long nowNs) {
        RelayFrame frame;
        try {
            frame = RelayFrame.decode(bytes);
        } catch (MalformedDatagramException e) {
            metrics.wanDropped(e.reason());
            LOG.debug("dropped relay frame from {}: {} ({})", sender, e.reason().tag(), e.getMessage());
            return;
        }
        if (frame.kind() == RelayFrame.Kind.FORWARD) {
            target.onRelayRequest(address(sender), address(frame.address()), frame, nowNs);
            return;
        }
        OpenedDatagram opened = open(frame.address(), bytes, frame.innerOffset(), frame.innerLength(), nowNs);
        if (opened != null && target.onRelayedDatagram(address(frame.address()), address(sender), opened.envelope(),
                opened.addressed(), nowNs)) {
            receiver.confirmSender(opened);
        }
    }

    private static DelegateAddress address(InetSocketAddress socketAddress) {
        return new DelegateAddress(socketAddress.getAddress().getHostAddress(), socketAddress.getPort());
    }

    /** @return the datagram opened and judged fresh, or null if it was dropped (counted, and logged if loud) */
    private OpenedDatagram open(InetSocketAddress sender, byte[] bytes, int offset, int length, long nowNs) {
        try {
            return receiver.receive(bytes, offset, length, System.currentTimeMillis(), nowNs);
        } catch (MalformedDatagramException e) {
            metrics.wanDropped(e.reason());
            peers.dropped(sender, e, nowNs);
            if (isAttackOrMisconfiguration(e.reason())) {
                loudLog.warn("wan-drop:" + e.reason().tag(), nowNs, "dropped WAN datagram from {}: {} ({})",
                        sender, e.reason().tag(), e.getMessage());
            } else {
                LOG.debug("dropped WAN datagram from {}: {} ({})", sender, e.reason().tag(), e.getMessage());
            }
            return null;
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.error("WAN receive failed; the datagram is dropped and the node continues", cause);
    }

    /**
     * @return true for the drops an operator must hear about at once: replays, foreign keys, wrong protection (a
     *     clock off by more than the replay bound is an ERROR of {@link WanClockSkew} once it lasts a site timeout)
     */
    static boolean isAttackOrMisconfiguration(DropReason reason) {
        return switch (reason) {
            case REPLAYED, WRONG_DESTINATION, WRONG_PROTECTION, UNKNOWN_KEY, TOO_MANY_SENDERS -> true;
            default -> false;
        };
    }
}
