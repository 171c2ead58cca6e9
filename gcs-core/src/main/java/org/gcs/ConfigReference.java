package org.gcs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Renders {@link ConfigKeys} as the configuration reference, {@code docs/configuration.md}. The committed file is
 * this class's output (a test compares them); after changing a key, regenerate it from the repository root:
 *
 * <pre>
 * java -cp gcs-core/target/classes org.gcs.ConfigReference docs/configuration.md
 * </pre>
 */
public final class ConfigReference {
    private ConfigReference() {
    }

    /** @return the reference as Markdown */
    public static String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("# Configuration reference\n\n")
                .append("Every key of a node's properties file: `gcs node --config FILE`, `gcs demo --config FILE`"
                        + " and `--set KEY=VALUE`,\n`GcsConfigLoader.load(path)` in Java. The builder methods of"
                        + " `GcsConfig.builder()` take the same settings.\n\n")
                .append("This page is generated from `org.gcs.ConfigKeys`, the list the loader accepts; a test fails"
                        + " when they differ\n(regenerate: `java -cp gcs-core/target/classes org.gcs.ConfigReference"
                        + " docs/configuration.md`).\n\n")
                .append("Writing values:\n\n")
                .append("- one `key = value` per line; `#` starts a comment line; a key given twice is an error, and"
                        + " so is an unknown key\n  (a typo must not fall back to a default);\n")
                .append("- durations take a unit: `250ms`, `5s`, `2m`, `1h` (also `ns`, `us`, `min`);\n")
                .append("- sizes and rates take `B`, `KB`, `MB`, `GB` (powers of 1024; `KiB`, `MiB`, `GiB` too),"
                        + " or no unit for bytes: `1400`, `64KB`, `4MB`;\n")
                .append("- lists are comma-separated: `seeds = a.example.org:7700, b.example.org:7700`;\n")
                .append("- only `site` and a cluster key (`cluster.key`, `cluster.key.hex` or `cluster.key.file`)"
                        + " are required.\n\n")
                .append("Example files: `gcs-examples/src/main/resources/examples/node-boston.properties` and"
                        + " `node-ottawa.properties`.\n")
                .append("`gcs node` also reads the link emulator's keys (`emulation.topology`, `emulation.seed`):"
                        + " docs/link-emulator.md;\nand two keys of its own, which `GcsConfigLoader` does not accept (the Java"
                        + " API uses `TotalOrderMember` instead):\n\n")
                .append("- `order` (default `fifo`; `fifo` or `total`, in any case; `gcs node --order` overrides it):"
                        + " the ordering\n  `gcs node` joins every group of `groups` with. `total` runs them through a"
                        + " `TotalOrderMember`\n  (one agreed order of messages and views at every member,"
                        + " docs/architecture.md §12); its chat lines\n  and generated traffic go through it. Another"
                        + " value is an error naming the key and the allowed values\n  (exit code 2). Example:"
                        + " `order = total`.\n")
                .append("- `order.log.file` (default none; a file path; needs `order = total` and a group): where"
                        + " `gcs node`\n  writes the first group's delivery log, a line per event, flushed as it"
                        + " delivers\n  (`org.gcs.order.DeliveryLogFile`; read back and checked with `OrderChecker`,"
                        + " as the total-order ITs do:\n  docs/testing.md). Example: `order.log.file ="
                        + " /tmp/order.log`.\n");
        for (ConfigKey.Section section : ConfigKey.Section.values()) {
            md.append("\n## ").append(section.title()).append("\n\n")
                    .append("| Key | Default | Unit | Allowed values | Example | Meaning |\n")
                    .append("|---|---|---|---|---|---|\n");
            for (ConfigKey key : ConfigKeys.all()) {
                if (key.section() == section) {
                    row(md, key);
                }
            }
        }
        return md.toString();
    }

    private static void row(StringBuilder md, ConfigKey key) {
        String defaults = key.defaultValue().isEmpty() ? key.defaultNote()
                : "`" + key.defaultValue() + "`" + (key.defaultNote().isEmpty() ? "" : " " + key.defaultNote());
        md.append("| `").append(cell(key.name())).append("` | ").append(cell(defaults)).append(" | ")
                .append(cell(key.unit())).append(" | ").append(cell(key.allowed())).append(" | `")
                .append(cell(key.example())).append("` | ").append(cell(key.description())).append(" |\n");
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    /**
     * Writes the reference to a file, or to standard output without an argument.
     *
     * @param args optionally the file to write, e.g. {@code docs/configuration.md}
     * @throws IOException if the file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            System.out.print(markdown());
        } else {
            Files.writeString(Path.of(args[0]), markdown(), StandardCharsets.UTF_8);
        }
    }
}
