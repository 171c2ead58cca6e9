package org.gcs.examples.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link KvStore} applies writes as documented and encodes deterministically; {@link KvOpCodec} round-trips. */
class KvStoreTest {
    private static OpId id(long n) {
        return new OpId("a/a1~1f", n);
    }

    @Test
    void shouldApplyEachKindOfWrite() {
        KvStore store = new KvStore();
        assertThat(store.apply(new KvOp.Put(id(1), "k", "v1"), 1)).isEqualTo(
                new KvResult(new KvOp.Put(id(1), "k", "v1"), 1, true, null));
        assertThat(store.apply(new KvOp.CompareAndSet(id(2), "k", null, "x"), 2).applied()).isFalse();
        assertThat(store.apply(new KvOp.CompareAndSet(id(3), "k", "v2", "x"), 3).applied()).isFalse();
        KvResult won = store.apply(new KvOp.CompareAndSet(id(4), "k", "v1", "v2"), 4);
        assertThat(won.applied()).isTrue();
        assertThat(won.previous()).isEqualTo("v1");
        assertThat(store.get("k")).isEqualTo("v2");
        assertThat(store.apply(new KvOp.Remove(id(5), "k"), 5).applied()).isTrue();
        assertThat(store.apply(new KvOp.Remove(id(6), "k"), 6).applied()).isFalse();
        assertThat(store.apply(new KvOp.CompareAndSet(id(7), "k", null, "v3"), 7).applied()).isTrue();
        assertThat(store.snapshot()).containsExactly(java.util.Map.entry("k", "v3"));
    }

    @Test
    void shouldEncodeTheSameEntriesToTheSameBytesInAnyOrder() {
        KvStore one = new KvStore();
        KvStore two = new KvStore();
        one.apply(new KvOp.Put(id(1), "b", "2"), 1);
        one.apply(new KvOp.Put(id(2), "a", "1"), 2);
        two.apply(new KvOp.Put(id(1), "a", "1"), 1);
        two.apply(new KvOp.Put(id(2), "gone", "x"), 2);
        two.apply(new KvOp.Put(id(3), "b", "2"), 3);
        two.apply(new KvOp.Remove(id(4), "gone"), 4);
        assertThat(one.encode()).isEqualTo(two.encode());
        assertThat(one.digest()).isEqualTo(two.digest()).hasSize(64);
        two.apply(new KvOp.Put(id(5), "b", "3"), 5);
        assertThat(one.digest()).isNotEqualTo(two.digest());
        assertThat(new KvStore().encode()).containsExactly('M', 1, 0, 0, 0, 0);
    }

    @Test
    void shouldRoundTripEveryKindAndRefuseAnythingElse() {
        List<KvOp> ops = List.of(new KvOp.Put(id(1), "clé", "välue"), new KvOp.Remove(id(2), ""),
                new KvOp.CompareAndSet(id(3), "k", null, "v"),
                new KvOp.CompareAndSet(id(Long.MAX_VALUE), "k", "", "v"));
        for (KvOp op : ops) {
            byte[] bytes = KvOpCodec.encode(op);
            assertThat(KvOpCodec.decode(bytes)).isEqualTo(op);
            for (int cut = 0; cut < bytes.length; cut++) {
                byte[] truncated = Arrays.copyOf(bytes, cut);
                assertThatThrownBy(() -> KvOpCodec.decode(truncated)).isInstanceOf(IllegalArgumentException.class);
            }
            byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
            assertThatThrownBy(() -> KvOpCodec.decode(longer)).hasMessageContaining("trailing");
        }
        assertThatThrownBy(() -> KvOpCodec.decode("hello".getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
