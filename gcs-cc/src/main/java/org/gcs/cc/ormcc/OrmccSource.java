package org.gcs.cc.ormcc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.CcSnapshot;
import org.gcs.cc.api.ControlHeader;
import org.gcs.cc.api.Feedback;
import org.gcs.cc.api.Grant;
import org.gcs.cc.api.RateGrant;
import org.gcs.cc.api.SourceController;

/**
 * ORMCC at the sending delegate, for one meta-flow (thesis App. B.1, §3.1.2–3.1.6); the receivers are receiving
 * sites. It keeps at most one congestion representative (CR) and adapts the rate ({@link OrmccRate}) to the CR's
 * congestion indications only.
 *
 * <p><b>A CI from the CR</b> (whether or not the CR is valid): cr_valid ← true; if the CR checking timer runs, its
 * age is a sample of T^cr (unless the timer started at a mark not yet measured, see "Ticks";
 * {@link RepresentativeTimer}); E(μ^cr), μσ^cr are updated with μ ({@link MeanDeviation},
 * O1: the first sample ever gives E = μ, σ = μ/4); RTT_cr ← EWMA with the CI's RTT sample (O7); the timer stops;
 * {@code CutRate(μ)}.
 *
 * <p><b>A CI from another site</b>: if the CR is not valid, its sender becomes the CR and a grace period of
 * {@code graceRtts}·RTT_max starts (App. B.1, O13); in the grace period, its sender becomes the CR if its RTT sample
 * is larger than RTT_cr; otherwise if μ &lt; E(μ^cr) − μσ^cr. A new CR: cr_valid ← true, the CR statistics start
 * afresh from μ (E = μ, σ = μ/4, as for the first CR; our choice over O8's "continue the EWMA": they are the
 * statistics <i>of the CR's</i> TRAC, §3.1.2, and carried over from another receiver they take tens of seconds to
 * forget it, during which E + 4σ is out of reach and the CR timer cannot start; σ = μ/4 rather than 0 keeps the
 * next switch from being hair-trigger), RTT_cr ← the CI's sample (O7: a new path), {@code CutRate(μ)}. Any other
 * CI is ignored.
 *
 * <p><b>RTT</b> (§3.1.6; O6): a CI's sample is {@code now − echoSendTime − hold}, the time A and the CI spent in
 * the network; samples ≤ 0 are ignored. RTT_max is the largest sample ever and at least the initial RTT; it never
 * decreases (O7). RTT_cr is the initial RTT until the first CR with a valid sample. Our choice: RTT_max is updated
 * after the CI's other rules (App. B.1's order: the grace period started by a CI uses RTT_max before its sample).
 *
 * <p><b>Ticks</b>: slow start doubles per RTT (the largest smoothed RTT the engine measured from acknowledgements
 * over the current receivers, the initial RTT before any; O10); afterwards the additive increase (O11), paced by the
 * CR's smoothed acknowledgement RTT by default or by RTT_cr as in the thesis ({@link IncreaseRtt}), and after an
 * increase, if the CR is valid, λ ≥ E(μ^cr) + 4·μσ^cr and the timer is idle, the timer starts (§3.1.3, footnote 10).
 * Our choice for this full-load test: μσ^cr there is the deviation <i>measured</i> from the CR's TRAC samples, the
 * same EWMA seeded with 0 instead of μ/4. Footnote 10 reads E + 4σ through Chebyshev's inequality ("about 94 % of
 * the samples are less than this value"), which holds for a measured deviation, not for a prior: with the seed,
 * E + 4σ = 2·μ for a CR just chosen, about the whole link when the multicast flow shares its bottleneck with one
 * other flow, so a CR that falls silent soon after its election was noticed only after its queue had been full for
 * 5 s and more (docs/experiments.md, ormcc-muted-representative). The seeded σ still serves the switch rule and the
 * headers (the receivers' suppression), where it keeps the choice of the CR from being hair-trigger; both converge
 * as the CR's CIs come (the seed's weight is (1 − α)^n after n of them). Until the seed weighs at most one half
 * ({@value #MEASURED_SEED_WEIGHT}; n ≥ 6 at α = 1/8) the mark is not yet a measurement: the timer then starts and
 * expires as always, so a CR that falls silent soon after its election is still noticed, but the CR's answer is not
 * a sample of T^cr ({@link RepresentativeTimer}).
 * The timer's expiry is checked at every call that brings the time: cr_valid ← false, so the headers carry invalid
 * statistics and every receiver may send CIs (§3.1.3–3.1.4); the CR stays remembered, and its next CI makes it valid
 * again.
 *
 * <p><b>Membership</b>: no receivers means an unlimited grant. The first receiver starts slow start. Our choice:
 * when the last receiver leaves, the flow starts over (CR, CR statistics and RTT_cr forgotten; RTT_max and the T^cr
 * statistics kept). A CR that leaves leaves no CR and cr_valid false (the next CI from anyone starts a grace
 * period). Calls about unknown sites and feedback of other types are ignored. The per-site map serves the snapshot
 * and the slow-start RTT; the rules above use O(1) state.
 */
final class OrmccSource implements SourceController {
    /** The largest RTT sample believed (60 s, as the meta-flow's); larger ones come from stale echoes. */
    static final long MAX_PLAUSIBLE_RTT_NS = 60_000_000_000L;
    /**
     * The full-load mark is a measurement once the seed of the CR's measured deviation weighs at most this much:
     * (1 − α)^n ≤ 1/2 after n CIs of the CR.
     */
    static final double MEASURED_SEED_WEIGHT = 0.5;
    private final OrmccSettings ormcc;
    private final long initialRttNs;
    private final OrmccRate rate;
    private final MeanDeviation crTrac;
    /** E(μ^cr) and the deviation measured from the CR's samples only (seeded with 0): the full-load test's. */
    private final MeanDeviation crTracMeasured;
    private final RepresentativeTimer timer;
    private final Map<String, Site> receivers = new TreeMap<>();

    private String crSite;
    private boolean crValid;
    private double rttCrNs;
    private double rttMaxNs;
    private boolean graceRunning;
    private long graceEndNs;
    private long latestNs = Long.MIN_VALUE;

    private long indicationsReceived;
    private long indicationsFromRepresentative;
    private long indicationsSwitching;
    private long indicationsIgnored;
    private long representativeSwitches;
    private long rateCuts;
    private long representativeTimeouts;

    /** What the snapshot shows of a receiving site. */
    private static final class Site {
        long smoothedRttNs;
        CongestionIndication lastIndication;
        long lastIndicationNs;
    }

    /**
     * @param settings the node's settings (initial rate, floor, initial RTT)
     * @param ormcc ORMCC's settings
     */
    OrmccSource(CcSettings settings, OrmccSettings ormcc) {
        this.ormcc = ormcc;
        this.initialRttNs = settings.initialRttNs();
        this.rate = new OrmccRate(settings.initialRateBytesPerSec(), settings.minRateBytesPerSec(), ormcc.beta(),
                ormcc.tracWindowNs());
        this.crTrac = new MeanDeviation(ormcc.tracGain());
        this.crTracMeasured = new MeanDeviation(ormcc.tracGain());
        this.timer = new RepresentativeTimer(ormcc.responseGain(), ormcc.timeoutDeviations());
        this.rttCrNs = initialRttNs;
        this.rttMaxNs = initialRttNs;
    }

    @Override
    public void onReceiverAdded(String site, long nowNs) {
        advance(nowNs);
        if (receivers.containsKey(site)) {
            return;
        }
        if (receivers.isEmpty()) {
            rate.startSlowStart(nowNs);
        }
        receivers.put(site, new Site());
    }

    @Override
    public void onReceiverRemoved(String site, long nowNs) {
        advance(nowNs);
        if (receivers.remove(site) == null) {
            return;
        }
        if (site.equals(crSite)) {
            crSite = null;
            crValid = false;
            graceRunning = false;
            timer.stop();
        }
        if (receivers.isEmpty()) {
            rate.becomeUnlimited();
            crTrac.reset();
            crTracMeasured.reset();
            rttCrNs = initialRttNs;
        }
    }

    @Override
    public void onFirstTransmission(long seq, int wireBytes, long nowNs) {
        advance(nowNs);
        rate.onFirstTransmission(wireBytes, nowNs);
    }

    /**
     * App. B.1 "Send packet": the real CR statistics while the CR is valid, invalid ones otherwise; with the CR's
     * name (O4), T = {@code feedbackWindowRtts}·RTT_max (O5), rounded to whole microseconds as on the wire, and
     * whether slow start runs (our addition: receivers then report a loss at once, see {@link OrmccHeader}).
     */
    @Override
    public ControlHeader header(long nowNs) {
        advance(nowNs);
        long windowNs = Math.round(ormcc.feedbackWindowRtts() * rttMaxNs / 1000) * 1000;
        long rttCrUsNs = Math.round(rttCrNs / 1000) * 1000;
        if (!crValid) {
            return new OrmccHeader("", false, 0, 0, windowNs, rttCrUsNs, rate.slowStart());
        }
        return new OrmccHeader(crSite, true, crTrac.mean(), crTrac.deviation(), windowNs, rttCrUsNs, false);
    }

    @Override
    public void onAckRtt(String site, long sampleNs, long smoothedRttNs, long nowNs) {
        advance(nowNs);
        Site s = receivers.get(site);
        if (s != null) {
            s.smoothedRttNs = Math.max(0, smoothedRttNs);
        }
    }

    @Override
    public void onFeedback(String site, Feedback feedback, long nowNs) {
        advance(nowNs);
        Site s = receivers.get(site);
        if (!(feedback instanceof CongestionIndication ci) || s == null) {
            return;
        }
        indicationsReceived++;
        s.lastIndication = ci;
        s.lastIndicationNs = nowNs;
        long sampleNs = nowNs - ci.echoSendTimeNs() - ci.holdNs(); // O6
        boolean validSample = sampleNs > 0 && sampleNs <= MAX_PLAUSIBLE_RTT_NS; // a stale or forged echo is ignored
        if (site.equals(crSite)) {
            onRepresentativeIndication(ci, sampleNs, validSample, nowNs);
        } else {
            onOtherIndication(site, ci, sampleNs, validSample, nowNs);
        }
        if (validSample) {
            rttMaxNs = Math.max(rttMaxNs, sampleNs); // O7
        }
    }

    /** App. B.1 "if R is CR". */
    private void onRepresentativeIndication(CongestionIndication ci, long sampleNs, boolean validSample, long nowNs) {
        indicationsFromRepresentative++;
        crValid = true;
        timer.onRepresentativeIndication(nowNs, rttMaxNs);
        updateCrTrac(ci.tracBytesPerSec());
        if (validSample) {
            rttCrNs = (1 - ormcc.rttGain()) * rttCrNs + ormcc.rttGain() * sampleNs; // O7
        }
        timer.stop();
        accept(ci.tracBytesPerSec(), nowNs);
    }

    /** App. B.1 "The CI(μ) is NOT from CR if reach here". */
    private void onOtherIndication(String site, CongestionIndication ci, long sampleNs, boolean validSample,
                                   long nowNs) {
        double trac = ci.tracBytesPerSec();
        boolean fromInvalid = !crValid;
        boolean choose;
        if (fromInvalid) {
            choose = true;
        } else if (graceRunning && nowNs < graceEndNs) {
            choose = validSample && sampleNs > rttCrNs;
        } else {
            choose = trac < crTrac.mean() - crTrac.deviation();
        }
        if (!choose) {
            indicationsIgnored++;
            return;
        }
        indicationsSwitching++;
        if (crSite != null) {
            representativeSwitches++;
        }
        crSite = site;
        crValid = true;
        if (fromInvalid) {
            graceRunning = true;
            graceEndNs = nowNs + Math.round(ormcc.graceRtts() * rttMaxNs);
        }
        seedCrTrac(trac); // the statistics of the new CR's TRAC start from its sample
        if (validSample) {
            rttCrNs = sampleNs; // O7: a new path
        }
        accept(trac, nowNs);
    }

    /** E(μ^cr), μσ^cr with μ (thesis §3.1.2; O1: the first sample ever gives E = μ, σ = μ/4; O8: continued). */
    private void updateCrTrac(double trac) {
        if (crTrac.isEmpty()) {
            seedCrTrac(trac);
        } else {
            crTrac.update(trac);
            crTracMeasured.update(trac);
        }
    }

    /** E(μ^cr) ← μ; μσ^cr ← μ/4 (O1) for the switch rule and the headers, 0 for the full-load test. */
    private void seedCrTrac(double trac) {
        crTrac.seed(trac, trac / 4);
        crTracMeasured.seed(trac, 0);
    }

    /** An accepted CI: it ends slow start (O10), then {@code CutRate(μ)}, which stops the timer unless skipped. */
    private void accept(double trac, long nowNs) {
        rate.endSlowStart(nowNs);
        OrmccRate.Cut cut = rate.cut(trac, rttCrNs, nowNs);
        if (cut != OrmccRate.Cut.SKIPPED) {
            timer.stop();
        }
        if (cut == OrmccRate.Cut.CUT) {
            rateCuts++;
        }
    }

    @Override
    public void onTick(long nowNs) {
        advance(nowNs);
        if (rate.unlimited()) {
            return;
        }
        rate.onTickSlowStart(nowNs, slowStartRttNs());
        if (rate.increase(nowNs, increaseRttNs(), rttCrNs) && crValid && !timer.running()
                && rate.rateBytesPerSec() >= crTracMeasured.mean()
                        + ormcc.fullLoadDeviations() * crTracMeasured.deviation()) {
            timer.start(nowNs, rttMaxNs, fullLoadMeasured()); // §3.1.3: the bottleneck is fully loaded
        }
    }

    /** @return whether the full-load mark is a measurement: the measured deviation's seed weighs at most one half */
    private boolean fullLoadMeasured() {
        return crTracMeasured.seedWeight() <= MEASURED_SEED_WEIGHT;
    }

    /**
     * The RTT of the additive increase ({@link IncreaseRtt}): RTT_cr, or the smoothed acknowledgement RTT of the
     * CR's site (RTT_cr until the engine has measured one).
     */
    private double increaseRttNs() {
        if (ormcc.increaseRtt() == IncreaseRtt.ACK && crSite != null) {
            Site cr = receivers.get(crSite);
            if (cr != null && cr.smoothedRttNs > 0) {
                return cr.smoothedRttNs;
            }
        }
        return rttCrNs;
    }

    /** The largest smoothed RTT the engine measured to a current receiver; the initial RTT before any (O10). */
    private long slowStartRttNs() {
        long max = 0;
        for (Site s : receivers.values()) {
            max = Math.max(max, s.smoothedRttNs);
        }
        return max > 0 ? max : initialRttNs;
    }

    /** Time passes: the CR checking timer may expire (App. B.1: cr_valid ← false). */
    private void advance(long nowNs) {
        latestNs = Math.max(latestNs, nowNs);
        if (timer.expire(nowNs)) {
            crValid = false;
            representativeTimeouts++;
        }
    }

    /**
     * λ with the CR as the limiting site, even while the CR is invalid (it set the rate, and stays remembered until
     * another site replaces it); unlimited without receivers.
     */
    @Override
    public Grant grant() {
        if (rate.unlimited()) {
            return RateGrant.UNLIMITED;
        }
        return new RateGrant(rate.rateBytesPerSec(), crSite, rate.slowStart());
    }

    @Override
    public CcSnapshot snapshot() {
        RateGrant grant = (RateGrant) grant();
        List<CcSnapshot.ReceiverState> states = new ArrayList<>();
        receivers.forEach((site, s) -> {
            Map<String, Double> fields = new LinkedHashMap<>();
            double trac = Double.NaN;
            if (s.lastIndication != null) {
                fields.putAll(s.lastIndication.fields());
                fields.put("ageSec", (latestNs - s.lastIndicationNs) / 1e9);
                trac = s.lastIndication.tracBytesPerSec();
            }
            long rttNs = site.equals(crSite) ? Math.round(rttCrNs)
                    : s.smoothedRttNs > 0 ? s.smoothedRttNs : initialRttNs;
            states.add(new CcSnapshot.ReceiverState(site, rttNs, trac, fields));
        });
        Map<String, Double> extras = new LinkedHashMap<>();
        extras.put("representativeValid", crValid ? 1.0 : 0.0);
        extras.put("avgTracCrBytesPerSec", crTrac.mean());
        extras.put("devTracCrBytesPerSec", crTrac.deviation());
        extras.put("devTracCrMeasuredBytesPerSec", crTracMeasured.deviation());
        extras.put("rttCrSec", rttCrNs / 1e9);
        extras.put("rttMaxSec", rttMaxNs / 1e9);
        extras.put("crTimerRunning", timer.running() ? 1.0 : 0.0);
        extras.put("meanResponseSec", timer.meanResponseNs(rttMaxNs) / 1e9);
        extras.put("indicationsReceived", (double) indicationsReceived);
        extras.put("indicationsFromRepresentative", (double) indicationsFromRepresentative);
        extras.put("indicationsSwitching", (double) indicationsSwitching);
        extras.put("indicationsIgnored", (double) indicationsIgnored);
        extras.put("representativeSwitches", (double) representativeSwitches);
        extras.put("rateCuts", (double) rateCuts);
        extras.put("representativeTimeouts", (double) representativeTimeouts);
        return new CcSnapshot(OrmccControl.NAME, grant.aggregateBytesPerSec(), grant.limitingSite(),
                grant.slowStart(), CongestionIndication.TRAC, states, extras);
    }
}
