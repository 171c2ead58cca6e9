package org.gcs.internal.node;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.socket.DatagramChannel;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.gcs.ClusterKeys;
import org.gcs.GcsConfig;
import org.gcs.GcsException;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.driver.WanHookContext;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.RelayFrame;
import org.gcs.internal.wire.ReplayGuard;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacker;
import org.gcs.internal.wire.WanReceiver;
import org.gcs.metrics.NodeMetrics;
import org.slf4j.LoggerFactory;

/**
 * The WAN UDP channel of a node, served by its event loop: binds the socket (with the configuration's WAN pipeline hook, such as
 * the link emulator, nearest the socket), seals and sends envelopes ({@link #send}), and passes what arrives through
 * {@link WanInboundHandler} to the engine. Confined to the loop, apart from {@link #bind}, {@link #localAddress}
 * and {@link #close}.
 */
final class WanChannel {
    private final GcsConfig config;
    private final NodeLoop loop;
    private final NodeMetrics metrics;
    private final WanCodec codec;
    private final WanReceiver receiver;
    private final WanPacker<InetSocketAddress> packer;
    private final WanSocketKind socketKind;
    private final RateLimitedLog loudLog = new RateLimitedLog(LoggerFactory.getLogger(WanInboundHandler.class));
    private final WanPeerDiagnosis peers;
    private final Map<DelegateAddress, InetSocketAddress> resolved = new HashMap<>();
    /** Which site an address belongs to, for the WAN pipeline hook; read on the loop too. */
    private final Map<InetSocketAddress, String> siteByAddress = new HashMap<>();
    /** Peers reached through a relay ({@link #route}): the relay of each. */
    private final Map<InetSocketAddress, InetSocketAddress> relayOf = new HashMap<>();
    private Channel channel;
    private WanDatagramWriter writer;

    /**
     * @param config the node's configuration (bind address, keys, protection, replay bound, WAN pipeline hook)
     * @param loop the event loop that serves the channel
     * @param metrics counts datagrams
     * @param socketKind the transport of the socket (the loop's too)
     */
    WanChannel(GcsConfig config, NodeLoop loop, NodeMetrics metrics, WanSocketKind socketKind) {
        this.socketKind = socketKind;
        this.config = config;
        this.loop = loop;
        this.metrics = metrics;
        this.codec = new WanCodec(config.clusterKeys(), config.wanProtection(), new SecureRandom().nextLong());
        this.receiver = new WanReceiver(codec, new ReplayGuard(config.replayMaxAge().toMillis(),
                ReplayGuard.DEFAULT_MAX_SENDERS), config.site());
        this.packer = new WanPacker<>(codec, config.maxDatagramBytes());
        this.peers = new WanPeerDiagnosis(config.siteTimeout().toNanos(), config.replayMaxAge().toMillis());
        metrics.bindWanPeers(() -> peers.unauthenticatedPeers(NodeClock.nowNs()),
                () -> peers.skewedPeers(NodeClock.nowNs()), () -> peers.largestSkewMs(NodeClock.nowNs()));
    }

    /**
     * Binds the socket; from then on accepted datagrams go to {@code target} on the loop.
     *
     * @throws GcsException if the socket cannot be bound
     */
    void bind(WanInboundHandler.Target target) {
        Bootstrap bootstrap = socketKind.configure(new Bootstrap().group(loop.group()))
                .handler(new ChannelInitializer<DatagramChannel>() {
                    @Override
                    protected void initChannel(DatagramChannel ch) {
                        config.wanPipelineHook().ifPresent(hook ->
                                ch.pipeline().addLast("wan-hook", hook.newHandler(hookContext())));
                        ch.pipeline().addLast("wan-in", new WanInboundHandler(receiver, target, metrics, loudLog,
                                peers));
                    }
                });
        try {
            channel = bootstrap.bind(config.wanBindHost(), config.wanBindPort()).sync().channel();
            writer = new WanDatagramWriter(channel,
                    socketKind.segmentedSends() && config.wanPipelineHook().isEmpty());
        } catch (Exception e) {
            throw new GcsException("cannot bind the WAN socket to " + config.wanBindHost() + ":" + config.wanBindPort()
                    + ": " + e.getMessage() + " (pick a free port with wanBind, or 0 for any free port)", e);
        }
    }

    /** @return what the WAN pipeline hook's handler learns of this node */
    private WanHookContext hookContext() {
        return new WanHookContext() {
            @Override
            public String site() {
                return config.site();
            }

            @Override
            public String siteOf(InetSocketAddress peer) {
                return siteByAddress.get(peer);
            }

            @Override
            public void countDrops(String reason, java.util.function.LongSupplier count) {
                metrics.bindHookDrops(reason, count);
            }
        };
    }

    /**
     * Queues an envelope for its peer, on the loop; once the loop's turn ends, everything queued leaves packed
     * ({@link WanPacker}: several packets per datagram up to {@code max.datagram.bytes}, one tag each) with one flush
     * of the socket (one {@code sendmmsg} on epoll). An address that does not resolve drops the envelope (the
     * protocol repairs or times out as for any lost datagram).
     *
     * @param toSite the receiving site, or null if not known yet: the datagram names it as its destination, and the WAN
     *     pipeline hook learns the peer's site from it
     */
    void send(String toSite, DelegateAddress to, WanEnvelope envelope) {
        InetSocketAddress address = resolve(to);
        if (address == null) {
            return;
        }
        if (toSite != null) {
            siteByAddress.put(address, toSite);
        }
        if (packer.add(address, toSite, envelope)) {
            loop.afterThisTurn(this::flush);
        }
    }

    /**
     * Seals what the turn queued into datagrams and writes them with one flush, on the loop (runs of them as
     * segmented sends where the kernel offers it, {@link WanDatagramWriter}).
     */
    private void flush() {
        packer.flush(System.currentTimeMillis(), (to, datagram, packets) -> {
            InetSocketAddress relay = relayOf.get(to);
            byte[] written = relay == null ? datagram : RelayFrame.encode(RelayFrame.Kind.FORWARD, to, datagram);
            metrics.wanSent(written.length, packets);
            writer.write(relay == null ? to : relay, written);
        });
        writer.flush();
    }

    /**
     * Sends what goes to a peer through a relay from now on, or directly again, on the loop: a datagram for it is
     * sealed for it as before and leaves inside a {@link RelayFrame} to the relay.
     *
     * @param to the peer
     * @param via its relay, or null to send to it directly
     */
    void route(DelegateAddress to, DelegateAddress via) {
        InetSocketAddress peer = resolve(to);
        if (peer == null) {
            return;
        }
        InetSocketAddress relay = via == null ? null : resolve(via);
        if (relay == null) {
            relayOf.remove(peer);
        } else {
            relayOf.put(peer, relay);
        }
    }

    /** Sends to every peer directly again, on the loop (a new delegate role starts without relays). */
    void clearRoutes() {
        relayOf.clear();
    }

    /**
     * Passes a peer's sealed datagram on, unopened, on the loop (this delegate is the relay).
     *
     * @param to where it goes
     * @param from the peer that sent it, as this delegate sees it
     * @param frame the frame the peer sent
     */
    void forward(DelegateAddress to, DelegateAddress from, RelayFrame frame) {
        InetSocketAddress receiver = resolve(to);
        InetSocketAddress sender = resolve(from);
        if (receiver == null || sender == null) {
            return;
        }
        byte[] forwarded = RelayFrame.encode(RelayFrame.Kind.FORWARDED, sender, frame.datagram(),
                frame.innerOffset(), frame.innerLength());
        metrics.wanSent(forwarded.length, 1);
        writer.write(receiver, forwarded);
        loop.afterThisTurn(this::flush);
    }

    private InetSocketAddress resolve(DelegateAddress address) {
        InetSocketAddress resolvedAddress = resolved.computeIfAbsent(address,
                a -> new InetSocketAddress(a.host(), a.port()));
        if (resolvedAddress.isUnresolved()) {
            resolved.remove(address);
            return null;
        }
        return resolvedAddress;
    }

    /** Replaces the keys that seal and open datagrams, on the loop. */
    void updateKeys(ClusterKeys keys) {
        codec.updateKeys(keys);
    }

    /** @return the local address of the socket, or null before it is bound */
    InetSocketAddress boundAddress() {
        Channel bound = channel;
        return bound == null ? null : (InetSocketAddress) bound.localAddress();
    }

    /** @return the local address of the socket (bound) */
    InetSocketAddress localAddress() {
        return (InetSocketAddress) channel.localAddress();
    }

    /** Closes the socket, if bound (waiting at most 2 s). */
    void close() {
        if (channel != null) {
            channel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
    }
}
