package org.gcs.examples.cli;

import picocli.CommandLine;

/** Test helper: parses {@code gcs demo} options without running the demo. */
final class DemoCommandParsing {
    DemoCommand parse(String... args) {
        DemoCommand command = new DemoCommand();
        new CommandLine(command).parseArgs(args);
        return command;
    }
}
