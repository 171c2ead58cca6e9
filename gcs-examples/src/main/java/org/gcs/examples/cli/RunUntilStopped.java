package org.gcs.examples.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The lifetime of a long-running command ({@code gcs node}, {@code gcs whiteboard}): it runs until SIGTERM/SIGINT,
 * its {@code stop} latch (tests) or its optional duration, then runs its shutdown exactly once, from whichever of
 * those came first.
 */
public final class RunUntilStopped {
    private RunUntilStopped() {
    }

    /**
     * Blocks until the command should stop, then shuts it down.
     *
     * @param stop counted down to stop early (by a test, or by the shutdown hook)
     * @param duration how long to run at most; null runs until stopped
     * @param shutdown closes what the command runs; called exactly once
     * @param hookName the name of the shutdown-hook thread
     * @throws InterruptedException if interrupted while waiting (the shutdown has not run then)
     */
    public static void await(CountDownLatch stop, Duration duration, Runnable shutdown, String hookName)
            throws InterruptedException {
        AtomicBoolean done = new AtomicBoolean();
        Runnable once = () -> {
            if (done.compareAndSet(false, true)) {
                shutdown.run();
            }
        };
        Thread hook = new Thread(() -> {
            stop.countDown();
            once.run();
        }, hookName);
        Runtime.getRuntime().addShutdownHook(hook);
        if (duration == null) {
            stop.await();
        } else {
            stop.await(duration.toNanos(), TimeUnit.NANOSECONDS);
        }
        once.run();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running
        }
    }
}
