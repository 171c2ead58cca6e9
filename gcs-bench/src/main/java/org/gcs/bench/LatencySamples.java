package org.gcs.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One receiver's latency of every measured message, in the order it delivered them: what the percentiles of
 * {@link LatencyFigures} are made of, kept so that a slow message can be found again (by its sequence number and send
 * time) in a packet capture or a node's log. The text form is one word ({@code seq:sentMicros:latencyMicros} joined
 * by commas), so that it fits a {@link NodeLine}; {@link #encode} and {@link #decode} are inverse. Not thread-safe:
 * {@link ArrivalCheck} adds under its own lock.
 */
final class LatencySamples {
    private long[] sequences = new long[64];
    private long[] sentMicros = new long[64];
    private long[] latencyMicros = new long[64];
    private int size;

    /**
     * @param sequence the message's sequence number
     * @param sentMicros the send time it carries (a paced sender's due time), the sender's wall clock, microseconds
     * @param latencyMicros receive time less that send time, microseconds
     */
    void add(long sequence, long sentMicros, long latencyMicros) {
        if (size == sequences.length) {
            sequences = Arrays.copyOf(sequences, size * 2);
            this.sentMicros = Arrays.copyOf(this.sentMicros, size * 2);
            this.latencyMicros = Arrays.copyOf(this.latencyMicros, size * 2);
        }
        sequences[size] = sequence;
        this.sentMicros[size] = sentMicros;
        this.latencyMicros[size] = latencyMicros;
        size++;
    }

    /** @return how many samples were added */
    int size() {
        return size;
    }

    /** @return the samples as one word: {@code seq:sentMicros:latencyMicros}, comma-separated; "-" for none */
    String encode() {
        if (size == 0) {
            return "-";
        }
        StringBuilder text = new StringBuilder(size * 28);
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                text.append(',');
            }
            text.append(sequences[i]).append(':').append(sentMicros[i]).append(':').append(latencyMicros[i]);
        }
        return text.toString();
    }

    /**
     * @param receiver the member that delivered them
     * @param text what {@link #encode} returned
     * @return the samples, in order
     * @throws IllegalArgumentException if the text is not encoded samples
     */
    static List<LatencySample> decode(String receiver, String text) {
        List<LatencySample> list = new ArrayList<>();
        if (text.equals("-")) {
            return list;
        }
        for (String item : text.split(",", -1)) {
            String[] parts = item.split(":", -1);
            if (parts.length != 3) {
                throw new IllegalArgumentException("not a latency sample (seq:sentMicros:latencyMicros): '" + item
                        + "'");
            }
            try {
                list.add(new LatencySample(receiver, Long.parseLong(parts[0]), Long.parseLong(parts[1]),
                        Long.parseLong(parts[2])));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a latency sample (seq:sentMicros:latencyMicros): '" + item
                        + "'", e);
            }
        }
        return list;
    }
}
