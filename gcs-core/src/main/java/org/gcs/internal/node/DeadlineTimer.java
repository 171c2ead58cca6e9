package org.gcs.internal.node;

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

    private final EarliestOneShot timer;
    private LongConsumer target = nowNs -> { };

    /** @param loop the event loop the timer runs on */
    DeadlineTimer(NodeLoop loop) {
        this.timer = new EarliestOneShot(loop, dueNs -> fire());
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
        timer.at(deadlineNs);
    }

    private void fire() {
        try {
            target.accept(NodeClock.nowNs());
        } catch (RuntimeException e) {
            LOG.error("deadline timer task failed; continuing", e);
        }
    }
}
