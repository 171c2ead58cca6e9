package org.gcs.internal.node;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.socket.nio.NioDatagramChannel;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.gcs.ClusterKeys;
import org.gcs.GcsConfig;
import org.gcs.GcsException;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.emulator.LinkEmulatorHandler;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.ReplayGuard;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanReceiver;
import org.gcs.metrics.NodeMetrics;
import org.slf4j.LoggerFactory;

/**
 * The WAN UDP channel of a node, served by its event loop: binds the socket (with the link emulator in front when the
 * configuration asks for one), seals and sends envelopes ({@link #send}), and passes what arrives through
 * {@link WanInboundHandler} to the engine. Confined to the loop, apart from {@link #bind}, {@link #localAddress}
 * and {@link #close}.
 */
final class WanChannel {
    /** The largest payload of a UDP datagram over IPv4 (65 535 − 8 − 20): every WAN read has room for it. */
    static final int MAX_UDP_PAYLOAD_BYTES = 65_507;

    private final GcsConfig config;
    private final NodeLoop loop;
    private final NodeMetrics metrics;
    private final WanCodec codec;
    private final WanReceiver receiver;
    private final RateLimitedLog loudLog = new RateLimitedLog(LoggerFactory.getLogger(WanInboundHandler.class));
    private final Map<DelegateAddress, InetSocketAddress> resolved = new HashMap<>();
    /** Which site an address belongs to, for the link emulator; read on the loop too. */
    private final Map<InetSocketAddress, String> siteByAddress = new HashMap<>();
    private Channel channel;

    /**
     * @param config the node's configuration (bind address, keys, protection, replay bound, link emulation)
     * @param loop the event loop that serves the channel
     * @param metrics counts datagrams
     */
    WanChannel(GcsConfig config, NodeLoop loop, NodeMetrics metrics) {
        this.config = config;
        this.loop = loop;
        this.metrics = metrics;
        this.codec = new WanCodec(config.clusterKeys(), config.wanProtection(), new SecureRandom().nextLong());
        this.receiver = new WanReceiver(codec, new ReplayGuard(config.replayMaxAge().toMillis(),
                ReplayGuard.DEFAULT_MAX_SENDERS));
    }

    /**
     * Binds the socket; from then on accepted datagrams go to {@code target} on the loop.
     *
     * @throws GcsException if the socket cannot be bound
     */
    void bind(WanInboundHandler.Target target) {
        Bootstrap bootstrap = new Bootstrap().group(loop.group()).channel(NioDatagramChannel.class)
                .option(ChannelOption.SO_RCVBUF, 4 << 20).option(ChannelOption.SO_SNDBUF, 4 << 20)
                // Netty reads a datagram into 2048 bytes by default and the kernel drops the rest: read into the
                // largest UDP payload, so that any datagram a peer's max.datagram.bytes allows arrives whole
                .option(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(MAX_UDP_PAYLOAD_BYTES))
                .handler(new ChannelInitializer<DatagramChannel>() {
                    @Override
                    protected void initChannel(DatagramChannel ch) {
                        config.linkEmulation().ifPresent(topology -> {
                            LinkEmulatorHandler emulator = new LinkEmulatorHandler(config.site(), topology,
                                    siteByAddress::get, config.emulationSeed());
                            metrics.bindEmulator(emulator);
                            ch.pipeline().addLast("emulator", emulator);
                        });
                        ch.pipeline().addLast("wan-in", new WanInboundHandler(receiver, target, metrics, loudLog));
                    }
                });
        try {
            channel = bootstrap.bind(config.wanBindHost(), config.wanBindPort()).sync().channel();
        } catch (Exception e) {
            throw new GcsException("cannot bind the WAN socket to " + config.wanBindHost() + ":" + config.wanBindPort()
                    + ": " + e.getMessage() + " (pick a free port with wanBind, or 0 for any free port)", e);
        }
    }

    /**
     * Seals an envelope into one datagram and sends it, on the loop. An address that does not resolve drops the
     * envelope (the protocol repairs or times out as for any lost datagram).
     *
     * @param toSite the receiving site, or null if not known yet (the link emulator uses it)
     */
    void send(String toSite, DelegateAddress to, WanEnvelope envelope) {
        InetSocketAddress address = resolved.computeIfAbsent(to, a -> new InetSocketAddress(a.host(), a.port()));
        if (address.isUnresolved()) {
            resolved.remove(to);
            return;
        }
        if (toSite != null) {
            siteByAddress.put(address, toSite);
        }
        byte[] datagram = codec.encode(envelope, System.currentTimeMillis());
        metrics.wanSent(datagram.length);
        channel.writeAndFlush(new DatagramPacket(Unpooled.wrappedBuffer(datagram), address));
    }

    /** Replaces the keys that seal and open datagrams, on the loop. */
    void updateKeys(ClusterKeys keys) {
        codec.updateKeys(keys);
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
