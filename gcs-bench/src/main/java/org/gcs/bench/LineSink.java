package org.gcs.bench;

import java.io.Writer;
import java.util.function.Consumer;

/** A writer that hands every complete line (without its line end) to a consumer. */
final class LineSink extends Writer {
    private final Consumer<String> lines;
    private final StringBuilder partial = new StringBuilder();

    /** @param lines gets each line as soon as its line end is written */
    LineSink(Consumer<String> lines) {
        this.lines = lines;
    }

    @Override
    public synchronized void write(char[] chars, int offset, int length) {
        for (int i = offset; i < offset + length; i++) {
            char c = chars[i];
            if (c == '\n') {
                int end = partial.length();
                if (end > 0 && partial.charAt(end - 1) == '\r') {
                    partial.setLength(end - 1);
                }
                lines.accept(partial.toString());
                partial.setLength(0);
            } else {
                partial.append(c);
            }
        }
    }

    @Override
    public void flush() {
        // lines are handed on as they complete
    }

    @Override
    public void close() {
        // nothing held
    }
}
