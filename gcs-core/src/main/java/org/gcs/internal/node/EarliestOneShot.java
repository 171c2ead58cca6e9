package org.gcs.internal.node;

import java.util.concurrent.ScheduledFuture;
import java.util.function.LongConsumer;

/**
 * One pending one-shot task on the event loop, due at the earliest time asked for: an earlier time replaces the
 * pending task, a later one is ignored (whoever asked asks again when the task runs). The timers of the engine's
 * driver build on it: {@link DeadlineTimer} for what falls due between ticks and {@link TickSchedule} for the ticks.
 * Confined to the loop, except {@link #cancel}, which any thread may call.
 */
final class EarliestOneShot {
    private final NodeLoop loop;
    private final LongConsumer task;
    /** When the pending task is due, {@link Long#MAX_VALUE} if none is pending; loop only. */
    private long pendingAtNs = Long.MAX_VALUE;
    private volatile ScheduledFuture<?> pending;

    /**
     * @param loop the event loop the task runs on
     * @param task what runs, with the time it was due at on {@link NodeClock#nowNs}'s clock
     */
    EarliestOneShot(NodeLoop loop, LongConsumer task) {
        this.loop = loop;
        this.task = task;
    }

    /**
     * Runs the task at or soon after {@code atNs}, unless it is pending for that time or earlier already.
     *
     * @param atNs on {@link NodeClock#nowNs}'s clock
     */
    void at(long atNs) {
        if (atNs >= pendingAtNs) {
            return;
        }
        cancel();
        pendingAtNs = atNs;
        pending = loop.after(Math.max(0, atNs - NodeClock.nowNs()), this::fire);
        if (pending == null) {
            pendingAtNs = Long.MAX_VALUE; // the loop has shut down
        }
    }

    /** Cancels the pending task, if any; any thread. It may still run if it is starting now. */
    void cancel() {
        ScheduledFuture<?> current = pending;
        if (current != null) {
            current.cancel(false);
        }
    }

    private void fire() {
        long dueNs = pendingAtNs;
        pendingAtNs = Long.MAX_VALUE;
        pending = null;
        task.accept(dueNs);
    }
}
