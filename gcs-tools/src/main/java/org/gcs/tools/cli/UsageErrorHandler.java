package org.gcs.tools.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports a usage error in one line, picocli's message, then "did you mean" suggestions if picocli has any and a
 * hint where the options are: {@code Try 'gcs node --help' for the options.} — not the whole usage help, which
 * buried the message under 40 to 80 lines. Exit code 2 (the command's code for invalid input).
 */
final class UsageErrorHandler implements IParameterExceptionHandler {
    @Override
    public int handleParseException(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println(command.getCommandSpec().qualifiedName() + ": " + e.getMessage());
        UnmatchedArgumentException.printSuggestions(e, err);
        err.println(hint(command));
        err.flush();
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }

    /**
     * @param command the command whose options the user got wrong
     * @return the line that says where its options are listed
     */
    static String hint(CommandLine command) {
        return "Try '" + command.getCommandSpec().qualifiedName() + " --help' for the options.";
    }
}
