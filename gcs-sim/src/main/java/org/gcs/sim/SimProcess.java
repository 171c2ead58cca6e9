package org.gcs.sim;

import java.util.List;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.driver.LanMember;
import org.gcs.driver.SansIoEngine;
import org.gcs.driver.TickGrid;

/**
 * A simulated node's process: whether it runs (until crashed or stopped, and not while paused as by SIGSTOP) and,
 * while it runs, its engine driven on the {@link SimNetwork}'s virtual clock: its ticks, and what reaches it from the
 * LAN and the WAN. What arrives while it does not run is lost.
 */
final class SimProcess {
    private final SimNetwork network;
    private final SansIoEngine engine;
    private final SimWanPort wan;
    private final long tickNs;
    private boolean alive = true;
    /** Stopped as by SIGSTOP: no ticks, and what arrives meanwhile is lost (see {@link SimNetwork#pause}). */
    private boolean paused;
    /** The deadline of the pending deadline event ({@link #wakeAt}), {@link Long#MAX_VALUE} if none. */
    private long pendingDeadlineNs = Long.MAX_VALUE;
    /** When the pending tick event is due ({@link #tickLoop}, {@link #tickSoon}), {@link Long#MAX_VALUE} if none. */
    private long pendingTickNs = Long.MAX_VALUE;
    private long ticks;
    /** Set by {@link #startTicks}. */
    private TickGrid grid;

    /**
     * @param network the network: its virtual clock and simulated wall clock
     * @param engine the node's engine
     * @param wan the node's WAN side, which counts the datagrams the engine drops on arrival
     * @param tickNs the engine's tick interval
     */
    SimProcess(SimNetwork network, SansIoEngine engine, SimWanPort wan, long tickNs) {
        this.network = network;
        this.engine = engine;
        this.wan = wan;
        this.tickNs = tickNs;
    }

    /** @return the engine's tick interval */
    long tickNs() {
        return tickNs;
    }

    /** @return false once crashed or stopped */
    boolean alive() {
        return alive;
    }

    /** Ends the process for good (a crash or a graceful stop). */
    void kill() {
        alive = false;
    }

    /** @return whether it is paused */
    boolean paused() {
        return paused;
    }

    /** Pauses (SIGSTOP) or resumes (SIGCONT) the process. */
    void setPaused(boolean paused) {
        this.paused = paused;
    }

    /** Tells the engine it was stalled, as the Netty driver does when its tick comes seconds late. */
    void stalled() {
        engine.onStalled(network.nowNs());
    }

    /**
     * Ticks the engine unless paused, and schedules the next tick on the process's tick grid ({@link TickGrid}), as
     * the Netty driver's tick schedule does, until the process ends: the next grid point while the engine has work
     * for its tick ({@link SansIoEngine#tickDue}) or the process is paused, else the first a quiet interval on or at
     * its next demand check ({@link SansIoEngine#quietWorkDueNs}), unless {@link #tickSoon} asks sooner.
     */
    private void tickLoop() {
        if (!alive) {
            return;
        }
        long nowNs = network.nowNs();
        if (!paused) {
            ticks++;
            engine.onTick(nowNs);
        }
        boolean busy = paused || engine.tickDue();
        tickAt(grid.next(nowNs, nowNs, busy, busy ? Long.MAX_VALUE : engine.quietWorkDueNs()));
    }

    /** @return how many ticks the engine has had */
    long ticks() {
        return ticks;
    }

    /**
     * Starts the ticks: the first comes {@code phaseNs} from now, and the grid runs from it.
     *
     * @param quiet whether a quiet engine skips ticks (else it ticks at every grid point)
     */
    void startTicks(long phaseNs, boolean quiet) {
        grid = new TickGrid(network.nowNs() + phaseNs, tickNs,
                quiet ? Math.max(tickNs, SansIoEngine.QUIET_TICK_INTERVAL_NS) : tickNs);
        tickAt(network.nowNs() + phaseNs);
    }

    /** The engine has work for its tick: the next tick comes at the next grid point. */
    void tickSoon() {
        if (alive && grid != null) {
            tickAt(grid.after(network.nowNs()));
        }
    }

    private void tickAt(long atNs) {
        if (atNs >= pendingTickNs) {
            return;
        }
        pendingTickNs = atNs;
        network.clock().after(atNs - network.nowNs(), () -> {
            if (atNs == pendingTickNs) { // else replaced by an earlier tick, which has run
                pendingTickNs = Long.MAX_VALUE;
                tickLoop();
            }
        });
    }

    /**
     * Runs the engine's deadline work at {@code deadlineNs} on the virtual clock, unless an earlier deadline is
     * pending, as the Netty driver's deadline timer does: an earlier deadline replaces a later one (the replaced
     * event does nothing when it comes), and the engine asks again for what is still to come when it runs.
     */
    void wakeAt(long deadlineNs) {
        if (deadlineNs >= pendingDeadlineNs) {
            return;
        }
        pendingDeadlineNs = deadlineNs;
        network.clock().after(Math.max(0, deadlineNs - network.nowNs()), () -> deadline(deadlineNs));
    }

    private void deadline(long deadlineNs) {
        if (deadlineNs != pendingDeadlineNs) {
            return; // replaced by an earlier deadline, which has run
        }
        pendingDeadlineNs = Long.MAX_VALUE;
        if (alive && !paused) {
            engine.onDeadline(network.nowNs());
        }
    }

    /** Hands the engine a LAN message, unless the process does not run. */
    void receiveLan(byte[] bytes) {
        if (!alive || paused) {
            return;
        }
        try {
            engine.onLanMessage(bytes, network.nowNs());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("simulated LAN carried a malformed message", e);
        }
    }

    /** Hands the engine a LAN view, unless the process does not run. */
    void receiveView(long viewId, List<LanMember> members, boolean merged) {
        if (alive && !paused) {
            engine.onLanView(viewId, members, merged, network.nowNs());
        }
    }

    /** Hands the engine a WAN datagram, unless the process does not run, and counts it if the engine drops it. */
    void receiveWan(DelegateAddress from, byte[] datagram) {
        if (!alive || paused) {
            return;
        }
        wan.received(engine.onWanDatagram(from, datagram, network.epochMillis(), network.nowNs()));
    }
}
