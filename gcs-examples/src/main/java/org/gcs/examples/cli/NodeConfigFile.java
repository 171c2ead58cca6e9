package org.gcs.examples.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigException;
import org.gcs.GcsConfigLoader;
import org.gcs.Names;
import org.gcs.emulator.LinkEmulationKeys;

/**
 * The properties file of {@code gcs node} ({@code --config}), read and checked: the node's configuration, with the
 * link emulation keys and {@code --transport} applied, and the groups it joins (the {@code groups} key, which the
 * configuration does not carry).
 *
 * @param file the file, as given
 * @param config the node's configuration
 * @param groups the groups to join, in the file's order; the first one is the one of the chat and of the generated
 *               traffic
 */
record NodeConfigFile(Path file, GcsConfig config, List<String> groups) {

    /**
     * @param file the node's properties file
     * @param transport the WAN transport overriding the file's {@code wan.transport}, or null to keep the file's
     * @return the file's configuration and groups
     * @throws GcsConfigException if the file cannot be read, or a setting or a group name is not valid
     */
    static NodeConfigFile read(Path file, String transport) {
        Properties settings = GcsConfigLoader.readFile(file);
        var builder = LinkEmulationKeys.load(settings, file.toString());
        GcsConfig config = (transport == null ? builder : builder.wanTransport(transport)).build();
        return new NodeConfigFile(file, config, groups(settings, file));
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
