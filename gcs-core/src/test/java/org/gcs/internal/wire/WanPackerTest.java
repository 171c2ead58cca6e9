package org.gcs.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.gcs.ClusterKeys;
import org.gcs.WanProtection;
import org.gcs.internal.wire.WanBatch;
import org.gcs.internal.wire.WanPacket.Data;
import org.junit.jupiter.api.Test;

class WanPackerTest {
    private static final int MAX = 1400;

    private final WanCodec codec = new WanCodec(ClusterKeys.single(WanDatagrams.KEY), WanProtection.AES_GCM, 99);
    private final WanPacker<String> packer = new WanPacker<>(codec, MAX);
    private final List<String> peers = new ArrayList<>();
    private final List<byte[]> datagrams = new ArrayList<>();
    private final List<Integer> counts = new ArrayList<>();

    private void flush() {
        packer.flush(1_700_000_000_000L, (to, datagram, packets) -> {
            peers.add(to);
            datagrams.add(datagram);
            counts.add(packets);
        });
    }

    private static WanEnvelope data(int seq, int payloadBytes) {
        return new WanEnvelope("boston", 3, new Data("boston", "g", 3, seq, "boston-1", 1, seq, 0, 1, 5, 6, 7, false,
                WanDatagrams.payload(payloadBytes, seq)));
    }

    /** The packets of every datagram sent to a peer, in order, as the receiving engine sees them. */
    private List<WanEnvelope> received(String peer) throws MalformedDatagramException {
        WanCodec receiver = new WanCodec(ClusterKeys.single(WanDatagrams.KEY), WanProtection.AES_GCM, 1);
        List<WanEnvelope> out = new ArrayList<>();
        for (int i = 0; i < datagrams.size(); i++) {
            if (!peers.get(i).equals(peer)) {
                continue;
            }
            WanEnvelope e = receiver.decode(datagrams.get(i), 0, datagrams.get(i).length);
            if (e.packet() instanceof WanBatch b) {
                b.packets().forEach(p -> out.add(new WanEnvelope(e.fromSite(), e.fromTerm(), p)));
            } else {
                out.add(e);
            }
        }
        return out;
    }

    @Test
    void shouldPackSmallPacketsForOnePeerIntoFullDatagramsInOrder() throws Exception {
        List<WanEnvelope> sent = new ArrayList<>();
        for (int seq = 1; seq <= 100; seq++) {
            sent.add(data(seq, 100));
            assertThat(packer.add("ottawa", "ottawa", sent.get(seq - 1))).isEqualTo(seq == 1);
        }
        flush();

        assertThat(datagrams).allSatisfy(d -> assertThat(d.length).isLessThanOrEqualTo(MAX));
        assertThat(datagrams.size()).isBetween(14, 15); // 7 packets of 186 B per 1400-B datagram
        assertThat(counts.stream().mapToInt(Integer::intValue).sum()).isEqualTo(100);
        assertThat(received("ottawa")).containsExactlyElementsOf(sent);
        assertThat(packer.pendingPackets()).isZero();
    }

    @Test
    void shouldSendALonePacketAsWithoutPacking() throws Exception {
        WanEnvelope only = data(1, 1000);
        packer.add("ottawa", "ottawa", only);
        flush();

        assertThat(counts).containsExactly(1);
        assertThat(datagrams.get(0)).hasSize(WanCodec.encodedSize(only));
        assertThat(received("ottawa")).containsExactly(only);
    }

    @Test
    void shouldKeepPeersApartAndNotMixSendersOrTerms() throws Exception {
        WanEnvelope a1 = data(1, 10);
        WanEnvelope b1 = data(2, 10);
        WanEnvelope newTerm = new WanEnvelope("boston", 4, WanDatagrams.sync());
        WanEnvelope a2 = data(3, 10);
        packer.add("ottawa", "ottawa", a1);
        packer.add("zurich", "zurich", b1);
        packer.add("ottawa", "ottawa", newTerm);
        packer.add("ottawa", "ottawa", a2);
        flush();

        assertThat(peers).containsExactly("ottawa", "ottawa", "ottawa", "zurich");
        assertThat(received("ottawa")).containsExactly(a1, newTerm, a2);
        assertThat(received("zurich")).containsExactly(b1);
    }

    @Test
    void shouldLeaveAPacketThatFillsADatagramAlone() throws Exception {
        int payload = MAX - WanCodec.encodedSize(data(1, 0));
        packer.add("ottawa", "ottawa", data(1, payload));
        packer.add("ottawa", "ottawa", data(2, payload));
        packer.add("ottawa", "ottawa", data(3, 10));
        packer.add("ottawa", "ottawa", data(4, 10));
        flush();

        assertThat(counts).containsExactly(1, 1, 2);
        assertThat(datagrams.get(0)).hasSize(MAX);
    }

    @Test
    void shouldRefuseABatchFromTheEngine() {
        WanBatch batch = new WanBatch(List.of(WanDatagrams.sync(), WanDatagrams.ack()));
        assertThatThrownBy(() -> packer.add("ottawa", "ottawa", new WanEnvelope("boston", 3, batch)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shouldDropAnAuthenticBatchWhosePacketLengthsDoNotAddUp() throws Exception {
        WanCodec integrity = WanDatagrams.integrityCodec(WanDatagrams.KEY);
        byte[] sealed = integrity.encode(new WanEnvelope("boston", 3,
                new WanBatch(List.of(WanDatagrams.sync(), WanDatagrams.ack()))));
        int firstLength = WanDatagrams.bodyOffset(sealed) + 1;
        for (int delta : new int[] {-1, 1, 500}) {
            byte[] edited = sealed.clone();
            edited[firstLength + 1] = (byte) (edited[firstLength + 1] + delta);
            byte[] forged = WanDatagrams.reMac(edited);
            assertThatThrownBy(() -> integrity.decode(forged, 0, forged.length))
                    .isInstanceOf(MalformedDatagramException.class);
        }
        byte[] nested = sealed.clone();
        nested[firstLength + 2] = WanPacket.TYPE_BATCH;
        byte[] forged = WanDatagrams.reMac(nested);
        assertThatThrownBy(() -> integrity.decode(forged, 0, forged.length))
                .isInstanceOf(MalformedDatagramException.class).hasMessageContaining("inside");
        assertThat(integrity.decode(sealed, 0, sealed.length).packet()).isInstanceOf(WanBatch.class);
    }

    @Test
    void shouldRefuseToSealABodyThatDidNotTakeTheSizeItWasGiven() {
        WanEnvelope only = data(1, 100);
        int bodyBytes = WanCodec.batchedSize(only.packet()) - WanBatch.PER_PACKET_BYTES - 1;
        assertThat(codec.encode(only, "ottawa", 1L, bodyBytes)).hasSize(WanCodec.encodedSize(only));
        assertThatThrownBy(() -> codec.encode(only, "ottawa", 1L, bodyBytes + 1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("sized");
    }
}
