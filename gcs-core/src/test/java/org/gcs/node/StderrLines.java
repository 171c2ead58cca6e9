package org.gcs.node;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Captures what the process writes to {@code System.err} (where the tests' SLF4J binding, slf4j-simple, writes every
 * log line) while it is open, still passing it on; for tests that check what real nodes log. Closing restores the
 * previous stream.
 */
final class StderrLines implements AutoCloseable {
    private final PrintStream previous = System.err;
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

    StderrLines() {
        OutputStream tee = new OutputStream() {
            @Override
            public void write(int b) {
                synchronized (captured) {
                    captured.write(b);
                }
                previous.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                synchronized (captured) {
                    captured.write(b, off, len);
                }
                previous.write(b, off, len);
            }
        };
        System.setErr(new PrintStream(tee, true, StandardCharsets.UTF_8));
    }

    /** @return the lines captured so far that contain every one of {@code parts} */
    List<String> containing(String... parts) {
        String text;
        synchronized (captured) {
            text = captured.toString(StandardCharsets.UTF_8);
        }
        return text.lines().filter(line -> Arrays.stream(parts).allMatch(line::contains)).toList();
    }

    @Override
    public void close() {
        System.setErr(previous);
    }
}
