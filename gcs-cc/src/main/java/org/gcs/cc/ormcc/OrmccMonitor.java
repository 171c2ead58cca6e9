package org.gcs.cc.ormcc;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.ControlHeader;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.api.MonitorContext;
import org.gcs.cc.api.MonitorSnapshot;
import org.gcs.cc.api.ReceiverMonitor;

/**
 * ORMCC at a receiving delegate, for one incoming flow (thesis App. B.2, §3.1.1–3.1.4): it measures the flow's
 * output rate ({@link TracMeter}), detects losses from sequence gaps, and decides for each loss whether to send a
 * congestion indication CI(μ), at once, after a random delay, or not at all.
 *
 * <ul>
 *   <li><b>Loss detection</b> (§3.1.1; O12): the first arrival sets the highest sequence number; an arrival with a
 *       sequence number above highest + 1 reveals a loss, and gives one CI candidate however many packets are
 *       missing. Late packets (at most the highest) never do. The engine gives first transmissions only, so
 *       repairs never trigger.</li>
 *   <li><b>TRAC</b> (§3.1.1–3.1.2; O1, O2): at a candidate, μ is the meter's rate with the revealing packet counted,
 *       and the receiver's average E(μ) ← (1 − α)·E(μ) + α·μ (the first sample gives E(μ) = μ).</li>
 *   <li><b>Decision</b>: if the latest header names this site as the CR, the CI is due at once, without delay or
 *       suppression test (O4; §3 intro: the CR always sends); so is the first loss this receiver sees while the
 *       header says the source is in slow start (our choice, see {@link OrmccHeader#slowStart()}; later losses of
 *       slow start go through the delay and merging below, so one overflow does not become a burst of CIs). Otherwise, if no header came yet, or its statistics
 *       are invalid, or E(μ) &lt; E(μ^cr) − μσ^cr (§3.1.4, App. B.2, footnote 12), the CI is scheduled after a
 *       random delay drawn from a {@link TruncatedExponential} on [0, T], T from the header (our choice before
 *       any header: {@code feedbackWindowRtts × initialRtt}, what the source's first header carries). Otherwise
 *       it is suppressed (counted).</li>
 *   <li><b>Loss events at the CR</b> (our choice, {@link OrmccSettings#lossEvents()}): a CR does not send another
 *       CI for a loss it detects within RTT_cr (from the header) of the CI it sent last: such losses belong to the
 *       same loss event (RFC 5348 §5.2), one overflow of the bottleneck queue that the source's next cut has not
 *       yet had time to relieve, and the source cuts at most once per RTT_cr anyway (App. B.1). The thesis sends
 *       one CI per loss-revealing arrival (§3.1.1), so a drop-tail overflow, which drops packets all through one
 *       RTT, gives a burst of CR CIs of which the source uses one; grouping halves the CR's feedback in the lab's
 *       star (docs/experiments.md). The losses still update E(μ); they are counted ({@code indicationsGrouped}).</li>
 *   <li><b>At most one pending CI</b> (O15): a candidate while one is pending replaces its trigger packet, echo,
 *       arrival time and samples (fresher) but keeps its due time ("merged").</li>
 *   <li><b>Cancellation</b> (§3.1.4): a header whose valid statistics suppress the pending CI of a non-CR
 *       receiver cancels it; a header that names this site as the CR makes the pending CI due at once.</li>
 * </ul>
 *
 * Our choice where the thesis is silent: a candidate that the current header suppresses leaves a pending CI alone
 * (it is counted as suppressed); the next header, which comes with the next packet, re-tests the pending CI with
 * the new E(μ) and cancels it if it is suppressed. ORMCC's receivers keep no RTT ({@link #onSenderRtt} is
 * ignored).
 */
final class OrmccMonitor implements ReceiverMonitor {
    private final String site;
    private final double tracGain;
    private final long defaultFeedbackWindowNs;
    private final TracMeter meter;
    private final TruncatedExponential delays;

    private boolean seenFirst;
    private long highestSeq;
    private OrmccHeader header;
    private boolean haveAverage;
    private double avgTracBytesPerSec = Double.NaN;
    private double lastTracBytesPerSec = Double.NaN;

    private final boolean lossEvents;
    private long lastRepresentativeIndicationNs = -1;
    private long grouped;
    private boolean reportedInSlowStart;
    private boolean pending;
    private long pendingDueNs;
    private long pendingSeq;
    private long pendingEchoNs;
    private long pendingArrivalNs;
    private double pendingTrac;
    private double pendingAvgTrac;

    private long lossDetections;
    private long sent;
    private long suppressed;
    private long cancelled;
    private long merged;

    /**
     * @param settings the node's settings (the initial RTT)
     * @param ormcc ORMCC's settings
     * @param context the flow; its site tells this receiver when it is the CR, its seed drives the delays
     */
    OrmccMonitor(CcSettings settings, OrmccSettings ormcc, MonitorContext context) {
        this.site = context.site();
        this.tracGain = ormcc.tracGain();
        this.lossEvents = ormcc.lossEvents();
        this.defaultFeedbackWindowNs = Math.round(ormcc.feedbackWindowRtts() * settings.initialRttNs());
        this.meter = new TracMeter(ormcc.tracWindowNs());
        this.delays = new TruncatedExponential(ormcc.delayShape(), context.seed());
    }

    @Override
    public void onHeader(ControlHeader controlHeader, long nowNs) {
        if (!(controlHeader instanceof OrmccHeader h)) {
            return;
        }
        header = h;
        if (!pending) {
            return;
        }
        if (h.namesRepresentative(site)) {
            pendingDueNs = Math.min(pendingDueNs, nowNs);
        } else if (h.suppresses(avgTracBytesPerSec)) {
            pending = false;
            cancelled++;
        }
    }

    @Override
    public void onFirstTransmission(long seq, long sendTimeNs, int wireBytes, long nowNs) {
        meter.add(Math.max(0, wireBytes), nowNs);
        if (!seenFirst) {
            seenFirst = true;
            highestSeq = seq;
            return;
        }
        if (seq <= highestSeq) {
            return; // late or reordered: never a loss (O12)
        }
        boolean gap = seq - highestSeq > 1;
        highestSeq = seq;
        if (gap) {
            onLossDetected(seq, sendTimeNs, nowNs);
        }
    }

    /** One CI candidate: μ, E(μ), then the decision of App. B.2 (see the class comment). */
    private void onLossDetected(long seq, long sendTimeNs, long nowNs) {
        lossDetections++;
        double trac = meter.rateBytesPerSec(nowNs);
        lastTracBytesPerSec = trac;
        // thesis §3.1.2: E(U) ← (1 − α)E(U) + αU; the first sample starts the average (O1)
        avgTracBytesPerSec = haveAverage ? (1 - tracGain) * avgTracBytesPerSec + tracGain * trac : trac;
        haveAverage = true;
        boolean namedRepresentative = header != null && header.namesRepresentative(site);
        if (namedRepresentative && lossEvents && header.rttCrNs() > 0 && lastRepresentativeIndicationNs >= 0
                && nowNs - lastRepresentativeIndicationNs < header.rttCrNs()) {
            grouped++; // the same loss event as the indication this CR sent last (see the class comment)
            return;
        }
        // the CR reports at once (O4); so does everyone its first loss while the source is in slow start (O10, our
        // choice: one immediate report per receiver ends slow start one RTT after the first loss)
        boolean slowStartReport = header != null && header.slowStart() && !reportedInSlowStart;
        reportedInSlowStart |= slowStartReport;
        boolean representative = namedRepresentative || slowStartReport;
        if (namedRepresentative) {
            lastRepresentativeIndicationNs = nowNs;
        }
        if (!representative && header != null && header.suppresses(avgTracBytesPerSec)) {
            suppressed++;
            return;
        }
        long dueNs;
        if (pending) {
            merged++;
            dueNs = representative ? Math.min(pendingDueNs, nowNs) : pendingDueNs;
        } else {
            long windowNs = header != null ? header.feedbackWindowNs() : defaultFeedbackWindowNs;
            dueNs = representative ? nowNs : nowNs + delays.drawNs(windowNs);
        }
        pending = true;
        pendingDueNs = dueNs;
        pendingSeq = seq;
        pendingEchoNs = sendTimeNs;
        pendingArrivalNs = nowNs;
        pendingTrac = trac;
        pendingAvgTrac = avgTracBytesPerSec;
    }

    @Override
    public long nextFeedbackDueNs() {
        return pending ? pendingDueNs : Long.MAX_VALUE;
    }

    /** The pending CI if it is due; its hold time runs from the trigger packet's arrival to now (O6). */
    @Override
    public Feedback pollFeedback(long nowNs) {
        if (!pending || nowNs < pendingDueNs) {
            return null;
        }
        pending = false;
        sent++;
        return new CongestionIndication(pendingSeq, pendingEchoNs, Math.max(0, nowNs - pendingArrivalNs),
                pendingTrac, pendingAvgTrac);
    }

    @Override
    public MonitorSnapshot snapshot() {
        Map<String, Double> values = new LinkedHashMap<>();
        values.put("avgTracBytesPerSec", avgTracBytesPerSec);
        values.put("lastTracBytesPerSec", lastTracBytesPerSec);
        values.put("representative", header != null && header.namesRepresentative(site) ? 1.0 : 0.0);
        values.put("representativeStatsValid", header != null && header.statsValid() ? 1.0 : 0.0);
        values.put("lossDetections", (double) lossDetections);
        values.put("indicationsSent", (double) sent);
        values.put("indicationsSuppressed", (double) suppressed);
        values.put("indicationsCancelled", (double) cancelled);
        values.put("indicationsMerged", (double) merged);
        values.put("indicationsGrouped", (double) grouped);
        values.put("indicationPending", pending ? 1.0 : 0.0);
        return new MonitorSnapshot(OrmccControl.NAME, values);
    }
}
