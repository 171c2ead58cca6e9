package org.gcs.jmh;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gcs.internal.wire.LanBundle;
import org.gcs.internal.wire.LanCodec;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanOutgoing;
import org.gcs.internal.wire.MalformedDatagramException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The LAN-out path's encoding of one full bundle: {@code messages} {@link LocalData} of {@code payloadBytes} each, as a
 * member's LAN-out thread sends them under load ({@code LanSender}). {@link #packInPlace} is the path since issue 37's
 * round 4: each message is written straight into its bundle ({@link LanOutgoing}). {@link #encodeThenPack} is the path
 * before it: each message encoded on its own by the event loop, then copied into the bundle.
 *
 * <p>And the receiving member's intake of that bundle ({@code LanInbox} on a JGroups receive thread): each message
 * decoded and collected into the batch that goes to the event loop. {@link #unpackPresized} is the path since round 6:
 * the batch makes room for the bundle's messages at once ({@link LanBundle.SliceConsumer#expect}); {@link
 * #unpackGrowing} the path before it, the batch's list growing step by step.
 *
 * <p>The inputs live in this state object and the bundles are returned to JMH, so neither constant folding nor
 * dead-code elimination can remove the work (the list around them is the same small cost on both paths). Run with {@code -prof gc} for the bytes allocated per bundle.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LanBundleBenchmark {

    /** Payload of each message, in bytes. */
    @Param({"1024"})
    public int payloadBytes;

    /**
     * Messages in the bundle: 30 of 1 KB fill a 32-KiB bundle, a node's largest until issue 37's round 7 (56 KiB since,
     * {@code LanOut.MAX_BUNDLE_BYTES}); the figures in docs/performance.md are per bundle of 30.
     */
    @Param({"30"})
    public int messages;

    /** The bundle size these figures were first measured at (round 4), kept so that they stay comparable. */
    private static final int MAX_BUNDLE_BYTES = 32 * 1024;

    private List<LanMessage> data;
    private byte[] bundle;

    /** Builds the messages. */
    @Setup
    public void setUp() {
        data = new ArrayList<>(messages);
        for (int i = 0; i < messages; i++) {
            data.add(new LocalData("boston-1", 1_700_000_000_001L, Traffic.GROUP, 30_865 + i,
                    1_763_683_200_123_456L, false, Traffic.payload(payloadBytes, i)));
        }
        bundle = packInPlace().get(0);
    }

    /**
     * The path before round 4: encode each message, then copy the encodings into the bundle.
     *
     * @return the datagrams (one bundle)
     */
    @Benchmark
    public List<byte[]> encodeThenPack() {
        List<byte[]> encoded = new ArrayList<>(data.size());
        for (LanMessage message : data) {
            encoded.add(LanCodec.encode(message));
        }
        return LanBundle.pack(encoded, MAX_BUNDLE_BYTES);
    }

    /**
     * The path since round 4: each message sized on the loop, written once, into its bundle.
     *
     * @return the datagrams (one bundle), the same bytes as {@link #encodeThenPack}'s
     */
    @Benchmark
    public List<byte[]> packInPlace() {
        List<LanOutgoing> outgoing = new ArrayList<>(data.size());
        for (LanMessage message : data) {
            outgoing.add(LanOutgoing.of(message));
        }
        List<byte[]> datagrams = new ArrayList<>(1);
        LanBundle.pack(outgoing, MAX_BUNDLE_BYTES, (bytes, carried) -> datagrams.add(bytes));
        return datagrams;
    }

    /**
     * The intake before round 6: a batch list of the default capacity, growing as the bundle's messages come.
     *
     * @return the batch
     * @throws MalformedDatagramException never: the bundle is well formed
     */
    @Benchmark
    public List<LanMessage> unpackGrowing() throws MalformedDatagramException {
        List<LanMessage> batch = new ArrayList<>();
        LanBundle.forEach(bundle, 0, bundle.length, (b, o, l) -> batch.add(decode(b, o, l)));
        return batch;
    }

    /**
     * The intake since round 6: the batch makes room for the bundle's messages once, when the bundle announces them.
     *
     * @return the batch
     * @throws MalformedDatagramException never: the bundle is well formed
     */
    @Benchmark
    public List<LanMessage> unpackPresized() throws MalformedDatagramException {
        ArrayList<LanMessage> batch = new ArrayList<>();
        LanBundle.forEach(bundle, 0, bundle.length, new LanBundle.SliceConsumer() {
            @Override
            public void expect(int count) {
                batch.ensureCapacity(batch.size() + count);
            }

            @Override
            public void accept(byte[] bytes, int offset, int length) {
                batch.add(decode(bytes, offset, length));
            }
        });
        return batch;
    }

    private static LanMessage decode(byte[] bytes, int offset, int length) {
        try {
            return LanCodec.decode(bytes, offset, length);
        } catch (MalformedDatagramException e) {
            throw new IllegalStateException(e);
        }
    }
}
