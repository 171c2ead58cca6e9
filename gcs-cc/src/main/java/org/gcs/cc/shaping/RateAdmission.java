package org.gcs.cc.shaping;

import org.gcs.cc.alloc.DemandEstimator;
import org.gcs.cc.api.DemandReport;
import org.gcs.cc.api.RateShare;
import org.gcs.cc.api.SenderAdmission;
import org.gcs.cc.api.SenderGrant;

/**
 * The member side of the rate-based schemes (TFRC, ORMCC) for one group (seed 004 §4.2–4.3): a {@link TokenBucket}
 * at the share the sending delegate granted, and a {@link DemandEstimator} whose request goes to the delegate.
 *
 * <p>Reports: every {@value #DEMAND_INTERVAL_NS} ns the sender closes a demand interval. It reports when the request
 * moved by more than 10 % or the window-full flag flipped, and at least every {@value #DEMAND_REFRESH_NS} ns while
 * it is active (messages wait or are unstable). "Window full" means messages waited for admission, or the bucket
 * held one back, since the last check: a blocking sender has at most one message waiting and a tick may just have
 * admitted it, so the queue alone can look empty.
 *
 * <p>The bucket starts with one datagram's worth of tokens ({@value #SEGMENT_BYTES} bytes): the first message goes at
 * once, but a new sender does not burst the whole bucket at the initial rate before it was granted its share.
 */
public final class RateAdmission implements SenderAdmission {
    /** Length of a demand interval (seed 004 §4.3.1). */
    public static final long DEMAND_INTERVAL_NS = 100_000_000L;
    /** An active sender reports at least this often. */
    public static final long DEMAND_REFRESH_NS = 1_000_000_000L;
    /** Weight of the history in the demand estimate: recent samples weigh more (seed 004 §4.3.1). */
    public static final double DEMAND_HISTORY_WEIGHT = 0.25;
    /** Tokens a new bucket starts with: one full datagram. */
    public static final long SEGMENT_BYTES = 1400;

    private final TokenBucket bucket;
    private final DemandEstimator demand;
    private long lastCheckNs = Long.MIN_VALUE / 2;
    private long lastReportNs = Long.MIN_VALUE / 2;
    private long lastReportedRequest;
    private boolean lastReportedFull;
    private boolean heldBack;

    /**
     * @param initialRateBytesPerSec the rate before the first grant; positive and finite
     * @param burstBytes the bucket's depth; positive
     * @param nowNs the current time
     */
    public RateAdmission(double initialRateBytesPerSec, long burstBytes, long nowNs) {
        this.bucket = new TokenBucket(initialRateBytesPerSec, burstBytes, Math.min(burstBytes, SEGMENT_BYTES), nowNs);
        this.demand = new DemandEstimator(initialRateBytesPerSec, DEMAND_INTERVAL_NS, DEMAND_HISTORY_WEIGHT);
    }

    @Override
    public void onQueued(long wireBytes, long nowNs) {
        demand.onEnqueued((int) wireBytes, nowNs);
    }

    @Override
    public boolean tryAdmit(long wireBytes, long nowNs) {
        if (!bucket.tryConsume(wireBytes, nowNs)) {
            heldBack = true;
            return false;
        }
        demand.onDequeued((int) wireBytes, nowNs);
        return true;
    }

    @Override
    public long nanosUntilAdmissible(long wireBytes, long nowNs) {
        return bucket.nanosUntil(wireBytes, nowNs);
    }

    @Override
    public void onGrant(SenderGrant grant, long nowNs) {
        double rate = ((RateShare) grant).bytesPerSec();
        bucket.setRate(rate, nowNs);
        demand.onGrant(rate);
    }

    @Override
    public DemandReport dueReport(long nowNs, boolean messagesWaiting, boolean messagesUnstable) {
        if (nowNs - lastCheckNs < DEMAND_INTERVAL_NS) {
            return null;
        }
        lastCheckNs = nowNs;
        boolean full = messagesWaiting || heldBack;
        heldBack = false;
        double request = demand.requestBytesPerSec(nowNs, full);
        long requestBytesPerSec = Double.isInfinite(request) ? DemandReport.UNLIMITED : Math.round(request);
        boolean active = full || messagesUnstable || lastReportNs == Long.MIN_VALUE / 2;
        boolean changed = full != lastReportedFull
                || Math.abs(requestBytesPerSec - lastReportedRequest) > 0.1 * lastReportedRequest;
        if (!changed && !(active && nowNs - lastReportNs >= DEMAND_REFRESH_NS)) {
            return null;
        }
        lastReportNs = nowNs;
        lastReportedRequest = requestBytesPerSec;
        lastReportedFull = full;
        return new DemandReport(requestBytesPerSec, full);
    }

    /** Every {@value #DEMAND_INTERVAL_NS} ns after the last demand interval closed. */
    @Override
    public long nextReportCheckNs() {
        return lastCheckNs + DEMAND_INTERVAL_NS;
    }

    /** @return the rate the bucket refills at now, bytes/s (+∞ for unlimited) */
    public double rateBytesPerSec() {
        return bucket.rateBytesPerSec();
    }
}
