package org.gcs.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gcs lab overlay-vs-e2e} end to end at a small scale (200 packets per replication instead of 2000, a few
 * seconds): every point of seed 003's Fig. 7 is computed and written; the full-scale run, whose ratios the scenario
 * judges, is the acceptance command (docs/experiments.md).
 */
class OverlayVsEndToEndEndToEndTest {

    @Test
    @Timeout(300)
    void computesEveryPointOfTheFigure(@TempDir Path dir) throws Exception {
        LabRun run = LabRun.lab(dir, "overlay-vs-e2e", "--scale", "0.1");

        assertThat(run.code()).as("stderr %s", run.err()).isIn(0, 1);
        assertThat(run.json()).contains("\"driver\":\"max-plus model\"", "\"packets\":200", "\"replications\":40");
        assertThat(run.numbers("wf")).hasSize(18 + 18).containsSequence(1.0, 3.0, 30.0); // W_f 1, 3, 30; two laws
        assertThat(run.numbers("endToEnd")).hasSize(6).allSatisfy(t -> assertThat(t).isBetween(0.01, 1.0));
        assertThat(run.numbers("ratio")).hasSize(24 + 24).allSatisfy(r -> assertThat(r).isBetween(0.3, 5.0));
        LabRun.assertFiles(dir, "overlay-vs-e2e.csv", "overlay-vs-e2e.png", "summary.json");
    }
}
