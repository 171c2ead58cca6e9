package org.gcs.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code gcs lab SCENARIO ... --out DIR --json} run through the command line, for the end-to-end tests: its exit
 * code, its output and error streams and its JSON summary (the last line), with readers for the summary.
 */
record LabRun(int code, String out, String err, String json) {
    private static final String NUMBER = "(-?[0-9.Ee+-]+)";

    /**
     * @param dir the output directory
     * @param args the scenario and its options, without {@code lab}, {@code --out} and {@code --json}
     */
    static LabRun lab(Path dir, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = new String[args.length + 4];
        all[0] = "lab";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--out";
        all[args.length + 2] = dir.toString();
        all[args.length + 3] = "--json";
        int code = LabMain.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(all);
        List<String> lines = out.toString().lines().toList();
        return new LabRun(code, out.toString(), err.toString(), lines.isEmpty() ? "" : lines.get(lines.size() - 1));
    }

    /** @return every number the summary gives for the field, in order (nested objects included) */
    List<Double> numbers(String field) {
        Matcher m = Pattern.compile("\"" + field + "\":" + NUMBER + "[,}\\]]").matcher(json);
        List<Double> values = new ArrayList<>();
        while (m.find()) {
            values.add(Double.parseDouble(m.group(1)));
        }
        return values;
    }

    /** @return the one number the summary gives for the field */
    double number(String field) {
        List<Double> values = numbers(field);
        assertThat(values).as("values of %s in %s", field, json).hasSize(1);
        return values.get(0);
    }

    /** Asserts the run exited 0 and passed its criteria. */
    LabRun assertPassed() {
        assertThat(code).as("stderr %s%nstdout %s", err, out).isZero();
        assertThat(json).contains("\"passed\":true", "\"failureReason\":null");
        return this;
    }

    /** Asserts that the files exist and are not empty and that summary.json is the JSON object printed last. */
    static void assertFiles(Path dir, String... names) throws Exception {
        for (String name : names) {
            Path file = dir.resolve(name);
            assertThat(file).exists();
            assertThat(Files.size(file)).as(name).isPositive();
        }
        String summary = Files.readString(dir.resolve("summary.json")).trim();
        assertThat(summary).startsWith("{").endsWith("}");
    }
}
