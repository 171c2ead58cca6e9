package org.gcs.tools.csv;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes a CSV file (RFC 4180: comma-separated, CRLF-free {@code \n} line ends, fields with commas, quotes or
 * line breaks quoted). Numbers are written with {@link Locale#ROOT}; doubles with up to 3 decimals, {@code inf}
 * for +∞ (an unlimited rate) and an empty field for NaN (no value); nulls are empty.
 */
public final class CsvWriter implements AutoCloseable {
    private final BufferedWriter out;
    private final int columns;

    /**
     * Creates the file (replacing it) and writes the header.
     *
     * @param file where to write
     * @param header the column names
     */
    public CsvWriter(Path file, List<String> header) {
        try {
            this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        this.columns = header.size();
        row(header.toArray());
    }

    /**
     * Writes one row.
     *
     * @param values one value per column: numbers, strings, booleans or null
     * @throws IllegalArgumentException if the number of values differs from the header's
     */
    public void row(Object... values) {
        if (values.length != columns) {
            throw new IllegalArgumentException("expected " + columns + " values, got " + values.length);
        }
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append(field(values[i]));
        }
        try {
            out.write(line.toString());
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the CSV text of one value */
    static String field(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (Double.isNaN(d)) {
                return "";
            }
            if (Double.isInfinite(d)) {
                return d > 0 ? "inf" : "-inf";
            }
            String text = String.format(Locale.ROOT, "%.3f", d);
            text = text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
            return text.equals("-0") ? "0" : text;
        }
        String text = String.valueOf(value);
        if (text.indexOf(',') >= 0 || text.indexOf('"') >= 0 || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            return '"' + text.replace("\"", "\"\"") + '"';
        }
        return text;
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
