package org.gcs.internal.engine;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanFragment;
import org.gcs.internal.wire.WanPacket.HopData;
import org.slf4j.LoggerFactory;

/**
 * The delegate's one way out to the WAN: sends a packet whole when it fits {@code max.datagram.bytes}, and cuts a
 * larger one (a {@code SiteState} of a big site, a tree plan or link report over many sites, a long NAK) into
 * {@link WanFragment}s that each fit, so that no datagram ever exceeds the limit however large the system grows. Data
 * packets are sized to fit when their messages are fragmented and go out as they are.
 *
 * <p>A packet that would need more than {@link WanFragment#MAX_COUNT} pieces is dropped, counted and logged at ERROR
 * (with the smallest legal datagram that is over 300 KB of control state for one peer).
 *
 * <p><b>Copies keep their packet id.</b> A packet whose bytes equal one of the last {@link #REMEMBERED_SPLITS} split
 * goes out under the same packet id, to whichever delegate, so that a receiver completes it from the pieces of every
 * copy it gets ({@link FragmentReassembly} keys pieces by sender and packet id, and ignores a piece it holds). A
 * control packet that lost a piece is repeated whole: the coordinator sends its tree plan again to every site that
 * reports an older version. At 2048 sites a plan takes 35 pieces, and at 5 % loss one copy arrives whole with
 * probability 0.95^35 = 0.17; two copies under one id complete it with probability (1 − 0.05²)^35 = 0.92.
 */
final class ControlSplitter {
    private static final RateLimitedLog LOG = new RateLimitedLog(LoggerFactory.getLogger(ControlSplitter.class));
    /** How many of the packets split last a copy may share its id with. */
    static final int REMEMBERED_SPLITS = 4;

    private final EngineIo io;
    private final ProtocolMetrics metrics;
    private final int maxDatagramBytes;
    private long nextPacketId;
    /**
     * The packet ids of the last packets split, by their bytes (a wrapping buffer compares by content), least recently
     * sent first.
     */
    private final Map<ByteBuffer, Long> recentIds = new LinkedHashMap<>(REMEMBERED_SPLITS * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteBuffer, Long> eldest) {
            return size() > REMEMBERED_SPLITS;
        }
    };

    /**
     * @param io where datagrams go
     * @param metrics counts the packets split and dropped
     * @param maxDatagramBytes the largest datagram to send
     */
    ControlSplitter(EngineIo io, ProtocolMetrics metrics, int maxDatagramBytes) {
        this.io = io;
        this.metrics = metrics;
        this.maxDatagramBytes = maxDatagramBytes;
    }

    /** Sends an envelope to a delegate, in pieces if it does not fit one datagram. */
    void send(String toSite, DelegateAddress to, WanEnvelope envelope, long nowNs) {
        WanPacket packet = envelope.packet();
        if (packet instanceof Data || packet instanceof HopData || WanCodec.encodedSize(envelope) <= maxDatagramBytes) {
            io.wanSend(toSite, to, envelope);
            return;
        }
        byte[] whole = WanCodec.encodePacket(packet);
        int chunkBytes = maxDatagramBytes - WanCodec.fragmentOverheadBytes(envelope.fromSite());
        int count = (whole.length + chunkBytes - 1) / chunkBytes;
        String type = packet.getClass().getSimpleName();
        if (count > WanFragment.MAX_COUNT) {
            metrics.controlPacketTooLarge();
            LOG.error("too-large-" + type, nowNs, "dropped a {} of {} bytes to {}: more than {} datagrams of {} bytes;"
                    + " raise max.datagram.bytes", type, whole.length, to, WanFragment.MAX_COUNT, maxDatagramBytes);
            return;
        }
        long packetId = recentIds.computeIfAbsent(ByteBuffer.wrap(whole), bytes -> nextPacketId++);
        for (int i = 0; i < count; i++) {
            byte[] chunk = Arrays.copyOfRange(whole, i * chunkBytes, Math.min(whole.length, (i + 1) * chunkBytes));
            io.wanSend(toSite, to, new WanEnvelope(envelope.fromSite(), envelope.fromTerm(),
                    new WanFragment(packetId, i, count, chunk)));
        }
        metrics.controlPacketSplit();
        LOG.info("split-" + type, nowNs, "sent a {} of {} bytes to {} in {} pieces: it is larger than max.datagram.bytes"
                + " ({}); a lost piece loses the whole packet until it is repeated, so raise max.datagram.bytes if the"
                + " path carries larger datagrams", type, whole.length, to, count, maxDatagramBytes);
    }
}
