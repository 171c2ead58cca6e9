package org.gcs.internal.node;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelOption;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollChannelOption;
import io.netty.channel.epoll.EpollDatagramChannel;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.DatagramChannel;
import io.netty.channel.socket.nio.NioDatagramChannel;
import java.util.Locale;

/**
 * Which Netty transport carries the WAN socket. {@link #EPOLL} (Linux, Netty's native transport) writes all the
 * datagrams of one flush with one {@code sendmmsg} call. Where the kernel offers UDP segmentation offload, runs of
 * equal datagrams to a peer leave as one segmented send ({@link WanDatagramWriter}) and arrive whole (UDP GRO), one
 * run per {@code recvmsg}; elsewhere it reads up to {@link #DATAGRAMS_PER_READ} datagrams with one {@code recvmmsg}.
 * {@link #NIO} (the JDK's selector, anywhere) makes one {@code sendto} and one {@code recvfrom} per datagram. The
 * node's start-up line in the log names the one in use.
 */
enum WanSocketKind {
    /** Netty's native epoll transport: sendmmsg, and UDP GSO/GRO or recvmmsg. */
    EPOLL,
    /** The JDK's NIO selector: a system call per datagram. */
    NIO;

    /** The largest payload of a UDP datagram over IPv4 (65 535 − 8 − 20): every WAN read has room for it. */
    static final int MAX_UDP_PAYLOAD_BYTES = 65_507;
    /** The most datagrams one epoll read takes ({@code recvmmsg}), each with room for the largest datagram. */
    static final int DATAGRAMS_PER_READ = 8;
    private static final int SOCKET_BUFFER_BYTES = 4 << 20;

    /**
     * @param setting {@code auto} (epoll where it works, else NIO), {@code epoll} or {@code nio}
     * @return the transport to use
     * @throws IllegalArgumentException if epoll is asked for and not available here (the message says why)
     */
    static WanSocketKind choose(String setting) {
        return switch (setting.toLowerCase(Locale.ROOT)) {
            case "auto" -> Epoll.isAvailable() ? EPOLL : NIO;
            case "nio" -> NIO;
            case "epoll" -> {
                if (!Epoll.isAvailable()) {
                    throw new IllegalArgumentException("wan.io=epoll, but Netty's epoll transport is not available"
                            + " here (" + Epoll.unavailabilityCause() + "); use wan.io=auto or nio");
                }
                yield EPOLL;
            }
            default -> throw new IllegalArgumentException("wan.io must be auto, epoll or nio, not '" + setting + "'");
        };
    }

    /** @return the I/O handler of the event loop that owns the WAN socket */
    IoHandlerFactory ioHandlerFactory() {
        return this == EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    /** @return the datagram channel class of this transport (the DNS resolver of the seeds uses it too) */
    Class<? extends DatagramChannel> datagramChannelClass() {
        return this == EPOLL ? EpollDatagramChannel.class : NioDatagramChannel.class;
    }

    /** Sets the channel class and the socket options of the WAN socket. */
    Bootstrap configure(Bootstrap bootstrap) {
        // A read buffer has room for the largest datagrams (512 KiB with epoll's recvmmsg). With Netty's default
        // (adaptive) allocator, perf showed reads allocating and zeroing new direct buffers, 13 % of a receiving
        // delegate's loop at 1000 msg/s; the pooled allocator takes them from its arenas
        bootstrap.option(ChannelOption.SO_RCVBUF, SOCKET_BUFFER_BYTES)
                .option(ChannelOption.SO_SNDBUF, SOCKET_BUFFER_BYTES)
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT);
        if (this == EPOLL) {
            bootstrap.channel(EpollDatagramChannel.class)
                    .option(EpollChannelOption.MAX_DATAGRAM_PAYLOAD_SIZE, MAX_UDP_PAYLOAD_BYTES);
            if (segmentedSends()) {
                // UDP_GRO: a run of datagrams sent as one segmented send arrives whole, one slot of up to 64 KiB,
                // and the kernel neither cuts it up on the way in nor queues its datagrams one by one; Netty splits
                // it into the datagrams again, but only when it reads with recvmsg (its recvmmsg ignores the
                // segment size), so a read takes one slot: one run, or one datagram sent alone
                return bootstrap.option(EpollChannelOption.UDP_GRO, true)
                        .option(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(MAX_UDP_PAYLOAD_BYTES));
            }
            // recvmmsg: one read fills up to DATAGRAMS_PER_READ slots of the largest datagram each
            return bootstrap.option(ChannelOption.RCVBUF_ALLOCATOR,
                    new FixedRecvByteBufAllocator(MAX_UDP_PAYLOAD_BYTES * DATAGRAMS_PER_READ));
        }
        // Netty reads a datagram into 2048 bytes by default and the kernel drops the rest: read into the largest
        // UDP payload, so that any datagram a peer's max.datagram.bytes allows arrives whole
        return bootstrap.channel(NioDatagramChannel.class)
                .option(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(MAX_UDP_PAYLOAD_BYTES));
    }

    /**
     * @return whether sends may join runs of datagrams into one segmented send (UDP GSO) and reads take them whole
     *     (UDP GRO): epoll on a kernel that offers it
     */
    boolean segmentedSends() {
        return this == EPOLL && EpollDatagramChannel.isSegmentedDatagramPacketSupported();
    }

    /**
     * @param pipelineHook whether a WAN pipeline hook sits next to the socket (sends then go datagram by datagram)
     * @return how the transport batches system calls, for the start-up log
     */
    String describe(boolean pipelineHook) {
        if (this == NIO) {
            return "nio (a system call per datagram)";
        }
        if (!segmentedSends()) {
            return "epoll (sendmmsg per flush, recvmmsg up to " + DATAGRAMS_PER_READ + " datagrams)";
        }
        return pipelineHook
                ? "epoll (sendmmsg per flush, datagram by datagram for the WAN pipeline hook; runs of datagrams read"
                        + " whole: UDP GRO)"
                : "epoll (sendmmsg per flush, runs of equal datagrams to a peer as one segmented send and read whole:"
                        + " UDP GSO/GRO)";
    }
}
