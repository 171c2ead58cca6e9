package org.gcs.internal.node;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.socket.DatagramPacket;
import io.netty.channel.unix.Errors;
import io.netty.channel.unix.SegmentedDatagramPacket;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one flush's WAN datagrams to the socket, joining runs of them into one segmented send where the kernel
 * offers UDP segmentation offload (GSO, Linux's {@code UDP_SEGMENT}): a run of datagrams to the same peer, all of
 * the same length but the last, which may be shorter, leaves with one {@code sendmmsg} slot, and the kernel cuts it
 * into the datagrams on the way out (or the network card does). The peer receives the same datagrams as without
 * it; a socket with {@code UDP_GRO} on reads such a run whole with one {@code recvmsg}, and Netty hands the
 * datagrams to the pipeline one by one ({@link WanSocketKind#configure}).
 *
 * <p>A loopback delegate sending 1000-byte messages across sites spent a fifth of its loop in {@code sendmmsg}, a
 * whole pass through the IP stack per datagram (docs/performance.md, "CPU per message, round 8"); a segmented send
 * makes one pass for up to {@value #MAX_SEGMENTS} of them.
 *
 * <p>Off with NIO, and off where a WAN pipeline hook sits next to the socket: the hook sees each datagram as the
 * network would (a link emulator drops or delays datagrams, not runs of them). Datagrams longer than
 * {@value #MAX_SEGMENT_BYTES} bytes always go alone. If the kernel refuses a segmented send itself (an old kernel, a
 * device without checksum offload, a path MTU below the segments), the writer logs it once and writes datagram by
 * datagram from then on; the refused run's datagrams are lost, and the protocol repairs them as any loss. A send
 * that fails for the path's sake (no route, a firewall) leaves segmented sends on, as it would a datagram sent
 * alone. Confined to the event loop.
 */
final class WanDatagramWriter {
    private static final Logger LOG = LoggerFactory.getLogger(WanDatagramWriter.class);
    /** The most segments Linux takes in one segmented send ({@code UDP_MAX_SEGMENTS}). */
    static final int MAX_SEGMENTS = 64;
    /** The most bytes of one segmented send: the largest UDP payload over IPv4. */
    static final int MAX_RUN_BYTES = WanSocketKind.MAX_UDP_PAYLOAD_BYTES;
    /**
     * The longest datagram sent as a segment: the UDP payload of a 1500-byte Ethernet frame over IPv6 (1500 − 40 −
     * 8). The kernel refuses a segmented send whose segments exceed the route's MTU, where a datagram sent alone
     * would be fragmented by IP, so longer datagrams ({@code max.datagram.bytes} above the default 1400) go alone.
     */
    static final int MAX_SEGMENT_BYTES = 1452;

    /** Linux's EPERM (1, on every architecture), negated as Netty reports it: a firewall rule rejected the send. */
    private static final int EPERM_NEGATIVE = -1;

    private final Channel channel;
    private boolean segmenting;
    private final List<byte[]> run = new ArrayList<>(MAX_SEGMENTS);
    private InetSocketAddress runTo;
    private int runSegmentBytes;
    private int runBytes;
    private boolean runClosed;
    private long segmentedSends;

    /**
     * @param channel the WAN socket, written on its loop
     * @param segmenting whether to join runs into segmented sends (the socket is epoll's, the kernel offers GSO,
     *     and no pipeline hook needs the datagrams one by one)
     */
    WanDatagramWriter(Channel channel, boolean segmenting) {
        this.channel = channel;
        this.segmenting = segmenting;
    }

    /** Queues a datagram for {@code to}; it is written at the latest by the next {@link #flush}. */
    void write(InetSocketAddress to, byte[] datagram) {
        if (!segmenting || datagram.length > MAX_SEGMENT_BYTES) {
            writeRun();
            channel.write(single(to, datagram));
            return;
        }
        if (!joins(to, datagram.length)) {
            writeRun();
            runTo = to;
            runSegmentBytes = datagram.length;
        }
        run.add(datagram);
        runBytes += datagram.length;
        runClosed = datagram.length < runSegmentBytes;
    }

    /** Writes what is queued and flushes the socket. */
    void flush() {
        writeRun();
        channel.flush();
    }

    /** @return the segmented sends written so far (for tests) */
    long segmentedSends() {
        return segmentedSends;
    }

    private boolean joins(InetSocketAddress to, int length) {
        return !run.isEmpty() && !runClosed && to.equals(runTo) && length <= runSegmentBytes
                && run.size() < MAX_SEGMENTS && runBytes + length <= MAX_RUN_BYTES;
    }

    private void writeRun() {
        if (run.isEmpty()) {
            return;
        }
        if (run.size() == 1) {
            channel.write(single(runTo, run.get(0)));
        } else {
            ByteBuf joined = channel.alloc().directBuffer(runBytes);
            for (byte[] datagram : run) {
                joined.writeBytes(datagram);
            }
            segmentedSends++;
            int segmentBytes = runSegmentBytes;
            channel.write(new SegmentedDatagramPacket(joined, runSegmentBytes, runTo)).addListener(f -> {
                if (!f.isSuccess() && segmenting && channel.isOpen() && refusesSegments(f.cause())) {
                    segmenting = false;
                    LOG.warn("the kernel refused a segmented UDP send (GSO) of {}-byte datagrams on the WAN socket"
                            + " ({}); writing datagram by datagram from now on; the refused datagrams are repaired as"
                            + " lost ones. If the path's MTU is below the datagram size, lower max.datagram.bytes",
                            segmentBytes, f.cause().toString());
                }
            });
        }
        run.clear();
        runBytes = 0;
        runTo = null;
        runClosed = false;
    }

    /**
     * @param cause why a segmented send failed
     * @return whether the failure is the segmented send's own (an old kernel, a device without checksum offload, an
     *     MTU below the segments: EINVAL, EIO, EMSGSIZE and the like) rather than the path's, which would have failed
     *     a datagram sent alone too (no route, host unreachable, refused, or a firewall's EPERM)
     */
    static boolean refusesSegments(Throwable cause) {
        if (!(cause instanceof Errors.NativeIoException error)) {
            return false;
        }
        int negativeErrno = error.expectedErr();
        return negativeErrno != Errors.ERROR_ENETUNREACH_NEGATIVE && negativeErrno != Errors.ERROR_EHOSTUNREACH_NEGATIVE
                && negativeErrno != Errors.ERROR_ECONNREFUSED_NEGATIVE && negativeErrno != EPERM_NEGATIVE;
    }

    private static DatagramPacket single(InetSocketAddress to, byte[] datagram) {
        return new DatagramPacket(Unpooled.wrappedBuffer(datagram), to);
    }
}
