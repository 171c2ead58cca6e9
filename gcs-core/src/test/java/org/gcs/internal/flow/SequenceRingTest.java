package org.gcs.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SequenceRingTest {

    @Test
    void shouldStoreAndReturnItemsBySequence() {
        SequenceRing<String> ring = new SequenceRing<>(1, 8);

        ring.put(1, "a");
        ring.put(2, "b");

        assertThat(ring.get(1)).isEqualTo("a");
        assertThat(ring.get(2)).isEqualTo("b");
        assertThat(ring.contains(1)).isTrue();
        assertThat(ring.contains(3)).isFalse();
        assertThat(ring.size()).isEqualTo(2);
        assertThat(ring.base()).isEqualTo(1);
    }

    @Test
    void shouldReturnNullOutsideTheWindow() {
        SequenceRing<String> ring = new SequenceRing<>(100, 4);
        ring.put(100, "x");

        assertThat(ring.get(99)).isNull();
        assertThat(ring.get(0)).isNull();
        assertThat(ring.get(100 + 4)).isNull(); // same slot as 100, but beyond the window
        assertThat(ring.get(Long.MAX_VALUE)).isNull();
        assertThat(ring.contains(104)).isFalse();
    }

    @Test
    void shouldKeepGapsEmpty() {
        SequenceRing<String> ring = new SequenceRing<>(1, 16);

        ring.put(1, "a");
        ring.put(5, "e");
        ring.put(9, "i");

        assertThat(ring.size()).isEqualTo(3);
        for (long s = 1; s <= 9; s++) {
            assertThat(ring.contains(s)).as("seq %d", s).isEqualTo(s == 1 || s == 5 || s == 9);
        }
    }

    @Test
    void shouldReplaceWithoutCountingTwice() {
        SequenceRing<String> ring = new SequenceRing<>(1, 4);

        ring.put(3, "old");
        ring.put(3, "new");

        assertThat(ring.get(3)).isEqualTo("new");
        assertThat(ring.size()).isEqualTo(1);
    }

    @Test
    void shouldGrowFarBeyondTheInitialCapacityKeepingContents() {
        SequenceRing<Long> ring = new SequenceRing<>(1, 2);

        for (long s = 1; s <= 100_000; s += 3) {
            ring.put(s, s * 10);
        }

        for (long s = 1; s <= 100_000; s++) {
            assertThat(ring.get(s)).as("seq %d", s).isEqualTo((s - 1) % 3 == 0 ? s * 10 : null);
        }
        assertThat(ring.size()).isEqualTo(33_334);
    }

    @Test
    void shouldGrowInOneJumpWhenAnItemLandsFarAhead() {
        SequenceRing<String> ring = new SequenceRing<>(10, 4);
        ring.put(10, "first");
        ring.put(12, "third");

        ring.put(10 + 5_000, "far");

        assertThat(ring.get(10)).isEqualTo("first");
        assertThat(ring.get(12)).isEqualTo("third");
        assertThat(ring.get(5_010)).isEqualTo("far");
        assertThat(ring.size()).isEqualTo(3);
    }

    @Test
    void shouldGrowAfterTheWindowWrappedAroundTheArray() {
        SequenceRing<Long> ring = new SequenceRing<>(1, 4);
        for (long s = 1; s <= 4; s++) {
            ring.put(s, s);
        }
        ring.advanceTo(4); // base 4: the window [4, 8) wraps around the 4 slots
        ring.put(5, 5L);
        ring.put(7, 7L);

        ring.put(20, 20L); // grows while wrapped

        assertThat(ring.get(4)).isEqualTo(4L);
        assertThat(ring.get(5)).isEqualTo(5L);
        assertThat(ring.get(6)).isNull();
        assertThat(ring.get(7)).isEqualTo(7L);
        assertThat(ring.get(20)).isEqualTo(20L);
        assertThat(ring.size()).isEqualTo(4);
    }

    @Test
    void shouldRemoveItemsBelowTheNewBaseOnAdvance() {
        SequenceRing<String> ring = new SequenceRing<>(1, 8);
        ring.put(1, "a");
        ring.put(2, "b");
        ring.put(4, "d");
        ring.put(6, "f");

        ring.advanceTo(5);

        assertThat(ring.base()).isEqualTo(5);
        assertThat(ring.size()).isEqualTo(1);
        assertThat(ring.get(1)).isNull();
        assertThat(ring.get(4)).isNull();
        assertThat(ring.get(6)).isEqualTo("f");
    }

    @Test
    void shouldIgnoreAdvanceToABaseNotAboveTheCurrentOne() {
        SequenceRing<String> ring = new SequenceRing<>(5, 8);
        ring.put(5, "e");

        ring.advanceTo(5);
        ring.advanceTo(2);

        assertThat(ring.base()).isEqualTo(5);
        assertThat(ring.get(5)).isEqualTo("e");
        assertThat(ring.size()).isEqualTo(1);
    }

    @Test
    void shouldAdvanceFarBeyondTheWindowAndStartEmpty() {
        SequenceRing<String> ring = new SequenceRing<>(1, 4);
        ring.put(1, "a");
        ring.put(3, "c");

        ring.advanceTo(1_000_003);

        assertThat(ring.size()).isZero();
        assertThat(ring.base()).isEqualTo(1_000_003);
        assertThat(ring.get(1_000_003)).isNull(); // slot of 3, which was cleared
        ring.put(1_000_003, "new");
        assertThat(ring.get(1_000_003)).isEqualTo("new");
        assertThat(ring.size()).isEqualTo(1);
    }

    @Test
    void shouldRejectPutBelowTheBase() {
        SequenceRing<String> ring = new SequenceRing<>(10, 8);
        ring.advanceTo(20);

        assertThatThrownBy(() -> ring.put(19, "late")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ring.put(0, "zero")).isInstanceOf(IllegalArgumentException.class);
        assertThat(ring.size()).isZero();
    }

    @Test
    void shouldRefuseAWindowBeyondTheLimit() {
        SequenceRing<String> ring = new SequenceRing<>(1, 8);

        assertThatThrownBy(() -> ring.put(1L + (1L << 31), "too far")).isInstanceOf(IllegalStateException.class);
        assertThat(ring.size()).isZero();
    }

    @Test
    void shouldBehaveLikeASortedMapUnderRandomOperations() {
        SplittableRandom random = new SplittableRandom(2024);
        SequenceRing<Long> ring = new SequenceRing<>(1, 4);
        TreeMap<Long, Long> model = new TreeMap<>();
        long base = 1;
        for (int step = 0; step < 200_000; step++) {
            int op = random.nextInt(10);
            if (op < 6) {
                long seq = base + random.nextInt(0, random.nextInt(1, 3000));
                long value = random.nextLong();
                ring.put(seq, value);
                model.put(seq, value);
            } else if (op < 8) {
                long newBase = base + random.nextInt(0, 600);
                ring.advanceTo(newBase);
                model.headMap(newBase).clear();
                base = Math.max(base, newBase);
            } else {
                long seq = base - 5 + random.nextInt(0, 4000);
                assertThat(ring.get(seq)).as("step %d seq %d", step, seq).isEqualTo(model.get(seq));
            }
            assertThat(ring.size()).isEqualTo(model.size());
            assertThat(ring.base()).isEqualTo(base);
        }
        for (long s = base; s < base + 10_000; s++) {
            assertThat(ring.get(s)).isEqualTo(model.get(s));
        }
    }
}
