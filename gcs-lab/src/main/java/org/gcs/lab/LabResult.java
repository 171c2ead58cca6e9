package org.gcs.lab;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a scenario returns: its own summary fields (merged into {@code summary.json} after the common ones),
 * whether its pass criteria held, and if not, why (one line).
 *
 * @param summary the scenario's fields, in output order (values: maps, lists, strings, numbers, booleans, null)
 * @param passed true if the run completed and the scenario's pass criteria hold
 * @param failureReason one line saying why not, null if passed
 * @param files the files the scenario wrote
 */
public record LabResult(Map<String, Object> summary, boolean passed, String failureReason, List<Path> files) {
    /** Copies the summary and the file list. */
    public LabResult {
        summary = new LinkedHashMap<>(summary);
        files = List.copyOf(files);
        if (!passed && (failureReason == null || failureReason.isBlank())) {
            throw new IllegalArgumentException("a failed result needs a reason");
        }
    }

    /**
     * @param failures the pass criteria that failed (empty: passed)
     * @return a result that passed if there is no failure, else failed with the failures joined by "; "
     */
    public static LabResult judged(Map<String, Object> summary, List<String> failures, List<Path> files) {
        return new LabResult(summary, failures.isEmpty(), failures.isEmpty() ? null : String.join("; ", failures),
                files);
    }
}
