package org.gcs.examples.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The example node files each say to start the other one next to them, and that file exists. */
class ExampleFilesTest {
    private static final Path EXAMPLES = Path.of("src", "main", "resources", "examples");
    private static final Pattern NEXT_TO = Pattern.compile("Start it next to (\\S+\\.properties):");

    @Test
    void everyExampleNamesAnotherExistingExampleToStartNextToIt() throws IOException {
        List<Path> files;
        try (Stream<Path> listing = Files.list(EXAMPLES)) {
            files = listing.filter(f -> f.getFileName().toString().endsWith(".properties")).sorted().toList();
        }
        assertThat(files).hasSizeGreaterThanOrEqualTo(2);
        for (Path file : files) {
            String first = Files.readAllLines(file, StandardCharsets.UTF_8).get(0);
            Matcher m = NEXT_TO.matcher(first);
            assertThat(m.find()).as("%s's first line says which file to start next to it: %s", file, first).isTrue();
            assertThat(m.group(1)).as("%s names the other example", file)
                    .isNotEqualTo(file.getFileName().toString());
            assertThat(EXAMPLES.resolve(m.group(1))).as("the example %s names in its first line", file).exists();
        }
    }
}
