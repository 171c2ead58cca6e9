package org.gcs.cc.ormcc;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gcs.cc.api.Feedback;

/**
 * A receiving delegate's congestion indication CI(μ) (thesis §3.1.1, App. B.2): sent when the arrival of a packet
 * A revealed that earlier packets were lost, unless suppressed (§3.1.4).
 *
 * <p>The thesis's CI carries A's sequence number (for the RTT) and μ. We carry A's send time instead of looking it
 * up by sequence number (the data already carries it, O6), the time the CI was held at the receiver (its random
 * delay and the wait for the tick) so that the source's RTT sample excludes it (O6; §10 item 6 of the digest), and
 * the receiver's own average E(μ), for logs and snapshots only (O3).
 *
 * @param triggerSeq the flow sequence number of A
 * @param echoSendTimeNs A's send time on the sending delegate's clock
 * @param holdNs the time from A's arrival to the sending of this CI; not negative
 * @param tracBytesPerSec μ, the TRAC sample taken at A's arrival; finite, not negative
 * @param avgTracBytesPerSec the receiver's E(μ) after that sample; finite, not negative
 */
public record CongestionIndication(long triggerSeq, long echoSendTimeNs, long holdNs, double tracBytesPerSec,
                                   double avgTracBytesPerSec) implements Feedback {
    /** Field name of the trigger sequence number in {@link #fields()}. */
    public static final String TRIGGER_SEQ = "triggerSeq";
    /** Field name of the echoed send time. */
    public static final String ECHO_SEND_TIME = "echoSendTimeNs";
    /** Field name of the hold time. */
    public static final String HOLD = "holdNs";
    /** Field name of the TRAC sample μ (also the source's congestion measure of a receiving site). */
    public static final String TRAC = "tracBytesPerSec";
    /** Field name of the receiver's average TRAC E(μ). */
    public static final String AVG_TRAC = "avgTracBytesPerSec";

    /** Rejects a negative hold time and negative, infinite or NaN rates. */
    public CongestionIndication {
        if (holdNs < 0) {
            throw new IllegalArgumentException("holdNs must not be negative, got " + holdNs);
        }
        checkRate("tracBytesPerSec", tracBytesPerSec);
        checkRate("avgTracBytesPerSec", avgTracBytesPerSec);
    }

    private static void checkRate(String name, double rate) {
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException(name + " must be finite and not negative, got " + rate);
        }
    }

    @Override
    public Map<String, Double> fields() {
        Map<String, Double> fields = new LinkedHashMap<>();
        fields.put(TRIGGER_SEQ, (double) triggerSeq);
        fields.put(ECHO_SEND_TIME, (double) echoSendTimeNs);
        fields.put(HOLD, (double) holdNs);
        fields.put(TRAC, tracBytesPerSec);
        fields.put(AVG_TRAC, avgTracBytesPerSec);
        return fields;
    }
}
