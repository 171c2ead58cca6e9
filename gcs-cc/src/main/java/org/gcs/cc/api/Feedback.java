package org.gcs.cc.api;

/**
 * What a {@link ReceiverMonitor} tells the sending delegate's {@link SourceController} (TFRC: the acceptable rate of
 * Eq. 1 on every acknowledgement; ORMCC: a congestion indication when a loss is detected). Each scheme defines its
 * own immutable feedback types and encodes them with its {@link ControlBlockCodec}.
 */
public interface Feedback {
    /**
     * The feedback as named numbers, for status, meters and the lab (e.g. {@code acceptableRateBytesPerSec}).
     *
     * @return the fields; keys are lowerCamelCase and carry their unit; values may be infinite or NaN
     */
    java.util.Map<String, Double> fields();
}
