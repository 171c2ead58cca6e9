package org.gcs.internal.node;

import java.util.concurrent.ScheduledFuture;
import java.util.function.BooleanSupplier;

/**
 * When the protocol tick ({@link ProtocolTimer}) runs, on the event loop. While the engine has work for its tick
 * ({@link org.gcs.internal.engine.NodeEngine#tickDue}: a delegate always; a member with messages waiting or unstable,
 * or held marks to report), the tick comes every tick interval. A quiet member's tick does nothing but the status
 * refresh and the stall checks, so it comes every quiet interval ({@link ProtocolTimer#STATUS_INTERVAL_NS}): 10 wake-ups
 * a second instead of 200 (docs/performance.md, "No idle tick"). When work appears the engine asks for a tick
 * ({@link org.gcs.internal.engine.EngineIo#tickSoon}) and the next one comes within a tick interval.
 *
 * <p>One timer is pending at a time; an earlier due time replaces a later one. Confined to the loop, except
 * {@link #start} and {@link #stop}, which any thread may call.
 */
final class TickSchedule {
    private final NodeLoop loop;
    private final long tickNs;
    private final long quietNs;
    private Runnable tick = () -> { };
    private BooleanSupplier due = () -> true;
    /** When the pending tick is due, {@link Long#MAX_VALUE} if none is pending; loop only. */
    private long pendingAtNs = Long.MAX_VALUE;
    private volatile ScheduledFuture<?> pending;
    private volatile boolean stopped;

    /**
     * @param loop the event loop the ticks run on
     * @param tickNs the tick interval ({@code tick.interval}), nanoseconds
     * @param quietNs the interval between a quiet node's ticks, nanoseconds (at least {@code tickNs})
     */
    TickSchedule(NodeLoop loop, long tickNs, long quietNs) {
        if (tickNs <= 0 || quietNs < tickNs) {
            throw new IllegalArgumentException("need 0 < tickNs <= quietNs, got " + tickNs + " and " + quietNs);
        }
        this.loop = loop;
        this.tickNs = tickNs;
        this.quietNs = quietNs;
    }

    /**
     * @param tick the tick (the protocol timer)
     * @param due whether the engine has work for the next tick (else it may wait for the quiet interval)
     */
    void drive(Runnable tick, BooleanSupplier due) {
        this.tick = tick;
        this.due = due;
    }

    /** Starts ticking: the first tick comes after one tick interval. Any thread. */
    void start() {
        loop.execute(this::soon);
    }

    /** Brings the next tick forward to within a tick interval from now (if it is not due sooner); loop only. */
    void soon() {
        dueAt(NodeClock.nowNs() + tickNs);
    }

    /** Stops ticking: no tick starts after this returns (one running now ends). Any thread. */
    void stop() {
        stopped = true;
        ScheduledFuture<?> current = pending;
        if (current != null) {
            current.cancel(false);
        }
    }

    private void dueAt(long atNs) {
        if (stopped || atNs >= pendingAtNs) {
            return;
        }
        ScheduledFuture<?> current = pending;
        if (current != null) {
            current.cancel(false);
        }
        pendingAtNs = atNs;
        pending = loop.after(Math.max(0, atNs - NodeClock.nowNs()), this::fire);
        if (pending == null) {
            pendingAtNs = Long.MAX_VALUE; // the loop has shut down
        }
    }

    private void fire() {
        pendingAtNs = Long.MAX_VALUE;
        pending = null;
        if (stopped) {
            return;
        }
        try {
            tick.run();
        } finally {
            dueAt(NodeClock.nowNs() + (due.getAsBoolean() ? tickNs : quietNs));
        }
    }
}
