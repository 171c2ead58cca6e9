package org.gcs.examples.cli;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import org.gcs.metrics.GcsMeters;

/** Sums a GCS counter over every node registered in one registry (read it before the nodes close). */
final class MeterTotals {
    private final MeterRegistry registry;

    /** @param registry the registry shared by the nodes */
    MeterTotals(MeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * @param meter a counter of {@link GcsMeters}
     * @return its sum over all nodes (and tags)
     */
    long sum(GcsMeters meter) {
        double total = 0;
        for (Counter counter : registry.find(meter.meterName()).counters()) {
            total += counter.count();
        }
        for (FunctionCounter counter : registry.find(meter.meterName()).functionCounters()) {
            total += counter.count();
        }
        return Math.round(total);
    }
}
