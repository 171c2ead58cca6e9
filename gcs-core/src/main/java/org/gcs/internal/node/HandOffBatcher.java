package org.gcs.internal.node;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * Hands items produced on the event loop to another thread in batches instead of one task per item. The first
 * item added after a flush queues a flush on the loop, behind the loop tasks already waiting, so everything those
 * tasks produce travels in the same batch; the flush passes the collected items, in the order they were added,
 * to the target executor as one task. Confined to the loop: {@link #add} and {@link #flush} are called there only.
 *
 * @param <T> the item type
 */
final class HandOffBatcher<T> {
    private final Executor loop;
    private final Executor target;
    private final Consumer<List<T>> consumer;
    private final Consumer<List<T>> refused;
    private List<T> pending;

    /**
     * @param loop the event loop that owns this batcher (where the flush is queued)
     * @param target the executor that runs the batches, in order (a single thread)
     * @param consumer takes one batch on the target's thread
     * @param refused takes a batch the target refused (it shut down), on the loop
     */
    HandOffBatcher(Executor loop, Executor target, Consumer<List<T>> consumer, Consumer<List<T>> refused) {
        this.loop = loop;
        this.target = target;
        this.consumer = consumer;
        this.refused = refused;
    }

    /** Adds an item to the current batch; the first item of a batch queues its flush on the loop. */
    void add(T item) {
        boolean first = pending == null;
        if (first) {
            pending = new ArrayList<>();
        }
        pending.add(item);
        if (first) {
            try {
                loop.execute(this::flush);
            } catch (RejectedExecutionException e) {
                flush(); // the loop is shutting down and runs no more tasks: hand over now
            }
        }
    }

    /** Hands the current batch, if any, to the target now. */
    void flush() {
        List<T> batch = pending;
        if (batch == null) {
            return;
        }
        pending = null;
        try {
            target.execute(() -> consumer.accept(batch));
        } catch (RejectedExecutionException e) {
            refused.accept(batch);
        }
    }
}
