package org.gcs.tools.cli;

import java.util.function.Function;
import org.gcs.alm.tree.TreeStrategies;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The emulated WAN of {@code gcs demo} and {@code gcs lab} (a picocli mixin): {@code --topology},
 * {@code --tree-strategy} and {@code --seed}. The demo's defaults for the first two come from its {@link OptionDefaults}; the lab has none
 * (each scenario brings its topology, each topology may bring its tree) and words the two options in its resource
 * bundle, under the keys {@code topology} and {@code tree-strategy}.
 */
public final class TopologyOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--topology", paramLabel = "NAME|FILE", descriptionKey = "topology",
            description = "The emulated WAN: a built-in topology (e.g. ron3, ron6) or a .topo file (its sites, links,"
                    + " tree, link changes and cross traffic; docs/link-emulator.md) (default: ${DEFAULT-VALUE}).")
    String topology;

    /**
     * @param load reads a topology by name or file, throwing {@link IllegalArgumentException} if it cannot
     * @param <T> the topology's type
     * @return the topology {@code --topology} names, or null if the option was not given and has no default
     * @throws ParameterException naming the option if the topology cannot be read
     */
    public <T> T topology(Function<String, T> load) {
        if (topology == null) {
            return null;
        }
        try {
            return load.apply(topology);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(command.commandLine(), "--topology: " + e.getMessage());
        }
    }

    @Option(names = "--tree-strategy", paramLabel = "NAME", descriptionKey = "tree-strategy",
            description = "How delegates build the multicast tree: source-spt (a shortest-path tree per source, the"
                    + " library's default), spt (one shared shortest-path tree, fan-out bounded), star (every source"
                    + " sends straight to every site) or fixed:A-B,B-C (these edges)"
                    + " (default: ${DEFAULT-VALUE}).")
    String treeStrategy;

    /**
     * @return the tree strategy's name, or null if the option was not given and has no default
     * @throws ParameterException naming the option if no tree strategy has this name
     */
    public String treeStrategy() {
        if (treeStrategy != null) {
            try {
                TreeStrategies.byName(treeStrategy);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(command.commandLine(), "--tree-strategy: " + e.getMessage());
            }
        }
        return treeStrategy;
    }

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of the run's random choices, such as the emulated links' loss and jitter, so that a"
                    + " run can be repeated (default: ${DEFAULT-VALUE}).")
    long seed;

    /** @return the seed of the run's random choices */
    public long seed() {
        return seed;
    }
}
