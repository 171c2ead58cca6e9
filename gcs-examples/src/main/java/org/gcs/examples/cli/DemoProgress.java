package org.gcs.examples.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.gcs.MemberId;

/**
 * Measures a running demo: per sender, what it sent and what all receivers got from it, overall and since the
 * previous interval.
 */
final class DemoProgress {
    private final DemoTraffic traffic;
    private final Map<MemberId, DeliveryChecker> receivers;
    private final LatencyRecorder latency;
    private final Map<MemberId, Long> sentBefore = new HashMap<>();
    private final Map<MemberId, Long> receivedBefore = new HashMap<>();
    private long intervalStartNs;

    /**
     * @param traffic the senders
     * @param receivers the checker of every receiver
     * @param latency the latency recorder fed by the receivers
     */
    DemoProgress(DemoTraffic traffic, Map<MemberId, DeliveryChecker> receivers, LatencyRecorder latency) {
        this.traffic = traffic;
        this.receivers = receivers;
        this.latency = latency;
        this.intervalStartNs = System.nanoTime();
    }

    /** One sender's line of an interval table. */
    record SenderInterval(MemberId sender, long sent, double sentPerSec, double meanReceivedPerSec) {
    }

    /** One interval table: the senders, then the totals so far. */
    record Interval(double elapsedSec, List<SenderInterval> senders, long delivered, long expected,
            Histogram latencyMicros) {
    }

    /** @return the interval since the previous call (or since construction) */
    Interval nextInterval() {
        long now = System.nanoTime();
        double seconds = Math.max(1e-9, (now - intervalStartNs) / 1e9);
        intervalStartNs = now;
        List<SenderInterval> rows = new ArrayList<>();
        for (MemberId sender : traffic.members()) {
            long sent = traffic.sentBy(sender);
            long received = receivedFrom(sender).unique();
            long sentNow = sent - sentBefore.getOrDefault(sender, 0L);
            long receivedNow = received - receivedBefore.getOrDefault(sender, 0L);
            sentBefore.put(sender, sent);
            receivedBefore.put(sender, received);
            rows.add(new SenderInterval(sender, sentNow, sentNow / seconds,
                    receivedNow / seconds / Math.max(1, receivers.size())));
        }
        return new Interval(seconds, rows, delivered(), expected(), latency.interval());
    }

    /**
     * @param sender a sender
     * @return what all receivers together got from it
     */
    SequenceCounts receivedFrom(MemberId sender) {
        SequenceCounts sum = SequenceCounts.NONE;
        for (DeliveryChecker checker : receivers.values()) {
            sum = sum.plus(checker.from(sender));
        }
        return sum;
    }

    /** @return what all receivers got from all senders */
    SequenceCounts received() {
        SequenceCounts sum = SequenceCounts.NONE;
        for (DeliveryChecker checker : receivers.values()) {
            sum = sum.plus(checker.total());
        }
        return sum;
    }

    /** @return distinct deliveries so far, over all receivers */
    long delivered() {
        return received().unique();
    }

    /** @return the deliveries the messages sent so far call for: every member receives every message */
    long expected() {
        return traffic.totalSent() * receivers.size();
    }
}
