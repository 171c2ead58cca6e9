package org.gcs;

/**
 * One key of a node's properties file ({@link GcsConfigLoader}): its name, default, unit, allowed values, an example
 * line and what it means. {@link ConfigKeys} holds every key; {@link ConfigReference} renders them as
 * {@code docs/configuration.md}.
 *
 * @param name the key as written in a file, e.g. {@code wan.bind}; a family of keys is written with a placeholder,
 *     e.g. {@code cc.<scheme>.<parameter>} (see {@link #isFamily()})
 * @param section the part of the reference it is listed in
 * @param defaultValue the default exactly as it could be written in a file (e.g. {@code 1s}, {@code 4MB}), or the
 *     empty string when the default is not a value (see {@code defaultNote})
 * @param defaultNote what happens when the key is not set, when {@code defaultValue} is empty (e.g. "required",
 *     "derived from the site name"); otherwise the empty string or a short remark
 * @param unit the unit of the value and the suffixes it takes, or the empty string
 * @param allowed the values accepted
 * @param example an example line of a properties file, {@code key = value} (for a family, one of its keys)
 * @param description what the key does
 */
public record ConfigKey(String name, Section section, String defaultValue, String defaultNote, String unit,
                        String allowed, String example, String description) {

    /** The parts of the configuration reference, in the order it lists them. */
    public enum Section {
        /** Who the node is and what it joins. */
        IDENTITY("Identity and groups"),
        /** The WAN socket and the other sites. */
        WAN("WAN"),
        /** Keys, encryption and replay protection. */
        SECURITY("Security and keys"),
        /** The site's LAN cluster (JGroups). */
        LAN("LAN (JGroups)"),
        /** Timers and failure detection. */
        TIMERS("Timers and failure detection"),
        /** Sizes, windows and buffers, and the member stall policy. */
        FLOW("Flow control and buffers"),
        /** The rate controller. */
        CONGESTION("Congestion control"),
        /** The application-layer multicast tree between the sites. */
        OVERLAY("Overlay tree"),
        /** The hop-by-hop transport's links. */
        HOP_BY_HOP("Hop-by-hop transport");

        private final String title;

        Section(String title) {
            this.title = title;
        }

        /** @return the section's heading in the reference */
        public String title() {
            return title;
        }
    }

    /** Checks that the descriptor is complete. */
    public ConfigKey {
        if (name == null || name.isBlank() || section == null || defaultValue == null || defaultNote == null
                || unit == null || allowed == null || example == null || description == null) {
            throw new IllegalArgumentException("a configuration key needs every field (empty strings allowed): " + name);
        }
        if (defaultValue.isEmpty() && defaultNote.isEmpty()) {
            throw new IllegalArgumentException(name + ": give a default value or say what happens without one");
        }
        if (!example.contains("=")) {
            throw new IllegalArgumentException(name + ": the example is a line 'key = value', got '" + example + "'");
        }
    }

    /** @return true for a family of keys written with a placeholder, such as {@code member.stall.timeout.<group>} */
    public boolean isFamily() {
        return name.contains("<");
    }

    /** @return the part of the name before its placeholder (the family's prefix), or the whole name */
    public String prefix() {
        int placeholder = name.indexOf('<');
        return placeholder < 0 ? name : name.substring(0, placeholder);
    }

    /** @return the key of the example line (for a family, one member of it) */
    public String exampleKey() {
        return example.substring(0, example.indexOf('=')).strip();
    }

    /** @return the value of the example line */
    public String exampleValue() {
        return example.substring(example.indexOf('=') + 1).strip();
    }
}
