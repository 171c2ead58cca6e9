package org.gcs.internal.node;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/** An executor for tests: queues tasks until the test runs them on its own thread; can refuse like a shut-down one. */
final class ManualExecutor implements Executor {
    private final Queue<Runnable> tasks = new ArrayDeque<>();
    private boolean refusing;

    @Override
    public synchronized void execute(Runnable task) {
        if (refusing) {
            throw new RejectedExecutionException("shut down");
        }
        tasks.add(task);
        notifyAll();
    }

    /** From now on every task is refused. */
    synchronized void refuse() {
        refusing = true;
    }

    /** @return how many tasks wait */
    synchronized int queued() {
        return tasks.size();
    }

    /** Runs the oldest waiting task; there must be one. */
    void runNext() {
        Runnable task;
        synchronized (this) {
            task = tasks.remove();
        }
        task.run();
    }

    /** Runs tasks, including those they queue, until none waits. */
    void runAll() {
        while (queued() > 0) {
            runNext();
        }
    }

    /** Waits until a task is queued (another thread queues it). */
    synchronized void awaitTask() throws InterruptedException {
        while (tasks.isEmpty()) {
            wait();
        }
    }
}
