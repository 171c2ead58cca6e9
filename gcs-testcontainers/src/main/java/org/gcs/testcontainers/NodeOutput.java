package org.gcs.testcontainers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what {@code gcs node} prints (its container's log): the one place that knows the format of its status,
 * and view lines (documented by {@code gcs node --help}).
 */
final class NodeOutput {
    /** {@code HH:mm:ss status|final SITE/MEMBER delegate=yes|no[ (DELEGATE)] views=... sent=N delivered=N ...}. */
    private static final Pattern STATUS = Pattern.compile("\\d{2}:\\d{2}:\\d{2} (status|final) (\\S+)"
            + " delegate=(yes|no)(?: \\(\\S+\\))? views=(.+?)(?: SITE-CONFLICT=\\S+)?"
            + " sent=(\\d+) delivered=(\\d+) (.*)");
    /** The start of any status line, whatever fields follow (the ITs read lines {@link #STATUS} may not parse). */
    private static final Pattern STATUS_LINE = Pattern.compile("\\d{2}:\\d{2}:\\d{2} (status|final) \\S+ delegate=");
    private static final Pattern CHECK = Pattern.compile(
            "(?:^| )checked=(\\d+) dup=(\\d+) ooo=(\\d+) from=(\\S+) gaps=(\\S+)");
    private static final Pattern VIEW_SIZE = Pattern.compile("([^,:]+):(?:(\\d+) members/(\\d+) sites|none)");
    /** {@code HH:mm:ss view GROUP #ID: N members in M site(s) [SITE/MEMBER, ...]}. */
    private static final Pattern VIEW = Pattern.compile(
            "\\d{2}:\\d{2}:\\d{2} view (\\S+) #(\\d+): \\d+ members in \\d+ site\\(s\\) \\[(.*)]");

    private NodeOutput() {
    }

    /**
     * @param log a node's output
     * @return its newest status line ({@code status} or {@code final}), trimmed
     */
    static Optional<String> lastStatusLine(String log) {
        List<String> lines = Arrays.asList(log.split("\n"));
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (STATUS_LINE.matcher(lines.get(i)).find()) {
                return Optional.of(lines.get(i).trim());
            }
        }
        return Optional.empty();
    }

    /**
     * @param line a status line
     * @return it parsed; empty if it is not one
     */
    static Optional<GcsStatus> status(String line) {
        Matcher m = STATUS.matcher(line);
        if (!m.find()) {
            return Optional.empty();
        }
        Matcher check = CHECK.matcher(m.group(7));
        boolean checks = check.find();
        Map<String, SenderCounts> received = new LinkedHashMap<>();
        if (checks) {
            Map<String, long[]> from = pairs(check.group(4));
            Map<String, long[]> gaps = pairs(check.group(5));
            from.forEach((sender, f) -> {
                long[] g = gaps.getOrDefault(sender, new long[] {0, f[1]});
                received.put(sender, new SenderCounts(f[0], f[1], g[0], g[1]));
            });
        }
        return Optional.of(new GcsStatus(m.group(2), m.group(3).equals("yes"), viewSizes(m.group(4)),
                Long.parseLong(m.group(5)), Long.parseLong(m.group(6)), checks ? Long.parseLong(check.group(1)) : 0,
                checks ? Long.parseLong(check.group(2)) : 0, checks ? Long.parseLong(check.group(3)) : 0, received,
                m.group(1).equals("final")));
    }

    /**
     * @param log a node's output
     * @param group a group
     * @return the newest view of the group the node printed
     */
    static Optional<GcsView> lastView(String log, String group) {
        List<String> lines = Arrays.asList(log.split("\n"));
        for (int i = lines.size() - 1; i >= 0; i--) {
            Optional<GcsView> view = view(lines.get(i));
            if (view.isPresent() && view.get().group().equals(group)) {
                return view;
            }
        }
        return Optional.empty();
    }

    /**
     * @param line a view line
     * @return it parsed; empty if it is not one
     */
    static Optional<GcsView> view(String line) {
        Matcher m = VIEW.matcher(line);
        if (!m.find()) {
            return Optional.empty();
        }
        List<String> members = new ArrayList<>();
        for (String member : m.group(3).split(",")) {
            if (!member.isBlank()) {
                members.add(member.trim());
            }
        }
        return Optional.of(new GcsView(m.group(1), Long.parseLong(m.group(2)), members));
    }

    private static Map<String, GroupSize> viewSizes(String field) {
        Map<String, GroupSize> sizes = new LinkedHashMap<>();
        Matcher m = VIEW_SIZE.matcher(field);
        while (m.find()) {
            if (m.group(2) != null) {
                sizes.put(m.group(1), new GroupSize(Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))));
            }
        }
        return sizes;
    }

    /** @return {@code SENDER:A/B,...} as sender to {A, B}; empty for {@code none} */
    private static Map<String, long[]> pairs(String field) {
        Map<String, long[]> pairs = new LinkedHashMap<>();
        if (field.equals("none")) {
            return pairs;
        }
        for (String entry : field.split(",")) {
            int colon = entry.lastIndexOf(':');
            int slash = entry.lastIndexOf('/');
            if (colon > 0 && slash > colon) {
                pairs.put(entry.substring(0, colon), new long[] {Long.parseLong(entry.substring(colon + 1, slash)),
                        Long.parseLong(entry.substring(slash + 1))});
            }
        }
        return pairs;
    }
}
