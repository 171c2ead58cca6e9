package org.gcs.tools.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Test helper: one run of a command line as the {@code gcs} command runs it ({@link CommandLines#of}), with what it
 * printed.
 *
 * @param exitCode the exit code
 * @param out what it printed on standard output
 * @param err what it printed on standard error
 */
record CommandRun(int exitCode, String out, String err) {
    /**
     * @param command an object annotated with picocli's {@code @Command}
     * @param args the arguments
     * @return the run
     */
    static CommandRun of(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = CommandLines.of(command).setOut(new PrintWriter(out)).setErr(new PrintWriter(err)).execute(args);
        return new CommandRun(code, out.toString(), err.toString());
    }
}
