package org.gcs.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.gcs.internal.wire.LanMessage.Handover;
import org.gcs.internal.wire.LanMessage.HandoverRequest;
import org.gcs.internal.wire.LanMessage.MembershipConfirm;
import org.gcs.internal.wire.LanMessage.MembershipProbe;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.MemberAnnounce;
import org.gcs.internal.wire.LanMessage.RemoteData;
import org.gcs.internal.wire.LanMessage.RemoteSite;
import org.gcs.internal.wire.LanMessage.RemoteSites;
import org.gcs.internal.wire.LanMessage.Stable;
import org.gcs.internal.wire.LanMessage.StableMark;
import org.gcs.internal.wire.MemberGroups;

class LanCodecFuzzTest {

    @Property(tries = 1000)
    void shouldRoundTripGeneratedMessages(@ForAll("messages") LanMessage original) throws Exception {
        byte[] bytes = LanCodec.encode(original);

        assertThat(LanCodec.decode(bytes, 0, bytes.length)).isEqualTo(original);
    }

    @Property(tries = 1000)
    void shouldRejectArbitraryBytesOnlyWithMalformedDatagramException(@ForAll @Size(max = 500) byte[] bytes) {
        decodeOrNull(bytes);
    }

    @Property(tries = 1000)
    void shouldRejectCorruptedMessagesOnlyWithMalformedDatagramException(@ForAll("messages") LanMessage original,
            @ForAll @IntRange(min = 0, max = 100_000) int position, @ForAll byte value,
            @ForAll @IntRange(min = 0, max = 1000) int keepPermille) {
        byte[] bytes = LanCodec.encode(original);
        bytes[position % bytes.length] = value;
        bytes = java.util.Arrays.copyOf(bytes, Math.max(bytes.length * keepPermille / 1000, position % 3));

        decodeOrNull(bytes);
    }

    private static LanMessage decodeOrNull(byte[] bytes) {
        try {
            return LanCodec.decode(bytes, 0, bytes.length);
        } catch (MalformedDatagramException e) {
            return null;
        }
    }

    @Provide
    Arbitrary<LanMessage> messages() {
        Arbitrary<String> names = Arbitraries.strings().withCharRange('a', 'z').withCharRange('0', '9')
                .withChars('.', '_', '-', 'Q').ofMinLength(1).ofMaxLength(64);
        Arbitrary<Long> u63 = Arbitraries.longs().greaterOrEqual(0);
        Arbitrary<Long> positive = Arbitraries.longs().greaterOrEqual(1);
        Arbitrary<Long> anyLong = Arbitraries.longs();
        Arbitrary<byte[]> payloads = Arbitraries.bytes().array(byte[].class).ofMaxSize(3000);
        Arbitrary<List<String>> groups = names.list().ofMaxSize(5);
        Arbitrary<MemberGroups> members = Combinators.combine(names, anyLong, groups).as(MemberGroups::new);
        Arbitrary<String> hosts = Arbitraries.strings().alpha().numeric().withChars('.', ':', '-')
                .ofMinLength(1).ofMaxLength(100);
        Arbitrary<RemoteSite> sites = Combinators.combine(names, u63, hosts, Arbitraries.integers().between(0, 0xffff),
                anyLong, members.list().ofMaxSize(4)).as(RemoteSite::new);
        Arbitrary<StableMark> marks = Combinators.combine(names, anyLong, names, u63).as(StableMark::new);
        return Arbitraries.oneOf(
                Combinators.combine(names, anyLong, names, positive, anyLong, Arbitraries.of(true, false), payloads)
                        .as(LocalData::new),
                Combinators.combine(names, names, anyLong, names, positive, anyLong, payloads).as(RemoteData::new),
                Combinators.combine(names, anyLong, u63, groups).as(MemberAnnounce::new),
                Combinators.combine(u63, sites.list().ofMaxSize(4)).as(RemoteSites::new),
                Combinators.combine(u63, marks.list().ofMaxSize(50)).as(Stable::new),
                Combinators.combine(names, anyLong, names, anyLong).as(Handover::new),
                Combinators.combine(u63, names, anyLong).as(HandoverRequest::new),
                Combinators.combine(names, anyLong, positive).as(MembershipProbe::new),
                Combinators.combine(u63, names, anyLong, names, anyLong, positive).as(MembershipConfirm::new));
    }
}
