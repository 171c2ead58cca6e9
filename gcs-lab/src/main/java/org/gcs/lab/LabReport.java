package org.gcs.lab;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a scenario hands back, assembled: its summary figures in order, its checks (the verdict: the failures of those
 * that failed, joined), and its files, written into the output directory in the order they are added (the CSV file
 * first, then the charts) and listed in the summary.
 */
public final class LabReport {
    private final LabContext ctx;
    private final Map<String, Object> summary = new LinkedHashMap<>();
    private final List<Check> checks = new ArrayList<>();

    /** @param ctx the scenario's context: where the files go */
    public LabReport(LabContext ctx) {
        this.ctx = ctx;
    }

    /**
     * @param keysAndValues pairs: a field's name, then its value
     * @return the fields in the order given, for a summary (values: maps, lists, strings, numbers, booleans, null)
     */
    public static Map<String, Object> fields(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values go in pairs");
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            fields.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return fields;
    }

    /** Adds a summary figure. */
    public LabReport put(String key, Object value) {
        summary.put(key, value);
        return this;
    }

    /** Adds summary figures (pairs of a name and a value). */
    public LabReport putAll(Object... keysAndValues) {
        summary.putAll(fields(keysAndValues));
        return this;
    }

    /** Adds pass criteria. */
    public LabReport check(Check... more) {
        checks.addAll(List.of(more));
        return this;
    }

    /** Adds pass criteria. */
    public LabReport check(Collection<Check> more) {
        checks.addAll(more);
        return this;
    }

    /** @return a file in the output directory for a writer of the scenario's own, listed in the summary */
    public java.nio.file.Path file(String name) {
        return ctx.file(name);
    }

    /** Writes a run's sample table as a CSV file. */
    public LabReport csv(String file, SampleTable table) {
        table.write(ctx.file(file));
        return this;
    }

    /** Writes several runs' tables into one CSV file, each row led by its run's labels. */
    public LabReport csv(String file, List<String> labelColumns, List<List<?>> labels, List<SampleTable> tables) {
        SampleTable.writeLabelled(ctx.file(file), labelColumns, labels, tables);
        return this;
    }

    /** Writes a chart as a PNG file. */
    public LabReport chart(String file, ChartWriter chart) {
        chart.write(ctx.file(file));
        return this;
    }

    /** @return the checks that failed, as phrases */
    public List<String> failures() {
        return checks.stream().map(Check::failure).filter(Objects::nonNull).toList();
    }

    /** @return the result: the summary, passed if every check did, and the files written */
    public LabResult result() {
        return LabResult.judged(summary, failures(), ctx.files());
    }
}
