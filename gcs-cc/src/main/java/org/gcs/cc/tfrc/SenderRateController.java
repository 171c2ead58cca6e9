package org.gcs.cc.tfrc;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The sending delegate's aggregate rate for one group: the rate its LAN's senders may use together (seed 004
 * §4.2 steps 3–4 and §4.4). Sans-IO: reports and ticks come in with {@code nowNs}.
 *
 * <p>Each receiving delegate of the group reports an acceptable rate (Eq. 1 from its loss event rate; +∞ while
 * it has seen no loss event), the rate at which it receives, and the RTT it uses. The controller is in one of
 * these states, re-evaluated at every call:
 *
 * <ul>
 *   <li><b>No receivers</b>: +∞ (no WAN constraint; a single-LAN group uses a window instead, seed 004 §4.4).
 *   <li><b>Limited</b> — at least one receiver has a fresh finite report: the rate is the minimum of the fresh
 *       finite reports, at least the floor (seed 004 §4.2 step 4: "the minimum over all the acceptable receiving
 *       rates"), and the limiting site is that minimum's site (ties go to the smallest site name). The new value
 *       takes effect at once, down or up ("when a loss is detected, the sending rate is immediately updated",
 *       seed 004 §4.4). Unlike RFC 5348 §4.3 the rate is not also capped at twice the receive rate here: the
 *       paper's rule is the plain minimum.
 *   <li><b>Slow start</b> — receivers exist, none has a fresh finite report, and every one has either a fresh
 *       infinite report or is new (added less than one report timeout ago, not yet reported): the rate starts
 *       from the initial rate (when the first receiver appears) or from the current rate (when the last finite
 *       report goes away) and doubles at most once per RTT (seed 004 §4.4; RFC 5348 §4.3). The RTT is the
 *       largest one the receivers reported, or 100 ms before any report. When receive rates are known the
 *       doubling never goes above twice the smallest positive fresh receive rate (RFC 5348 §4.3's
 *       {@code min(2·X, 2·X_recv)}); unlike RFC 5348 that cap never lowers the current rate, so an
 *       application-limited LAN keeps its rate instead of falling below the initial rate.
 *   <li><b>Hold</b> — some receiver is stale (its last report is older than the report timeout, or it was added
 *       more than one timeout ago and never reported) while others are still fresh or new: the rate does not grow.
 *       If there are fresh finite reports the rate is {@code min(current, their minimum)}, so a lower report still
 *       takes effect at once.
 *   <li><b>No feedback</b> — every receiver is stale: the rate halves once per report timeout of silence, down to
 *       the floor (RFC 5348 §4.4's no-feedback timer, with the report timeout as the timer). Silence is measured
 *       from the latest report of any receiver (or the latest addition of a receiver that never reported), so the
 *       first halving comes when that report ages out and one more follows every further timeout; halvings that
 *       several timeouts of a late tick cover are applied together.
 * </ul>
 *
 * <p>A report is fresh while {@code nowNs - reportNs <= reportTimeoutNs}. Calls without a time
 * ({@link #removeReceiver}, {@link #snapshot}) use the latest time seen. Not thread-safe; one instance per
 * (sending delegate, group).
 */
public final class SenderRateController {
    /** RTT used for slow-start doubling before any receiver reported one: 100 ms. */
    public static final long DEFAULT_SLOW_START_RTT_NS = 100_000_000L;

    private enum Mode { UNCONSTRAINED, SLOW_START, LIMITED, HOLD, NO_FEEDBACK }

    private static final class Receiver {
        final long addedNs;
        boolean reported;
        double acceptableBytesPerSec = Double.NaN;
        double receiveBytesPerSec = Double.NaN;
        long rttNs;
        long reportNs;

        Receiver(long addedNs) {
            this.addedNs = addedNs;
        }
    }

    private final double initialRateBytesPerSec;
    private final double minRateBytesPerSec;
    private final long reportTimeoutNs;
    private final TreeMap<String, Receiver> receivers = new TreeMap<>();

    private Mode mode = Mode.UNCONSTRAINED;
    private double allowedBytesPerSec = Double.POSITIVE_INFINITY;
    private String limitingSite;
    private long latestNs = Long.MIN_VALUE;
    private long lastDoublingNs;
    private long silenceSinceNs;
    private long halvingsInSilence;

    /**
     * @param initialRateBytesPerSec the rate slow start begins with; finite, at least the floor
     * @param minRateBytesPerSec the floor under every finite rate; finite and positive (a zero floor could never
     *     be doubled back up)
     * @param reportTimeoutNs how long a receiver's report stays fresh; positive
     */
    public SenderRateController(double initialRateBytesPerSec, double minRateBytesPerSec, long reportTimeoutNs) {
        if (!Double.isFinite(minRateBytesPerSec) || minRateBytesPerSec <= 0) {
            throw new IllegalArgumentException(
                    "minRateBytesPerSec must be finite and positive, got " + minRateBytesPerSec);
        }
        if (!Double.isFinite(initialRateBytesPerSec) || initialRateBytesPerSec < minRateBytesPerSec) {
            throw new IllegalArgumentException("initialRateBytesPerSec must be finite and at least minRateBytesPerSec ("
                    + minRateBytesPerSec + "), got " + initialRateBytesPerSec);
        }
        if (reportTimeoutNs <= 0) {
            throw new IllegalArgumentException("reportTimeoutNs must be positive, got " + reportTimeoutNs);
        }
        this.initialRateBytesPerSec = initialRateBytesPerSec;
        this.minRateBytesPerSec = minRateBytesPerSec;
        this.reportTimeoutNs = reportTimeoutNs;
    }

    /**
     * Adds a remote receiving site of the group (a delegate whose LAN has members). Adding a known site changes
     * nothing. The first receiver ends the unconstrained state: the rate becomes the initial rate (slow start).
     *
     * @param site the receiving site; not null
     * @param nowNs the current time
     */
    public void addReceiver(String site, long nowNs) {
        if (site == null) {
            throw new IllegalArgumentException("site must not be null");
        }
        long now = advance(nowNs);
        receivers.putIfAbsent(site, new Receiver(now));
        update(now);
    }

    /**
     * Removes a receiving site (its LAN left the group) and re-evaluates at the latest time seen; a removed
     * limiting site hands the limit to the next-lowest fresh report at once.
     *
     * @param site the receiving site; unknown sites are ignored
     */
    public void removeReceiver(String site) {
        if (receivers.remove(site) != null) {
            update(latestNs);
        }
    }

    /**
     * A receiving delegate's report (seed 004 §4.2 step 3). Reports of unknown sites are ignored.
     *
     * @param site the reporting site
     * @param acceptableRateBytesPerSec its acceptable rate by Eq. 1; not negative, +∞ while it saw no loss event
     * @param receiveRateBytesPerSec the rate at which it receives the group's data from this LAN; finite, not
     *     negative
     * @param rttNs the RTT it uses (the one this delegate sent it); positive
     * @param nowNs the current time
     */
    public void onReport(String site, double acceptableRateBytesPerSec, double receiveRateBytesPerSec, long rttNs,
            long nowNs) {
        if (!(acceptableRateBytesPerSec >= 0)) {
            throw new IllegalArgumentException(
                    "acceptableRateBytesPerSec must not be negative or NaN, got " + acceptableRateBytesPerSec);
        }
        if (!Double.isFinite(receiveRateBytesPerSec) || receiveRateBytesPerSec < 0) {
            throw new IllegalArgumentException(
                    "receiveRateBytesPerSec must be finite and not negative, got " + receiveRateBytesPerSec);
        }
        if (rttNs <= 0) {
            throw new IllegalArgumentException("rttNs must be positive, got " + rttNs);
        }
        Receiver receiver = receivers.get(site);
        if (receiver == null) {
            return;
        }
        long now = advance(nowNs);
        receiver.reported = true;
        receiver.acceptableBytesPerSec = acceptableRateBytesPerSec;
        receiver.receiveBytesPerSec = receiveRateBytesPerSec;
        receiver.rttNs = rttNs;
        receiver.reportNs = now;
        update(now);
    }

    /**
     * Lets time pass: slow-start doubling, ageing of reports and the no-feedback halving happen here (and at
     * every other call). Call it at least once per RTT for slow start to keep its pace.
     *
     * @param nowNs the current time
     */
    public void onTick(long nowNs) {
        update(advance(nowNs));
    }

    /** @return the aggregate rate for the LAN's senders to the group, bytes/s; +∞ with no receivers */
    public double allowedRateBytesPerSec() {
        return allowedBytesPerSec;
    }

    /** @return the site whose fresh finite report sets the rate, if any */
    public Optional<String> limitingSite() {
        return Optional.ofNullable(limitingSite);
    }

    /** @return true while the rate doubles per RTT (receivers exist, none reports a finite rate, none is stale) */
    public boolean inSlowStart() {
        return mode == Mode.SLOW_START;
    }

    /** @return an immutable view for metrics, with report ages at the latest time seen */
    public RateSnapshot snapshot() {
        List<RateSnapshot.Receiver> list = new ArrayList<>(receivers.size());
        receivers.forEach((site, r) -> list.add(new RateSnapshot.Receiver(site, r.reported, r.acceptableBytesPerSec,
                r.receiveBytesPerSec, r.rttNs, r.reported ? latestNs - r.reportNs : -1, isFresh(r, latestNs))));
        return new RateSnapshot(allowedBytesPerSec, limitingSite, inSlowStart(), latestNs, list);
    }

    private long advance(long nowNs) {
        latestNs = Math.max(latestNs, nowNs);
        return latestNs;
    }

    private boolean isFresh(Receiver r, long now) {
        return r.reported && now - r.reportNs <= reportTimeoutNs;
    }

    private boolean isNew(Receiver r, long now) {
        return !r.reported && now - r.addedNs <= reportTimeoutNs;
    }

    private void update(long now) {
        if (receivers.isEmpty()) {
            mode = Mode.UNCONSTRAINED;
            allowedBytesPerSec = Double.POSITIVE_INFINITY;
            limitingSite = null;
            return;
        }
        if (mode == Mode.UNCONSTRAINED) {
            mode = Mode.SLOW_START;
            allowedBytesPerSec = initialRateBytesPerSec;
            lastDoublingNs = now;
        }
        double minFinite = Double.POSITIVE_INFINITY;
        String argmin = null;
        double minReceive = Double.POSITIVE_INFINITY;
        long slowStartRttNs = 0;
        long lastHeardNs = Long.MIN_VALUE;
        boolean anyStale = false;
        boolean anyAlive = false;
        for (var entry : receivers.entrySet()) { // name order: ties of the minimum go to the smallest name
            Receiver r = entry.getValue();
            boolean fresh = isFresh(r, now);
            if (fresh && r.acceptableBytesPerSec < minFinite) {
                minFinite = r.acceptableBytesPerSec;
                argmin = entry.getKey();
            }
            if (fresh && r.receiveBytesPerSec > 0) {
                minReceive = Math.min(minReceive, r.receiveBytesPerSec);
            }
            if (r.reported) {
                slowStartRttNs = Math.max(slowStartRttNs, r.rttNs);
            }
            lastHeardNs = Math.max(lastHeardNs, r.reported ? r.reportNs : r.addedNs);
            if (fresh || isNew(r, now)) {
                anyAlive = true;
            } else {
                anyStale = true;
            }
        }
        if (argmin != null) {
            double target = Math.max(minRateBytesPerSec, minFinite);
            allowedBytesPerSec = anyStale ? Math.min(allowedBytesPerSec, target) : target;
            limitingSite = argmin;
            mode = Mode.LIMITED;
        } else if (!anyStale) {
            limitingSite = null;
            if (mode != Mode.SLOW_START) {
                mode = Mode.SLOW_START;
                lastDoublingNs = now;
            } else if (now - lastDoublingNs >= (slowStartRttNs > 0 ? slowStartRttNs : DEFAULT_SLOW_START_RTT_NS)) {
                // RFC 5348 §4.3: X = min(2·X, 2·X_recv); here the cap only limits growth (see class doc)
                double cap = 2 * minReceive;
                allowedBytesPerSec = Math.max(allowedBytesPerSec, Math.min(2 * allowedBytesPerSec, cap));
                lastDoublingNs = now;
            }
        } else if (anyAlive) {
            limitingSite = null;
            mode = Mode.HOLD;
        } else {
            limitingSite = null;
            mode = Mode.NO_FEEDBACK;
            if (silenceSinceNs != lastHeardNs) {
                silenceSinceNs = lastHeardNs;
                halvingsInSilence = 0;
            }
            // RFC 5348 §4.4: halve once per expiry of the no-feedback timer (here: the report timeout)
            long due = (now - silenceSinceNs) / reportTimeoutNs;
            while (halvingsInSilence < due && allowedBytesPerSec > minRateBytesPerSec) {
                allowedBytesPerSec = Math.max(minRateBytesPerSec, allowedBytesPerSec / 2);
                halvingsInSilence++;
            }
            halvingsInSilence = Math.max(halvingsInSilence, due);
        }
    }
}
