package org.gcs.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.ToDoubleFunction;

/**
 * Where the meters of one node live: a {@link CompositeMeterRegistry} of the node's own, to which the configured
 * registry is added first and any registry bound later ({@link GcsMetrics#binder}); the composite forwards every
 * meter, registered before or after, to each of them. Registers with the node's {@code site} and {@code member} tags,
 * remembers what it registered and removes it all on {@link #close()}. Thread-safe.
 */
final class NodeMeters implements AutoCloseable {
    private final CompositeMeterRegistry composite = new CompositeMeterRegistry();
    private final MeterRegistry home;
    private final Tags tags;
    private final List<Meter> meters = new CopyOnWriteArrayList<>();
    private final List<MeterRegistry> bound = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    /**
     * @param home the configured registry, the first to receive the meters
     * @param site the node's site
     * @param member the node's member name
     */
    NodeMeters(MeterRegistry home, String site, String member) {
        this.home = home;
        this.tags = Tags.of("site", site, "member", member);
        composite.add(home);
    }

    /** @return the {@code site} and {@code member} tags */
    Tags tags() {
        return tags;
    }

    /** @return the registry the meters are registered in (the composite) */
    MeterRegistry registry() {
        return composite;
    }

    /**
     * Adds a registry: it receives every meter of the node, present and future, until the node closes.
     *
     * @param registry the registry
     */
    void bind(MeterRegistry registry) {
        if (closed || registry == home || bound.contains(registry)) {
            return;
        }
        bound.add(registry);
        composite.add(registry);
    }

    /** A counter with the node's tags and {@code extra}. */
    Counter counter(GcsMeters meter, Tags extra) {
        return keep(Counter.builder(meter.meterName()).description(meter.description()).baseUnit(unit(meter))
                .tags(tags).tags(extra).register(composite));
    }

    /** A gauge with the node's tags and {@code extra}, reading {@code value} of {@code source} (held strongly). */
    <T> Gauge gauge(GcsMeters meter, Tags extra, T source, ToDoubleFunction<T> value) {
        return gauge(meter.meterName(), meter.baseUnit(), meter.description(), extra, source, value);
    }

    /** A gauge of a name derived from a {@link GcsMeters} family ({@link FieldMeter}); empty unit for none. */
    <T> Gauge gauge(String name, String baseUnit, String description, Tags extra, T source,
                    ToDoubleFunction<T> value) {
        return keep(Gauge.builder(name, source, value).description(description)
                .baseUnit(baseUnit.isEmpty() ? null : baseUnit).tags(tags).tags(extra).strongReference(true)
                .register(composite));
    }

    /** A counter whose total {@code count} reads from {@code source} (held strongly). */
    <T> FunctionCounter functionCounter(GcsMeters meter, Tags extra, T source, ToDoubleFunction<T> count) {
        return keep(FunctionCounter.builder(meter.meterName(), source, count).description(meter.description())
                .baseUnit(unit(meter)).tags(tags).tags(extra).register(composite));
    }

    /** Remembers a meter registered in {@link #registry()} elsewhere, for {@link #close()}. */
    <M extends Meter> M keep(M meter) {
        if (!meters.contains(meter)) {
            meters.add(meter);
        }
        return meter;
    }

    /**
     * Removes a meter from every registry.
     *
     * @param meter a meter registered here
     */
    void remove(Meter meter) {
        meters.remove(meter);
        composite.remove(meter);
    }

    /**
     * The count of a counter as the configured registry holds it (a composite counter reads an arbitrary child, and a
     * registry bound later counts only from then on).
     *
     * @param counter a counter registered here
     * @return its count
     */
    double count(Counter counter) {
        Counter inHome = home.find(counter.getId().getName()).tags(counter.getId().getTagsAsIterable()).counter();
        return inHome != null ? inHome.count() : counter.count();
    }

    private static String unit(GcsMeters meter) {
        return meter.baseUnit().isEmpty() ? null : meter.baseUnit();
    }

    /**
     * The mean of a timer as the configured registry holds it (see {@link #count}).
     *
     * @param timer a timer registered here
     * @return its mean in milliseconds
     */
    double meanMs(Timer timer) {
        Timer inHome = home.find(timer.getId().getName()).tags(timer.getId().getTagsAsIterable()).timer();
        return (inHome != null ? inHome : timer).mean(TimeUnit.MILLISECONDS);
    }

    /**
     * Removes every meter of the node from every registry (counts already taken stay readable through
     * {@link #count}); registries bound later receive nothing.
     */
    @Override
    public void close() {
        closed = true;
        for (Meter meter : meters) {
            composite.remove(meter);
        }
        meters.clear();
    }
}
