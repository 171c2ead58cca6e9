package org.gcs.cc.ormcc;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gcs.cc.api.CcSettings;
import org.gcs.cc.api.SchemeParameters;
import org.gcs.cc.api.SchemeSettings;

/**
 * ORMCC's own settings ({@code cc.ormcc.*}); the rate limits shared by every scheme (initial rate, floor, burst,
 * initial RTT) are in {@link CcSettings}. "Thesis" is Jiang Li's PhD thesis (RPI 2003), "O1".."O17" are the
 * resolutions of the implementation specification (seeds 000–003 on GCS, §3.2).
 *
 * @param beta {@code cc.ormcc.beta}, default 0.65, in [0.5, 1): the rate cut factor of {@code CutRate()},
 *     λ ← min(λ, β·μ) (thesis §3.1.5, App. B.1). The thesis recommends 0.65 for user-level implementations and
 *     0.75 for kernel ones; its ns-2 runs used 0.75, and so do the lab's reproductions of them (§3.1.5, §3.3.7, O14).
 *     The TCP-friendliness lab (kernel Reno through a real drop-tail bottleneck) gives a median GCS/TCP of 0.64,
 *     0.85–0.88 and 1.12 at β = 0.5, 0.65 and 0.75 with the default {@code increase.rtt=ack}, the thesis's own
 *     picture, and 0.33, 0.53 and 0.63–0.71 with {@code increase.rtt=indications} (docs/experiments.md). App. C.2
 *     needs β &gt; 0.5 for TCP-friendliness; 0.5 is accepted so the lab can show what happens there
 * @param tracWindowNs {@code cc.ormcc.trac.window}, default 1 s, in [100 ms, 60 s]: the output rate that gives a
 *     TRAC sample μ is averaged over this sliding window (thesis §3.1.1, footnote 9: "we use one second"; O2)
 * @param tracGain {@code cc.ormcc.trac.gain}, default 0.125, in [0.001, 1]: the EWMA gain α of the receivers'
 *     average TRAC E(μ) and of the source's CR statistics E(μ^cr), μσ^cr (thesis §3.1.2; α unspecified there, O1
 *     takes the 1/8 of the sister schemes GMCC and MCA+)
 * @param rttGain {@code cc.ormcc.rtt.gain}, default 0.125, in [0.001, 1]: the EWMA gain of RTT_cr over the CR's
 *     CI samples (thesis §3.1.6 gives no formula; O7 takes 1/8, as GMCC's ε and MCA+'s SRTT)
 * @param responseGain {@code cc.ormcc.response.gain}, default 0.125, in [0.001, 1]: the EWMA gain of the CR
 *     response time statistics E(T^cr), T_σ^cr (thesis §3.1.3 gives no weights; O9)
 * @param delayShape {@code cc.ormcc.delay.shape}, default 5, in [0.1, 50]: the shape λ of the truncated
 *     exponential delay of non-CR CIs (thesis §3.1.4, unspecified there; O5 takes Nonnenmacher–Biersack's
 *     ln N + 1 for N ≈ 64)
 * @param fullLoadDeviations {@code cc.ormcc.full.load.deviations}, default 4, in [0, 100]: the bottleneck counts as
 *     fully loaded when λ ≥ E(μ^cr) + this · μσ^cr (thesis §3.1.3, footnote 10, App. B.1)
 * @param timeoutDeviations {@code cc.ormcc.timeout.deviations}, default 8, in [0, 100]: the CR checking timer runs
 *     E(T^cr) + this · T_σ^cr (thesis §3.1.3, footnote 11: "8 … to be conservative")
 * @param graceRtts {@code cc.ormcc.grace.rtts}, default 2, in [0, 100]: the CR grace period after a CR is chosen
 *     from the invalid state lasts this · RTT_max (thesis App. B.1; O13)
 * @param lossEvents {@code cc.ormcc.loss.events}, default true: the congestion representative groups the losses it
 *     detects into loss events, one indication per RTT_cr (RFC 5348 §5.2's loss event; our choice, see
 *     {@link OrmccMonitor}); false gives the thesis's literal rule, one indication per loss-revealing arrival (§3.1.1)
 * @param increaseRtt {@code cc.ormcc.increase.rtt}, default {@code ack}: which RTT paces the additive increase
 *     λ ← λ + s/RTT once per RTT: {@code ack}, the smoothed acknowledgement RTT of the CR's site, or
 *     {@code indications}, the thesis's RTT_cr from the CR's congestion indications, which includes the full
 *     bottleneck queue (§3.1.6). RTT_cr still spaces the cuts, groups the CR's losses and shows in the header and
 *     snapshot either way ({@link IncreaseRtt} has the measured trade-off; our addition)
 * @param feedbackWindowRtts {@code cc.ormcc.feedback.window.rtts}, default 2, in [0.1, 100]: the window T of the
 *     receivers' random CI delay is this · RTT_max (thesis §3.1.4: T = 2·RTT_max; O5)
 */
public record OrmccSettings(double beta, long tracWindowNs, double tracGain, double rttGain, double responseGain,
                            double delayShape, double fullLoadDeviations, double timeoutDeviations, double graceRtts,
                            double feedbackWindowRtts, boolean lossEvents, IncreaseRtt increaseRtt)
        implements SchemeSettings {
    /**
     * The defaults: β 0.65, 1 s TRAC window, gains 1/8, shape 5, 4 and 8 deviations, 2 RTT_max grace and window, loss
     * events at the CR, the increase paced by the CR site's acknowledgement RTT.
     */
    public static final OrmccSettings DEFAULTS = new OrmccSettings(0.65, 1_000_000_000L, 0.125, 0.125, 0.125, 5.0,
            4.0, 8.0, 2.0, 2.0, true, IncreaseRtt.ACK);

    /** Rejects values no formula can use (the parser's ranges are narrower and give clearer messages). */
    public OrmccSettings {
        if (!(beta > 0 && beta < 1)) {
            throw new IllegalArgumentException("beta must be in (0, 1), got " + beta);
        }
        if (increaseRtt == null) {
            throw new IllegalArgumentException("increaseRtt must not be null; use IncreaseRtt.ACK (the default)");
        }
        if (tracWindowNs <= 0) {
            throw new IllegalArgumentException("tracWindowNs must be positive, got " + tracWindowNs);
        }
        checkGain("tracGain", tracGain);
        checkGain("rttGain", rttGain);
        checkGain("responseGain", responseGain);
        if (!(delayShape > 0) || Double.isInfinite(delayShape)) {
            throw new IllegalArgumentException("delayShape must be positive and finite, got " + delayShape);
        }
        checkNotNegative("fullLoadDeviations", fullLoadDeviations);
        checkNotNegative("timeoutDeviations", timeoutDeviations);
        checkNotNegative("graceRtts", graceRtts);
        if (!(feedbackWindowRtts > 0) || Double.isInfinite(feedbackWindowRtts)) {
            throw new IllegalArgumentException("feedbackWindowRtts must be positive and finite, got "
                    + feedbackWindowRtts);
        }
    }

    @Override
    public String scheme() {
        return OrmccControl.NAME;
    }

    @Override
    public Map<String, String> toParameters() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("beta", Double.toString(beta));
        p.put("trac.window", tracWindowNs + "ns");
        p.put("trac.gain", Double.toString(tracGain));
        p.put("rtt.gain", Double.toString(rttGain));
        p.put("response.gain", Double.toString(responseGain));
        p.put("delay.shape", Double.toString(delayShape));
        p.put("full.load.deviations", Double.toString(fullLoadDeviations));
        p.put("timeout.deviations", Double.toString(timeoutDeviations));
        p.put("grace.rtts", Double.toString(graceRtts));
        p.put("feedback.window.rtts", Double.toString(feedbackWindowRtts));
        p.put("loss.events", Boolean.toString(lossEvents));
        p.put("increase.rtt", SchemeParameters.choiceName(increaseRtt));
        return p;
    }

    /**
     * @param newBeta the cut factor β, in [0.5, 1)
     * @return a copy with another β
     */
    public OrmccSettings withBeta(double newBeta) {
        return new OrmccSettings(newBeta, tracWindowNs, tracGain, rttGain, responseGain, delayShape, fullLoadDeviations,
                timeoutDeviations, graceRtts, feedbackWindowRtts, lossEvents, increaseRtt);
    }

    /**
     * @param newIncreaseRtt which RTT paces the additive increase
     * @return a copy with another choice
     */
    public OrmccSettings withIncreaseRtt(IncreaseRtt newIncreaseRtt) {
        return new OrmccSettings(beta, tracWindowNs, tracGain, rttGain, responseGain, delayShape, fullLoadDeviations,
                timeoutDeviations, graceRtts, feedbackWindowRtts, lossEvents, newIncreaseRtt);
    }

    /**
     * @param settings the node's settings
     * @return ORMCC's settings from the {@code cc.ormcc.*} parameters, defaults for those not given
     * @throws IllegalArgumentException if a parameter is unknown or invalid (the message names it)
     */
    public static OrmccSettings from(CcSettings settings) {
        SchemeParameters p = SchemeParameters.of(settings, OrmccControl.NAME);
        double beta = p.number("beta", DEFAULTS.beta, 0.5, 1.0);
        if (beta >= 1.0) {
            throw new IllegalArgumentException("cc." + OrmccControl.NAME + ".beta must be in [0.5, 1) (a cut factor"
                    + " of 1 never cuts), got " + settings.parametersOf(OrmccControl.NAME).get("beta").trim());
        }
        OrmccSettings parsed = new OrmccSettings(
                beta,
                p.durationNs("trac.window", DEFAULTS.tracWindowNs, 100_000_000L, 60_000_000_000L),
                p.number("trac.gain", DEFAULTS.tracGain, 0.001, 1),
                p.number("rtt.gain", DEFAULTS.rttGain, 0.001, 1),
                p.number("response.gain", DEFAULTS.responseGain, 0.001, 1),
                p.number("delay.shape", DEFAULTS.delayShape, 0.1, 50),
                p.number("full.load.deviations", DEFAULTS.fullLoadDeviations, 0, 100),
                p.number("timeout.deviations", DEFAULTS.timeoutDeviations, 0, 100),
                p.number("grace.rtts", DEFAULTS.graceRtts, 0, 100),
                p.number("feedback.window.rtts", DEFAULTS.feedbackWindowRtts, 0.1, 100),
                p.bool("loss.events", DEFAULTS.lossEvents),
                p.choice("increase.rtt", DEFAULTS.increaseRtt));
        p.rejectUnknown();
        return parsed;
    }

    private static void checkGain(String name, double gain) {
        if (!(gain > 0 && gain <= 1)) {
            throw new IllegalArgumentException(name + " must be in (0, 1], got " + gain);
        }
    }

    private static void checkNotNegative(String name, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be finite and not negative, got " + value);
        }
    }
}
