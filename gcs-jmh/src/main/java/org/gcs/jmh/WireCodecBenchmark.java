package org.gcs.jmh;

import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.SecretKeySpec;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.tfrc.TfrcControl;
import org.gcs.cc.tfrc.TfrcReport;
import org.gcs.internal.flow.ControlBlocks;
import org.gcs.internal.wire.ControlBlock;
import org.gcs.internal.wire.LanCodec;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.RemoteData;
import org.gcs.internal.wire.MalformedDatagramException;
import org.gcs.ClusterKeys;
import org.gcs.WanProtection;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket.Ack;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The wire codecs, per message: {@link WanCodec} encoding (sealed with AES-256-GCM, or tagged with AES-256-GMAC in
 * the integrity mode: {@code protection}) and decoding (with the tag check) of a data datagram and of an
 * acknowledgement, {@link LanCodec} of the {@link RemoteData} a receiving
 * delegate multicasts in its site for every message it releases, and the bare tag over a data datagram, which
 * shows what the tag costs of the whole: GMAC as the integrity mode computes it, and HMAC-SHA256 as it did before
 * 2026-12.
 *
 * <p>The inputs live in this state object (not in constants), and every result is returned to JMH, so neither
 * constant folding nor dead-code elimination can remove the work.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class WireCodecBenchmark {

    /** Payload of the data datagram and of the LAN message, in bytes. */
    @Param({"1024"})
    public int payloadBytes;

    /** The WAN protection mode ({@code wan.protection}): {@code aes-gcm} (the default) or {@code integrity}. */
    @Param({"aes-gcm", "integrity"})
    public String protection;

    private WanCodec codec;
    private Mac mac;
    private byte[] macOut;
    private javax.crypto.Cipher gmac;
    private SecretKeySpec gmacKey;
    private final byte[] gmacNonce = new byte[12];
    private final byte[] gmacTag = new byte[16];
    private long gmacPacketNumber;
    private WanEnvelope dataEnvelope;
    private WanEnvelope ackEnvelope;
    private byte[] dataDatagram;
    private byte[] ackDatagram;
    private RemoteData remoteData;
    private byte[] remoteDataBytes;

    /** Builds the codec, the messages and their encoded forms. */
    @Setup
    public void setUp() throws Exception {
        codec = new WanCodec(ClusterKeys.single(Traffic.clusterKey()), WanProtection.parse(protection),
                0x5eed_1234_5678_9abcL);
        mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Traffic.clusterKey(), "HmacSHA256"));
        macOut = new byte[mac.getMacLength()];
        gmac = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding");
        gmacKey = new SecretKeySpec(java.util.Arrays.copyOf(Traffic.clusterKey(), 32), "AES");
        byte[] payload = Traffic.payload(payloadBytes, 7);
        dataEnvelope = new WanEnvelope(Traffic.SOURCE_SITE, Traffic.TERM,
                Traffic.data(123_457, 8_812_345_678_901L, payload));
        byte[] report = new ControlBlocks(new TfrcControl(CcSettings.DEFAULTS), reason -> {
        }).encodeFeedback(new TfrcReport(1_875_000, 1_190_000, 0.0084, 1120)).body();
        ackEnvelope = new WanEnvelope(Traffic.RECEIVER_SITE, 5, new Ack(Traffic.SOURCE_SITE, Traffic.GROUP,
                Traffic.TERM, 123_400, 8_812_301_000_000L, 1_250_000, new ControlBlock(TfrcControl.WIRE_TAG, report)));
        dataDatagram = codec.encode(dataEnvelope);
        ackDatagram = codec.encode(ackEnvelope);
        remoteData = new RemoteData(Traffic.SOURCE_SITE, "boston-1", 1_700_000_000_001L, Traffic.GROUP, 30_865,
                1_763_683_200_123_456L, payload);
        remoteDataBytes = LanCodec.encode(remoteData);
    }

    /** @return a signed data datagram of {@code payloadBytes} of payload */
    @Benchmark
    public byte[] wanEncodeData() {
        return codec.encode(dataEnvelope);
    }

    /** @return the data datagram, authenticated and parsed */
    @Benchmark
    public WanEnvelope wanDecodeData() throws MalformedDatagramException {
        return codec.decode(dataDatagram, 0, dataDatagram.length);
    }

    /** @return a signed acknowledgement datagram */
    @Benchmark
    public byte[] wanEncodeAck() {
        return codec.encode(ackEnvelope);
    }

    /** @return the acknowledgement, authenticated and parsed */
    @Benchmark
    public WanEnvelope wanDecodeAck() throws MalformedDatagramException {
        return codec.decode(ackDatagram, 0, ackDatagram.length);
    }

    /** @return the HMAC-SHA256 over the data datagram's tagged bytes, as the integrity mode computed it before 2026-12 */
    @Benchmark
    public byte[] hmacOfData() throws ShortBufferException {
        mac.update(dataDatagram, 0, dataDatagram.length - WanCodec.MAC_BYTES);
        mac.doFinal(macOut, 0);
        return macOut;
    }

    /**
     * @return the GMAC tag over the data datagram's tagged bytes, as the integrity mode computes it (no parsing): AES-GCM
     *     with them as additional data and nothing to encrypt, a fresh nonce each time as a sender uses
     */
    @Benchmark
    public byte[] gmacOfData() throws java.security.GeneralSecurityException {
        long n = ++gmacPacketNumber;
        for (int i = 0; i < 8; i++) {
            gmacNonce[4 + i] = (byte) (n >>> (56 - 8 * i));
        }
        gmac.init(javax.crypto.Cipher.ENCRYPT_MODE, gmacKey, new javax.crypto.spec.GCMParameterSpec(128, gmacNonce));
        gmac.updateAAD(dataDatagram, 0, dataDatagram.length - WanCodec.MAC_BYTES);
        gmac.doFinal(dataDatagram, 0, 0, gmacTag, 0);
        return gmacTag;
    }

    /** @return the LAN message a receiving delegate multicasts for a released message */
    @Benchmark
    public byte[] lanEncodeRemoteData() {
        return LanCodec.encode(remoteData);
    }

    /** @return the LAN message, parsed as a member does */
    @Benchmark
    public LanMessage lanDecodeRemoteData() throws MalformedDatagramException {
        return LanCodec.decode(remoteDataBytes, 0, remoteDataBytes.length);
    }
}
