package org.gcs.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gcs lab overlay-scaling} end to end at a small scale (2·10⁴ packets per run instead of 5·10⁵, about 10 s):
 * every cell of seed 001's table is computed and written; the full-scale run, whose cells must lie near the paper's,
 * is the acceptance command (docs/experiments.md).
 */
class OverlayScalingEndToEndTest {

    @Test
    @Timeout(300)
    void computesEveryCellOfTheTable(@TempDir Path dir) throws Exception {
        LabRun run = LabRun.lab(dir, "overlay-scaling", "--scale", "0.04");

        assertThat(run.code()).as("stderr %s", run.err()).isIn(0, 1);
        assertThat(run.json()).contains("\"driver\":\"max-plus model\"", "\"nodes\":255", "\"packets\":20000");
        assertThat(run.numbers("bOut")).hasSize(16).containsSequence(50.0, 100.0, 1000.0, 10000.0);
        assertThat(run.numbers("ratio")).hasSize(16).allSatisfy(r -> assertThat(r).isBetween(0.6, 1.02));
        assertThat(run.numbers("paperRatio")).startsWith(0.83, 0.90, 0.98, 0.99, 0.86);
        assertThat(run.number("renoOverSackLocal")).isBetween(0.8, 1.0);
        LabRun.assertFiles(dir, "overlay-scaling.csv", "overlay-scaling.png", "summary.json");
    }
}
