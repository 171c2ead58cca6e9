package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.unix.Errors;
import io.netty.channel.unix.SegmentedDatagramPacket;
import io.netty.channel.socket.DatagramPacket;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gcs.MemberId;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link WanDatagramWriter} on real epoll sockets on loopback: whatever runs it joins into segmented sends (UDP GSO),
 * the receiving socket (configured as {@link WanSocketKind#configure} does) gets exactly the datagrams written,
 * byte for byte and in order.
 */
class WanDatagramWriterTest {
    private final List<NodeLoop> loops = new ArrayList<>();
    private final List<Channel> channels = new ArrayList<>();

    @AfterEach
    void close() {
        channels.forEach(c -> c.close().awaitUninterruptibly());
        loops.forEach(NodeLoop::shutdown);
    }

    @Test
    void runsOfEqualDatagramsArriveAsTheDatagramsWritten() throws Exception {
        assumeThat(WanSocketKind.EPOLL.segmentedSends()).as("epoll with UDP GSO on this kernel").isTrue();
        List<byte[]> received = new CopyOnWriteArrayList<>();
        Channel receiver = bind("b", received);
        Channel sender = bind("a", new CopyOnWriteArrayList<>());
        InetSocketAddress to = new InetSocketAddress("127.0.0.1", ((InetSocketAddress) receiver.localAddress()).getPort());
        WanDatagramWriter writer = new WanDatagramWriter(sender, true);

        Random random = new Random(7);
        List<byte[]> sent = new ArrayList<>();
        // a run of 100 equal datagrams (two segmented sends: at most 64 segments and 65 507 bytes each), a shorter
        // one that ends a run, a longer one that starts the next, lone and tiny datagrams
        int[] lengths = new int[130];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = i < 100 ? 1400 : i == 100 ? 700 : i == 101 ? 1400 : i < 110 ? 1200 : 17 + random.nextInt(1500);
        }
        sender.eventLoop().submit(() -> {
            for (int length : lengths) {
                byte[] datagram = new byte[length];
                random.nextBytes(datagram);
                sent.add(datagram);
                writer.write(to, datagram);
            }
            writer.flush();
        }).sync();

        await().atMost(Duration.ofSeconds(10)).until(() -> received.size() >= sent.size());
        assertThat(received).hasSize(sent.size());
        for (int i = 0; i < sent.size(); i++) {
            assertThat(received.get(i)).as("datagram %d", i).isEqualTo(sent.get(i));
        }
        assertThat(writer.segmentedSends()).as("segmented sends").isGreaterThanOrEqualTo(3);
    }

    @Test
    void datagramsLongerThanAnEthernetSegmentGoAlone() {
        EmbeddedChannel channel = new EmbeddedChannel();
        WanDatagramWriter writer = new WanDatagramWriter(channel, true);
        InetSocketAddress to = new InetSocketAddress("127.0.0.1", 7700);
        for (int i = 0; i < 3; i++) {
            writer.write(to, new byte[WanDatagramWriter.MAX_SEGMENT_BYTES + 1]);
        }
        for (int i = 0; i < 3; i++) {
            writer.write(to, new byte[WanDatagramWriter.MAX_SEGMENT_BYTES]);
        }
        writer.flush();
        List<Object> written = drain(channel);
        assertThat(written).hasSize(4);
        assertThat(written.subList(0, 3)).allMatch(m -> !(m instanceof SegmentedDatagramPacket));
        assertThat(written.get(3)).isInstanceOfSatisfying(SegmentedDatagramPacket.class,
                p -> assertThat(p.segmentSize()).isEqualTo(WanDatagramWriter.MAX_SEGMENT_BYTES));
        channel.finishAndReleaseAll();
    }

    @Test
    void aSegmentedSendTheKernelRefusesTurnsSegmentingOffAndAFailedPathDoesNot() {
        assumeThat(Epoll.isAvailable()).as("Netty's native library, which defines the errno values").isTrue();
        InetSocketAddress to = new InetSocketAddress("127.0.0.1", 7700);
        // the path's failure (no route): the next flush still segments
        EmbeddedChannel unreachable = new EmbeddedChannel(failSegmented(Errors.ERROR_ENETUNREACH_NEGATIVE));
        WanDatagramWriter afterPathFailure = new WanDatagramWriter(unreachable, true);
        writeTwoRuns(afterPathFailure, to);
        assertThat(afterPathFailure.segmentedSends()).isEqualTo(2);
        unreachable.finishAndReleaseAll();

        // the kernel refuses the segmented send itself (EINVAL): the next flush writes datagram by datagram
        EmbeddedChannel refusing = new EmbeddedChannel(failSegmented(-22));
        WanDatagramWriter afterRefusal = new WanDatagramWriter(refusing, true);
        writeTwoRuns(afterRefusal, to);
        assertThat(afterRefusal.segmentedSends()).isEqualTo(1);
        List<Object> written = drain(refusing);
        assertThat(written).hasSize(3).noneMatch(m -> m instanceof SegmentedDatagramPacket);
        refusing.finishAndReleaseAll();

        assertThat(WanDatagramWriter.refusesSegments(new java.io.IOException("not native"))).isFalse();
    }

    private static void writeTwoRuns(WanDatagramWriter writer, InetSocketAddress to) {
        for (int flush = 0; flush < 2; flush++) {
            for (int i = 0; i < 3; i++) {
                writer.write(to, new byte[1400]);
            }
            writer.flush();
        }
    }

    /** An outbound handler that fails every segmented send as the kernel would, with {@code negativeErrno}. */
    private static ChannelOutboundHandlerAdapter failSegmented(int negativeErrno) {
        return new ChannelOutboundHandlerAdapter() {
            @Override
            public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
                if (msg instanceof SegmentedDatagramPacket packet) {
                    packet.release();
                    promise.setFailure(new Errors.NativeIoException("sendmmsg", negativeErrno));
                } else {
                    ctx.write(msg, promise);
                }
            }
        };
    }

    private static List<Object> drain(EmbeddedChannel channel) {
        List<Object> written = new ArrayList<>();
        for (Object m = channel.readOutbound(); m != null; m = channel.readOutbound()) {
            written.add(m);
        }
        return written;
    }

    private Channel bind(String name, List<byte[]> received) throws InterruptedException {
        NodeLoop loop = new NodeLoop(new MemberId("site-" + name, name), WanSocketKind.EPOLL);
        loops.add(loop);
        Channel channel = WanSocketKind.EPOLL.configure(new Bootstrap().group(loop.group()))
                .handler(new SimpleChannelInboundHandler<DatagramPacket>() {
                    @Override
                    protected void channelRead0(ChannelHandlerContext ctx, DatagramPacket packet) {
                        received.add(ByteBufUtil.getBytes(packet.content()));
                    }
                })
                .bind("127.0.0.1", 0).sync().channel();
        channels.add(channel);
        return channel;
    }
}
