package org.gcs.internal.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class LanBundleTest {

    private static List<byte[]> messages(int count, int payloadBytes) {
        List<byte[]> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(LanCodec.encode(new LanMessage.LocalData("boston-1", 7L, "g", i + 1, 0, false,
                    WanDatagrams.payload(payloadBytes, i))));
        }
        return out;
    }

    private static List<LanMessage> unpack(List<byte[]> sends) throws MalformedDatagramException {
        List<LanMessage> out = new ArrayList<>();
        for (byte[] send : sends) {
            if (LanBundle.isBundle(send, 0, send.length)) {
                List<byte[]> slices = new ArrayList<>();
                LanBundle.forEach(send, 0, send.length, (b, o, l) -> slices.add(Arrays.copyOfRange(b, o, o + l)));
                for (byte[] slice : slices) {
                    out.add(LanCodec.decode(slice, 0, slice.length));
                }
            } else {
                out.add(LanCodec.decode(send, 0, send.length));
            }
        }
        return out;
    }

    @Test
    void shouldPackConsecutiveMessagesUpToTheLimitAndGiveThemBackInOrder() throws Exception {
        List<byte[]> messages = messages(100, 1000);
        List<byte[]> sends = LanBundle.pack(messages, 16 * 1024);

        assertThat(sends).hasSizeBetween(7, 8);
        assertThat(sends).allSatisfy(send -> assertThat(send.length).isLessThanOrEqualTo(16 * 1024));
        List<LanMessage> expected = new ArrayList<>();
        for (byte[] m : messages) {
            expected.add(LanCodec.decode(m, 0, m.length));
        }
        assertThat(unpack(sends)).containsExactlyElementsOf(expected);
    }

    @Test
    void shouldSendALoneMessageOrOneTooLargeToShareAsItIs() {
        List<byte[]> one = messages(1, 10);
        assertThat(LanBundle.pack(one, 1024)).containsExactly(one.get(0));

        List<byte[]> big = messages(3, 2000);
        List<byte[]> sends = LanBundle.pack(big, 1024);
        assertThat(sends).containsExactlyElementsOf(big);
        assertThat(LanBundle.isBundle(big.get(0), 0, big.get(0).length)).isFalse();
    }

    @Test
    void shouldDropACutShortBundleWholeAndHandOverNothing() {
        byte[] bundle = LanBundle.pack(messages(3, 50), 4096).get(0);
        List<byte[]> handed = new ArrayList<>();
        for (int cut = 1; cut < bundle.length; cut++) {
            int length = bundle.length - cut;
            assertThatThrownBy(() -> LanBundle.forEach(bundle, 0, length, (b, o, l) -> handed.add(b)))
                    .isInstanceOf(MalformedDatagramException.class);
        }
        assertThat(handed).isEmpty();
    }

    @Test
    void shouldRefuseTrailingBytesTooFewMessagesAndNestedBundles() {
        byte[] bundle = LanBundle.pack(messages(2, 20), 4096).get(0);
        byte[] longer = Arrays.copyOf(bundle, bundle.length + 1);
        assertThatThrownBy(() -> LanBundle.forEach(longer, 0, longer.length, (b, o, l) -> { }))
                .isInstanceOf(MalformedDatagramException.class).hasMessageContaining("after the bundle");

        byte[] single = bundle.clone();
        single[3] = 1;
        assertThatThrownBy(() -> LanBundle.forEach(single, 0, single.length, (b, o, l) -> { }))
                .isInstanceOf(MalformedDatagramException.class);

        List<byte[]> nested = new ArrayList<>(List.of(bundle, messages(1, 5).get(0)));
        byte[] outer = LanBundle.pack(nested, 4096).get(0);
        assertThatThrownBy(() -> LanBundle.forEach(outer, 0, outer.length, (b, o, l) -> { }))
                .isInstanceOf(MalformedDatagramException.class).hasMessageContaining("inside");
    }

    @Test
    void shouldAnnounceTheCheckedCountOnceBeforeTheFirstMessageAndNeverForAMalformedBundle() throws Exception {
        byte[] bundle = LanBundle.pack(messages(5, 30), 4096).get(0);
        List<String> calls = new ArrayList<>();
        LanBundle.SliceConsumer recorder = new LanBundle.SliceConsumer() {
            @Override
            public void expect(int count) {
                calls.add("expect " + count);
            }

            @Override
            public void accept(byte[] bytes, int offset, int length) {
                calls.add("message");
            }
        };

        LanBundle.forEach(bundle, 0, bundle.length, recorder);
        assertThat(calls).containsExactly("expect 5", "message", "message", "message", "message", "message");

        calls.clear();
        assertThatThrownBy(() -> LanBundle.forEach(bundle, 0, bundle.length - 1, recorder))
                .isInstanceOf(MalformedDatagramException.class);
        assertThat(calls).isEmpty();
    }

    @Test
    void shouldNotBeMistakenForAnOrdinaryLanMessage() {
        byte[] bundle = LanBundle.pack(messages(2, 20), 4096).get(0);
        assertThatThrownBy(() -> LanCodec.decode(bundle, 0, bundle.length))
                .isInstanceOf(MalformedDatagramException.class);
    }

    /**
     * Every LAN message type reaches the receiver as itself, sent alone or bundled with the others: no type may take
     * the bundle's type byte. (The hand-over request once did; every one sent alone was dropped as a malformed bundle,
     * and every bundle it rode in lost all its messages, the delegate's own data included.)
     */
    @Test
    void everyMessageTypeComesBackAloneAndBundled() throws Exception {
        for (LanMessage message : LanMessages.oneOfEachType()) {
            byte[] encoded = LanCodec.encode(message);
            assertThat(LanBundle.isBundle(encoded, 0, encoded.length)).as("%s looks like a bundle", message).isFalse();
            assertThat(unpack(List.of(encoded))).as("alone").containsExactly(message);
        }
        List<byte[]> all = LanMessages.oneOfEachType().stream().map(LanCodec::encode).toList();
        List<byte[]> sends = LanBundle.pack(all, 1 << 20);
        assertThat(sends).as("one bundle").hasSize(1);
        assertThat(unpack(sends)).as("bundled").containsExactlyElementsOf(LanMessages.oneOfEachType());
    }

    @Test
    void shouldWriteDataStraightIntoTheBundleAsTheBytesItsEncodingWouldHaveGiven() {
        List<LanMessage> mixed = new ArrayList<>(LanMessages.oneOfEachType());
        for (int i = 0; i < 5; i++) {
            mixed.add(new LanMessage.RemoteData("paris", "paris-1", 3L, "g", i + 1, 42, WanDatagrams.payload(200, i)));
            mixed.add(new LanMessage.LocalData("boston-1", 7L, "g", i + 1, 42, i % 2 == 0,
                    WanDatagrams.payload(300, i)));
        }
        List<LanOutgoing> outgoing = new ArrayList<>();
        List<byte[]> encoded = new ArrayList<>();
        for (LanMessage message : mixed) {
            outgoing.add(LanOutgoing.of(message));
            encoded.add(LanCodec.encode(message));
        }
        List<byte[]> direct = new ArrayList<>();
        List<LanMessage> carried = new ArrayList<>();
        LanBundle.pack(outgoing, 2048, (bytes, messages) -> {
            direct.add(bytes);
            messages.forEach(m -> carried.add(m.message()));
        });

        List<byte[]> fromEncodings = LanBundle.pack(encoded, 2048);
        assertThat(direct).hasSameSizeAs(fromEncodings).hasSizeGreaterThan(1);
        for (int i = 0; i < direct.size(); i++) {
            assertThat(direct.get(i)).as("datagram %d", i).isEqualTo(fromEncodings.get(i));
        }
        assertThat(carried).as("data carried as it is, other messages only as their bytes")
                .containsExactlyElementsOf(mixed.stream()
                        .map(m -> m instanceof LanMessage.LocalData || m instanceof LanMessage.RemoteData ? m : null)
                        .toList());
    }
}
