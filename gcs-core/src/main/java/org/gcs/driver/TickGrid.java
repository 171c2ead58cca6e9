package org.gcs.driver;

/**
 * When a node's protocol ticks come: always on its grid, {@code originNs + k × tickNs}. A node with work for its tick
 * ({@link SansIoEngine#tickDue}) ticks at every grid point; a quiet one skips to the first grid point a quiet interval
 * on, or to the first at or after its next demand check ({@link SansIoEngine#quietWorkDueNs}) if that is sooner; when
 * work appears ({@link SansIoEngine.Io#tickSoon}) it ticks at the next grid point. The ticks a quiet node takes are
 * thus a subset of those a node ticking every interval takes, at the same instants, and every tick with work is among
 * them: a tick that is skipped would have done nothing, so skipping it changes nothing else (docs/performance.md, "No
 * idle tick"). The Netty driver and gcs-sim's simulator both follow it.
 *
 * <p>Immutable.
 */
public final class TickGrid {
    private final long originNs;
    private final long tickNs;
    private final long quietNs;

    /**
     * @param originNs a grid point (the first tick), on the driver's clock, nanoseconds
     * @param tickNs the tick interval ({@code tick.interval}), nanoseconds
     * @param quietNs the longest a quiet node goes without a tick, nanoseconds (at least {@code tickNs};
     *     {@link SansIoEngine#QUIET_TICK_INTERVAL_NS} unless the tick interval is longer)
     * @throws IllegalArgumentException unless {@code 0 < tickNs <= quietNs}
     */
    public TickGrid(long originNs, long tickNs, long quietNs) {
        if (tickNs <= 0 || quietNs < tickNs) {
            throw new IllegalArgumentException("need 0 < tickNs <= quietNs, got " + tickNs + " and " + quietNs);
        }
        this.originNs = originNs;
        this.tickNs = tickNs;
        this.quietNs = quietNs;
    }

    /** @return the first grid point strictly after {@code ns}: where a tick asked for at {@code ns} comes */
    public long after(long ns) {
        return originNs + (Math.floorDiv(ns - originNs, tickNs) + 1) * tickNs;
    }

    /** @return the first grid point at or after {@code ns} */
    public long atOrAfter(long ns) {
        return originNs - Math.floorDiv(originNs - ns, tickNs) * tickNs; // the ceiling of (ns - origin) / tick
    }

    /**
     * @param tickAtNs the grid point the tick that just ran was due at
     * @param nowNs now (a late driver runs the tick after its grid point; a grid point already past is skipped)
     * @param due whether the engine has work for its next tick ({@link SansIoEngine#tickDue})
     * @param quietWorkDueNs when a quiet engine's tick next has work ({@link SansIoEngine#quietWorkDueNs};
     *     {@link Long#MAX_VALUE} if never)
     * @return when the next tick comes: the next grid point while due, else the first a quiet interval on or at the
     *     quiet work, whichever is sooner
     */
    public long next(long tickAtNs, long nowNs, boolean due, long quietWorkDueNs) {
        long next = due ? tickAtNs + tickNs : atOrAfter(Math.min(tickAtNs + quietNs, quietWorkDueNs));
        return next > nowNs ? next : after(nowNs);
    }

    /** @return the tick interval, nanoseconds */
    public long tickNs() {
        return tickNs;
    }
}
