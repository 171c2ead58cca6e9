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
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanReceiver;
import org.gcs.metrics.NodeMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Datagrams from the WAN, on the event loop: authenticate, decode and judge freshness ({@link WanReceiver}), then hand
 * the envelope to the engine. A datagram that fails is counted by reason ({@code gcs.wan.datagrams.dropped}) and
 * dropped, never thrown; one that looks like an attack or a misconfiguration is also logged (rate-limited). A failing
 * engine callback is logged and the channel keeps reading.
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
        OpenedDatagram opened;
        long nowNs = NodeClock.nowNs();
        try {
            opened = receiver.receive(bytes, 0, length, System.currentTimeMillis(), nowNs);
        } catch (MalformedDatagramException e) {
            metrics.wanDropped(e.reason());
            peers.dropped(packet.sender(), e, nowNs);
            if (isAttackOrMisconfiguration(e.reason())) {
                loudLog.warn("wan-drop:" + e.reason().tag(), nowNs, "dropped WAN datagram from {}: {} ({})",
                        packet.sender(), e.reason().tag(), e.getMessage());
            } else {
                LOG.debug("dropped WAN datagram from {}: {} ({})", packet.sender(), e.reason().tag(), e.getMessage());
            }
            return;
        }
        InetSocketAddress sender = packet.sender();
        peers.accepted(sender);
        if (target.onWanDatagram(new DelegateAddress(sender.getAddress().getHostAddress(), sender.getPort()),
                opened.envelope(), opened.addressed(), nowNs)) {
            receiver.confirmSender(opened);
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
