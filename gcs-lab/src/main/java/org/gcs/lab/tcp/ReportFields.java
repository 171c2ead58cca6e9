package org.gcs.lab.tcp;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The fields of an agent's report line: {@code PREFIX key=value key=value ...}, as the lab's agents print them
 * ({@link AgentReport}, the NAT scenario's report). Tokens without {@code =} are ignored.
 */
public final class ReportFields {
    private ReportFields() {
    }

    /**
     * @param line a line of an agent's standard output
     * @param prefix the first word of the agent's report lines
     * @return the fields by key, or empty if the line is not a report (logging, an acknowledgement, an error)
     */
    public static Optional<Map<String, String>> of(String line, String prefix) {
        if (!line.startsWith(prefix + " ")) {
            return Optional.empty();
        }
        Map<String, String> fields = new HashMap<>();
        for (String token : line.substring(prefix.length() + 1).trim().split("\\s+")) {
            int eq = token.indexOf('=');
            if (eq > 0) {
                fields.put(token.substring(0, eq), token.substring(eq + 1));
            }
        }
        return Optional.of(fields);
    }
}
