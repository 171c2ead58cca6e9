package org.gcs.internal.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.DatagramPacket;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.ReplayGuard;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanReceiver;
import org.gcs.metrics.NodeMetrics;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** The WAN inbound handler under Netty's {@link EmbeddedChannel}: what reaches the engine and what is dropped. */
class WanInboundHandlerTest {
    private static final byte[] KEY = "wan-inbound-handler-test-key-0123456789".getBytes(StandardCharsets.UTF_8);
    private static final InetSocketAddress SELF = new InetSocketAddress("127.0.0.1", 7000);
    private static final InetSocketAddress PEER = new InetSocketAddress("127.0.0.1", 7100);

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final NodeMetrics metrics = new NodeMetrics(registry, "a", "a1");
    private final WanCodec peerCodec = new WanCodec(KEY);
    private final List<Received> received = new ArrayList<>();

    private record Received(DelegateAddress from, WanEnvelope envelope) {
    }

    @AfterEach
    void closeMetrics() {
        metrics.close();
    }

    @Test
    void shouldHandAValidSealedDatagramToTheEngineWithItsSender() {
        EmbeddedChannel channel = channel((from, envelope, addressed, nowNs) -> received.add(new Received(from, envelope)));
        WanEnvelope sync = sync(1);
        DatagramPacket packet = packet(seal(peerCodec, sync));

        channel.writeInbound(packet);

        assertThat(received).containsExactly(new Received(new DelegateAddress("127.0.0.1", 7100), sync));
        assertThat(count("gcs.wan.datagrams.received")).isEqualTo(1);
        assertThat(droppedTotal()).isZero();
        assertThat(packet.refCnt()).as("the datagram's buffer is released").isZero();
        assertThat((Object) channel.readInbound()).as("nothing passes further down the pipeline").isNull();
    }

    @Test
    void shouldCountAndDropTruncatedGarbageReplayedForgedAndStaleDatagramsWithoutReachingTheEngine() {
        EmbeddedChannel channel = channel((from, envelope, addressed, nowNs) -> received.add(new Received(from, envelope)));
        byte[] valid = seal(peerCodec, sync(1));
        channel.writeInbound(packet(valid));
        received.clear();

        List<DatagramPacket> bad = List.of(
                packet(Arrays.copyOf(valid, valid.length - 7)),
                packet(new byte[0]),
                packet("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII)),
                packet(valid), // the same datagram again: a replay
                packet(seal(new WanCodec("another-cluster-key-0123456789abcdef".getBytes(StandardCharsets.UTF_8)),
                        sync(2))),
                packet(peerCodec.encode(sync(3), 0))); // sent at the epoch: far older than the replay bound
        for (DatagramPacket packet : bad) {
            channel.writeInbound(packet);
        }

        assertThat(received).as("nothing reached the engine").isEmpty();
        assertThat(dropped("truncated")).isEqualTo(2);
        assertThat(dropped("bad-magic")).isEqualTo(1);
        assertThat(dropped("replayed")).isEqualTo(1);
        assertThat(dropped("bad-hmac")).isEqualTo(1);
        assertThat(dropped("stale-time")).isEqualTo(1);
        assertThat(count("gcs.wan.datagrams.received")).isEqualTo(1 + bad.size());
        assertThat(bad).allSatisfy(packet -> assertThat(packet.refCnt()).isZero());
        assertThat(channel.isOpen()).isTrue();
        assertThatCode(channel::checkException).doesNotThrowAnyException();
    }

    @Test
    void shouldDropADatagramAddressedToAnotherSiteAndTellTheEngineWhetherOneWasAddressedToThisSite() {
        List<Boolean> addressedFlags = new ArrayList<>();
        EmbeddedChannel channel = channel((from, envelope, addressed, nowNs) -> {
            received.add(new Received(from, envelope));
            addressedFlags.add(addressed);
            return addressed;
        });
        long now = System.currentTimeMillis();

        channel.writeInbound(packet(peerCodec.encode(sync(1), "elsewhere", now))); // copied from another link
        channel.writeInbound(packet(peerCodec.encode(sync(2), "here", now)));
        channel.writeInbound(packet(peerCodec.encode(sync(3), null, now))); // to a seed: the sender knows no site

        assertThat(dropped("wrong-destination")).isEqualTo(1);
        assertThat(received).extracting(Received::envelope).containsExactly(sync(2), sync(3));
        assertThat(addressedFlags).containsExactly(true, false);
    }

    @Test
    void shouldKeepTheChannelReadingWhenTheEngineThrows() {
        EmbeddedChannel channel = channel((from, envelope, addressed, nowNs) -> {
            received.add(new Received(from, envelope));
            if (received.size() == 1) {
                throw new IllegalStateException("engine failed on its first datagram");
            }
            return true;
        });

        channel.writeInbound(packet(seal(peerCodec, sync(1))));
        assertThatCode(channel::checkException).as("the handler took the failure").doesNotThrowAnyException();
        channel.writeInbound(packet(seal(peerCodec, sync(2))));

        assertThat(received).extracting(Received::envelope).containsExactly(sync(1), sync(2));
        assertThat(channel.isOpen()).isTrue();
        assertThat(channel.isActive()).isTrue();
        assertThat(droppedTotal()).isZero();
    }

    private EmbeddedChannel channel(WanInboundHandler.Target target) {
        WanReceiver receiver = new WanReceiver(new WanCodec(KEY),
                new ReplayGuard(Duration.ofSeconds(60).toMillis(), ReplayGuard.DEFAULT_MAX_SENDERS), "here");
        return new EmbeddedChannel(new WanInboundHandler(receiver, target, metrics,
                new RateLimitedLog(LoggerFactory.getLogger(WanInboundHandlerTest.class))));
    }

    /** @return the envelope sealed as a peer sends it, stamped with the wall clock */
    private static byte[] seal(WanCodec codec, WanEnvelope envelope) {
        return codec.encode(envelope, System.currentTimeMillis());
    }

    private static WanEnvelope sync(long epoch) {
        return new WanEnvelope("b", 1, new WanPacket.Sync("b", "g", epoch, 1, 0));
    }

    private static DatagramPacket packet(byte[] bytes) {
        return new DatagramPacket(Unpooled.buffer(bytes.length).writeBytes(bytes), SELF, PEER); // counted even when empty
    }

    private double dropped(String reason) {
        Counter counter = registry.find("gcs.wan.datagrams.dropped").tag("reason", reason).counter();
        return counter == null ? 0 : counter.count();
    }

    private double droppedTotal() {
        return registry.find("gcs.wan.datagrams.dropped").counters().stream().mapToDouble(Counter::count).sum();
    }

    private double count(String name) {
        return registry.get(name).counter().count();
    }
}
