package org.gcs.cc.alloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

class MaxMinAllocatorTest {
    private static final double INF = Double.POSITIVE_INFINITY;

    private static Map<String, Double> demands(Object... keyValues) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], ((Number) keyValues[i + 1]).doubleValue());
        }
        return m;
    }

    @Test
    void shouldGiveSmallDemandsInFullAndShareTheRest() {
        assertThat(MaxMinAllocator.allocate(10, demands("a", 2, "b", 4, "c", 10)))
                .containsExactly(entry("a", 2.0), entry("b", 4.0), entry("c", 4.0));
        // 12 over {1, 3, 5, 8}: 1, then 3 <= 11/3, then 8/2 = 4 each for the two largest
        assertThat(MaxMinAllocator.allocate(12, demands("w", 8, "x", 1, "y", 5, "z", 3)))
                .containsExactly(entry("w", 4.0), entry("x", 1.0), entry("y", 4.0), entry("z", 3.0));
    }

    @Test
    void shouldGiveEveryoneTheirDemandWhenCapacitySuffices() {
        assertThat(MaxMinAllocator.allocate(10, demands("a", 1, "b", 1)))
                .containsExactly(entry("a", 1.0), entry("b", 1.0));
    }

    @Test
    void shouldSplitEquallyWhenEveryoneWantsMore() {
        assertThat(MaxMinAllocator.allocate(9, demands("a", 5, "b", 5, "c", 5)))
                .containsExactly(entry("a", 3.0), entry("b", 3.0), entry("c", 3.0));
    }

    @Test
    void shouldHandleInfiniteCapacity() {
        assertThat(MaxMinAllocator.allocate(INF, demands("a", 1, "b", 7)))
                .containsExactly(entry("a", 1.0), entry("b", 7.0));
        assertThat(MaxMinAllocator.allocate(INF, demands("a", 1, "b", INF)))
                .containsExactly(entry("a", 1.0), entry("b", INF));
    }

    @Test
    void shouldHandleInfiniteDemands() {
        assertThat(MaxMinAllocator.allocate(10, demands("a", INF, "b", 1, "c", INF)))
                .containsExactly(entry("a", 4.5), entry("b", 1.0), entry("c", 4.5));
        assertThat(MaxMinAllocator.allocate(10, demands("a", INF, "b", INF)))
                .containsExactly(entry("a", 5.0), entry("b", 5.0));
    }

    @Test
    void shouldHandleZeroCapacityAndNoSenders() {
        assertThat(MaxMinAllocator.allocate(0, demands("a", 3, "b", 0)))
                .containsExactly(entry("a", 0.0), entry("b", 0.0));
        assertThat(MaxMinAllocator.allocate(5, Map.<String, Double>of())).isEmpty();
    }

    @Test
    void shouldKeepTheInputOrder() {
        Map<String, Double> in = demands("z", 9, "a", 1, "m", 9, "b", 0);
        assertThat(MaxMinAllocator.allocate(7, in).keySet()).containsExactly("z", "a", "m", "b");
    }

    @Test
    void shouldRejectInvalidCapacityAndDemands() {
        assertThatThrownBy(() -> MaxMinAllocator.allocate(-1, demands("a", 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("capacity");
        assertThatThrownBy(() -> MaxMinAllocator.allocate(Double.NaN, demands("a", 1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("capacity");
        assertThatThrownBy(() -> MaxMinAllocator.allocate(1, demands("a", -1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("demands");
        assertThatThrownBy(() -> MaxMinAllocator.allocate(1, demands("a", Double.NaN)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("demands");
        Map<String, Double> withNull = new HashMap<>();
        withNull.put("a", null);
        assertThatThrownBy(() -> MaxMinAllocator.allocate(1, withNull))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("demands");
        assertThatThrownBy(() -> MaxMinAllocator.allocate(1, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("demands");
    }

    @Provide
    Arbitrary<Double> capacities() {
        return Arbitraries.frequencyOf(
                Tuple.of(8, Arbitraries.doubles().between(0, 1e7)),
                Tuple.of(1, Arbitraries.just(0.0)),
                Tuple.of(1, Arbitraries.just(INF)));
    }

    @Provide
    Arbitrary<List<Double>> demandLists() {
        Arbitrary<Double> demand = Arbitraries.frequencyOf(
                Tuple.of(8, Arbitraries.doubles().between(0, 1e6)),
                Tuple.of(1, Arbitraries.just(0.0)),
                Tuple.of(1, Arbitraries.just(INF)));
        return demand.list().ofMaxSize(30);
    }

    @Property(tries = 2000)
    void shouldBeFeasibleAndMaxMinOptimal(@ForAll("capacities") double capacity,
            @ForAll("demandLists") List<Double> demandList) {
        Map<Integer, Double> demands = new LinkedHashMap<>();
        for (int i = 0; i < demandList.size(); i++) {
            demands.put(i, demandList.get(i));
        }
        Map<Integer, Double> alloc = MaxMinAllocator.allocate(capacity, demands);
        assertThat(alloc.keySet()).containsExactlyElementsOf(demands.keySet());
        double total = 0;
        double totalDemand = 0;
        for (Integer k : demands.keySet()) {
            double a = alloc.get(k);
            assertThat(a).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(demands.get(k));
            total += a;
            totalDemand += demands.get(k);
        }
        if (capacity == INF) {
            assertThat(alloc).isEqualTo(demands);
            return;
        }
        assertThat(total).isLessThanOrEqualTo(capacity * (1 + 1e-9));
        if (totalDemand >= capacity) {
            assertThat(total).isGreaterThanOrEqualTo(capacity * (1 - 1e-9));
        }
        // max-min: a sender below its demand has the largest allocation of all
        for (Integer k : demands.keySet()) {
            double a = alloc.get(k);
            if (a < demands.get(k)) {
                for (double other : alloc.values()) {
                    assertThat(other).isLessThanOrEqualTo(a * (1 + 1e-9));
                }
            }
        }
    }
}
