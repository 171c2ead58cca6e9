package org.gcs.tools.cli;

import org.gcs.GcsConfigException;
import org.gcs.SettingNames;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Reports a bad configuration that a command did not catch itself as one line on stderr with exit code 2 (the
 * {@code gcs} command's code for bad configuration), in the terms of a properties file
 * ({@link SettingNames#forUser(String)}: {@code site.timeout}, {@code 5s}), instead of a stack trace with exit
 * code 1. Any other exception is a bug and keeps picocli's handling (its stack trace).
 */
final class ConfigErrorHandler implements IExecutionExceptionHandler {
    /** The exit code of a bad configuration. */
    static final int EXIT_BAD_CONFIGURATION = 2;

    @Override
    public int handleExecutionException(Exception e, CommandLine command, ParseResult parseResult) throws Exception {
        if (e instanceof GcsConfigException) {
            command.getErr().println(command.getCommandSpec().qualifiedName() + ": "
                    + SettingNames.forUser(e.getMessage()));
            command.getErr().flush();
            return EXIT_BAD_CONFIGURATION;
        }
        throw e;
    }
}
