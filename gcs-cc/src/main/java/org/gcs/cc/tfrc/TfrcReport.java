package org.gcs.cc.tfrc;

import java.util.LinkedHashMap;
import java.util.Map;
import org.gcs.cc.api.Feedback;

/**
 * A receiving delegate's report on every acknowledgement (seed 004 §4.2 step 3): the acceptable rate of Eq. 1 from
 * its loss event rate and the sending delegate's RTT, the rate at which the flow arrives, the loss event rate, and
 * the segment size s it used in Eq. 1.
 *
 * @param acceptableRateBytesPerSec Eq. 1's rate; {@link Double#POSITIVE_INFINITY} while no loss event was seen
 * @param receiveRateBytesPerSec the rate at which the flow arrived lately; finite, not negative
 * @param lossEventRate p in [0, 1]
 * @param meanSegmentBytes the mean datagram size s, bytes on the wire
 */
public record TfrcReport(double acceptableRateBytesPerSec, double receiveRateBytesPerSec, double lossEventRate,
                         int meanSegmentBytes) implements Feedback {
    /** Field name of the acceptable rate in {@link #fields()} (and in status and meters). */
    public static final String ACCEPTABLE_RATE = "acceptableRateBytesPerSec";
    /** Field name of the receive rate. */
    public static final String RECEIVE_RATE = "receiveRateBytesPerSec";
    /** Field name of the loss event rate. */
    public static final String LOSS_EVENT_RATE = "lossEventRate";
    /** Field name of the segment size. */
    public static final String SEGMENT_BYTES = "meanSegmentBytes";

    @Override
    public Map<String, Double> fields() {
        Map<String, Double> fields = new LinkedHashMap<>();
        fields.put(ACCEPTABLE_RATE, acceptableRateBytesPerSec);
        fields.put(RECEIVE_RATE, receiveRateBytesPerSec);
        fields.put(LOSS_EVENT_RATE, lossEventRate);
        fields.put(SEGMENT_BYTES, (double) meanSegmentBytes);
        return fields;
    }
}
