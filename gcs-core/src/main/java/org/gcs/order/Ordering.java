package org.gcs.order;

import java.util.Locale;

/**
 * The delivery order of a group, chosen by the application when it joins (docs/architecture.md, "Total order").
 * Every member of a group must join it with the same ordering: a member of a {@link #TOTAL} group that receives a
 * message from a member that joined with {@link #FIFO} (or a FIFO member that receives a total-order member's
 * announcement) reports the mismatch through {@link OrderedListener#onOrderingMismatch}, and logs it at ERROR.
 */
public enum Ordering {
    /** Each sender's messages in the order it sent them, no order between senders (GCS's default). */
    FIFO,
    /**
     * One agreed order of every sender's messages at every member of every site, with membership changes delivered
     * as views at the same position of that order (view synchrony).
     */
    TOTAL;

    /**
     * Parses an ordering as written in a properties file or on a command line.
     *
     * @param setting the name of the setting, for the error message (for instance {@code --order})
     * @param value {@code fifo} or {@code total}, in any case
     * @return the ordering
     * @throws IllegalArgumentException naming the setting and the values it accepts
     */
    public static Ordering parse(String setting, String value) {
        if (value != null) {
            switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "fifo":
                    return FIFO;
                case "total":
                    return TOTAL;
                default:
                    break;
            }
        }
        throw new IllegalArgumentException(setting + " must be fifo or total, not '" + value + "'");
    }

    /** @return the name as written in settings: {@code fifo} or {@code total} */
    public String settingValue() {
        return name().toLowerCase(Locale.ROOT);
    }
}
