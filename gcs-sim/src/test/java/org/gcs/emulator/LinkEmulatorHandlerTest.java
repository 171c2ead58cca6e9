package org.gcs.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.DatagramPacket;
import io.netty.util.concurrent.MockTicker;
import io.netty.util.concurrent.Ticker;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LinkEmulatorHandlerTest {

    private static final long MS = 1_000_000L;
    private static final long US = 1_000L;

    private static final InetSocketAddress SELF = peer(7000);
    private static final InetSocketAddress NEAR = peer(7001);
    private static final InetSocketAddress LOSSY = peer(7002);
    private static final InetSocketAddress NARROW = peer(7003);
    private static final InetSocketAddress JITTERY = peer(7004);
    private static final InetSocketAddress IDEAL = peer(7005);
    private static final InetSocketAddress ONE_WAY = peer(7006);
    private static final InetSocketAddress SAME_SITE = peer(7007);
    private static final InetSocketAddress STRANGER = peer(7099);

    /** Everything from "here"; "oneway" only has a link towards "here", not from it. */
    private static final Topology TOPOLOGY = Topology.builder("test")
            .site("here").site("near").site("lossy").site("narrow").site("jittery").site("ideal").site("oneway")
            .link("here", "near", LinkProfile.IDEAL.withOneWayDelayNs(50 * MS))
            .link("here", "lossy", LinkProfile.IDEAL.withLoss(LossProfile.bernoulli(Math.nextDown(1.0))))
            .link("here", "narrow", LinkProfile.IDEAL.withBandwidthBitsPerSec(8_000_000).withQueueBytes(1000))
            .link("here", "jittery", LinkProfile.IDEAL.withOneWayDelayNs(10 * MS).withJitterNs(10 * MS))
            .link("here", "ideal", LinkProfile.IDEAL)
            .link("oneway", "here", LinkProfile.IDEAL.withOneWayDelayNs(MS))
            .build();

    private static final PeerSiteResolver SITES = PeerSiteResolver.fromMap(Map.of(
            NEAR, "near", LOSSY, "lossy", NARROW, "narrow", JITTERY, "jittery", IDEAL, "ideal", ONE_WAY, "oneway",
            SAME_SITE, "here"));

    private MockTicker ticker;
    private LinkEmulatorHandler handler;
    private EmbeddedChannel channel;

    @BeforeEach
    void setUp() {
        ticker = Ticker.newMockTicker();
        handler = new LinkEmulatorHandler("here", TOPOLOGY, SITES, 42L);
        channel = EmbeddedChannel.builder().ticker(ticker).handlers(handler).build();
    }

    @AfterEach
    void tearDown() {
        channel.finishAndReleaseAll();
    }

    @Test
    void shouldHoldAPacketForTheLinkDelay() {
        DatagramPacket packet = packet(NEAR, "hello");

        ChannelFuture written = channel.writeAndFlush(packet);
        advance(50 * MS - 1);

        assertThat(nextOutbound()).isNull();
        assertThat(written.isDone()).isFalse();

        advance(1);

        DatagramPacket delivered = channel.readOutbound();
        assertThat(delivered).isSameAs(packet);
        assertThat(written.isSuccess()).isTrue();
        assertThat(handler.delayed()).isEqualTo(1);
        assertThat(delivered.release()).isTrue();
    }

    @Test
    void shouldDropEverythingOnATotallyLossyLinkAndSucceedThePromises() {
        List<DatagramPacket> packets = new ArrayList<>();
        List<ChannelFuture> futures = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            DatagramPacket packet = packet(LOSSY, "lost " + i);
            packets.add(packet);
            futures.add(channel.writeAndFlush(packet));
            advance(US);
        }
        advance(10_000 * MS);

        assertThat(nextOutbound()).isNull();
        assertThat(futures).allSatisfy(future -> assertThat(future.isSuccess()).isTrue());
        assertThat(packets).allSatisfy(packet -> assertThat(packet.refCnt()).isZero());
        assertThat(handler.droppedByLoss()).isEqualTo(100);
        assertThat(handler.droppedByQueue()).isZero();
    }

    @Test
    void shouldDropTheOverflowOfAFullQueue() {
        // 8 Mbps: 1000 bytes take 1 ms; the 1000-byte queue holds one such packet
        DatagramPacket first = packet(NARROW, 1000);
        List<DatagramPacket> overflow = new ArrayList<>();
        channel.writeAndFlush(first);
        for (int i = 0; i < 4; i++) {
            DatagramPacket packet = packet(NARROW, 1000);
            overflow.add(packet);
            assertThat(channel.writeAndFlush(packet).isSuccess()).isTrue();
        }

        assertThat(handler.droppedByQueue()).isEqualTo(4);
        assertThat(overflow).allSatisfy(packet -> assertThat(packet.refCnt()).isZero());
        assertThat(nextOutbound()).isNull();

        advance(MS);

        assertThat(nextOutbound()).isSameAs(first);
        assertThat(first.release()).isTrue();
    }

    @Test
    void shouldPassUnknownPeersThroughAtOnce() {
        DatagramPacket stranger = packet(STRANGER, "who?");
        DatagramPacket sameSite = packet(SAME_SITE, "neighbour");
        DatagramPacket noLinkFromHere = packet(ONE_WAY, "no link in this direction");

        ChannelFuture future = channel.writeAndFlush(stranger);
        channel.writeAndFlush(sameSite);
        channel.writeAndFlush(noLinkFromHere);

        assertThat(future.isSuccess()).isTrue();
        assertThat(nextOutbound()).isSameAs(stranger);
        assertThat(nextOutbound()).isSameAs(sameSite);
        assertThat(nextOutbound()).isSameAs(noLinkFromHere);
        assertThat(handler.passedThrough()).isEqualTo(3);
        assertThat(handler.delayed()).isZero();
        assertThat(stranger.release()).isTrue();
        assertThat(sameSite.release()).isTrue();
        assertThat(noLinkFromHere.release()).isTrue();
    }

    @Test
    void shouldPassOtherMessagesThrough() {
        ByteBuf raw = Unpooled.copiedBuffer("not a datagram", StandardCharsets.UTF_8);

        channel.writeAndFlush(raw);

        assertThat(nextOutbound()).isSameAs(raw);
        assertThat(raw.release()).isTrue();
    }

    @Test
    void shouldWriteAtOnceOverAnIdealLink() {
        DatagramPacket packet = packet(IDEAL, "instant");

        channel.writeAndFlush(packet);

        assertThat(nextOutbound()).isSameAs(packet);
        assertThat(handler.delayed()).isZero();
        assertThat(packet.release()).isTrue();
    }

    @Test
    void shouldKeepTheSendingOrderDespiteJitter() {
        for (int i = 0; i < 200; i++) {
            channel.writeAndFlush(packet(JITTERY, String.format("%03d", i)));
            advance(100 * US);
        }
        advance(100 * MS);

        List<String> received = new ArrayList<>();
        for (DatagramPacket out = channel.readOutbound(); out != null; out = channel.readOutbound()) {
            received.add(out.content().toString(StandardCharsets.UTF_8));
            assertThat(out.release()).isTrue();
        }
        assertThat(received).hasSize(200).isSorted();
    }

    @Test
    void shouldNotLetADuePacketOvertakeHeldOnes() {
        // the first packet waits 1 ms for the bottleneck; an empty packet needs no transmission time and
        // would be due at once, but must stay behind the first one
        DatagramPacket first = packet(NARROW, 1000);
        DatagramPacket empty = packet(NARROW, 0);
        channel.writeAndFlush(first);
        ticker.advance(5, TimeUnit.MILLISECONDS); // the clock moves on but the loop has not run the timer yet

        channel.writeAndFlush(empty);
        channel.runPendingTasks();

        assertThat(nextOutbound()).isSameAs(first);
        assertThat(nextOutbound()).isSameAs(empty);
        assertThat(first.release()).isTrue();
        assertThat(empty.release()).isTrue();
    }

    @Test
    void shouldReleaseHeldPacketsAndFailTheirPromisesWhenRemoved() {
        DatagramPacket packet = packet(NEAR, "too late");
        ChannelFuture future = channel.writeAndFlush(packet);

        channel.pipeline().remove(handler);

        assertThat(packet.refCnt()).isZero();
        assertThat(future.isDone()).isTrue();
        assertThat(future.cause()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("before this datagram's arrival time");
        advance(100 * MS);
        assertThat(nextOutbound()).isNull();
    }

    @Test
    void shouldReleaseHeldPacketsWhenTheChannelCloses() {
        DatagramPacket packet = packet(NEAR, "closing");
        channel.writeAndFlush(packet);

        channel.close();
        channel.runPendingTasks();

        assertThat(packet.refCnt()).isZero();
    }

    @Test
    void shouldGiveTheLinksTheTopologysCrossTraffic() {
        // 8 Mb/s: 1000 bytes take 1 ms; the cross stream sends 1000 bytes every 2 ms from the first packet on
        LinkProfile narrow = LinkProfile.IDEAL.withBandwidthBitsPerSec(8_000_000).withQueueBytes(100_000);
        Topology crossed = Topology.builder("crossed").site("here").site("near")
                .link("here", "near", narrow)
                .crossTraffic(new CrossTraffic("here", "near", 4_000_000, 1_000 * MS, 0, 1000, true))
                .build();
        LinkEmulatorHandler emulator = new LinkEmulatorHandler("here", crossed, SITES, 42L);
        EmbeddedChannel crossedChannel = EmbeddedChannel.builder().ticker(ticker).handlers(emulator).build();
        try {
            DatagramPacket packet = packet(NEAR, 1000);
            crossedChannel.writeAndFlush(packet);
            ticker.advance(2 * MS - 1, TimeUnit.NANOSECONDS);
            crossedChannel.runPendingTasks();
            assertThat((Object) crossedChannel.readOutbound()).as("behind the cross packet sent at 0").isNull();

            ticker.advance(1, TimeUnit.NANOSECONDS);
            crossedChannel.runPendingTasks();

            assertThat((Object) crossedChannel.readOutbound()).isSameAs(packet);
            assertThat(emulator.linkTo("near").orElseThrow().crossPacketsAdmitted()).isEqualTo(1);
            assertThat(packet.release()).isTrue();
        } finally {
            crossedChannel.finishAndReleaseAll();
        }
    }

    @Test
    void shouldRejectALocalSiteOutsideTheTopology() {
        assertThatThrownBy(() -> new LinkEmulatorHandler("mars", TOPOLOGY, SITES, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("local site 'mars'").hasMessageContaining("here, near");
    }

    @Test
    void shouldNotBeSharable() {
        assertThat(handler.isSharable()).isFalse();
    }

    private Object nextOutbound() {
        return channel.readOutbound();
    }

    private void advance(long nanos) {
        ticker.advance(nanos, TimeUnit.NANOSECONDS);
        channel.runPendingTasks();
    }

    private static DatagramPacket packet(InetSocketAddress recipient, String text) {
        return new DatagramPacket(Unpooled.copiedBuffer(text, StandardCharsets.UTF_8), recipient, SELF);
    }

    private static DatagramPacket packet(InetSocketAddress recipient, int sizeBytes) {
        return new DatagramPacket(Unpooled.buffer(sizeBytes).writeZero(sizeBytes), recipient, SELF);
    }

    private static InetSocketAddress peer(int port) {
        return new InetSocketAddress("127.0.0.1", port);
    }
}
