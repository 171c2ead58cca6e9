package org.gcs.lab.nat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The payload of the scenario's messages: the sending site and the message's sequence number, as text
 * ({@code paris 17}), so that a receiver checks per-sender FIFO order from the payload alone.
 *
 * @param site the sending site
 * @param sequence the sender's sequence number, from 1
 */
record SequencedPayload(String site, int sequence) {
    /** @return the payload bytes */
    byte[] encode() {
        return (site + " " + sequence).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * @param payload a delivered message's payload
     * @return what it carries, or empty if it is not such a payload
     */
    static Optional<SequencedPayload> decode(byte[] payload) {
        String text = new String(payload, StandardCharsets.UTF_8);
        int space = text.indexOf(' ');
        if (space <= 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(new SequencedPayload(text.substring(0, space),
                    Integer.parseInt(text.substring(space + 1))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
