package org.gcs.examples.dashboard;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rates per member over the last {@code capacity} samples: each {@link #sample} turns cumulative counts (one per rate
 * name) into rates per second since the previous sample. Bounded: the oldest sample goes when a new one comes.
 * Thread-safe (one thread samples, the web server reads).
 */
final class RateHistory {
    /** A shown member's rates, from its {@link #counts(MemberTotals)}. */
    static final List<String> MEMBER_RATES = List.of("sentMsgPerSec", "deliveredMsgPerSec", "sentBytesPerSec",
            "deliveredBytesPerSec");
    /** Another member's rates as the shown nodes deliver its messages. */
    static final List<String> DELIVERED_HERE_RATES = List.of("deliveredHereMsgPerSec", "deliveredHereBytesPerSec");

    private record Sample(long timeMs, Map<String, double[]> ratesByMember) {
    }

    private final List<String> rateNames;
    private final int capacity;
    private final ArrayDeque<Sample> samples = new ArrayDeque<>();
    private Map<String, long[]> previousCounts = Map.of();
    private long previousTimeMs;
    private boolean sampled;

    /**
     * @param rateNames the rates' names, one per count
     * @param capacity how many samples to keep, at least 1
     */
    RateHistory(List<String> rateNames, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        }
        this.rateNames = List.copyOf(rateNames);
        this.capacity = capacity;
    }

    /**
     * @param totals a member's totals
     * @return its counts in the order of {@link #MEMBER_RATES}
     */
    static long[] counts(MemberTotals totals) {
        return new long[] {totals.sentMessages(), totals.deliveredMessages(), totals.sentBytes(),
            totals.deliveredBytes()};
    }

    /**
     * Records the rates since the previous call; the first call only records the counts. A member gets rates from
     * its second sample on.
     *
     * @param timeMs the wall-clock time of the counts, in epoch milliseconds
     * @param counts every member's cumulative counts by {@code site/member}, one per rate name
     */
    synchronized void sample(long timeMs, Map<String, long[]> counts) {
        double seconds = (timeMs - previousTimeMs) / 1000.0;
        if (sampled && seconds > 0) {
            Map<String, double[]> rates = new HashMap<>();
            counts.forEach((member, now) -> {
                long[] before = previousCounts.get(member);
                if (before != null) {
                    double[] memberRates = new double[rateNames.size()];
                    for (int r = 0; r < memberRates.length; r++) {
                        memberRates[r] = Math.max(0, now[r] - before[r]) / seconds;
                    }
                    rates.put(member, memberRates);
                }
            });
            samples.addLast(new Sample(timeMs, rates));
            while (samples.size() > capacity) {
                samples.removeFirst();
            }
        }
        previousCounts = Map.copyOf(counts);
        previousTimeMs = timeMs;
        sampled = true;
    }

    /** @return the number of samples held */
    synchronized int size() {
        return samples.size();
    }

    /**
     * @param periodMs the sampling period, for the page
     * @return {@code {periodMs, timesMs: [...], members: {SITE/MEMBER: {RATE_NAME: [...], ...}}}}, every array
     *     aligned with {@code timesMs} ({@code null} where a member was not sampled)
     */
    synchronized Map<String, Object> toJson(long periodMs) {
        List<Long> times = new ArrayList<>(samples.size());
        Set<String> members = new LinkedHashSet<>();
        for (Sample sample : samples) {
            times.add(sample.timeMs());
            members.addAll(sample.ratesByMember().keySet());
        }
        Map<String, Object> byMember = new LinkedHashMap<>();
        for (String member : members.stream().sorted().toList()) {
            Map<String, Object> series = new LinkedHashMap<>();
            for (int r = 0; r < rateNames.size(); r++) {
                List<Double> values = new ArrayList<>(samples.size());
                for (Sample sample : samples) {
                    double[] rates = sample.ratesByMember().get(member);
                    values.add(rates == null ? null : rates[r]);
                }
                series.put(rateNames.get(r), values);
            }
            byMember.put(member, series);
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("periodMs", periodMs);
        json.put("timesMs", times);
        json.put("members", byMember);
        return json;
    }
}
