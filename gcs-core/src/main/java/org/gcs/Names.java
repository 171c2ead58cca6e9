package org.gcs;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Rules for the names of sites, members and groups: 1 to 64 characters from {@code A-Z a-z 0-9 . _ -}.
 * Names travel in every datagram, so they are short and plain.
 */
public final class Names {
    /** The longest allowed name, in characters. */
    public static final int MAX_LENGTH = 64;
    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9._-]{1," + MAX_LENGTH + "}");

    private Names() {
    }

    /** @return true if {@code name} is a valid site, member or group name */
    public static boolean isValid(String name) {
        return name != null && VALID.matcher(name).matches();
    }

    /**
     * @param what what the name names, for the error message ("group", "site", ...)
     * @param name the name to check
     * @return the name
     * @throws IllegalArgumentException if the name is not valid, saying what is allowed
     */
    public static String requireValid(String what, String name) {
        if (!isValid(name)) {
            throw new IllegalArgumentException(what + " name '" + name + "' is not valid: use 1 to " + MAX_LENGTH
                    + " characters from A-Z a-z 0-9 . _ -");
        }
        return name;
    }

    static int utf8Length(String name) {
        return name.getBytes(StandardCharsets.UTF_8).length;
    }
}
