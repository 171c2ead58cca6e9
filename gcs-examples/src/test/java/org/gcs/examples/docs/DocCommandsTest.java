package org.gcs.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.gcs.examples.docs.DocCommands.DocCommand;
import org.junit.jupiter.api.Test;

/**
 * The {@code ./gcs} commands the documents show are commands of the CLI: the subcommand exists, every option is one
 * of its options, scenario names exist and the values parse ({@link DocCommandCheck}). The documents are read when
 * the test runs, so a rewritten README is checked as it is.
 */
class DocCommandsTest {
    /** The repository's root, from the module's directory (the tests' working directory). */
    private static final Path ROOT = Path.of("..");

    @Test
    void everyCommandOfTheReadmeAndTheOperationsGuideIsACommandOfTheCli() throws IOException {
        List<DocCommand> commands = new ArrayList<>();
        commands.addAll(commandsOf(ROOT.resolve("README.md")));
        commands.addAll(commandsOf(ROOT.resolve("docs").resolve("operations.md")));

        assertThat(commands).as("./gcs commands in README.md and docs/operations.md").hasSizeGreaterThan(5);
        assertThat(problemsOf(commands)).isEmpty();
    }

    @Test
    void everyCommandOfTheOtherDocumentsAndExampleFilesIsACommandOfTheCli() throws IOException {
        List<DocCommand> commands = new ArrayList<>();
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            for (Path doc : docs.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
                commands.addAll(commandsOf(doc));
            }
        }
        for (String example : List.of("node-boston.properties", "node-ottawa.properties")) {
            Path file = Path.of("src", "main", "resources", "examples", example);
            String asCode = "```\n" + Files.readString(file, StandardCharsets.UTF_8).replace("#   ./gcs", "./gcs")
                    + "```\n";
            commands.addAll(DocCommands.extract(asCode, example));
        }

        assertThat(commands).hasSizeGreaterThan(20);
        assertThat(problemsOf(commands)).isEmpty();
    }

    @Test
    void findsTheCommandsOfCodeBlocksAndInlineCode() {
        String markdown = String.join("\n", "Run `./gcs demo --json` or", "```bash",
                "./gcs lab membership --out /tmp/m \\", "    --scale 0.25 --json   # a comment --bogus",
                "./gcs demo --duration 30s --json | python3 -m json.tool && ./gcs node --config \"my file\" 2>&1",
                "JAVA_OPTS=\"-Xmx1g\" ./gcs bench udp-limit > /tmp/out; echo ./gcs done",
                "./gcs", "```", "`mvn ./gcs` is not a command of ours");

        List<DocCommand> commands = DocCommands.extract(markdown, "doc.md");

        assertThat(commands).extracting(DocCommand::args).containsExactly(
                List.of("demo", "--json"),
                List.of("lab", "membership", "--out", "/tmp/m", "--scale", "0.25", "--json"),
                List.of("demo", "--duration", "30s", "--json"),
                List.of("node", "--config", "my file"),
                List.of("bench", "udp-limit"));
        assertThat(commands).extracting(DocCommand::source)
                .containsExactly("doc.md:1", "doc.md:3", "doc.md:5", "doc.md:5", "doc.md:6");
    }

    @Test
    void acceptsGoodCommandsAndReportsAnUnknownOptionCommandScenarioOrValue() {
        assertThat(problems("./gcs demo --duration 30s --json --set cc.ormcc.beta=0.7")).isEmpty();
        assertThat(problems("./gcs lab NAME --out DIR --json")).isEmpty();
        assertThat(problems("./gcs bench total-throughput total-latency --runs 1")).isEmpty();
        assertThat(problems("./gcs whiteboard --help")).isEmpty();

        assertThat(problems("./gcs demo --duration 30s --no-such-option"))
                .singleElement().asString().contains("'gcs demo' has no option --no-such-option");
        assertThat(problems("./gcs demo --wan-port=7700"))
                .singleElement().asString().contains("has no option --wan-port");
        assertThat(problems("./gcs demon --json")).singleElement().asString().contains("no command 'demon'");
        assertThat(problems("./gcs lab rate-restrictions --out /tmp/x"))
                .singleElement().asString().contains("knows no SCENARIO 'rate-restrictions'");
        assertThat(problems("./gcs bench udp-limits")).singleElement().asString().contains("knows no 'udp-limits'");
        assertThat(problems("./gcs demo --duration soon")).singleElement().asString().startsWith("does not parse");
        assertThat(problems("./gcs node")).singleElement().asString().contains("--config");
        assertThat(problems("./gcs bench SCENARIO [--system gcs] [--gcs-set KEY=VALUE]")).isEmpty();
        assertThat(problems("./gcs bench SCENARIO [--systems gcs]")).first().asString()
                .contains("no option --systems");
        assertThat(DocCommands.extract("`./gcs bench` runs", "doc.md")).singleElement()
                .satisfies(mention -> assertThat(DocCommandCheck.problems(mention)).isEmpty());
        assertThat(DocCommands.extract("`./gcs benches` runs", "doc.md")).singleElement()
                .satisfies(mention -> assertThat(DocCommandCheck.problems(mention)).isNotEmpty());
    }

    private static List<String> problems(String line) {
        List<DocCommand> commands = DocCommands.extract("```\n" + line + "\n```\n", "test");
        assertThat(commands).hasSize(1);
        return DocCommandCheck.problems(commands.get(0));
    }

    private static List<DocCommand> commandsOf(Path doc) throws IOException {
        return DocCommands.extract(Files.readString(doc, StandardCharsets.UTF_8), ROOT.relativize(doc).toString());
    }

    private static List<String> problemsOf(List<DocCommand> commands) {
        List<String> problems = new ArrayList<>();
        for (DocCommand command : commands) {
            for (String problem : DocCommandCheck.problems(command)) {
                problems.add(command + "\n    " + problem);
            }
        }
        return problems;
    }
}
