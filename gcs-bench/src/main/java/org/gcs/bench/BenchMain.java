package org.gcs.bench;

import org.gcs.tools.cli.CommandLines;
import org.gcs.tools.cli.VersionProvider;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The bench's own root command, {@code gcs} with {@code bench} and the hidden {@code bench-node} only: the main class
 * of the bench's child JVMs (one per node) and of the bench's tests; the {@code gcs} command of gcs-examples offers the
 * same two subcommands beside its others.
 */
@Command(name = "gcs", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        subcommands = {BenchCommand.class, BenchNodeCommand.class},
        description = "GCS against JGroups on this machine.")
public final class BenchMain implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Without a subcommand, prints the usage and fails. */
    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: use 'bench'");
    }

    /** @return a new command line with the bench's commands ({@link CommandLines}) */
    public static CommandLine commandLine() {
        return CommandLines.of(new BenchMain());
    }

    /**
     * Runs the command line and exits with its exit code.
     *
     * @param args the arguments, e.g. {@code bench-node ...}
     */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
