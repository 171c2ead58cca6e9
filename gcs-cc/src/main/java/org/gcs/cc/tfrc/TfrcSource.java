package org.gcs.cc.tfrc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.api.Grant;
import org.gcs.cc.api.RateGrant;
import org.gcs.cc.api.SourceController;

/**
 * TFRC many-to-many at the sending delegate (seed 004 §2 steps 3–4): the aggregate rate is the minimum over the
 * receiving sites' acceptable rates ({@link SenderRateController}: slow start, ageing, no-feedback halving),
 * scaled by the limiting site's {@link OscillationDamper} outside slow start (RFC 5348 §4.5). The RTT of each
 * site is the engine's smoothed RTT from acknowledgement echoes (seed 004, Fig. 3); a report is used with the RTT
 * measured from the acknowledgement that carried it.
 */
final class TfrcSource implements SourceController {
    private final SenderRateController rate;
    private final Map<String, OscillationDamper> dampers = new HashMap<>();
    private final Map<String, Long> smoothedRttNs = new HashMap<>();
    private final Map<String, Heard> lastReports = new HashMap<>();
    private final double minRateBytesPerSec;
    private final long initialRttNs;
    private final boolean damping;
    private long latestNs = Long.MIN_VALUE;

    private record Heard(TfrcReport report, long atNs) {
    }

    TfrcSource(CcSettings settings, TfrcSettings tfrc) {
        this.rate = new SenderRateController(settings.initialRateBytesPerSec(), settings.minRateBytesPerSec(),
                tfrc.reportTimeoutNs());
        this.minRateBytesPerSec = settings.minRateBytesPerSec();
        this.initialRttNs = settings.initialRttNs();
        this.damping = tfrc.oscillationDamping();
    }

    @Override
    public void onReceiverAdded(String site, long nowNs) {
        latestNs = Math.max(latestNs, nowNs);
        rate.addReceiver(site, nowNs);
    }

    @Override
    public void onReceiverRemoved(String site, long nowNs) {
        latestNs = Math.max(latestNs, nowNs);
        rate.removeReceiver(site);
        dampers.remove(site);
        smoothedRttNs.remove(site);
        lastReports.remove(site);
    }

    @Override
    public void onAckRtt(String site, long sampleNs, long smoothedNs, long nowNs) {
        latestNs = Math.max(latestNs, nowNs);
        if (smoothedNs <= 0) {
            smoothedRttNs.remove(site); // not (or no longer) a receiver of the flow: its report is stale
            return;
        }
        smoothedRttNs.put(site, smoothedNs);
        if (sampleNs > 0) {
            dampers.computeIfAbsent(site, s -> new OscillationDamper()).onRttSample(sampleNs, smoothedNs, nowNs);
        }
    }

    @Override
    public void onFeedback(String site, Feedback feedback, long nowNs) {
        if (!(feedback instanceof TfrcReport report)) {
            return;
        }
        Long rttNs = smoothedRttNs.get(site);
        if (rttNs == null) {
            return; // no RTT: the site is not a receiver of this flow (it timed out, or is not added yet)
        }
        latestNs = Math.max(latestNs, nowNs);
        rate.onReport(site, report.acceptableRateBytesPerSec(), report.receiveRateBytesPerSec(), rttNs, nowNs);
        lastReports.put(site, new Heard(report, nowNs));
    }

    @Override
    public void onTick(long nowNs) {
        latestNs = Math.max(latestNs, nowNs);
        rate.onTick(nowNs);
    }

    /**
     * The aggregate scaled by the limiting site's oscillation damper (RFC 5348 §4.5); in slow start, with no
     * limiting site or with damping off, the aggregate as is. Never below the floor.
     */
    @Override
    public Grant grant() {
        double allowed = rate.allowedRateBytesPerSec();
        String limiting = rate.limitingSite().orElse(null);
        boolean slowStart = rate.inSlowStart();
        if (!slowStart && damping) {
            OscillationDamper damper = limiting == null ? null : dampers.get(limiting);
            if (damper != null) {
                allowed = Math.max(minRateBytesPerSec, damper.instantaneousRate(allowed));
            }
        }
        return new RateGrant(allowed, limiting, slowStart);
    }

    @Override
    public CcSnapshot snapshot() {
        RateGrant grant = (RateGrant) grant();
        List<CcSnapshot.ReceiverState> receivers = new ArrayList<>();
        for (RateSnapshot.Receiver r : rate.snapshot().receivers()) {
            Heard heard = lastReports.get(r.site());
            Map<String, Double> fields = new LinkedHashMap<>();
            if (heard != null) {
                fields.putAll(heard.report().fields());
                fields.put("ageSec", (latestNs - heard.atNs()) / 1e9);
                fields.put("fresh", r.fresh() ? 1.0 : 0.0);
            }
            OscillationDamper damper = dampers.get(r.site());
            if (damper != null) {
                fields.put("dampingFactor", damper.factor());
            }
            receivers.add(new CcSnapshot.ReceiverState(r.site(), smoothedRttNs.getOrDefault(r.site(), initialRttNs),
                    heard == null ? Double.NaN : heard.report().lossEventRate(), fields));
        }
        return new CcSnapshot(TfrcControl.NAME, grant.aggregateBytesPerSec(), grant.limitingSite(), grant.slowStart(),
                TfrcReport.LOSS_EVENT_RATE, receivers, Map.of());
    }
}
