package org.gcs.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One line of the protocol between the bench parent and a node: {@code @bench EVENT key=value key=value ...} on
 * the node's standard output. Values contain no spaces, except that of the field {@value #TEXT}, which comes last
 * and runs to the end of the line (free text, e.g. an error message). {@link #format()} and {@link #parse} are
 * inverse; lines without the prefix (logging) are not protocol lines.
 *
 * @param event what happened, e.g. {@code ready}, {@code done}
 * @param fields the values, in the order written
 */
public record NodeLine(String event, Map<String, String> fields) {
    /** The first word of every protocol line. */
    public static final String PREFIX = "@bench";

    /** The node's JVM runs; it waits for {@code connect}. */
    public static final String STARTED = "started";
    /** The node is a member of its cluster (or bound, for UDP). */
    public static final String JOINED = "joined";
    /** The node sees every member it waits for and can take part in the run. */
    public static final String READY = "ready";
    /** The node delivered its first probe message. */
    public static final String PROBE_SEEN = "probe-seen";
    /** Periodic counters while the node runs. */
    public static final String PROGRESS = "progress";
    /** The sender handed its last message to the system. */
    public static final String SENT = "sent";
    /** A settling sender reached {@link NodeSpec#settlePoint()}; it goes on warming up until {@code measure}. */
    public static final String WARMED = "warmed";
    /** A paced sender sent its unpaced warm-up ({@code sent}); it waits for {@code pace} to send the rest. */
    public static final String UNPACED = "unpaced";
    /** The node's JIT compilers went quiet (or the wait for them ended); told by {@code settle}. */
    public static final String SETTLED = "settled";
    /** The node delivered every measured message (or, for UDP, the datagrams stopped). */
    public static final String DONE = "done";
    /** The node's counters when told to stop: what arrived after {@code done} shows here. */
    public static final String FINAL = "final";
    /** Something failed in the node; the text says what. */
    public static final String ERROR = "error";
    /** The field of free text, written last. */
    public static final String TEXT = "text";

    /**
     * @param event the event
     * @param fields the values (copied; iteration order kept)
     */
    public NodeLine {
        fields = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /**
     * @param event the event
     * @return a line with no fields
     */
    public static NodeLine of(String event) {
        return new NodeLine(event, Map.of());
    }

    /**
     * @param event the event
     * @param text free text (line breaks become spaces)
     * @return a line with just that text
     */
    public static NodeLine withText(String event, String text) {
        return new NodeLine(event, Map.of(TEXT, text.replace('\n', ' ').replace('\r', ' ')));
    }

    /** @return the line as printed: {@code @bench EVENT k=v ...}, the text field last */
    public String format() {
        StringBuilder line = new StringBuilder(PREFIX).append(' ').append(event);
        fields.forEach((key, value) -> {
            if (!key.equals(TEXT)) {
                line.append(' ').append(key).append('=').append(value);
            }
        });
        if (fields.containsKey(TEXT)) {
            line.append(' ').append(TEXT).append('=').append(fields.get(TEXT));
        }
        return line.toString();
    }

    /**
     * @param line a line of a node's standard output
     * @return the protocol line it holds, or empty for any other line
     */
    public static Optional<NodeLine> parse(String line) {
        if (!line.startsWith(PREFIX + " ")) {
            return Optional.empty();
        }
        String body = line.substring(PREFIX.length() + 1).trim();
        String text = null;
        int textAt = body.indexOf(" " + TEXT + "=");
        if (textAt >= 0) {
            text = body.substring(textAt + TEXT.length() + 2);
            body = body.substring(0, textAt);
        }
        String[] words = body.split("\\s+");
        if (words.length == 0 || words[0].isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> fields = new LinkedHashMap<>();
        if (text != null) {
            fields.put(TEXT, text);
        }
        for (int i = 1; i < words.length; i++) {
            int eq = words[i].indexOf('=');
            if (eq > 0) {
                fields.put(words[i].substring(0, eq), words[i].substring(eq + 1));
            }
        }
        return Optional.of(new NodeLine(words[0], fields));
    }

    /**
     * @param key a field name
     * @return its value
     * @throws IllegalStateException if the line lacks it
     */
    public String text(String key) {
        String value = fields.get(key);
        if (value == null) {
            throw new IllegalStateException("'" + event + "' line without " + key + ": " + format());
        }
        return value;
    }

    /**
     * @param key a field holding a whole number
     * @return its value
     * @throws IllegalStateException if the line lacks it or it is not a number
     */
    public long number(String key) {
        try {
            return Long.parseLong(text(key));
        } catch (NumberFormatException e) {
            throw new IllegalStateException("'" + event + "' line with a bad " + key + ": " + format(), e);
        }
    }

    /**
     * @param key a field holding {@code true} or {@code false}
     * @return its value ({@code false} when absent)
     */
    public boolean flag(String key) {
        return "true".equals(fields.get(key));
    }

    /**
     * @param lines some lines (nodes' {@code final} lines)
     * @param key a numeric field
     * @return the sum of the field over the lines, NaN unless every line carries it (or there is none)
     */
    static double sum(List<NodeLine> lines, String key) {
        if (lines.isEmpty() || !lines.stream().allMatch(line -> line.fields().containsKey(key))) {
            return Double.NaN;
        }
        return lines.stream().mapToLong(line -> line.number(key)).sum();
    }
}
