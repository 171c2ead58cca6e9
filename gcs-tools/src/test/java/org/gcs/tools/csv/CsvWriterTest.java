package org.gcs.tools.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CSV files of the lab and the bench: quoted where needed, numbers plainly. */
class CsvWriterTest {
    @Test
    void csvWriterQuotesWhatNeedsItAndWritesNumbersPlainly(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.csv");
        try (CsvWriter csv = new CsvWriter(file, List.of("time_s", "site", "rate_Bps", "note"))) {
            csv.row(0.1, "boston", 1234.5678, null);
            csv.row(2.0, "a,b", Double.POSITIVE_INFINITY, "say \"hi\"");
            csv.row(3L, "", Double.NaN, true);
            assertThatThrownBy(() -> csv.row(1, 2)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("expected 4 values, got 2");
        }
        assertThat(Files.readAllLines(file, StandardCharsets.UTF_8)).containsExactly(
                "time_s,site,rate_Bps,note",
                "0.1,boston,1234.568,",
                "2,\"a,b\",inf,\"say \"\"hi\"\"\"",
                "3,,,true");
        assertThat(CsvWriter.field(-0.0001)).isEqualTo("0");
        assertThat(CsvWriter.field(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
    }
}
