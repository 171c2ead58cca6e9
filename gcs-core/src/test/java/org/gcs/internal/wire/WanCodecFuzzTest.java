package org.gcs.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gcs.internal.wire.WanDatagrams.KEY;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.MemberGroups;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.PeerHint;
import org.gcs.internal.wire.WanPacket.SiteState;
import org.gcs.internal.wire.WanPacket.Sync;

class WanCodecFuzzTest {

    private static final int TRIES = 1000;

    private final WanCodec codec = WanDatagrams.integrityCodec(KEY);

    /** @return the decoded envelope, or null if decode rejected the bytes with MalformedDatagramException */
    private WanEnvelope decodeOrNull(byte[] bytes) {
        try {
            return codec.decode(bytes, 0, bytes.length);
        } catch (MalformedDatagramException e) {
            assertThat(e.reason()).isNotNull();
            return null;
        }
        // any other exception escapes and fails the property
    }

    // ------------------------------------------------------------------ (a) arbitrary bytes

    @Property(tries = TRIES)
    void shouldRejectArbitraryBytesOnlyWithMalformedDatagramException(
            @ForAll @Size(max = 2000) byte[] bytes) {
        decodeOrNull(bytes);
    }

    @Property(tries = TRIES)
    void shouldRejectArbitraryBytesBehindAValidHeaderOnlyWithMalformedDatagramException(
            @ForAll @IntRange(min = 0, max = 12) int type, @ForAll @Size(min = 26, max = 2000) byte[] tail) {
        byte[] bytes = new byte[6 + tail.length];
        bytes[0] = 0x47;
        bytes[1] = 0x43;
        bytes[2] = (byte) WanCodec.VERSION;
        bytes[3] = (byte) type;
        System.arraycopy(tail, 0, bytes, 6, tail.length);

        decodeOrNull(WanDatagrams.reMac(WanDatagrams.withDeclaredLength(bytes)));
    }

    // ------------------------------------------------------------------ (b) mutated valid datagrams

    @Property(tries = TRIES)
    void shouldRejectMutatedDatagramsOrDecodeTheOriginal(@ForAll("envelopes") WanEnvelope original,
            @ForAll("mutations") List<Mutation> mutations) {
        byte[] bytes = codec.encode(original);
        for (Mutation m : mutations) {
            bytes = m.apply(bytes);
        }

        WanEnvelope decoded = decodeOrNull(bytes);

        if (decoded != null) {
            assertThat(decoded).isEqualTo(original);
        }
    }

    @Property(tries = TRIES)
    void shouldRejectMutatedSamplesOfEveryTypeOrDecodeTheOriginal(@ForAll @IntRange(min = 0, max = 14) int which,
            @ForAll("mutations") List<Mutation> mutations) {
        WanEnvelope original = WanDatagrams.oneOfEachType().get(which);
        byte[] bytes = codec.encode(original);
        for (Mutation m : mutations) {
            bytes = m.apply(bytes);
        }

        WanEnvelope decoded = decodeOrNull(bytes);

        if (decoded != null) {
            assertThat(decoded).isEqualTo(original);
        }
    }

    /**
     * An insider (holding the key) sending mutated bodies: the parser must still reject cleanly, and what it
     * accepts it must re-encode to the same bytes (one encoding per packet).
     */
    @Property(tries = TRIES)
    void shouldParseReMacedMutationsSafely(@ForAll("envelopes") WanEnvelope original,
            @ForAll("mutations") List<Mutation> mutations) {
        byte[] bytes = codec.encode(original);
        for (Mutation m : mutations) {
            bytes = m.apply(bytes);
        }
        if (bytes.length < 32) {
            return;
        }
        bytes[0] = 0x47;
        bytes[1] = 0x43;
        bytes[2] = (byte) WanCodec.VERSION;
        bytes = WanDatagrams.reMac(WanDatagrams.withDeclaredLength(bytes));

        WanEnvelope decoded = decodeOrNull(bytes);

        if (decoded != null) {
            assertThat(withoutSenderFields(codec.encode(decoded))).isEqualTo(withoutSenderFields(bytes));
        }
    }

    /** Blanks what differs between two encodings of one envelope: sender id, packet number, send time, MAC. */
    private static byte[] withoutSenderFields(byte[] datagram) {
        byte[] out = datagram.clone();
        java.util.Arrays.fill(out, 8, WanCodec.FIXED_HEADER_BYTES, (byte) 0);
        java.util.Arrays.fill(out, out.length - WanCodec.MAC_BYTES, out.length, (byte) 0);
        return out;
    }

    // ------------------------------------------------------------------ (c) generated packets

    @Property(tries = TRIES)
    void shouldRoundTripGeneratedPackets(@ForAll("envelopes") WanEnvelope original) throws Exception {
        byte[] bytes = codec.encode(original);

        WanEnvelope decoded = codec.decode(bytes, 0, bytes.length);

        assertThat(decoded).isEqualTo(original);
        assertThat(bytes.length).isEqualTo(((bytes[4] & 0xff) << 8) | (bytes[5] & 0xff));
    }

    @Property(tries = TRIES)
    void shouldPredictTheSizeOfGeneratedDataPackets(@ForAll("names") String fromSite, @ForAll("data") Data data) {
        byte[] bytes = codec.encode(new WanEnvelope(fromSite, 1, data));

        // the overhead is sized for the longest receiver name in the RTT field; this packet's is shorter or empty
        int rttForShortfall = 64 - data.rttFor().length();
        assertThat(bytes.length).isEqualTo(WanCodec.dataOverheadBytes(fromSite, data.srcSite(), data.group(),
                data.originMember()) + data.payload().length - rttForShortfall
                + (data.control() == null ? 0 : data.control().wireBytes()));
    }

    // ------------------------------------------------------------------ generators

    @Provide
    Arbitrary<String> names() {
        return Arbitraries.strings().withCharRange('a', 'z').withCharRange('A', 'Z').withCharRange('0', '9')
                .withChars('.', '_', '-').ofMinLength(1).ofMaxLength(64);
    }

    private static Arbitrary<Long> u63() {
        return Arbitraries.longs().greaterOrEqual(0);
    }

    private static Arbitrary<Long> positive() {
        return Arbitraries.longs().greaterOrEqual(1);
    }

    @Provide
    Arbitrary<WanEnvelope> envelopes() {
        Arbitrary<WanPacket> packets = Arbitraries.oneOf(data(), acks(), naks(), syncs(), siteStates(), probes(),
                trees(), feedback(), hopData(), hopAcks());
        return Combinators.combine(names(), u63(), packets).as(WanEnvelope::new);
    }

    @Provide
    Arbitrary<Data> data() {
        Arbitrary<String[]> ids = Combinators.combine(names(), names(), names()).as((a, b, c) -> new String[] {a, b, c});
        Arbitrary<long[]> nonNegative = u63().array(long[].class).ofSize(2); // epoch, srttNs
        Arbitrary<long[]> positives = positive().array(long[].class).ofSize(2); // seq, memberSeq
        Arbitrary<long[]> anyLongs = Arbitraries.longs().array(long[].class).ofSize(3); // incarnation, times
        Arbitrary<int[]> frags = Combinators.combine(Arbitraries.integers().between(1, 0xffff),
                Arbitraries.integers().between(0, 0xfffe)).as((count, index) -> new int[] {index % count, count});
        Arbitrary<byte[]> payloads = Arbitraries.frequencyOf(
                Tuple.of(19, Arbitraries.bytes().array(byte[].class).ofMaxSize(1500)),
                Tuple.of(1, Arbitraries.bytes().array(byte[].class).ofMinSize(50_000).ofMaxSize(60_000)));
        return Combinators.combine(ids, nonNegative, positives, anyLongs, frags, Arbitraries.of(true, false), payloads,
                        blocks().injectNull(0.7))
                .as((id, nn, pos, any, frag, rtx, payload, block) -> new Data(id[0], id[1], nn[0], pos[0], id[2], any[0],
                        pos[1], frag[0], frag[1], any[1], nn[1], any[2], rtx, payload, (int) (nn[0] % 33),
                        nn[1] % 3 == 0 ? "" : id[1], block));
    }

    private Arbitrary<WanPacket> probes() {
        return Combinators.combine(u63(), Arbitraries.of(true, false))
                .as((seq, reply) -> reply ? new WanPacket.ProbeReply(seq) : new WanPacket.Probe(seq));
    }

    /** Random trees: a shuffled site list where each site after the first hangs below an earlier one. */
    private Arbitrary<WanPacket> trees() {
        Arbitrary<java.util.List<String>> sites = names().set().ofMinSize(1).ofMaxSize(12).map(java.util.ArrayList::new);
        return Combinators.combine(u63(), names(), Arbitraries.of(true, false), sites,
                Arbitraries.longs().between(0, 1L << 40).list().ofSize(12), Arbitraries.integers().list().ofSize(12),
                Arbitraries.of(true, false))
                .as((version, strategy, star, list, costs, picks, perSource) -> {
                    java.util.List<WanPacket.TreeEdge> edges = new java.util.ArrayList<>();
                    if (!star) {
                        for (int i = 1; i < list.size(); i++) {
                            String parent = list.get(Math.floorMod(picks.get(i), i));
                            edges.add(new WanPacket.TreeEdge(parent, list.get(i), costs.get(i)));
                        }
                    }
                    java.util.List<SourceTree> trees = new java.util.ArrayList<>();
                    if (star && perSource) {
                        // each source's parents as the wire carries them: any other site, a cost below 2^31 µs
                        for (int s = 0; s < list.size(); s++) {
                            java.util.List<WanPacket.TreeEdge> sourceEdges = new java.util.ArrayList<>();
                            for (int i = 0; i < list.size(); i++) {
                                if (i != s) {
                                    int parent = Math.floorMod(picks.get(i) + s, list.size());
                                    parent = parent == i ? s : parent;
                                    sourceEdges.add(new WanPacket.TreeEdge(list.get(parent), list.get(i),
                                            costs.get(i) % Integer.MAX_VALUE));
                                }
                            }
                            trees.add(new SourceTree(list.get(s), sourceEdges));
                        }
                    }
                    return new WanPacket.TreeAnnounce(version, strategy, star, list.get(0), list, edges, trees);
                });
    }

    private Arbitrary<WanPacket> acks() {
        return Combinators.combine(names(), names(), u63(), u63(), Arbitraries.longs(), u63(), blocks().injectNull(0.5))
                .as(Ack::new);
    }

    private Arbitrary<ControlBlock> blocks() {
        return Combinators.combine(Arbitraries.integers().between(1, 255),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(ControlBlock.MAX_BODY_BYTES)).as(ControlBlock::new);
    }

    private Arbitrary<WanPacket> feedback() {
        return Combinators.combine(names(), names(), u63(), blocks()).as(WanPacket.CcFeedback::new);
    }

    private Arbitrary<WanPacket> hopData() {
        return Combinators.combine(u63(), positive(), data()).as(WanPacket.HopData::new);
    }

    /** Acknowledgements with 0 to 3 SACK ranges built upwards from the cumulative point. */
    private Arbitrary<WanPacket> hopAcks() {
        Arbitrary<long[]> steps = Arbitraries.longs().between(0, 1_000).array(long[].class)
                .ofSize(2 * org.gcs.cc.link.LinkSettings.MAX_SACK_RANGES);
        return Combinators.combine(u63(), Arbitraries.longs().between(0, 1L << 50), Arbitraries.longs().between(0,
                1L << 20), Arbitraries.integers().between(0, org.gcs.cc.link.LinkSettings.MAX_SACK_RANGES), steps)
                .as((epoch, cumulative, credit, ranges, step) -> {
                    long[] sack = new long[2 * ranges];
                    long next = cumulative + 2;
                    for (int i = 0; i < sack.length; i += 2) {
                        sack[i] = next + step[i];
                        sack[i + 1] = sack[i] + step[i + 1];
                        next = sack[i + 1] + 2;
                    }
                    return new WanPacket.HopAck(epoch,
                            new org.gcs.cc.link.LinkAck(cumulative, cumulative + credit, sack));
                });
    }

    private Arbitrary<WanPacket> naks() {
        Arbitrary<long[]> range = Combinators.combine(positive(), positive())
                .as((a, b) -> new long[] {Math.min(a, b), Math.max(a, b)});
        Arbitrary<long[]> ranges = range.list().ofMinSize(1).ofMaxSize(Nak.MAX_RANGES)
                .map(list -> list.stream().flatMapToLong(Arrays::stream).toArray());
        return Combinators.combine(names(), names(), u63(), ranges).as(Nak::new);
    }

    private Arbitrary<WanPacket> syncs() {
        return Combinators.combine(names(), names(), u63(), positive(), u63()).as((src, group, epoch, start, highest) ->
                highest >= start - 1 ? new Sync(src, group, epoch, start, highest)
                        : new Sync(src, group, epoch, highest + 1, start));
    }

    private Arbitrary<WanPacket> siteStates() {
        Arbitrary<MemberGroups> members = Combinators.combine(names(), Arbitraries.longs(),
                names().list().ofMaxSize(6)).as(MemberGroups::new);
        Arbitrary<String> hosts = Arbitraries.strings().alpha().numeric().withChars('.', '-', ':', '[', ']')
                .ofMinLength(1).ofMaxLength(60);
        Arbitrary<PeerHint> peers = Combinators.combine(names(), u63(), hosts, Arbitraries.integers().between(1, 0xffff))
                .as(PeerHint::new);
        Arbitrary<LinkReport> links = Combinators.combine(names(), u63(), u63()).as(LinkReport::new);
        return Combinators.combine(u63(), members.list().ofMaxSize(6), peers.list().ofMaxSize(6), Arbitraries.longs(),
                u63(), links.list().ofMaxSize(6)).as(SiteState::new);
    }

    // ------------------------------------------------------------------ mutations

    /** One change to a datagram's bytes. */
    sealed interface Mutation {
        byte[] apply(byte[] bytes);
    }

    /** Flips one bit at a position taken modulo the length. */
    record FlipBit(int position, int bit) implements Mutation {
        @Override
        public byte[] apply(byte[] bytes) {
            if (bytes.length == 0) {
                return bytes;
            }
            byte[] out = bytes.clone();
            out[Math.floorMod(position, out.length)] ^= (byte) (1 << bit);
            return out;
        }
    }

    /** Replaces one byte. */
    record SetByte(int position, byte value) implements Mutation {
        @Override
        public byte[] apply(byte[] bytes) {
            if (bytes.length == 0) {
                return bytes;
            }
            byte[] out = bytes.clone();
            out[Math.floorMod(position, out.length)] = value;
            return out;
        }
    }

    /** Cuts the datagram to a fraction of its length. */
    record Truncate(int keepPermille) implements Mutation {
        @Override
        public byte[] apply(byte[] bytes) {
            return Arrays.copyOf(bytes, (int) ((long) bytes.length * keepPermille / 1000));
        }
    }

    /** Appends bytes. */
    record Extend(byte[] extra) implements Mutation {
        @Override
        public byte[] apply(byte[] bytes) {
            return WanDatagrams.concat(bytes, extra);
        }

        @Override
        public String toString() {
            return "Extend" + Arrays.toString(extra);
        }
    }

    /** Overwrites a range, clipped at the end. */
    record Overwrite(int position, byte[] with) implements Mutation {
        @Override
        public byte[] apply(byte[] bytes) {
            if (bytes.length == 0) {
                return bytes;
            }
            byte[] out = bytes.clone();
            int at = Math.floorMod(position, out.length);
            System.arraycopy(with, 0, out, at, Math.min(with.length, out.length - at));
            return out;
        }

        @Override
        public String toString() {
            return "Overwrite[" + position + ", " + Arrays.toString(with) + "]";
        }
    }

    @Provide
    Arbitrary<List<Mutation>> mutations() {
        Arbitrary<Integer> positions = Arbitraries.integers().between(0, 70_000);
        Arbitrary<byte[]> chunks = Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(40);
        Arbitrary<Mutation> one = Arbitraries.oneOf(
                Combinators.combine(positions, Arbitraries.integers().between(0, 7)).as(FlipBit::new),
                Combinators.combine(positions, Arbitraries.bytes()).as(SetByte::new),
                Arbitraries.integers().between(0, 999).map(Truncate::new),
                chunks.map(Extend::new),
                Combinators.combine(positions, chunks).as(Overwrite::new));
        return one.list().ofMinSize(1).ofMaxSize(5);
    }
}
