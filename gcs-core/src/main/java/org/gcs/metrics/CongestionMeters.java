package org.gcs.metrics;

import io.micrometer.core.instrument.Tags;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.gcs.FlowStatus;
import org.gcs.ReceivingFlowStatus;
import org.gcs.internal.engine.PricedLink;

/**
 * The congestion-control gauges of one node ({@code gcs.cc.*}, the cost-benefit prices): registered the first time a
 * (meter, tags) pair appears in a snapshot, each reads the latest snapshot and is removed once it is gone. Every
 * gauge carries the flow's {@code controller} tag. The controllers' named numbers (feedback fields, their own numbers,
 * the monitors' numbers, the congestion measure) are one meter per name ({@link FieldMeter}), so that no exported name
 * mixes units. No value is NaN or infinite: an unlimited rate is absent and {@link GcsMeters#CC_RATE_UNLIMITED} reads
 * 1; a number a controller does not know yet (NaN) is absent. Thread-safe.
 */
final class CongestionMeters {
    private final SnapshotMeters snapshots;
    private final Map<String, FieldMeter> fieldMeters = new ConcurrentHashMap<>();

    /** @param meters where to register */
    CongestionMeters(NodeMeters meters) {
        this.snapshots = new SnapshotMeters(meters);
    }

    /**
     * The delegate's congestion snapshots changed; starts the snapshot over.
     *
     * @param flows this site's flows (sending side)
     * @param receiving the incoming flows' monitors (receiving side)
     */
    void flowsChanged(List<FlowStatus> flows, List<ReceivingFlowStatus> receiving) {
        SnapshotMeters.Snapshot next = snapshots.fresh();
        for (FlowStatus flow : flows) {
            Tags flowTags = Tags.of("group", flow.group(), "controller", flow.controller());
            double allowed = flow.allowedRateBytesPerSec();
            next.gauge(GcsMeters.CC_RATE_ALLOWED, flowTags, finite(allowed));
            next.gauge(GcsMeters.CC_RATE_UNLIMITED, flowTags, unlimited(allowed) ? 1 : 0);
            for (FlowStatus.Receiver r : flow.receivers()) {
                Tags peer = flowTags.and("peer", r.site());
                next.gauge(GcsMeters.CC_RTT, peer, r.rttMs() / 1000.0);
                next.gauge(GcsMeters.CC_LIMITING, peer,
                        flow.limitingSite().map(r.site()::equals).orElse(false) ? 1 : 0);
                if (!flow.congestionMeasure().isEmpty()) {
                    next.gauge(field(GcsMeters.CC_CONGESTION, flow.congestionMeasure()), peer,
                            finite(r.congestion()));
                }
                r.lastFeedback().forEach((field, value) ->
                        next.gauge(field(GcsMeters.CC_FEEDBACK, field), peer, finite(value)));
            }
            flow.extras().forEach((name, value) ->
                    next.gauge(field(GcsMeters.CC_STATE, name), flowTags, finite(value)));
            for (FlowStatus.Sender sender : flow.senders()) {
                Tags senderTags = flowTags.and("sender", sender.member());
                next.gauge(GcsMeters.CC_SENDER_DEMAND, senderTags, finite(sender.demandBytesPerSec()));
                next.gauge(GcsMeters.CC_SENDER_GRANT, senderTags, finite(sender.grantBytesPerSec()));
            }
        }
        for (ReceivingFlowStatus flow : receiving) {
            Tags monitorTags = Tags.of("group", flow.group(), "peer", flow.sourceSite(),
                    "controller", flow.controller());
            flow.values().forEach((name, value) ->
                    next.gauge(field(GcsMeters.CC_MONITOR, name), monitorTags, finite(value)));
        }
        next.publish();
    }

    /**
     * The price-based controller's state changed (seed 000); adds to the snapshot of {@link #flowsChanged}.
     *
     * @param controller the controller's name (the {@code controller} tag)
     * @param links this delegate's priced links
     * @param admissions this member's admission state by group ({@code budgetDollars}, {@code salaryPeriodSeconds})
     */
    void pricesChanged(String controller, List<PricedLink> links, Map<String, Map<String, Double>> admissions) {
        if (links.isEmpty() && admissions.isEmpty()) {
            return;
        }
        SnapshotMeters.Snapshot next = snapshots.extending();
        for (PricedLink link : links) {
            Tags peer = Tags.of("peer", link.peer(), "controller", controller);
            next.gauge(GcsMeters.HOP_LINK_PRICE, peer, finite(link.priceDollars()));
            next.gauge(GcsMeters.HOP_LINK_PRICED_OCCUPANCY, peer, link.averageWaitingPackets());
        }
        admissions.forEach((group, state) -> {
            Tags groupTags = Tags.of("group", group, "controller", controller);
            if (state.containsKey("budgetDollars")) {
                next.gauge(GcsMeters.CC_SENDER_BUDGET, groupTags, finite(state.get("budgetDollars")));
            }
            if (state.containsKey("salaryPeriodSeconds")) {
                next.gauge(GcsMeters.CC_SENDER_SALARY_PERIOD, groupTags, finite(state.get("salaryPeriodSeconds")));
            }
        });
        next.publish();
    }

    /** @return the meter of a controller's named number in a family, derived once */
    private FieldMeter field(GcsMeters family, String name) {
        return fieldMeters.computeIfAbsent(family.name() + "|" + name, k -> FieldMeter.of(family, name));
    }

    /** @return whether a rate means unlimited (infinite, or near Double.MAX_VALUE) */
    static boolean unlimited(double value) {
        return Double.isInfinite(value) || Math.abs(value) > 1e300;
    }

    /**
     * @return the value, or NaN for an infinite one (unlimited) or one near Double.MAX_VALUE: the snapshot leaves NaN
     *     out, so the gauge is absent rather than huge or NaN
     */
    static double finite(double value) {
        return unlimited(value) ? Double.NaN : value;
    }
}
