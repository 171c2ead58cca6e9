package org.gcs;

import java.nio.charset.StandardCharsets;

/**
 * Rules for the names of sites, members and groups: 1 to 64 characters from {@code A-Z a-z 0-9 . _ -}.
 * Names travel in every datagram, so they are short and plain.
 */
public final class Names {
    /** The longest allowed name, in characters. */
    public static final int MAX_LENGTH = 64;

    private Names() {
    }

    /** @return true if {@code name} is a valid site, member or group name */
    public static boolean isValid(String name) {
        // a loop, not a regular expression: every delivered message checks two names (MemberId)
        if (name == null || name.isEmpty() || name.length() > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!isAllowed(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isAllowed(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '.' || c == '_' || c == '-';
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
