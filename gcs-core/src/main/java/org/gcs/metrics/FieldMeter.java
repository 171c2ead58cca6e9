package org.gcs.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One meter of a congestion controller's named number: a feedback field, a controller's or a monitor's own number, or
 * a congestion measure. The controllers name their numbers in lowerCamelCase with the unit at the end
 * ({@code acceptableRateBytesPerSec}, {@code rttSec}, {@code lossEventRate}); each becomes a meter of its own under
 * its family's prefix ({@link GcsMeters#CC_FEEDBACK}, {@link GcsMeters#CC_STATE}, {@link GcsMeters#CC_MONITOR},
 * {@link GcsMeters#CC_CONGESTION}), the unit suffix taken off the name and made the Micrometer base unit, and the value
 * converted to it, so that one exported name always has one unit:
 * <ul>
 *   <li>{@code ...BytesPerSec}: {@code bytes.per.second};</li>
 *   <li>{@code ...Sec}, {@code ...Seconds}: {@code seconds}; {@code ...Ms} and {@code ...Ns}: {@code seconds},
 *       the value divided by 1e3 or 1e9;</li>
 *   <li>{@code ...Bytes}: {@code bytes}; {@code ...DollarsPerPacket}: {@code dollars.per.packet};
 *       {@code ...Dollars}: {@code dollars}; {@code ...Packets}: {@code packets};</li>
 *   <li>anything else (a rate such as {@code lossEventRate}, a count, a 0/1 flag): no unit.</li>
 * </ul>
 * E.g. TFRC's feedback field {@code acceptableRateBytesPerSec} is {@code gcs.cc.feedback.acceptable.rate} in
 * bytes per second (Prometheus {@code gcs_cc_feedback_acceptable_rate_bytes_per_second}); its monitor's
 * {@code rttSec} is {@code gcs.cc.monitor.rtt} in seconds ({@code gcs_cc_monitor_rtt_seconds}).
 *
 * @param meterName the meter's name, e.g. {@code gcs.cc.feedback.acceptable.rate}
 * @param baseUnit the base unit, empty for none
 * @param scale what a value in the field's unit is multiplied by to be in the base unit
 * @param description a one-line description
 */
public record FieldMeter(String meterName, String baseUnit, double scale, String description) {
    private static final String[][] SUFFIXES = {
            {"BytesPerSec", "bytes.per.second", "1"},
            {"DollarsPerPacket", "dollars.per.packet", "1"},
            {"Seconds", "seconds", "1"},
            {"Sec", "seconds", "1"},
            {"Ms", "seconds", "1e-3"},
            {"Ns", "seconds", "1e-9"},
            {"Bytes", "bytes", "1"},
            {"Dollars", "dollars", "1"},
            {"Packets", "packets", "1"},
    };

    /**
     * @param family {@link GcsMeters#CC_FEEDBACK}, {@link GcsMeters#CC_STATE}, {@link GcsMeters#CC_MONITOR} or
     *     {@link GcsMeters#CC_CONGESTION}: the prefix of the name
     * @param field the controller's name of the number, lowerCamelCase, e.g. {@code acceptableRateBytesPerSec}
     * @return the meter of that number
     * @throws IllegalArgumentException if the field has no name left once its unit is taken off
     */
    public static FieldMeter of(GcsMeters family, String field) {
        String stem = field;
        String unit = "";
        double scale = 1;
        for (String[] suffix : SUFFIXES) {
            if (field.endsWith(suffix[0]) && field.length() > suffix[0].length()) {
                stem = field.substring(0, field.length() - suffix[0].length());
                unit = suffix[1];
                scale = Double.parseDouble(suffix[2]);
                break;
            }
        }
        String words = String.join(".", words(stem));
        if (words.isEmpty()) {
            throw new IllegalArgumentException("no name in field " + field);
        }
        return new FieldMeter(family.meterName() + "." + words, unit, scale,
                family.description() + ": " + field);
    }

    /**
     * @param value a value in the field's unit
     * @return it in the base unit
     */
    public double toBaseUnit(double value) {
        return value * scale;
    }

    /** lowerCamelCase to lowercase words; anything but letters and digits separates words. */
    private static List<String> words(String camel) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (char c : camel.toCharArray()) {
            boolean alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
            if (!alnum || Character.isUpperCase(c)) {
                if (!word.isEmpty()) {
                    words.add(word.toString().toLowerCase(Locale.ROOT));
                    word.setLength(0);
                }
            }
            if (alnum) {
                word.append(c);
            }
        }
        if (!word.isEmpty()) {
            words.add(word.toString().toLowerCase(Locale.ROOT));
        }
        return words;
    }
}
