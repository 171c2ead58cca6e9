package org.gcs.internal.node;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.gcs.GcsConfig;
import org.gcs.MemberId;
import org.gcs.internal.engine.NodeEngine;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.metrics.NodeMetrics;

/**
 * The member stall policy, run on the event loop at each status refresh: while the delivery backlog is full this
 * member holds every sender back; past a group's bound ({@code member.stall.timeout}) it leaves each group that has
 * messages waiting for the listeners, drops those messages and tells the application why. It also warns about a
 * listener stuck on one message (timed from the first check that saw it there, so up to one refresh short) and about
 * a full backlog (one line per 10 s each).
 */
final class StallChecks {
    private final MemberId self;
    private final GcsConfig config;
    private final NodeEngine engine;
    private final DeliveryPermits permits;
    private final DeliveryBacklog backlog;
    private final MemberStallPolicy policy;
    private final GroupMemberships memberships;
    private final Deliveries deliveries;
    private final NodeMetrics metrics;
    private final RateLimitedLog warnings;
    private final BooleanSupplier closed;
    /** When the checks may log their next line (they run every 100 ms; one line per 10 s is enough). */
    private long nextStuckLineNs;
    private long nextHoldingLineNs;

    StallChecks(MemberId self, GcsConfig config, NodeEngine engine, DeliveryPermits permits, DeliveryBacklog backlog,
                GroupMemberships memberships, Deliveries deliveries, NodeMetrics metrics, RateLimitedLog warnings,
                BooleanSupplier closed) {
        this.self = self;
        this.config = config;
        this.engine = engine;
        this.permits = permits;
        this.backlog = backlog;
        this.policy = new MemberStallPolicy(group -> config.memberStallTimeout(group).toNanos());
        this.memberships = memberships;
        this.deliveries = deliveries;
        this.metrics = metrics;
        this.warnings = warnings;
        this.closed = closed;
    }

    /** Runs the checks; on the loop. */
    void check(long now) {
        long fullSince = permits.fullSinceNs();
        long inListenerSince = backlog.inListenerSinceNs(now);
        if (inListenerSince != 0) {
            String group = backlog.inListenerGroup();
            long inListenerNs = now - inListenerSince;
            if (group != null && inListenerNs >= policy.timeoutNs(group) && now - nextStuckLineNs >= 0) {
                nextStuckLineNs = now + RateLimitedLog.DEFAULT_INTERVAL_NS;
                warnings.warn("listener-stuck", now, "{}: a message listener has been running on one message of group"
                        + " '{}' for {} ms; {} messages wait for it{}", self, group,
                        TimeUnit.NANOSECONDS.toMillis(inListenerNs), backlog.waitingMessages(),
                        fullSince == 0 ? "" : " and every sender of the site waits for this member");
            }
        }
        if (fullSince == 0 || closed.getAsBoolean()) {
            return;
        }
        long heldNs = now - fullSince;
        if (heldNs >= TimeUnit.SECONDS.toNanos(1) && now - nextHoldingLineNs >= 0) {
            nextHoldingLineNs = now + RateLimitedLog.DEFAULT_INTERVAL_NS;
            warnings.warn("holding-site", now, "{}: the listeners do not keep up: the delivery backlog ({} bytes) has"
                    + " been full for {} ms, so every sender of groups {} waits for this member (it is excluded from a"
                    + " group after member.stall.timeout)", self, permits.backlogBytes(),
                    TimeUnit.NANOSECONDS.toMillis(heldNs), backlog.groupsWaiting());
        }
        for (String group : policy.groupsToExclude(fullSince, backlog.groupsWaiting(), now)) {
            if (memberships.contains(group)) {
                exclude(group, heldNs, now);
            }
        }
    }

    /** Leaves a group on the stall policy's behalf: drops its waiting messages and tells the application why. */
    private void exclude(String group, long heldNs, long now) {
        String reason = "its listeners held the group back for " + TimeUnit.NANOSECONDS.toMillis(heldNs)
                + " ms (the delivery backlog was full, so every sender waited), longer than member.stall.timeout "
                + config.memberStallTimeout(group).toMillis() + " ms";
        memberships.exclude(group, reason);
        engine.leave(group, now);
        int dropped = backlog.discard(group);
        metrics.memberExcluded(group, "stalled");
        warnings.warn("excluded:" + group, now, "{} excluded from group '{}': {}; {} messages waiting for the listeners"
                + " were dropped; the other members continue without it; it may join again", self, group, reason,
                dropped);
        deliveries.excluded(group, reason);
    }
}
