package org.gcs.internal.node;

import java.util.concurrent.ScheduledFuture;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's deadline timer on the event loop. It keeps the earliest deadline the engine asked for
 * ({@link org.gcs.internal.engine.EngineIo#wakeAt}) and calls the engine then
 * ({@link org.gcs.internal.engine.NodeEngine#onDeadline}), so that what falls due between two ticks (a delegate's
 * tail probe) does not wait for the next tick. One timer is pending at a time: a later deadline waits for it (the
 * engine asks again for what is still to come when it runs), an earlier one replaces it. Confined to the loop.
 */
final class DeadlineTimer {
    private static final Logger LOG = LoggerFactory.getLogger(DeadlineTimer.class);

    private final NodeLoop loop;
    private LongConsumer target = nowNs -> { };
    /** The deadline of the pending timer, {@link Long#MAX_VALUE} if none. */
    private long pendingNs = Long.MAX_VALUE;
    private ScheduledFuture<?> pending;

    /** @param loop the event loop the timer runs on */
    DeadlineTimer(NodeLoop loop) {
        this.loop = loop;
    }

    /** @param target what runs when a deadline comes, with the time then (the engine's {@code onDeadline}) */
    void target(LongConsumer target) {
        this.target = target;
    }

    /**
     * Runs the target at or soon after {@code deadlineNs}, unless a timer for an earlier deadline is pending.
     *
     * @param deadlineNs on {@link NodeClock#nowNs}'s clock
     */
    void wakeAt(long deadlineNs) {
        if (deadlineNs >= pendingNs) {
            return;
        }
        if (pending != null) {
            pending.cancel(false);
        }
        pendingNs = deadlineNs;
        pending = loop.after(Math.max(0, deadlineNs - NodeClock.nowNs()), this::fire);
        if (pending == null) {
            pendingNs = Long.MAX_VALUE; // the loop has shut down
        }
    }

    private void fire() {
        pendingNs = Long.MAX_VALUE;
        pending = null;
        try {
            target.accept(NodeClock.nowNs());
        } catch (RuntimeException e) {
            LOG.error("deadline timer task failed; continuing", e);
        }
    }
}
