package org.gcs.tools.threads;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The threads of the tools: every one is a named daemon (a tool's process ends when its command is done, whatever a
 * helper thread is still doing), and closing many nodes at once is done in parallel with a bound on the wait.
 */
public final class Threads {
    /** How many closes run at once in {@link #closeAll}. */
    static final int MAX_PARALLEL_CLOSES = 8;

    private Threads() {
    }

    /**
     * @param task what the thread runs
     * @param name its name
     * @return a daemon thread, not started
     */
    public static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }

    /**
     * @param task what the thread runs
     * @param name its name
     * @return a daemon thread, started
     */
    public static Thread startDaemon(Runnable task, String name) {
        Thread thread = daemon(task, name);
        thread.start();
        return thread;
    }

    /**
     * @param name the name of every thread it makes
     * @return a factory of daemon threads of that name, for executors
     */
    public static ThreadFactory daemons(String name) {
        return task -> daemon(task, name);
    }

    /**
     * Closes every resource, up to {@value #MAX_PARALLEL_CLOSES} at once (a node leaving its JGroups cluster takes a
     * moment), waiting at most {@code timeout} for each. A resource that fails to close, or does not close in time, is
     * abandoned: the threads of the tools' nodes are daemons. An interrupt stops the waiting and is kept.
     *
     * @param resources what to close
     * @param threadName the name of the closing threads
     * @param timeout the longest wait for one close
     */
    public static void closeAll(Collection<? extends AutoCloseable> resources, String threadName, Duration timeout) {
        if (resources.isEmpty()) {
            return;
        }
        ExecutorService closer = Executors.newFixedThreadPool(Math.min(resources.size(), MAX_PARALLEL_CLOSES),
                daemons(threadName));
        List<Future<?>> closing = new ArrayList<>();
        for (AutoCloseable resource : resources) {
            closing.add(closer.submit(() -> {
                resource.close();
                return null;
            }));
        }
        try {
            for (Future<?> f : closing) {
                try {
                    f.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (Exception e) {
                    // failed or late: abandoned, see above
                }
            }
        } finally {
            closer.shutdownNow();
        }
    }
}
