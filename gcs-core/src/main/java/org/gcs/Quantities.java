package org.gcs;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the human-written quantities of GCS's configuration files, command lines and topology files, for the
 * loader ({@link GcsConfigLoader}), the tools and the link emulator alike: times
 * ({@code 20ms}, {@code 1.5s}, {@code 2m}), bit rates ({@code 10Mbps}), sizes ({@code 128KB}, powers of 1024),
 * loss rates ({@code 1.5%}), burst lengths and booleans. Every method throws {@link IllegalArgumentException}
 * with a message that says what is wrong and what to write; callers add the setting, file or line.
 */
public final class Quantities {

    private static final Pattern NUMBER_WITH_UNIT = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)([A-Za-z%]*)");
    private static final Pattern PLAIN_NUMBER = Pattern.compile("[0-9]+(?:\\.[0-9]+)?");

    /** Nanoseconds per time unit, in the order the messages list them. */
    private static final Map<String, Long> TIME_UNITS = units("ns", 1L, "us", 1_000L, "ms", 1_000_000L,
            "s", 1_000_000_000L, "m", 60_000_000_000L, "min", 60_000_000_000L, "h", 3_600_000_000_000L);

    /** Bits per second per rate unit (powers of 1000), in the order the messages list them. */
    private static final Map<String, Long> RATE_UNITS = units(
            "bps", 1L, "kbps", 1_000L, "Kbps", 1_000L, "Mbps", 1_000_000L, "Gbps", 1_000_000_000L);

    /** Bytes per size unit (powers of 1024), in the order the messages list them. */
    private static final Map<String, Long> SIZE_UNITS = units("B", 1L, "KB", 1024L, "KiB", 1024L,
            "MB", 1024L * 1024, "MiB", 1024L * 1024, "GB", 1024L * 1024 * 1024, "GiB", 1024L * 1024 * 1024);

    private Quantities() {
    }

    /**
     * A configuration duration such as {@code 60s}, {@code 250ms} or {@code 2m}.
     *
     * @param setting the setting's name, for the error message
     */
    public static java.time.Duration duration(String setting, String text) {
        try {
            return java.time.Duration.ofNanos(timeNs(text.trim()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(setting + ": " + e.getMessage(), e);
        }
    }

    /**
     * A configuration size such as {@code 1400B}, {@code 64KB} or {@code 4MB}; a bare number means bytes.
     *
     * @param setting the setting's name, for the error message
     */
    public static long byteSize(String setting, String text) {
        String value = text.trim();
        try {
            return bytes(PLAIN_NUMBER.matcher(value).matches() ? value + "B" : value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(setting + ": " + e.getMessage(), e);
        }
    }

    /**
     * A duration as a user writes it, in the largest unit that gives a whole number: {@code 5s}, {@code 250ms},
     * {@code 10m}, {@code 1h}, {@code 1500ms}; {@link #timeNs} reads it back.
     *
     * @param duration a duration, not negative
     * @return its text, or {@code null} for null
     */
    public static String format(java.time.Duration duration) {
        if (duration == null) {
            return "null";
        }
        long ns;
        try {
            ns = duration.toNanos();
        } catch (ArithmeticException e) {
            return duration.toSeconds() + "s";
        }
        if (ns == 0) {
            return "0s";
        }
        String[] names = {"h", "m", "s", "ms", "us"};
        long[] factors = {TIME_UNITS.get("h"), TIME_UNITS.get("m"), TIME_UNITS.get("s"), TIME_UNITS.get("ms"),
            TIME_UNITS.get("us")};
        for (int i = 0; i < names.length; i++) {
            if (ns % factors[i] == 0) {
                return ns / factors[i] + names[i];
            }
        }
        return ns + "ns";
    }

    /** A duration such as {@code 20ms} or {@code 1.5s}, in nanoseconds rounded to the nearest one. */
    public static long timeNs(String text) {
        return scaled(text, TIME_UNITS, "a time", timeUnits(), "20ms");
    }

    /** A bit rate such as {@code 10Mbps}, in bits per second; {@code unlimited} gives 0. */
    public static long bitsPerSec(String text) {
        if (text.equals("unlimited")) {
            return 0;
        }
        long value = scaled(text, RATE_UNITS, "a bandwidth", rateUnits(), "10Mbps");
        if (value <= 0) {
            throw new IllegalArgumentException("bandwidth must be at least 1bps; write bandwidth=unlimited for no limit");
        }
        return value;
    }

    /** A size such as {@code 128KB}, in bytes rounded to the nearest one. */
    public static long bytes(String text) {
        return scaled(text, SIZE_UNITS, "a size", sizeUnits(), "128KB");
    }

    /** A loss rate written {@code 1.5%} or {@code 0.015}, as a fraction in {@code [0, 1)}. */
    public static double lossRate(String text) {
        boolean percent = text.endsWith("%");
        String digits = percent ? text.substring(0, text.length() - 1) : text;
        if (!PLAIN_NUMBER.matcher(digits).matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a loss rate; write a percentage such as "
                    + "1.5% or a fraction such as 0.015");
        }
        BigDecimal fraction = new BigDecimal(digits);
        if (percent) {
            fraction = fraction.movePointLeft(2);
        }
        if (fraction.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("loss '" + text + "' must be below 100% (e.g. 1.5% or 0.015)");
        }
        return fraction.doubleValue();
    }

    /** A mean loss-burst length in packets, a plain number {@code >= 1}. */
    public static double burstLength(String text) {
        if (!PLAIN_NUMBER.matcher(text).matches() || new BigDecimal(text).compareTo(BigDecimal.ONE) < 0) {
            throw new IllegalArgumentException("'" + text + "' is not a burst length; write the mean number of "
                    + "packets lost in a row, a number >= 1 such as 2.5");
        }
        return Double.parseDouble(text);
    }

    /** {@code true} or {@code false}. */
    public static boolean bool(String text) {
        return switch (text) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("'" + text + "' is not a boolean; write true or false");
        };
    }

    /** @return the time units {@link #timeNs} accepts, as its messages list them: {@code ns, us, ..., min or h} */
    public static String timeUnits() {
        return listed(TIME_UNITS);
    }

    /** @return the rate units {@link #bitsPerSec} accepts, as its messages list them */
    public static String rateUnits() {
        return listed(RATE_UNITS) + " (powers of 1000)";
    }

    /** @return the size units {@link #bytes} accepts, as its messages list them */
    public static String sizeUnits() {
        return listed(SIZE_UNITS) + " (powers of 1024)";
    }

    /** @return the units of a table, in its order: {@code a, b or c} */
    private static String listed(Map<String, Long> units) {
        List<String> names = List.copyOf(units.keySet());
        return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    }

    /** @return a table of units in the order given: name, factor, name, factor, ... */
    private static Map<String, Long> units(Object... namesAndFactors) {
        Map<String, Long> units = new LinkedHashMap<>();
        for (int i = 0; i < namesAndFactors.length; i += 2) {
            units.put((String) namesAndFactors[i], (Long) namesAndFactors[i + 1]);
        }
        return Collections.unmodifiableMap(units);
    }

    private static long scaled(String text, Map<String, Long> units, String what, String unitNames, String example) {
        Matcher m = NUMBER_WITH_UNIT.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not " + what + "; write a non-negative number "
                    + "and a unit (" + unitNames + "), e.g. " + example);
        }
        String unit = m.group(2);
        if (unit.isEmpty()) {
            throw new IllegalArgumentException("'" + text + "' has no unit; add one of " + unitNames + ", e.g. "
                    + example);
        }
        Long factor = units.get(unit);
        if (factor == null) {
            throw new IllegalArgumentException("unknown unit '" + unit + "' in '" + text + "'; use " + unitNames
                    + ", e.g. " + example);
        }
        BigDecimal value = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(factor))
                .setScale(0, RoundingMode.HALF_UP);
        try {
            return value.longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("'" + text + "' is too large for " + what, e);
        }
    }
}
