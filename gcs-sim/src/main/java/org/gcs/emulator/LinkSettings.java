package org.gcs.emulator;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.Quantities;

/**
 * Reads the {@code key=value} settings of a {@code defaults}, {@code link} or {@code at} line of a topology text into
 * {@link LinkSpec}s: the keys, {@code rtt} (split in two), the per-direction {@code a/b} values of {@code <->} lines,
 * and each key's value (times, rates, sizes, loss rates through {@link Quantities}; {@code aqm} through
 * {@link RedQueue#parse(String)}). Holds no settings itself; errors are {@link SourceLine#error(String)}s.
 */
final class LinkSettings {

    private static final List<String> KEYS =
            List.of("rtt", "delay", "jitter", "loss", "burst", "bandwidth", "queue", "reorder", "aqm");

    /** Which kind of line a set of key=value settings is on. */
    enum Direction { ONE, BOTH, DEFAULTS }

    private final SourceLine source;

    LinkSettings(SourceLine source) {
        this.source = source;
    }

    /**
     * Reads {@code key=value} tokens from {@code start} on, starting from {@code forwardBase} (and
     * {@code backwardBase} for the second direction of {@link Direction#BOTH}). Returns one spec for
     * {@link Direction#ONE} and {@link Direction#DEFAULTS}, two (forward, backward) for {@link Direction#BOTH}.
     */
    LinkSpec[] parse(String[] tokens, int start, LinkSpec forwardBase, LinkSpec backwardBase, Direction direction) {
        LinkSpec.Builder forward = forwardBase.toBuilder();
        LinkSpec.Builder backward = backwardBase.toBuilder();
        Map<String, String> seen = new HashMap<>();
        for (int i = start; i < tokens.length; i++) {
            String token = tokens[i];
            int eq = token.indexOf('=');
            if (eq <= 0 || eq == token.length() - 1) {
                throw source.error("expected key=value, got '" + token + "'; keys are " + String.join(", ", KEYS));
            }
            String key = token.substring(0, eq);
            String value = token.substring(eq + 1);
            if (!KEYS.contains(key)) {
                throw source.error("unknown key '" + key + "'; keys are " + String.join(", ", KEYS));
            }
            if (seen.put(key, value) != null) {
                throw source.error("key '" + key + "' is given twice; give it once");
            }
            if (key.equals("rtt")) {
                applyRtt(value, direction, forward, backward);
                continue;
            }
            String[] parts = value.split("/", -1);
            if (parts.length > 2 || (parts.length == 2 && direction != Direction.BOTH)) {
                throw source.error(key + "=" + value + ": per-direction values a/b are allowed only on '<->' links, "
                        + "as exactly two values; here write a single value");
            }
            apply(forward, key, parts[0]);
            apply(backward, key, parts[parts.length - 1]);
        }
        if (seen.containsKey("rtt") && seen.containsKey("delay")) {
            throw source.error("give either rtt= (round trip, split in two) or delay= (one-way), not both");
        }
        return new LinkSpec[] {checked(forward), checked(backward)};
    }

    private void applyRtt(String value, Direction direction, LinkSpec.Builder forward, LinkSpec.Builder backward) {
        if (direction != Direction.BOTH) {
            throw source.error("rtt= is only allowed on '<->' links; on a one-way link or in defaults write delay= "
                    + "(the one-way delay)");
        }
        if (value.contains("/")) {
            throw source.error("rtt=" + value + ": a round trip is one value for the pair; for different one-way "
                    + "delays write delay=a/b");
        }
        long rttNs = source.convert("rtt", value, Quantities::timeNs);
        long oneWayNs = rttNs / 2 + (rttNs % 2);
        forward.delayNs = oneWayNs;
        backward.delayNs = oneWayNs;
    }

    private void apply(LinkSpec.Builder spec, String key, String value) {
        switch (key) {
            case "delay" -> spec.delayNs = source.convert(key, value, Quantities::timeNs);
            case "jitter" -> spec.jitterNs = source.convert(key, value, Quantities::timeNs);
            case "loss" -> spec.lossRate = source.convert(key, value, Quantities::lossRate);
            case "burst" -> spec.burstLength = source.convert(key, value, Quantities::burstLength);
            case "bandwidth" -> spec.bandwidthBitsPerSec = source.convert(key, value, Quantities::bitsPerSec);
            case "queue" -> spec.queueBytes = source.convert(key, value, Quantities::bytes);
            case "reorder" -> spec.allowReorder = source.convert(key, value, Quantities::bool);
            case "aqm" -> spec.red = value.equalsIgnoreCase("droptail") ? null
                    : source.convert(key, value, RedQueue::parse);
            default -> throw new IllegalStateException("unhandled key " + key);
        }
    }

    private LinkSpec checked(LinkSpec.Builder spec) {
        try {
            return spec.build();
        } catch (IllegalArgumentException e) {
            throw source.error(e.getMessage());
        }
    }
}
