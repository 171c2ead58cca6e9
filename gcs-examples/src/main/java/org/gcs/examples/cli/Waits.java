package org.gcs.examples.cli;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** An explicit wait loop: polls a condition until it holds or a deadline passes. */
final class Waits {
    private Waits() {
    }

    /**
     * @param condition what to wait for
     * @param timeout how long to wait at most
     * @param poll how often to check
     * @return true if the condition held in time
     */
    static boolean until(BooleanSupplier condition, Duration timeout, Duration poll) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (condition.getAsBoolean()) {
                return true;
            }
            long leftNs = deadline - System.nanoTime();
            if (leftNs <= 0) {
                return false;
            }
            Thread.sleep(Math.max(1, Math.min(poll.toMillis(), leftNs / 1_000_000)));
        }
    }
}
