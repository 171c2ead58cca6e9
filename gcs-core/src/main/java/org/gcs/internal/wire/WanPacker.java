package org.gcs.internal.wire;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gcs.internal.wire.WanBatch;

/**
 * Packs the WAN packets a node produces for one peer in one turn of its event loop into as few datagrams as fit
 * {@code maxDatagramBytes}: one header, one packet number and one authentication tag per datagram instead of per
 * packet ({@link WanBatch}), and one socket write for each. The driver {@link #add}s what the engine sends and
 * {@link #flush}es when its loop has nothing more to do for the moment (Netty: after the loop iteration), so packing
 * adds no delay: at low load every flush holds one packet, which leaves alone, exactly as without packing.
 *
 * <p>Packets keep their order per peer. Only consecutive packets with the same sending site and term share a
 * datagram (the header carries them once). A packet too large to share goes alone; the engine sizes every packet to
 * fit a datagram by itself. Sans-IO: no clock, no socket; not thread-safe (one per event loop).
 *
 * @param <A> the driver's peer address type
 */
public final class WanPacker<A> {
    /** Takes one datagram ready for a peer. */
    @FunctionalInterface
    public interface DatagramSink<A> {
        /**
         * @param to the peer
         * @param datagram the protected datagram
         * @param packets how many packets it carries
         */
        void send(A to, byte[] datagram, int packets);
    }

    /** Where queued packets go: a peer's address and the site it is known as (null: not known yet). */
    private record Destination<A>(A to, String toSite) {
    }

    private final WanCodec codec;
    private final int maxDatagramBytes;
    private final Map<Destination<A>, List<WanEnvelope>> pending = new LinkedHashMap<>();
    private int pendingPackets;

    /**
     * @param codec seals the datagrams
     * @param maxDatagramBytes the largest datagram to make by packing
     */
    public WanPacker(WanCodec codec, int maxDatagramBytes) {
        this.codec = codec;
        this.maxDatagramBytes = maxDatagramBytes;
    }

    /**
     * Queues a packet for a peer until the next {@link #flush}.
     *
     * @param to the peer's address
     * @param toSite the peer's site, which the datagram names as its destination, or null if not known (a seed)
     * @param envelope the packet
     * @return whether it is the first packet since the last flush (the driver then arranges one)
     */
    public boolean add(A to, String toSite, WanEnvelope envelope) {
        if (envelope.packet() instanceof WanBatch) {
            throw new IllegalArgumentException("the packer makes batches; queue their packets instead");
        }
        pending.computeIfAbsent(new Destination<>(to, toSite), a -> new ArrayList<>()).add(envelope);
        return pendingPackets++ == 0;
    }

    /** @return packets queued since the last flush */
    public int pendingPackets() {
        return pendingPackets;
    }

    /**
     * Seals everything queued into datagrams and hands them to the sink, peer by peer in the order peers were first
     * queued, each peer's packets in order.
     *
     * @param sendEpochMillis the send time every datagram carries
     */
    public void flush(long sendEpochMillis, DatagramSink<A> sink) {
        if (pendingPackets == 0) {
            return;
        }
        Map<Destination<A>, List<WanEnvelope>> batch = new LinkedHashMap<>(pending);
        pending.clear();
        pendingPackets = 0;
        for (Map.Entry<Destination<A>, List<WanEnvelope>> e : batch.entrySet()) {
            pack(e.getKey(), e.getValue(), sendEpochMillis, sink);
        }
    }

    private void pack(Destination<A> destination, List<WanEnvelope> envelopes, long sendEpochMillis,
                      DatagramSink<A> sink) {
        A to = destination.to();
        // each packet's size in a batch (length, type, body), computed once: the size check and the encoding share it
        int[] batchedSizes = new int[envelopes.size()];
        for (int i = 0; i < batchedSizes.length; i++) {
            batchedSizes[i] = WanCodec.batchedSize(envelopes.get(i).packet());
        }
        int from = 0;
        while (from < envelopes.size()) {
            WanEnvelope first = envelopes.get(from);
            int overheadBytes = WanCodec.envelopeOverheadBytes(first.fromSite());
            int batchBodyBytes = WanBatch.HEADER_BYTES + batchedSizes[from];
            int end = from + 1;
            while (end < envelopes.size() && end - from < WanBatch.MAX_PACKETS && sameSender(first, envelopes.get(end))) {
                int next = batchedSizes[end];
                if (overheadBytes + batchBodyBytes + next > maxDatagramBytes) {
                    break;
                }
                batchBodyBytes += next;
                end++;
            }
            if (end - from == 1) {
                int bodyBytes = batchedSizes[from] - WanBatch.PER_PACKET_BYTES - 1;
                sink.send(to, codec.encode(first, destination.toSite(), sendEpochMillis, bodyBytes), 1);
            } else {
                List<WanPacket> packets = new ArrayList<>(end - from);
                for (int i = from; i < end; i++) {
                    packets.add(envelopes.get(i).packet());
                }
                WanEnvelope packed = new WanEnvelope(first.fromSite(), first.fromTerm(), new WanBatch(packets));
                sink.send(to, codec.encode(packed, destination.toSite(), sendEpochMillis, batchBodyBytes),
                        packets.size());
            }
            from = end;
        }
    }

    private static boolean sameSender(WanEnvelope a, WanEnvelope b) {
        return a.fromTerm() == b.fromTerm() && a.fromSite().equals(b.fromSite());
    }
}
