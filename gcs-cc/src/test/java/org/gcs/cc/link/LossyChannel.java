package org.gcs.cc.link;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;

/** One direction of a channel in virtual time that delays, jitters (reorders), loses and duplicates frames. */
final class LossyChannel<T> {
    private record InFlight<T>(long atNs, long order, T frame) { }

    private final PriorityQueue<InFlight<T>> queue = new PriorityQueue<>((a, b) -> a.atNs != b.atNs
            ? Long.compare(a.atNs, b.atNs) : Long.compare(a.order, b.order));
    private final Random random;
    private final long delayNs;
    private final long jitterNs;
    private final double loss;
    private final double duplication;
    private long order;

    LossyChannel(Random random, long delayNs, long jitterNs, double loss, double duplication) {
        this.random = random;
        this.delayNs = delayNs;
        this.jitterNs = jitterNs;
        this.loss = loss;
        this.duplication = duplication;
    }

    void send(T frame, long nowNs) {
        int copies = random.nextDouble() < duplication ? 2 : 1;
        for (int i = 0; i < copies; i++) {
            if (random.nextDouble() >= loss) {
                long jitter = jitterNs == 0 ? 0 : (long) (random.nextDouble() * jitterNs);
                queue.add(new InFlight<>(nowNs + delayNs + jitter, order++, frame));
            }
        }
    }

    List<T> arrivals(long nowNs) {
        List<T> due = new ArrayList<>();
        while (!queue.isEmpty() && queue.peek().atNs <= nowNs) {
            due.add(queue.poll().frame);
        }
        return due;
    }
}
