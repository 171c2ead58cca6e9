package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.MalformedDatagramException;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanFragment;
import org.slf4j.LoggerFactory;

/**
 * Puts the {@link WanFragment}s of a split control packet back together ({@link ControlSplitter} cut it). Pieces are
 * kept per sending delegate (site, term, address) and packet number; a packet is handed on once every piece came.
 *
 * <p>Bounded: at most {@link #MAX_PARTIAL_PER_SENDER} packets in progress per delegate (a newer one pushes out the
 * oldest: control packets repeat, so a packet that lost a piece is superseded by the next), at most
 * {@link #MAX_BUFFERED_BYTES} bytes in all, and a packet not complete within the timeout is forgotten. Each packet
 * given up is counted ({@code reason=fragment-incomplete}) and logged at WARN, rate-limited.
 */
final class FragmentReassembly {
    /** Packets in progress per sending delegate. */
    static final int MAX_PARTIAL_PER_SENDER = 4;
    /** Bytes of pieces kept in all. */
    static final int MAX_BUFFERED_BYTES = 4 << 20;
    private static final RateLimitedLog LOG = new RateLimitedLog(LoggerFactory.getLogger(FragmentReassembly.class));

    private final ProtocolMetrics metrics;
    private final long timeoutNs;
    private final Map<Key, Partial> partials = new LinkedHashMap<>();
    private long bufferedBytes;

    /**
     * @param metrics counts packets given up and malformed ones
     * @param timeoutNs how long the pieces of one packet may take
     */
    FragmentReassembly(ProtocolMetrics metrics, long timeoutNs) {
        this.metrics = metrics;
        this.timeoutNs = timeoutNs;
    }

    /**
     * @param from the address the piece came from
     * @param envelope the piece's envelope (its site and term name the sender)
     * @return the whole packet once its last piece came, else empty
     */
    Optional<WanPacket> offer(DelegateAddress from, WanEnvelope envelope, long nowNs) {
        WanFragment piece = (WanFragment) envelope.packet();
        Key key = new Key(envelope.fromSite(), envelope.fromTerm(), from, piece.packetId());
        Partial partial = partials.get(key);
        if (partial == null) {
            makeRoomFor(key, piece.chunk().length * piece.count(), nowNs);
            partial = new Partial(piece.count(), nowNs);
            partials.put(key, partial);
        } else if (partial.chunks.length != piece.count()) {
            metrics.wanDropped(DropReason.MALFORMED);
            return Optional.empty();
        }
        if (partial.chunks[piece.index()] != null) {
            return Optional.empty(); // a duplicate piece
        }
        partial.chunks[piece.index()] = piece.chunk();
        partial.received++;
        partial.bytes += piece.chunk().length;
        bufferedBytes += piece.chunk().length;
        if (partial.received < partial.chunks.length) {
            return Optional.empty();
        }
        remove(key);
        byte[] whole = new byte[partial.bytes];
        int at = 0;
        for (byte[] chunk : partial.chunks) {
            System.arraycopy(chunk, 0, whole, at, chunk.length);
            at += chunk.length;
        }
        try {
            return Optional.of(WanCodec.decodePacket(whole));
        } catch (MalformedDatagramException e) {
            metrics.wanDropped(e.reason());
            return Optional.empty();
        }
    }

    /** Forgets the packets whose pieces took longer than the timeout. */
    void expire(long nowNs) {
        List<Key> late = new ArrayList<>();
        for (Map.Entry<Key, Partial> e : partials.entrySet()) {
            if (nowNs - e.getValue().startedNs > timeoutNs) {
                late.add(e.getKey());
            }
        }
        for (Key key : late) {
            giveUp(key, nowNs, "a piece did not come in time");
        }
    }

    /** @return packets waiting for pieces */
    int inProgress() {
        return partials.size();
    }

    private void makeRoomFor(Key key, long expectedBytes, long nowNs) {
        int fromSender = 0;
        Key oldestOfSender = null;
        for (Key k : partials.keySet()) {
            if (k.sameSender(key)) {
                fromSender++;
                if (oldestOfSender == null) {
                    oldestOfSender = k;
                }
            }
        }
        if (fromSender >= MAX_PARTIAL_PER_SENDER) {
            giveUp(oldestOfSender, nowNs, "newer packets came before its last piece");
        }
        Iterator<Key> oldest = new ArrayList<>(partials.keySet()).iterator();
        while (bufferedBytes + expectedBytes > MAX_BUFFERED_BYTES && oldest.hasNext()) {
            giveUp(oldest.next(), nowNs, "too many bytes of split packets in progress");
        }
    }

    private void giveUp(Key key, long nowNs, String why) {
        Partial partial = remove(key);
        metrics.wanDropped(DropReason.FRAGMENT_INCOMPLETE);
        LOG.warn("incomplete-" + key.site(), nowNs, "gave up a control packet split in {} pieces from site {} at {}"
                + " ({} came): {}", partial.chunks.length, key.site(), key.from(), partial.received, why);
    }

    private Partial remove(Key key) {
        Partial partial = partials.remove(key);
        bufferedBytes -= partial.bytes;
        return partial;
    }

    private record Key(String site, long term, DelegateAddress from, long packetId) {
        boolean sameSender(Key other) {
            return site.equals(other.site) && term == other.term && from.equals(other.from);
        }
    }

    private static final class Partial {
        final byte[][] chunks;
        final long startedNs;
        int received;
        int bytes;

        Partial(int count, long startedNs) {
            this.chunks = new byte[count][];
            this.startedNs = startedNs;
        }
    }
}
