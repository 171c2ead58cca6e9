package org.gcs.internal.node;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.gcs.MemberId;
import org.gcs.MemberStatus;
import org.gcs.internal.engine.DelegateQueries;
import org.gcs.internal.engine.EngineStatus;
import org.gcs.internal.engine.NodeEngine;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.metrics.NodeMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The protocol tick, on the event loop: notices when the loop did not run for long (the process was stopped or
 * starved) and tells the engine, ticks the engine, and every {@value #STATUS_INTERVAL_NS} ns refreshes the status
 * snapshot ({@link #status}) and the meters, runs the stall checks and passes LAN retransmissions on as a congestion
 * signal. A failing tick is logged and the next one runs. {@link TickSchedule} says when it runs: every tick interval,
 * or every {@value #STATUS_INTERVAL_NS} ns while the node is a quiet member.
 */
final class ProtocolTimer implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(ProtocolTimer.class);
    /** How often the flow snapshot (API, metrics) and the LAN congestion signal are refreshed. */
    static final long STATUS_INTERVAL_NS = 100_000_000L;

    private final MemberId self;
    private final String controller;
    private final NodeEngine engine;
    private final StallChecks stalls;
    private final LongSupplier lanRetransmissionRequests;
    private final NodeMetrics metrics;
    private final RateLimitedLog warnings;
    private final TickGapMonitor tickGaps = new TickGapMonitor(TickGapMonitor.DEFAULT_THRESHOLD_NS);
    private long lastStatusNs;
    private long lastRetransmissionRequests;
    private volatile MemberStatus status;

    /**
     * @param self this node, for the log
     * @param controller the congestion controller's name, a tag of the price meters
     * @param engine the engine (its loop runs this timer)
     * @param stalls the member stall policy
     * @param lanRetransmissionRequests how many retransmission requests the LAN has received so far
     * @param metrics the node's meters
     * @param warnings the node's rate-limited warnings
     */
    ProtocolTimer(MemberId self, String controller, NodeEngine engine, StallChecks stalls,
                  LongSupplier lanRetransmissionRequests, NodeMetrics metrics, RateLimitedLog warnings) {
        this.self = self;
        this.controller = controller;
        this.engine = engine;
        this.stalls = stalls;
        this.lanRetransmissionRequests = lanRetransmissionRequests;
        this.metrics = metrics;
        this.warnings = warnings;
        this.status = MemberStatus.initial(engine.sendWindowBytes()); // the loop does not run yet
    }

    /** @return the latest status snapshot; any thread */
    MemberStatus status() {
        return status;
    }

    /** One tick; on the loop. */
    @Override
    public void run() {
        try {
            long now = NodeClock.nowNs();
            tickGaps.onTick(now).ifPresent(gapNs -> {
                warnings.warn("tick-gap", now, "{}: the event loop did not run for {} ms (the process was stopped,"
                        + " starved of CPU or in a long GC pause); if that is longer than LAN failure detection (about"
                        + " {} ms) the site has excluded this member meanwhile and merges it back now; from {} ms on it"
                        + " holds its own messages (sends wait) until merged back, or until its site confirms it still"
                        + " counts it (about 2 s)", self, gapNs / 1_000_000, JGroupsLan.HUNG_MEMBER_DETECTION_MS,
                        JGroupsLan.FD_ALL_TIMEOUT_MS);
                if (gapNs >= TimeUnit.MILLISECONDS.toNanos(JGroupsLan.FD_ALL_TIMEOUT_MS)) {
                    engine.onStalled(now); // long enough to have been suspected and excluded
                }
            });
            engine.onTick(now);
            if (now - lastStatusNs >= STATUS_INTERVAL_NS) {
                lastStatusNs = now;
                refreshStatus(now);
            }
        } catch (RuntimeException e) {
            LOG.error("protocol timer failed; continuing", e);
        }
    }

    /** Publishes the flow and buffer snapshots and passes LAN retransmissions on as a congestion signal. */
    private void refreshStatus(long now) {
        MemberStatus current = EngineStatus.of(engine, now);
        status = current;
        metrics.flowsChanged(current.flows(), current.receivingFlows());
        DelegateQueries delegate = engine.delegateQueries();
        metrics.pricesChanged(controller, delegate.pricedLinks(), engine.admissionStates());
        metrics.hopLinksChanged(delegate.hopLinks(), delegate.hopBackupPackets());
        stalls.check(now);
        long requests = lanRetransmissionRequests.getAsLong();
        if (requests > lastRetransmissionRequests) {
            engine.onLanCongestion(now);
        }
        lastRetransmissionRequests = requests;
    }
}
