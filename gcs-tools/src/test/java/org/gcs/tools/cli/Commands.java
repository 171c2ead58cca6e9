package org.gcs.tools.cli;

import java.util.List;
import java.util.ListResourceBundle;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Test fixtures: commands that combine the mixins as {@code gcs demo}, {@code gcs lab}, {@code gcs bench} do. */
final class Commands {
    private Commands() {
    }

    /**
     * @param command one of these commands
     * @param args its arguments
     * @param <T> its type
     * @return the command with the arguments parsed into it, not run
     */
    static <T> T parse(T command, String... args) {
        new CommandLine(command).parseArgs(args);
        return command;
    }

    /** As {@code gcs demo}: a topology, a tree and a rate by default (for parsing and help only). */
    @Command(name = "demo", mixinStandardHelpOptions = true, defaultValueProvider = Demo.Defaults.class)
    static final class Demo {
        @Mixin
        TopologyOptions wan = new TopologyOptions();
        @Mixin
        WorkloadOptions workload = new WorkloadOptions();

        /** Its defaults. */
        public static final class Defaults extends OptionDefaults {
            /** ron3, spt, 50 messages per second. */
            public Defaults() {
                super(Map.of("--topology", "ron3", "--tree-strategy", "spt", "--rate", "50"));
            }
        }
    }

    /**
     * As {@code gcs lab}: no topology or tree unless given, which its resource bundle words; every node setting but
     * the keys it sets itself.
     */
    @Command(name = "lab", mixinStandardHelpOptions = true, resourceBundle = "org.gcs.tools.cli.Commands$Lab$Words")
    static final class Lab implements Runnable {
        @Mixin
        TopologyOptions wan = new TopologyOptions();
        @Mixin
        NodeSettingsOptions nodes = new NodeSettingsOptions();

        @Override
        public void run() {
            wan.treeStrategy();
            nodes.nodeSettings();
        }

        /** Its words for the options without a default. */
        public static final class Words extends ListResourceBundle {
            @Override
            protected Object[][] getContents() {
                return new Object[][] {{"topology", "The WAN instead of the scenario's own."},
                    {"tree-strategy", "The tree; default: the topology's own."}};
            }
        }
    }

    /** As {@code gcs bench}: keys of its own, an older name of {@code --set}, results as JSON. */
    @Command(name = "bench", mixinStandardHelpOptions = true)
    static final class Bench implements Runnable {
        @Mixin
        NodeSettingsOptions nodes = new NodeSettingsOptions(new NodeSettings.OwnKeys(Set.of("site")::contains,
                "the bench sets this one itself"));

        @Option(names = "--old-set", paramLabel = "KEY=VALUE",
                parameterConsumer = NodeSettingsOptions.AppendToSet.class)
        List<String> oldSet;

        @Mixin
        JsonOption json = new JsonOption();

        @Override
        public void run() {
            nodes.nodeSettings();
        }
    }

    /** As {@code gcs node}: runs until stopped unless given a duration. */
    @Command(name = "node", mixinStandardHelpOptions = true)
    static final class Node implements Runnable {
        @Mixin
        DurationOptions duration = new DurationOptions();

        @Override
        public void run() {
            duration.duration();
        }
    }
}
