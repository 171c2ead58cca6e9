package org.gcs.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gcs lab backup-buffers} end to end at a tenth of its times (crashes 3 s apart): 22 runs of GCS's hop-by-hop
 * transport in virtual time, with the end-to-end repair off, in which every surviving member delivers every message
 * once and in order and no failure brings more duplicates than B_back; the full-scale run is the acceptance command
 * (docs/experiments.md).
 */
class BackupBuffersEndToEndTest {

    @Test
    @Timeout(300)
    void everySurvivorGetsEverythingAndNoFailureBringsMoreDuplicatesThanTheBackup(@TempDir Path dir)
            throws Exception {
        LabRun run = LabRun.lab(dir, "backup-buffers", "--scale", "0.1");

        assertThat(run.code()).as("stderr %s", run.err()).isZero();
        assertThat(run.json()).contains("\"driver\":\"virtual time\"", "\"passed\":true");
        // 10 runs x 2 crashes of the chain of 5, then (2 + 4 + 6) x 4 buffer sizes of the chain of 10
        assertThat(run.numbers("duplicates")).hasSize(10 * 2 + 12 * 4).allSatisfy(d -> assertThat(d).isBetween(0.0,
                2050.0));
        assertThat(run.numbers("backupPackets")).hasSize(68).contains(150.0, 450.0, 1050.0, 2050.0);
        assertThat(run.numbers("throughputBytesPerSec")).hasSize(12).allSatisfy(t -> assertThat(t).isPositive());
        LabRun.assertFiles(dir, "backup-buffers-failures.csv", "backup-buffers-chain10.csv", "backup-buffers.png",
                "summary.json");
    }
}
