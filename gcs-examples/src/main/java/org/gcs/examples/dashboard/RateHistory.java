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
 * The members' send and delivery rates over the last {@link #capacity} samples: each {@link #sample} turns the
 * cumulative totals into rates since the previous sample. Bounded: the oldest sample goes when a new one comes.
 * Thread-safe (one thread samples, the web server reads).
 */
final class RateHistory {
    /** The rates, per member, in the order of {@link #RATE_NAMES}. */
    static final List<String> RATE_NAMES = List.of("sentMsgPerSec", "deliveredMsgPerSec", "sentBytesPerSec",
            "deliveredBytesPerSec");

    private record Sample(long timeMs, Map<String, double[]> ratesByMember) {
    }

    private final int capacity;
    private final ArrayDeque<Sample> samples = new ArrayDeque<>();
    private Map<String, MemberTotals> previousTotals = Map.of();
    private long previousTimeMs;

    /** @param capacity how many samples to keep, at least 1 */
    RateHistory(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        }
        this.capacity = capacity;
    }

    /**
     * Records the rates since the previous call; the first call only records the totals.
     *
     * @param timeMs the wall-clock time of the totals, in epoch milliseconds
     * @param totals every member's totals by {@code site/member}
     */
    synchronized void sample(long timeMs, Map<String, MemberTotals> totals) {
        double seconds = (timeMs - previousTimeMs) / 1000.0;
        if (!previousTotals.isEmpty() && seconds > 0) {
            Map<String, double[]> rates = new HashMap<>();
            totals.forEach((member, now) -> {
                MemberTotals before = previousTotals.get(member);
                if (before != null) {
                    rates.put(member, new double[] {
                        rate(now.sentMessages() - before.sentMessages(), seconds),
                        rate(now.deliveredMessages() - before.deliveredMessages(), seconds),
                        rate(now.sentBytes() - before.sentBytes(), seconds),
                        rate(now.deliveredBytes() - before.deliveredBytes(), seconds)});
                }
            });
            samples.addLast(new Sample(timeMs, rates));
            while (samples.size() > capacity) {
                samples.removeFirst();
            }
        }
        previousTotals = Map.copyOf(totals);
        previousTimeMs = timeMs;
    }

    private static double rate(long delta, double seconds) {
        return Math.max(0, delta) / seconds;
    }

    /** @return the number of samples held */
    synchronized int size() {
        return samples.size();
    }

    /**
     * @param periodMs the sampling period, for the page
     * @return {@code {periodMs, timesMs: [...], members: {SITE/MEMBER: {sentMsgPerSec: [...], ...}}}}, every array
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
            for (int r = 0; r < RATE_NAMES.size(); r++) {
                List<Double> values = new ArrayList<>(samples.size());
                for (Sample sample : samples) {
                    double[] rates = sample.ratesByMember().get(member);
                    values.add(rates == null ? null : rates[r]);
                }
                series.put(RATE_NAMES.get(r), values);
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
