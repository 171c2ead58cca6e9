package org.gcs.tools.cli;

import picocli.CommandLine.Option;

/**
 * {@code --json} of {@code gcs demo}, {@code gcs lab} and {@code gcs bench} (a picocli mixin): the command ends with
 * exactly one line holding a JSON object with its results, for scripts. ({@code --out DIR} stays with each command:
 * the lab requires it and the bench does not, and they write different files.)
 */
public final class JsonOption {
    @Option(names = "--json", description = "End with one line holding a JSON object with the results.")
    boolean json;

    /** @return true if the command is to end with its results as one line of JSON */
    public boolean enabled() {
        return json;
    }
}
