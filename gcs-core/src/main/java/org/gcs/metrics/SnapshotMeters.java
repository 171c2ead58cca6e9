package org.gcs.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Meters that read the latest of a series of snapshots, for {@link CongestionMeters} and {@link HopMeters}: each
 * (meter, tags) pair is registered the first time a snapshot holds it and then reads the latest published snapshot;
 * a gauge is removed from the registries once a published snapshot lacks its pair (and registered again when the pair
 * comes back), a counter keeps its last value. A gauge value that is NaN or infinite is left out of the snapshot (so
 * the gauge is absent rather than NaN: no registry sees NaN or infinity). One thread takes the snapshots; the
 * registries may read from any thread.
 */
final class SnapshotMeters {
    private final NodeMeters meters;
    private final Set<String> registered = ConcurrentHashMap.newKeySet();
    private final Map<String, Gauge> gauges = new ConcurrentHashMap<>();
    private final Set<String> counters = ConcurrentHashMap.newKeySet();
    private volatile Map<String, Double> values = Map.of();

    /** @param meters where to register */
    SnapshotMeters(NodeMeters meters) {
        this.meters = meters;
    }

    /** @return an empty snapshot: what it does not hold is gone once published (counters keep their value) */
    Snapshot fresh() {
        return new Snapshot(new HashMap<>());
    }

    /** @return a snapshot that starts from the latest published one and adds to it */
    Snapshot extending() {
        return new Snapshot(new HashMap<>(values));
    }

    /** The values of one snapshot, taken one by one and then {@linkplain #publish() published} at once. */
    final class Snapshot {
        private final Map<String, Double> next;

        private Snapshot(Map<String, Double> next) {
            this.next = next;
        }

        /** Sets a gauge's value, registering the gauge the first time; a NaN or infinite value is left out. */
        void gauge(GcsMeters meter, Tags tags, double value) {
            gauge(meter.meterName(), meter.baseUnit(), meter.description(), tags, value);
        }

        /** Sets the gauge of a controller's named number, converted to the meter's base unit. */
        void gauge(FieldMeter meter, Tags tags, double value) {
            gauge(meter.meterName(), meter.baseUnit(), meter.description(), tags, meter.toBaseUnit(value));
        }

        private void gauge(String name, String unit, String description, Tags tags, double value) {
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                return;
            }
            String key = name + "|" + tags;
            next.put(key, value);
            if (registered.add(key)) {
                gauges.put(key, meters.gauge(name, unit, description, tags, SnapshotMeters.this,
                        m -> m.values.getOrDefault(key, 0.0)));
            }
        }

        /** Sets a counter's value (a running total), registering the counter the first time. */
        void counter(GcsMeters meter, Tags tags, long value) {
            String key = meter.meterName() + "|" + tags;
            next.put(key, (double) value);
            if (registered.add(key)) {
                counters.add(key);
                meters.functionCounter(meter, tags, SnapshotMeters.this, m -> m.values.getOrDefault(key, 0.0));
            }
        }

        /** Makes this snapshot the one the meters read; a counter it does not hold keeps its last value. */
        void publish() {
            values.forEach((key, value) -> {
                if (counters.contains(key)) {
                    next.putIfAbsent(key, value); // counters must not fall back to NaN while their source is away
                }
            });
            gauges.entrySet().removeIf(gauge -> {
                if (next.containsKey(gauge.getKey())) {
                    return false;
                }
                meters.remove(gauge.getValue()); // gone, or NaN: absent rather than NaN
                registered.remove(gauge.getKey());
                return true;
            });
            values = next;
        }
    }
}
