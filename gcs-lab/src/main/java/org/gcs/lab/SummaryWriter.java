package org.gcs.lab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.gcs.tools.json.JsonWriter;

/**
 * Writes a run's summary as one compact JSON object (maps in their order, lists, strings, numbers, booleans,
 * null; non-finite doubles become {@code null}): into {@code summary.json} and, with {@code --json}, as the only
 * line of stdout.
 */
public final class SummaryWriter {
    /** The summary's file name in the output directory. */
    public static final String FILE_NAME = "summary.json";

    private SummaryWriter() {
    }

    /** @return the summary as one line of JSON */
    public static String toJson(Map<String, ?> summary) {
        return JsonWriter.write(summary);
    }

    /**
     * Writes {@code summary.json} (the JSON line and a line end) into a directory.
     *
     * @return the file written
     */
    public static Path write(Path dir, Map<String, ?> summary) {
        Path file = dir.resolve(FILE_NAME);
        try {
            Files.writeString(file, toJson(summary) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        return file;
    }
}
