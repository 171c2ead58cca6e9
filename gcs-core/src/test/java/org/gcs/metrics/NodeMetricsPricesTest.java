package org.gcs.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.List;
import java.util.Map;
import org.gcs.internal.engine.PricedLink;
import org.junit.jupiter.api.Test;

/** The cost-benefit meters (seed 000): link price and priced occupancy per edge, budget and salary period per group. */
class NodeMetricsPricesTest {
    @Test
    void shouldMeterLinkPricesAndBudgetsWithTheControllerTag() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        NodeMetrics metrics = new NodeMetrics(registry, "boston", "boston-1");
        metrics.flowsChanged(List.of(), List.of());
        metrics.pricesChanged("cost-benefit", List.of(new PricedLink("ottawa", 3.31, 25.0)),
                Map.of("g", Map.of("budgetDollars", 12.5, "salaryPeriodSeconds", 0.05)));

        assertThat(registry.get("gcs.hop.link.price").tags("peer", "ottawa", "controller", "cost-benefit").gauge()
                .value()).isEqualTo(3.31);
        assertThat(registry.get("gcs.hop.link.priced.occupancy").tags("peer", "ottawa").gauge().value())
                .isEqualTo(25.0);
        assertThat(registry.get("gcs.cc.sender.budget").tags("group", "g", "controller", "cost-benefit").gauge()
                .value()).isEqualTo(12.5);
        assertThat(registry.get("gcs.cc.sender.salary.period").tags("group", "g").gauge().value()).isEqualTo(0.05);
        assertThat(registry.get("gcs.cc.sender.budget").gauge().getId().getBaseUnit()).isEqualTo("dollars");

        metrics.flowsChanged(List.of(), List.of());
        metrics.pricesChanged("cost-benefit", List.of(), Map.of("g", Map.of("budgetDollars", 2.0)));
        assertThat(registry.get("gcs.cc.sender.budget").gauge().value()).isEqualTo(2.0);
        assertThat(registry.find("gcs.hop.link.price").gauge()).as("a link that is gone: absent, not NaN").isNull();
    }
}
