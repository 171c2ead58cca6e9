package org.gcs.examples.cli;

import org.gcs.bench.BenchCommand;
import org.gcs.bench.BenchNodeCommand;
import org.gcs.lab.LabCommand;
import org.gcs.lab.nat.LabNatAgentCommand;
import org.gcs.lab.tcp.LabAgentCommand;
import org.gcs.examples.whiteboard.WhiteboardCommand;
import org.gcs.tools.cli.CommandLines;
import org.gcs.tools.cli.VersionProvider;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code gcs} command: the entry point of the launcher script and of the shaded jar.
 *
 * <p>Exit codes: 0 success, 1 the command ran but failed (the reason is printed on stderr), 2 bad usage or a bad
 * configuration.
 */
@Command(name = "gcs", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        subcommands = {DemoCommand.class, NodeCommand.class, BenchCommand.class, LabCommand.class,
            LabAgentCommand.class, LabNatAgentCommand.class, BenchNodeCommand.class, WhiteboardCommand.class},
        description = "GCS: group communication across LANs joined by a WAN.",
        footer = {"", "Run 'gcs COMMAND --help' for the options of a command."})
public final class GcsCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Without a subcommand, prints the usage and fails. */
    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: use 'demo', 'node', 'bench',"
                + " 'lab' or 'whiteboard'");
    }

    /**
     * The {@code gcs} command line as {@link #main} runs it (tests run it in-process with their own out and err), with
     * the error handling and help layout of every GCS command line ({@link CommandLines}).
     *
     * @return a new command line
     */
    public static CommandLine commandLine() {
        return CommandLines.of(new GcsCommand());
    }

    /**
     * Runs the command line and exits with its exit code.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
