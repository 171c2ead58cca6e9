package org.gcs;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * The checks every configuration setting shares: a valid name, a duration or a number within its bounds, a value
 * that is not blank. Each throws a {@link GcsConfigException} that names the setting, its bounds and the value given.
 */
final class ConfigChecks {
    private ConfigChecks() {
    }

    /**
     * @param setting the setting, for the message
     * @param name the name given
     * @return the name, if it is a valid {@link Names} name
     */
    static String name(String setting, String name) {
        if (!Names.isValid(name)) {
            throw new GcsConfigException(setting + " '" + name + "' is not valid: use 1 to " + Names.MAX_LENGTH
                    + " characters from A-Z a-z 0-9 . _ -");
        }
        return name;
    }

    /**
     * @param setting the setting, for the message
     * @param value the duration given
     * @param min the shortest allowed
     * @param max the longest allowed
     * @return the duration, if it is not null and within min..max
     */
    static Duration duration(String setting, Duration value, Duration min, Duration max) {
        if (value == null || value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            throw new GcsConfigException(setting + " must be between " + Quantities.format(min) + " and "
                    + Quantities.format(max) + ", got " + Quantities.format(value) + ": give a duration in that range"
                    + orDefault(setting));
        }
        return value;
    }

    /**
     * @param setting the setting, for the message
     * @param value the number given
     * @param min the smallest allowed
     * @param max the largest allowed
     * @param note what follows the range in the message, e.g. {@code " (64 MiB)"}, or empty
     * @throws GcsConfigException if the value is outside min..max
     */
    static void inRange(String setting, long value, long min, long max, String note) {
        if (value < min || value > max) {
            throw new GcsConfigException(setting + " must be in " + min + ".." + max + note + ", got " + value
                    + ": give a value in that range" + orDefault(setting));
        }
    }

    /**
     * @param setting the setting, for the message
     * @param value the number given
     * @param min the smallest allowed
     * @param unit what follows the bound in the message, e.g. {@code " bytes/s"}, or empty
     * @throws GcsConfigException if the value is below min
     */
    static void atLeast(String setting, long value, long min, String unit) {
        if (value < min) {
            throw new GcsConfigException(setting + " must be at least " + min + unit + ", got " + value
                    + ": raise it to " + min + unit + " or more" + orDefault(setting));
        }
    }

    /**
     * Refuses a null argument of the builders the way {@link GcsNode}'s methods do: with an
     * {@link IllegalArgumentException} that names it.
     *
     * @param name the argument, for the message
     * @param value the argument given
     * @return the argument
     * @throws IllegalArgumentException if it is null
     */
    static <T> T required(String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null: pass a value, or leave the call out to keep"
                    + " the default");
        }
        return value;
    }

    /**
     * @param setting the setting, for the message
     * @param value the text given
     * @throws GcsConfigException if the value is null or blank
     */
    static void notBlank(String setting, String value) {
        if (value == null || value.isBlank()) {
            throw new GcsConfigException(setting + " must not be blank: give a value" + orDefault(setting));
        }
    }

    /**
     * @param setting a setting as a message names it: a builder name ({@code siteTimeout}), a key, or both
     *     ({@code siteTimeout (site.timeout)})
     * @return {@code , or leave it out for the default 5s} if the setting has a default value, else empty
     */
    static String orDefault(String setting) {
        int open = setting.indexOf(" (");
        String name = open >= 0 && setting.endsWith(")") ? setting.substring(open + 2, setting.length() - 1)
                : setting.split(" ")[0];
        String key = SettingNames.propertiesKey(name);
        for (ConfigKey known : ConfigKeys.all()) {
            if (known.name().equals(key) && !known.defaultValue().isEmpty()) {
                return ", or leave it out for the default " + known.defaultValue();
            }
        }
        return "";
    }

    /**
     * Runs a check of another component that reports with {@link IllegalArgumentException}.
     *
     * @param prefix what comes before the component's message, e.g. {@code "treeStrategy: "}, or empty
     * @param check the check
     * @return what the check returns
     * @throws GcsConfigException with the prefix and the component's message, if the check throws
     */
    static <T> T translated(String prefix, Supplier<T> check) {
        try {
            return check.get();
        } catch (IllegalArgumentException e) {
            throw new GcsConfigException(prefix + e.getMessage());
        }
    }

    /**
     * @param key a key a settings record was asked for
     * @param keys the keys it reads
     * @return the error for a key it does not read (a caller's mistake: the builder dispatches by the records' keys)
     */
    static IllegalArgumentException notOurs(String key, java.util.Collection<String> keys) {
        return new IllegalArgumentException("'" + key + "' is not one of " + new java.util.TreeSet<>(keys));
    }
}
