package org.gcs.tools.cli;

import java.util.Map;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A command's own defaults for options it shares with other commands through a mixin, where the defaults differ from
 * command to command (e.g. {@code --rate}: 50 messages per second in {@code gcs demo}, 1000 in {@code gcs bench}).
 * A command names a subclass in {@code @Command(defaultValueProvider = ...)}; picocli takes these defaults before the
 * options' own and shows them where a description says {@code ${DEFAULT-VALUE}}, as written here.
 */
public abstract class OptionDefaults implements IDefaultValueProvider {
    private final Map<String, String> defaults;

    /** @param defaults the default of each option, by its long name (e.g. {@code --rate} to {@code 50}) */
    protected OptionDefaults(Map<String, String> defaults) {
        this.defaults = Map.copyOf(defaults);
    }

    @Override
    public String defaultValue(ArgSpec argument) {
        return argument instanceof OptionSpec option ? defaults.get(option.longestName()) : null;
    }
}
