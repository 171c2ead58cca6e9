package org.gcs.internal.node;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import org.gcs.driver.TickGrid;

/**
 * When the protocol tick ({@link ProtocolTimer}) runs, on the event loop: on the node's tick grid
 * ({@link org.gcs.driver.TickGrid}). While the engine has work for its tick
 * ({@link org.gcs.internal.engine.NodeEngine#tickDue}: a delegate always; a member with messages waiting or unstable,
 * or held marks to report), the tick comes at every grid point, a tick interval apart. A quiet member's tick does
 * nothing but the status refresh, the stall checks and the demand checks, so it comes every quiet interval
 * ({@link ProtocolTimer#STATUS_INTERVAL_NS}), and at its demand checks
 * ({@link org.gcs.internal.engine.NodeEngine#quietWorkDueNs}): about 10 wake-ups a second instead of 200
 * (docs/performance.md, "No idle tick"). When work appears the engine asks for a tick
 * ({@link org.gcs.internal.engine.EngineIo#tickSoon}) and it comes at the next grid point, as it would have if the
 * node had ticked all along.
 *
 * <p>One timer is pending at a time ({@link EarliestOneShot}); an earlier due time replaces a later one. Confined to
 * the loop, except {@link #start} and {@link #stop}, which any thread may call.
 */
final class TickSchedule {
    private final NodeLoop loop;
    private final long tickNs;
    private final long quietNs;
    private final EarliestOneShot timer;
    private Runnable tick = () -> { };
    private BooleanSupplier due = () -> true;
    private LongSupplier quietWorkDueNs = () -> Long.MAX_VALUE;
    /** Set by {@link #start}; loop only. */
    private TickGrid grid;
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
        this.timer = new EarliestOneShot(loop, this::fire);
    }

    /**
     * @param tick the tick (the protocol timer)
     * @param due whether the engine has work for the next tick (else it may wait for the quiet interval)
     * @param quietWorkDueNs when a quiet engine's tick next has work (its demand checks), on {@link NodeClock}
     */
    void drive(Runnable tick, BooleanSupplier due, LongSupplier quietWorkDueNs) {
        this.tick = tick;
        this.due = due;
        this.quietWorkDueNs = quietWorkDueNs;
    }

    /** Starts ticking: the first tick comes after one tick interval, and the grid runs from it. Any thread. */
    void start() {
        loop.execute(() -> {
            long firstNs = NodeClock.nowNs() + tickNs;
            grid = new TickGrid(firstNs, tickNs, quietNs);
            dueAt(firstNs);
        });
    }

    /**
     * Brings the next tick forward to the next grid point (if it is not due sooner); loop only.
     *
     * @param nowNs {@link NodeClock#nowNs}'s clock, as the engine last read it
     */
    void soon(long nowNs) {
        if (grid != null) {
            dueAt(grid.after(nowNs));
        }
    }

    /** Stops ticking: no tick starts after this returns (one running now ends). Any thread. */
    void stop() {
        stopped = true;
        timer.cancel();
    }

    private void dueAt(long atNs) {
        if (!stopped) {
            timer.at(atNs);
        }
    }

    private void fire(long tickAtNs) {
        if (stopped) {
            return;
        }
        try {
            tick.run();
        } finally {
            boolean busy = due.getAsBoolean();
            dueAt(grid.next(tickAtNs, NodeClock.nowNs(), busy, busy ? Long.MAX_VALUE : quietWorkDueNs.getAsLong()));
        }
    }
}
