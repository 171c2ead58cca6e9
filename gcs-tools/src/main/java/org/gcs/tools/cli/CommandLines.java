package org.gcs.tools.cli;

import picocli.CommandLine;

/**
 * How every GCS command line behaves, whichever module's command is the root ({@code gcs}, or the lab's and the
 * bench's own launchers of their child processes): usage errors in one line with a hint ({@link UsageErrorHandler}),
 * an uncaught bad configuration in one line with exit code 2 ({@link ConfigErrorHandler}), help wrapped at spaces at
 * {@value #HELP_WIDTH_COLUMNS} columns ({@link HelpLayout}).
 *
 * <p>Exit codes: 0 success, 1 the command ran but failed (the reason is printed on stderr), 2 bad usage or a bad
 * configuration.
 */
public final class CommandLines {
    /** The width of the usage help, in columns. */
    public static final int HELP_WIDTH_COLUMNS = HelpLayout.WIDTH_COLUMNS;

    private CommandLines() {
    }

    /**
     * @param command the root command object (annotated with picocli's {@code @Command})
     * @return a new command line for it, with GCS's error handling and help layout
     */
    public static CommandLine of(Object command) {
        CommandLine commandLine = new CommandLine(command);
        commandLine.setParameterExceptionHandler(new UsageErrorHandler());
        commandLine.setExecutionExceptionHandler(new ConfigErrorHandler());
        HelpLayout.install(commandLine);
        return commandLine;
    }
}
