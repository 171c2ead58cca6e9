package org.gcs.lab.tcp;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One periodic line of a {@code gcs lab-agent}: cumulative byte counters and the sending site's congestion state.
 * The agent prints it, the scenario that started the agent parses it; {@link #format()} and {@link #parse} are
 * inverse.
 *
 * @param gcsSentBytes payload bytes the agent's greedy sender has admitted
 * @param gcsDeliveredBytes payload bytes of other members' messages delivered to the agent
 * @param tcpSentBytes bytes the agent's TCP transfers have written
 * @param tcpReceivedBytes bytes the agent's TCP sink has read
 * @param allowedBytesPerSec the aggregate rate the agent's site may send (NaN if it sends nothing; +∞ unlimited)
 * @param rttMs the smoothed RTT to the limiting receiving site (NaN if none)
 * @param congestionMeasure the name of the controller's congestion measure ({@code lossEventRate} for TFRC,
 *     {@code tracBytesPerSec} for ORMCC; {@code -} if none), one word
 * @param congestion the limiting receiving site's value of that measure (NaN if none)
 * @param groupSites the sites in the agent's view of the group
 */
record AgentReport(long gcsSentBytes, long gcsDeliveredBytes, long tcpSentBytes, long tcpReceivedBytes,
                   double allowedBytesPerSec, double rttMs, String congestionMeasure, double congestion,
                   int groupSites) {
    /** Replaces a missing or blank measure name by {@code -} (the line is split at spaces). */
    AgentReport {
        congestionMeasure = congestionMeasure == null || congestionMeasure.isBlank() ? "-"
                : congestionMeasure.strip().replace(' ', '_');
    }

    /** The first word of every report line. */
    static final String PREFIX = "report";

    /** @return the line, {@code report key=value ...} */
    String format() {
        return String.format(Locale.ROOT,
                "%s gcsSentBytes=%d gcsDeliveredBytes=%d tcpSentBytes=%d tcpReceivedBytes=%d"
                        + " allowedBytesPerSec=%.1f rttMs=%.3f congestionMeasure=%s congestion=%.6f groupSites=%d",
                PREFIX, gcsSentBytes, gcsDeliveredBytes, tcpSentBytes, tcpReceivedBytes, allowedBytesPerSec, rttMs,
                congestionMeasure, congestion, groupSites);
    }

    /**
     * @param line a line of an agent's standard output
     * @return the report it carries, or empty if it is some other line (logging, errors)
     */
    static Optional<AgentReport> parse(String line) {
        Optional<Map<String, String>> parsed = ReportFields.of(line, PREFIX);
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> fields = parsed.get();
        try {
            return Optional.of(new AgentReport(
                    Long.parseLong(field(fields, "gcsSentBytes")),
                    Long.parseLong(field(fields, "gcsDeliveredBytes")),
                    Long.parseLong(field(fields, "tcpSentBytes")),
                    Long.parseLong(field(fields, "tcpReceivedBytes")),
                    Double.parseDouble(field(fields, "allowedBytesPerSec")),
                    Double.parseDouble(field(fields, "rttMs")),
                    field(fields, "congestionMeasure"),
                    Double.parseDouble(field(fields, "congestion")),
                    Integer.parseInt(field(fields, "groupSites"))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static String field(Map<String, String> fields, String name) {
        return fields.getOrDefault(name, "");
    }
}
