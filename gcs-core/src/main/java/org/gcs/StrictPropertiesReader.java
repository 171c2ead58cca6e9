package org.gcs;

import java.io.IOException;
import java.io.StringReader;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Reads a properties file as {@link Properties#load(java.io.Reader)} does, but refuses a key given twice:
 * {@code java.util.Properties} silently keeps the last value, so a second {@code cluster.key} further down a file
 * would quietly win. Each logical line (continuation lines joined, comments and blank lines skipped) is parsed on
 * its own with {@link Properties}, so escapes and separators mean exactly what they mean there, and the error can
 * name both line numbers.
 */
final class StrictPropertiesReader {
    private StrictPropertiesReader() {
    }

    /**
     * @param lines the file's lines
     * @param source the file's name, for error messages
     * @return the properties
     * @throws IllegalArgumentException if a key is given twice (the message names the key and both lines) or a line
     *     holds a malformed {@code \\u} escape (the message names the line)
     */
    static Properties read(List<String> lines, String source) {
        Properties all = new Properties();
        Map<String, Integer> firstLine = new HashMap<>();
        StringBuilder logical = new StringBuilder();
        int startLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (logical.length() == 0) {
                String trimmed = line.stripLeading();
                if (trimmed.isEmpty() || trimmed.startsWith("#") || trimmed.startsWith("!")) {
                    continue;
                }
                startLine = i + 1;
            }
            logical.append(line).append('\n');
            if (endsWithContinuation(line) && i + 1 < lines.size()) {
                continue;
            }
            Properties one = parse(logical.toString(), source, startLine);
            logical.setLength(0);
            for (String key : one.stringPropertyNames()) {
                Integer previous = firstLine.putIfAbsent(key, startLine);
                if (previous != null) {
                    throw new IllegalArgumentException(source + ": " + key + " is set twice (lines " + previous + " and "
                            + startLine + "); keep one of them");
                }
                all.setProperty(key, one.getProperty(key));
            }
        }
        return all;
    }

    /** A line continues on the next when it ends with an odd number of backslashes. */
    private static boolean endsWithContinuation(String line) {
        int backslashes = 0;
        for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
            backslashes++;
        }
        return backslashes % 2 == 1;
    }

    private static Properties parse(String logicalLine, String source, int line) {
        Properties one = new Properties();
        try {
            one.load(new StringReader(logicalLine));
        } catch (IOException e) {
            throw new IllegalStateException("reading a string cannot fail", e);
        } catch (IllegalArgumentException e) {
            // Properties says only that an escape is malformed, not where; the line is not echoed (it may hold a key)
            throw new IllegalArgumentException(source + ", line " + line + ": malformed \\uXXXX escape (a backslash"
                    + " followed by u must be followed by 4 hexadecimal digits; write \\\\ for a backslash)");
        }
        return one;
    }
}
