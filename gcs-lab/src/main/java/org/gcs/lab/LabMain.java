package org.gcs.lab;

import org.gcs.lab.nat.LabNatAgentCommand;
import org.gcs.lab.tcp.LabAgentCommand;
import org.gcs.tools.cli.CommandLines;
import org.gcs.tools.cli.VersionProvider;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The lab's own root command, {@code gcs} with {@code lab} and the hidden {@code lab-agent} and {@code lab-nat-agent}
 * only: the main class of the lab's child processes (the TCP-friendliness and NAT agents) and of the lab's tests; the
 * {@code gcs} command of gcs-examples offers the same subcommands beside its others.
 */
@Command(name = "gcs", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        subcommands = {LabCommand.class, LabAgentCommand.class, LabNatAgentCommand.class},
        description = "GCS: the papers' experiments.")
public final class LabMain implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Without a subcommand, prints the usage and fails. */
    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command: use 'lab'");
    }

    /** @return a new command line with the lab's commands ({@link CommandLines}) */
    public static CommandLine commandLine() {
        return CommandLines.of(new LabMain());
    }

    /**
     * Runs the command line and exits with its exit code.
     *
     * @param args the arguments, e.g. {@code lab-agent --site a ...}
     */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
