package org.gcs.examples.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigException;
import org.gcs.GcsConfigLoader;
import org.gcs.Names;
import org.gcs.emulator.LinkEmulationKeys;
import org.gcs.order.Ordering;

/**
 * The properties file of {@code gcs node} ({@code --config}), read and checked: the node's configuration, with the
 * link emulation keys and {@code --transport} applied, and what the configuration does not carry: the groups it
 * joins ({@code groups}), their ordering ({@value #ORDER}, or {@code --order}) and where to record the delivery log
 * of the first group ({@value #ORDER_LOG_FILE}, with {@code order = total} only).
 *
 * @param file the file, as given
 * @param config the node's configuration
 * @param groups the groups to join, in the file's order; the first one is the one of the chat and of the generated
 *               traffic
 * @param ordering the ordering the node joins every group with
 * @param orderLogFile where to write the first group's delivery log ({@link org.gcs.order.DeliveryLogFile}); null
 *                     for none
 */
record NodeConfigFile(Path file, GcsConfig config, List<String> groups, Ordering ordering, Path orderLogFile) {
    /** The key of the groups' ordering: {@code fifo} (the default) or {@code total}. */
    static final String ORDER = "order";
    /** The key of the file the first group's delivery log is written to (a total-order group only). */
    static final String ORDER_LOG_FILE = "order.log.file";

    /**
     * @param file the node's properties file
     * @param overrides {@code KEY=VALUE} settings that replace the file's ({@code --set})
     * @param transport the WAN transport overriding the file's {@code wan.transport}, or null to keep the file's
     * @param order the ordering overriding the file's {@value #ORDER} ({@code --order}), or null to keep the file's
     * @return the file's configuration and groups
     * @throws GcsConfigException if the file cannot be read, or a setting or a group name is not valid
     */
    static NodeConfigFile read(Path file, List<String> overrides, String transport, Ordering order) {
        Properties settings = GcsConfigLoader.readFile(file);
        settings.putAll(GcsConfigLoader.assignments(overrides, "--set"));
        String orderText = (String) settings.remove(ORDER);
        String logFileText = (String) settings.remove(ORDER_LOG_FILE);
        Ordering ordering = order;
        if (ordering == null) {
            try {
                ordering = orderText == null ? Ordering.FIFO : Ordering.parse(ORDER, orderText);
            } catch (IllegalArgumentException e) {
                throw new GcsConfigException(file + ": " + e.getMessage());
            }
        }
        Path logFile = logFileText == null || logFileText.isBlank() ? null : Path.of(logFileText.trim());
        if (logFile != null && ordering != Ordering.TOTAL) {
            throw new GcsConfigException(file + ": " + ORDER_LOG_FILE + " records a total-order group's deliveries;"
                    + " set " + ORDER + " = total (or --order total) or remove " + ORDER_LOG_FILE);
        }
        var builder = LinkEmulationKeys.load(settings, file.toString());
        GcsConfig config;
        try {
            config = (transport == null ? builder : builder.wanTransport(transport)).build();
        } catch (GcsConfigException e) {
            throw new GcsConfigException(file + ": " + e.getMessage());
        }
        List<String> groups = groups(settings, file);
        if (logFile != null && groups.isEmpty()) {
            throw new GcsConfigException(file + ": " + ORDER_LOG_FILE + " records the first group of 'groups',"
                    + " which lists none");
        }
        return new NodeConfigFile(file, config, groups, ordering, logFile);
    }

    /** The groups to join, from the file's settings (GcsConfigLoader's builder does not carry them). */
    private static List<String> groups(Properties properties, Path file) {
        List<String> groups = GcsConfigLoader.groups(properties);
        for (String group : groups) {
            if (!Names.isValid(group)) {
                throw new GcsConfigException(file + ": group '" + group + "' is not valid: use 1 to "
                        + Names.MAX_LENGTH + " characters from A-Z a-z 0-9 . _ -");
            }
        }
        return groups;
    }
}
