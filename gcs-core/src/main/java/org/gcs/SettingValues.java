package org.gcs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads one value of a node's properties file by its type ({@link Quantities} for the units), for the settings records'
 * {@code with(key, value)}; every failure is a {@link GcsConfigException} that names the key as the file wrote it.
 */
final class SettingValues {
    private SettingValues() {
    }

    /** @return {@code 250ms}, {@code 5s}, {@code 2m} ... as a duration */
    static Duration duration(String key, String value) {
        return ConfigChecks.translated("", () -> Quantities.duration(key, value));
    }

    /** @return {@code 1400}, {@code 64KB}, {@code 4MB} ... in bytes */
    static long bytes(String key, String value) {
        return ConfigChecks.translated("", () -> Quantities.byteSize(key, value));
    }

    /** @return a size in bytes that fits an int */
    static int intBytes(String key, String value) {
        long bytes = bytes(key, value);
        if (bytes > Integer.MAX_VALUE) {
            throw new GcsConfigException(key + " is too large: " + value);
        }
        return (int) bytes;
    }

    /** @return a whole number that fits an int */
    static int integer(String key, String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new GcsConfigException(key + " must be a whole number, got '" + value + "'");
        }
    }

    /** @return {@code true} or {@code false} */
    static boolean bool(String key, String value) {
        return ConfigChecks.translated(key + ": ", () -> Quantities.bool(value));
    }

    /** @return the comma-separated items, stripped, blanks dropped */
    static List<String> list(String value) {
        List<String> items = new ArrayList<>();
        if (value != null) {
            for (String item : value.split(",")) {
                if (!item.isBlank()) {
                    items.add(item.strip());
                }
            }
        }
        return items;
    }
}
