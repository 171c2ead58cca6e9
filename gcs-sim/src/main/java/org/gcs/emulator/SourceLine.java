package org.gcs.emulator;

import java.util.function.Function;

/**
 * The line a {@link TopologyParser} is reading, for its error messages: every error is an
 * {@link IllegalArgumentException} whose message starts with {@code source:line:}, says what is wrong and what to
 * write instead, and ends by quoting the line. Checks made after the last line (the tree, the scheduled changes)
 * first move back to the line they are about.
 */
final class SourceLine {

    private final String sourceName;
    private int lineNumber;
    private String line;

    /** @param sourceName where the text came from (a file name) */
    SourceLine(String sourceName) {
        this.sourceName = sourceName;
    }

    /** Makes {@code line}, the text's line {@code lineNumber} (from 1), the one errors are about. */
    void moveTo(int lineNumber, String line) {
        this.lineNumber = lineNumber;
        this.line = line;
    }

    /** @return the number of the current line, from 1 */
    int lineNumber() {
        return lineNumber;
    }

    /** @return the current line as written, comment included */
    String line() {
        return line;
    }

    /** @return where the text came from */
    String sourceName() {
        return sourceName;
    }

    /**
     * @param problem what is wrong and what to write instead
     * @return the error, for the caller to throw: {@code source:line: problem [line: the line]}
     */
    IllegalArgumentException error(String problem) {
        return new IllegalArgumentException(sourceName + ":" + lineNumber + ": " + problem + " [line: "
                + line.strip() + "]");
    }

    /**
     * Reads the value of one {@code key=value} setting.
     *
     * @param parser reads the value, throwing {@link IllegalArgumentException} (with what is wrong) if it cannot
     * @return the value read
     * @throws IllegalArgumentException {@link #error(String)} with the setting as written and the parser's message
     */
    <T> T convert(String key, String value, Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            throw error(key + "=" + value + ": " + e.getMessage());
        }
    }
}
