package org.gcs.lab;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.gcs.tools.csv.CsvWriter;

/**
 * What a run read at its samples: one row per sample (its time, its phase and one value per named column), kept in
 * memory. It is the scenario's CSV file as it is ({@link #write}), the source of its means and counts (over the rows
 * of a phase, for instance) and of its charts ({@link #plot}).
 */
public final class SampleTable {
    private final List<String> columns;
    private final Map<String, Integer> index = new HashMap<>();
    private final List<Row> rows = new ArrayList<>();

    /** @param columns the column names, in CSV order */
    public SampleTable(List<String> columns) {
        this.columns = List.copyOf(columns);
        for (int i = 0; i < columns.size(); i++) {
            if (index.put(columns.get(i), i) != null) {
                throw new IllegalArgumentException("column " + columns.get(i) + " twice");
            }
        }
    }

    /**
     * One sample.
     *
     * @param table its table (for its column names)
     * @param atNs when it was taken, since the run's traffic started
     * @param phase the index of its phase
     * @param values one value per column, as read
     */
    public record Row(SampleTable table, long atNs, int phase, List<Object> values) {
        /** @return a column's value as it was read */
        public Object get(String column) {
            Integer i = table.index.get(column);
            if (i == null) {
                throw new IllegalArgumentException("no column " + column + " in " + table.columns);
            }
            return values.get(i);
        }

        /** @return a column's value as a number, NaN if it is not one */
        public double num(String column) {
            return get(column) instanceof Number n ? n.doubleValue() : Double.NaN;
        }

        /** @return a column's value as text, empty for null */
        public String text(String column) {
            Object value = get(column);
            return value == null ? "" : value.toString();
        }
    }

    /** @return the column names */
    public List<String> columns() {
        return columns;
    }

    /** Adds a row: one value per column. */
    void add(long atNs, int phase, Object[] values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException("expected " + columns.size() + " values, got " + values.length);
        }
        rows.add(new Row(this, atNs, phase, java.util.Collections.unmodifiableList(java.util.Arrays.asList(values))));
    }

    /** @return every row, in time order */
    public List<Row> rows() {
        return rows;
    }

    /** @return the rows that satisfy a condition, in time order */
    public List<Row> rows(Predicate<Row> condition) {
        return rows.stream().filter(condition).toList();
    }

    /** @return the rows taken in [fromNs, toNs) since the run's traffic started */
    public List<Row> between(long fromNs, long toNs) {
        return rows(r -> r.atNs() >= fromNs && r.atNs() < toNs);
    }

    /** @return a column's values over rows, as numbers (NaN where not a number) */
    public static List<Double> numbers(Collection<Row> rows, String column) {
        return rows.stream().map(r -> r.num(column)).toList();
    }

    /** @return the mean of a column's finite values over rows ({@link LabMath#mean}), NaN if none */
    public static double mean(Collection<Row> rows, String column) {
        return LabMath.mean(numbers(rows, column));
    }

    /** @return how many rows have a finite number in the column */
    public static int countFinite(Collection<Row> rows, String column) {
        return (int) rows.stream().filter(r -> Double.isFinite(r.num(column))).count();
    }

    /** @return how often each non-empty text of a column occurs over rows, by text in natural order */
    public static TreeMap<String, Integer> counts(Collection<Row> rows, String column) {
        TreeMap<String, Integer> counts = new TreeMap<>();
        for (Row r : rows) {
            String value = r.text(column);
            if (!value.isEmpty()) {
                counts.merge(value, 1, Integer::sum);
            }
        }
        return counts;
    }

    /** @return the non-empty text of a column that occurs most often over rows (ties: the first in order), or null */
    public static String mostFrequent(Collection<Row> rows, String column) {
        String best = null;
        int most = 0;
        for (Map.Entry<String, Integer> e : counts(rows, column).entrySet()) {
            if (e.getValue() > most) {
                best = e.getKey();
                most = e.getValue();
            }
        }
        return best;
    }

    /**
     * Chart series over rows: x from one column, one line per legend, each from a column.
     *
     * @param rows the rows to plot
     * @param x the column of the x values
     * @param legendsAndColumns pairs: a line's legend, then its column
     * @return the series, in the order given
     */
    public static SeriesTable plot(List<Row> rows, String x, String... legendsAndColumns) {
        if (legendsAndColumns.length % 2 != 0) {
            throw new IllegalArgumentException("legends and columns go in pairs");
        }
        SeriesTable series = new SeriesTable();
        for (int i = 0; i < legendsAndColumns.length; i += 2) {
            series.declare(legendsAndColumns[i]);
        }
        for (Row r : rows) {
            series.add(r.num(x));
            for (int i = 0; i < legendsAndColumns.length; i += 2) {
                series.put(legendsAndColumns[i], r.num(legendsAndColumns[i + 1]));
            }
        }
        return series;
    }

    /** Writes the table as a CSV file: the columns as the header, a line per row. */
    public void write(Path file) {
        writeLabelled(file, List.of(), List.of(List.of()), List.of(this));
    }

    /**
     * Writes several runs' tables into one CSV file, one after another, each row led by its run's labels (e.g. the
     * run's name, its seed).
     *
     * @param file the file
     * @param labelColumns the names of the leading label columns
     * @param labels each table's labels, one per label column
     * @param tables the tables, all with the same columns
     */
    public static void writeLabelled(Path file, List<String> labelColumns, List<List<?>> labels,
                                     List<SampleTable> tables) {
        List<String> header = new ArrayList<>(labelColumns);
        header.addAll(tables.get(0).columns());
        try (CsvWriter csv = new CsvWriter(file, header)) {
            for (int t = 0; t < tables.size(); t++) {
                for (Row r : tables.get(t).rows()) {
                    List<Object> line = new ArrayList<>(labels.get(t));
                    line.addAll(r.values());
                    csv.row(line.toArray());
                }
            }
        }
    }
}
