package org.gcs.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs a scenario's independent runs (simulations, models) at the same time on a pool of threads, and hands their
 * results back in the order they were given: submit the longest first, so that the pool packs them well.
 */
public final class LabPool {
    private LabPool() {
    }

    /** @return how many threads a pool of at most {@code wanted} gets on this machine: no more than its cores */
    public static int threads(int wanted) {
        return Math.max(1, Math.min(wanted, Runtime.getRuntime().availableProcessors()));
    }

    /**
     * Runs the tasks on {@link #threads}({@code wanted}) threads.
     *
     * @return their results, in the tasks' order
     * @throws Exception the first failure, in the tasks' order, as the task threw it
     */
    public static <T> List<T> run(int wanted, List<? extends Callable<T>> tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads(wanted));
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (Callable<T> task : tasks) {
                futures.add(pool.submit(task));
            }
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                try {
                    results.add(future.get());
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception cause ? cause : e;
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
