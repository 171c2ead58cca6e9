package org.gcs.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.TreeMap;
import org.gcs.MemberId;
import org.junit.jupiter.api.Test;

/** {@link Payloads} keeps what a sorted map would: random puts (in and out of order, duplicates) and discards. */
class PayloadsTest {
    private static final Incarnation A = new Incarnation(new MemberId("a", "a1"), 7);
    private static final Incarnation B = new Incarnation(new MemberId("b", "b1"), 9);

    @Test
    void shouldAgreeWithASortedMapUnderRandomPutsAndDiscards() {
        SplittableRandom random = new SplittableRandom(42);
        Payloads payloads = new Payloads();
        TreeMap<Long, byte[]> modelA = new TreeMap<>();
        TreeMap<Long, byte[]> modelB = new TreeMap<>();
        long bytes = 0;
        long nextA = 1000;
        for (int step = 0; step < 200_000; step++) {
            boolean toA = random.nextBoolean();
            Incarnation sender = toA ? A : B;
            TreeMap<Long, byte[]> model = toA ? modelA : modelB;
            int op = random.nextInt(10);
            if (op < 6) {
                long seq = toA ? nextA + random.nextInt(40) - 30 : random.nextInt(5000); // A nearly in order
                nextA += toA ? 1 : 0;
                byte[] payload = new byte[1 + random.nextInt(64)];
                payloads.put(sender, seq, payload);
                if (model.putIfAbsent(seq, payload) == null) {
                    bytes += payload.length;
                }
            } else if (op < 9) {
                long seq = toA ? nextA + random.nextInt(60) - 30 : random.nextInt(5000);
                assertThat(payloads.get(sender, seq)).isSameAs(model.get(seq));
                assertThat(payloads.has(sender, seq)).isEqualTo(model.containsKey(seq));
            } else {
                long through = toA ? nextA - 20 - random.nextInt(20) : random.nextInt(5000);
                var head = model.headMap(through, true);
                for (byte[] p : head.values()) {
                    bytes -= p.length;
                }
                head.clear();
                payloads.discardThrough(sender, through);
            }
            assertThat(payloads.bytes()).isEqualTo(bytes);
        }
    }

    @Test
    void shouldGrowToTheLeftAndAcrossAGap() {
        Payloads payloads = new Payloads();
        payloads.put(A, 100, new byte[1]);
        payloads.put(A, 40, new byte[2]); // carried by an order: below what arrived first
        payloads.put(A, 5000, new byte[3]); // after a gap in the stream
        assertThat(payloads.get(A, 40)).hasSize(2);
        assertThat(payloads.get(A, 100)).hasSize(1);
        assertThat(payloads.get(A, 5000)).hasSize(3);
        assertThat(payloads.has(A, 41)).isFalse();
        payloads.discardThrough(A, 100);
        assertThat(payloads.has(A, 40)).isFalse();
        assertThat(payloads.bytes()).isEqualTo(3);
    }
}
