package org.gcs.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cost-benefit scenarios of seed 000 end to end through {@code gcs lab} on the virtual driver (seed 1), each at a
 * reduced scale: the summary has its fields and the files are written. The full runs are the acceptance commands
 * (docs/experiments.md, run by {@code .ci/run}). Scenarios 1–3 meet their criteria at a tenth of their length too,
 * and are held to them here; many-senders and randomization need their full length to settle, so only their short
 * runs' sound points are checked.
 */
class CostBenefitScenariosEndToEndTest {

    @Test
    @Timeout(300)
    void twoBottlenecksReportsEachFlowsUtilisationAndBothBuffers(@TempDir Path dir) throws Exception {
        LabRun run = LabRun.lab(dir, "cost-benefit-two-bottlenecks", "--scale", "0.1");

        assertThat(run.code()).as("stderr %s%nstdout %s", run.err(), run.out()).isZero();
        assertThat(run.json()).contains("\"controller\":\"cost-benefit\"", "\"wan.transport\":\"hop-by-hop\"",
                "\"E->F\":", "\"B->D\":", "\"bufferOrderingAsPaper\":");
        assertThat(run.numbers("utilisation")).hasSize(2).allSatisfy(u -> assertThat(u).isBetween(0.92, 1.0));
        assertThat(run.numbers("clientsPerFlow")).containsExactly(20.0);
        LabRun.assertFiles(dir, "cost-benefit-two-bottlenecks.csv", "cost-benefit-two-bottlenecks-rates.png",
                "cost-benefit-two-bottlenecks-buffers.png", "summary.json");
    }

    @Test
    @Timeout(300)
    void sharedBottleneckReportsBothRuns(@TempDir Path dir) throws Exception {
        LabRun run = LabRun.lab(dir, "cost-benefit-shared-bottleneck", "--scale", "0.1");

        assertThat(run.code()).as("stderr %s%nstdout %s", run.err(), run.out()).isZero();
        assertThat(run.number("groupRatio")).isBetween(0.0, 0.10);
        assertThat(run.number("utilisation")).isBetween(0.92, 1.0);
        assertThat(run.number("clientMeansCov")).isBetween(0.0, 0.10);
        assertThat(run.number("maxBufferPackets")).isBetween(1.0, 150.0);
        assertThat(run.json()).contains("\"runA\":", "\"runB\":", "\"adaptSec\":", "\"adaptAfterDropSec\":");
        LabRun.assertFiles(dir, "cost-benefit-shared-bottleneck.csv", "cost-benefit-shared-bottleneck-a-rates.png",
                "cost-benefit-shared-bottleneck-a-buffers.png", "cost-benefit-shared-bottleneck-b-rates.png",
                "cost-benefit-shared-bottleneck-b-buffers.png", "summary.json");
    }

    @Test
    @Timeout(300)
    void chainReportsTheAggregateAndTheLongClient(@TempDir Path dir) throws Exception {
        LabRun run = LabRun.lab(dir, "cost-benefit-chain", "--scale", "0.1");

        assertThat(run.code()).as("stderr %s%nstdout %s", run.err(), run.out()).isZero();
        assertThat(run.number("aggregateUtilisation")).isBetween(0.90, 1.0);
        assertThat(run.number("longOverSingleLinkMean")).isNotNegative();
        assertThat(run.number("longOverAB")).isNotNegative();
        assertThat(run.numbers("aggregateMbps")).hasSize(7); // the whole run's and one per phase
        LabRun.assertFiles(dir, "cost-benefit-chain.csv", "cost-benefit-chain-rates.png",
                "cost-benefit-chain-buffers.png", "summary.json");
    }

    @Test
    @Timeout(300)
    void manySendersReportsOnePointPerSenderCount(@TempDir Path dir) throws Exception {
        LabRun run = LabRun.lab(dir, "cost-benefit-many-senders", "--scale", "0.1");

        assertThat(run.code()).as("stderr %s%nstdout %s", run.err(), run.out()).isIn(0, 1);
        assertThat(run.numbers("senders")).containsExactly(5.0, 10.0, 25.0, 50.0, 100.0, 200.0);
        // 12-s runs measured from 3 s: up to N = 25 the link is full already; from 50 on the budgets have not settled
        assertThat(run.numbers("utilisation")).hasSize(6).allSatisfy(u -> assertThat(u).isBetween(0.0, 1.0));
        assertThat(run.numbers("utilisation").subList(0, 3)).allSatisfy(u -> assertThat(u).isGreaterThan(0.92));
        assertThat(run.numbers("maxBufferPackets")).hasSize(6);
        LabRun.assertFiles(dir, "cost-benefit-many-senders.csv", "cost-benefit-many-senders-buffers.png",
                "cost-benefit-many-senders-throughput.png", "summary.json");
    }

    @Test
    @Timeout(300)
    void randomizationReportsTheBufferWithAndWithout(@TempDir Path dir) throws Exception {
        LabRun run = LabRun.lab(dir, "cost-benefit-randomization", "--scale", "0.25");

        assertThat(run.code()).as("stderr %s%nstdout %s", run.err(), run.out()).isIn(0, 1);
        assertThat(run.number("maxBufferWith")).isNotNegative();
        assertThat(run.number("maxBufferWithout")).isNotNegative();
        assertThat(run.json()).contains("\"cc.cost-benefit.randomization\":\"true\"");
        LabRun.assertFiles(dir, "cost-benefit-randomization.csv", "cost-benefit-randomization.png", "summary.json");
    }

    @Test
    void theRealDriverIsRefusedWhereBuffersOrLinkChangesAreRead(@TempDir Path dir) {
        LabRun run = LabRun.lab(dir, "cost-benefit-chain", "--driver", "real");

        assertThat(run.code()).isEqualTo(3);
        assertThat(run.err()).contains("virtual driver only");
    }
}
