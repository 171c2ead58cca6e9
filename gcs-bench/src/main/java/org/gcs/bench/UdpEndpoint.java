package org.gcs.bench;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * One end of the {@code udp-limit} scenario: a Netty NIO datagram channel on 127.0.0.1 with the socket buffers
 * of GCS's WAN socket (4 MiB). The sink binds {@link NodeSpec#udpPort()} and delivers every datagram it reads;
 * the source sends each payload as one datagram to the sink, waiting while the channel's outbound buffer is above
 * its high watermark (Netty's back-pressure). Datagrams the kernel drops are lost; the scenario reports the loss.
 */
final class UdpEndpoint implements BenchEndpoint {
    private static final int SOCKET_BUFFER_BYTES = 4 << 20;
    private static final long WRITABLE_POLL_MS = 10;

    private final NodeSpec spec;
    private final Object writability = new Object();
    private EventLoopGroup group;
    private Channel channel;
    private InetSocketAddress target;

    /** @param spec the node: the sender is the source, the other node the sink */
    UdpEndpoint(NodeSpec spec) {
        this.spec = spec;
    }

    @Override
    public void start(Delivery delivery) throws InterruptedException {
        group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("bench-udp-" + spec.member(), true),
                NioIoHandler.newFactory());
        Bootstrap bootstrap = new Bootstrap().group(group).channel(NioDatagramChannel.class)
                .option(ChannelOption.SO_RCVBUF, SOCKET_BUFFER_BYTES)
                .option(ChannelOption.SO_SNDBUF, SOCKET_BUFFER_BYTES)
                .handler(new SimpleChannelInboundHandler<DatagramPacket>() {
                    @Override
                    protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
                        ByteBuf content = packet.content();
                        byte[] bytes = new byte[content.readableBytes()];
                        content.getBytes(content.readerIndex(), bytes);
                        delivery.deliver(0, NO_POSITION, bytes, 0, bytes.length);
                    }

                    @Override
                    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
                        synchronized (writability) {
                            writability.notifyAll();
                        }
                        ctx.fireChannelWritabilityChanged();
                    }
                });
        int port = spec.sender() ? 0 : spec.udpPort();
        channel = bootstrap.bind("127.0.0.1", port).sync().channel();
        target = new InetSocketAddress("127.0.0.1", spec.udpPort());
    }

    @Override
    public boolean ready() {
        return channel != null && channel.isActive();
    }

    @Override
    public boolean master() {
        return false;
    }

    @Override
    public String describe() {
        return (spec.sender() ? "source " : "sink ") + channel.localAddress();
    }

    @Override
    public void send(byte[] payload) throws InterruptedException {
        while (!channel.isWritable()) {
            synchronized (writability) {
                if (!channel.isWritable()) {
                    writability.wait(WRITABLE_POLL_MS);
                }
            }
            if (!channel.isActive()) {
                throw new IllegalStateException("the UDP channel closed");
            }
        }
        channel.writeAndFlush(new DatagramPacket(Unpooled.wrappedBuffer(payload), target), channel.voidPromise());
    }

    @Override
    public void close() {
        if (channel != null) {
            channel.close().awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
        if (group != null) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }
}
