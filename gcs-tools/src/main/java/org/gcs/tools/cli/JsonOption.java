package org.gcs.tools.cli;

import picocli.CommandLine.Option;

/**
 * {@code --json} of {@code gcs demo}, {@code gcs lab} and {@code gcs bench} (a picocli mixin): stdout holds exactly
 * one JSON document, the command's results as one JSON object on one line, and nothing else; the progress, the
 * tables and the logs go to stderr. For scripts: {@code gcs demo --json | python3 -m json.tool}. ({@code --out DIR}
 * stays with each command: the lab requires it and the bench does not, and they write different files.)
 */
public final class JsonOption {
    @Option(names = "--json",
            description = "Print only the results on stdout, as one JSON object on one line; progress goes to stderr.")
    boolean json;

    /** @return true if stdout is to hold only the results, as one line of JSON */
    public boolean enabled() {
        return json;
    }
}
