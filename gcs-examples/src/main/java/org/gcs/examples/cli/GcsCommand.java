package org.gcs.examples.cli;

import org.gcs.examples.bench.BenchCommand;
import org.gcs.examples.bench.BenchNodeCommand;
import org.gcs.examples.lab.LabCommand;
import org.gcs.examples.lab.tcp.LabAgentCommand;
import org.gcs.examples.whiteboard.WhiteboardCommand;
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
            LabAgentCommand.class, BenchNodeCommand.class, WhiteboardCommand.class},
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
     * The {@code gcs} command line as {@link #main} runs it (tests run it in-process with their own out and err):
     * usage errors in one line with a hint ({@link UsageErrorHandler}), an uncaught bad configuration in one line
     * with exit code 2 ({@link ConfigErrorHandler}), help wrapped at spaces at 80 columns ({@link HelpLayout}).
     *
     * @return a new command line
     */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new GcsCommand());
        commandLine.setParameterExceptionHandler(new UsageErrorHandler());
        commandLine.setExecutionExceptionHandler(new ConfigErrorHandler());
        HelpLayout.install(commandLine);
        return commandLine;
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
