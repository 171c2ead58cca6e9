package org.gcs.tools.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Stack;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The node settings options of {@code gcs demo}, {@code gcs lab} and {@code gcs bench} (a picocli mixin):
 * {@code --controller}, {@code --transport} and {@code --set KEY=VALUE}, applied to every node the command starts.
 * {@link #nodeSettings()} parses them into {@link NodeSettings}, refusing the keys the command sets itself (given
 * to the constructor).
 */
public final class NodeSettingsOptions {
    /** The name of the option that takes any node setting. */
    public static final String SET = "--set";

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--controller", paramLabel = "NAME",
            description = "Congestion control of every node: tfrc (the default end to end), ormcc, none (the default"
                    + " hop by hop), or a class name (the same as --set congestion.control=NAME).")
    String controller;

    @Option(names = "--transport", paramLabel = "NAME",
            description = "How data crosses the WAN: end-to-end (the default: UDP along the tree, repaired by the"
                    + " sending delegate) or hop-by-hop (a reliable, back-pressured link per tree edge; its controller"
                    + " is none) (the same as --set wan.transport=NAME).")
    String transport;

    @Option(names = SET, paramLabel = "KEY=VALUE", parameterConsumer = AppendToSet.class,
            description = "A node setting by its properties key, applied to every node, repeatable, e.g."
                    + " --set cc.ormcc.beta=0.75 or --set tick.interval=10ms (keys: docs/configuration.md).")
    List<String> set = List.of();

    private final NodeSettings.OwnKeys ownKeys;

    /** Options of a command that sets what {@link NodeSettings.OwnKeys#COMMANDS} lists itself. */
    public NodeSettingsOptions() {
        this(NodeSettings.OwnKeys.COMMANDS);
    }

    /** @param ownKeys the keys the command sets on every node itself, which {@code --set} may not override */
    public NodeSettingsOptions(NodeSettings.OwnKeys ownKeys) {
        this.ownKeys = ownKeys;
    }

    /**
     * @return the settings the options give
     * @throws ParameterException naming the option if a value is malformed, unknown, invalid, one the command sets
     *     itself, or contradicts another
     */
    public NodeSettings nodeSettings() {
        return nodeSettings(List.of());
    }

    /**
     * @param before assignments ({@code KEY=VALUE}) that {@code --set} overrides, e.g. those of a settings file
     * @return the settings they and the options give
     * @throws ParameterException naming the option if a value is malformed, unknown, invalid, one the command sets
     *     itself, or contradicts another
     */
    public NodeSettings nodeSettings(List<String> before) {
        List<String> assignments = new ArrayList<>(before);
        assignments.addAll(set);
        try {
            return NodeSettings.parse(controller, transport, assignments, ownKeys);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(command.commandLine(), e.getMessage());
        }
    }

    /**
     * Adds a value to {@code --set}'s list, whether it came as {@code --set} or under a command's other name for it
     * (the bench's {@code --gcs-set}), so that the values keep the order they were given in: picocli would start a
     * new list at the first {@code --set} and drop what came before it under the other name.
     */
    public static final class AppendToSet implements IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, ArgSpec option, CommandSpec command) {
            if (args.isEmpty()) {
                throw new MissingParameterException(command.commandLine(), option, "Missing required parameter for"
                        + " option '" + ((OptionSpec) option).longestName() + "' (" + option.paramLabel() + ")");
            }
            OptionSpec set = command.findOption(SET);
            List<String> values = new ArrayList<>(set.<List<String>>getValue());
            values.add(args.pop());
            set.setValue(values);
        }
    }
}
