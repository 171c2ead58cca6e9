package org.gcs.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ORMCC scenarios of seed 002 end to end through {@code gcs lab} on the virtual driver (seed 1): the tracking
 * and multi-bottleneck experiments at the thesis's scale with the acceptance criteria, the star experiments
 * and the comparison with TFRC at a reduced scale (their full runs take minutes; the acceptance commands and CI run
 * them at full scale), each with the criteria its reduced run meets. Virtual runs are deterministic for their seed.
 * Together about 2 minutes.
 */
class OrmccScenariosEndToEndTest {

    @Test
    @Timeout(300)
    void trackingFollowsTheSlowestReceiverInEveryInterval(@TempDir Path dir) throws Exception {
        LabRun run = LabRun.lab(dir, "ormcc-tracking").assertPassed();

        assertThat(run.json()).contains("\"controller\":\"ormcc\"", "\"cc.ormcc.beta\":\"0.75\"");
        assertThat(run.json()).containsSubsequence("\"expectedRepresentative\":\"R1\"",
                "\"expectedRepresentative\":\"R2\"", "\"expectedRepresentative\":\"R3\"",
                "\"expectedRepresentative\":\"R2\"", "\"expectedRepresentative\":\"R1\"");
        assertThat(run.numbers("representativeShare")).hasSize(5).allSatisfy(s -> assertThat(s).isGreaterThanOrEqualTo(0.8));
        assertThat(run.numbers("switchDelaySec")).hasSize(5).allSatisfy(s -> assertThat(s).isBetween(0.0, 10.0));
        assertThat(run.numbers("meanRateOverBottleneck")).hasSize(5)
                .allSatisfy(r -> assertThat(r).isBetween(0.6, 1.15));
        assertThat(run.number("representativeSwitches")).isGreaterThanOrEqualTo(4);
        LabRun.assertFiles(dir, "ormcc-tracking.csv", "ormcc-tracking-rate.png", "ormcc-tracking-representative.png",
                "summary.json");
    }

    @Test
    @Timeout(300)
    void theLongFlowGetsItsShareOfTwoBottlenecks(@TempDir Path dir) throws Exception {
        LabRun run = LabRun.lab(dir, "ormcc-multi-bottleneck").assertPassed();

        assertThat(run.number("longFlowOverBottleneck")).isBetween(0.25, 0.42);
        assertThat(run.number("shortOverLong")).isGreaterThanOrEqualTo(1.5);
        LabRun.assertFiles(dir, "ormcc-multi-bottleneck.csv", "ormcc-multi-bottleneck.png", "summary.json");
    }

    @Test
    @Timeout(300)
    void manyReceiversDoNotDriveTheRateToZeroAndMostIndicationsAreSuppressed(@TempDir Path dir) throws Exception {
        LabRun run = LabRun.lab(dir, "ormcc-drop-to-zero", "--scale", "0.25").assertPassed();

        assertThat(run.numbers("receivers")).containsExactly(4.0, 16.0);
        assertThat(run.numbers("meanOverSingleReceiverMean")).allSatisfy(r -> assertThat(r).isBetween(0.7, 1.3));
        List<Double> suppressed = run.numbers("suppressedFraction");
        assertThat(suppressed.get(1)).isGreaterThanOrEqualTo(0.9).isGreaterThan(suppressed.get(0));
        assertThat(run.numbers("indicationsSent")).allSatisfy(n -> assertThat(n).isPositive());
        LabRun.assertFiles(dir, "ormcc-drop-to-zero.csv", "ormcc-drop-to-zero.png", "summary.json");
    }

    @Test
    @Timeout(300)
    void losingATenthOfTheIndicationsCostsNoThroughput(@TempDir Path dir) throws Exception {
        // at a quarter scale the ratio is noise: seeds 1, 2, 3 gave 1.10, 0.83 and 0.93 on b5968b9; at half scale
        // 0.94, 1.06 and 1.09 on the commit after
        LabRun run = LabRun.lab(dir, "ormcc-feedback-loss", "--scale", "0.5").assertPassed();

        assertThat(run.number("indicationsLost")).isPositive();
        assertThat(run.number("ratio")).isGreaterThanOrEqualTo(0.9);
        LabRun.assertFiles(dir, "ormcc-feedback-loss.csv", "ormcc-feedback-loss.png", "summary.json");
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    @Timeout(300)
    void aSilentRepresentativeIsReplacedAndTheRateStaysAsItWas(int seed, @TempDir Path dir) throws Exception {
        // each seed's first representative to hold the office for 20 s (R16 at 41 s, R16 at 40.5 s, R2 at 47.1 s) is
        // muted inside the quarter scale's 75 s, where one silence weighs four times as much as at full scale; seeds
        // 2 and 3 failed the rate band here until the CR's answers to a seeded full-load mark stopped counting as
        // samples of its response time (docs/congestion-control.md §4.3, row 8c)
        LabRun run = LabRun.lab(dir, "ormcc-muted-representative", "--scale", "0.25", "--seed", Integer.toString(seed))
                .assertPassed();

        assertThat(run.json()).containsPattern("\"mutedRepresentative\":\"R[0-9]+\"");
        // the receiver muted is the representative in office at the mute (the two fields are written together)
        assertThat(run.json())
                .containsPattern("\"representativeAtMute\":\"(R[0-9]+)\",\"mutedRepresentative\":\"\\1\"");
        assertThat(run.number("indicationsDropped")).isPositive();
        assertThat(run.number("representativeTimeouts")).isGreaterThanOrEqualTo(1);
        assertThat(run.number("ratioToNormal")).isBetween(0.8, 1.2);
        assertThat(run.number("longestFullQueueSec")).isLessThanOrEqualTo(10);
        LabRun.assertFiles(dir, "ormcc-muted-representative.csv", "ormcc-muted-representative.png", "summary.json");
    }

    @Test
    @Timeout(300)
    void ormccOutrunsTfrcWithLittleFeedbackInTheDynamicTree(@TempDir Path dir) throws Exception {
        LabRun run = LabRun.lab(dir, "ormcc-vs-tfrc", "--scale", "0.2").assertPassed();

        assertThat(run.json()).contains("\"controller\":\"ormcc+tfrc\"", "\"seeds\":3");
        assertThat(run.number("ratio")).isGreaterThanOrEqualTo(1.2);
        assertThat(run.number("feedbackPerDataPacket")).isPositive().isLessThanOrEqualTo(0.02);
        assertThat(run.number("ormccMeanBytesPerSec")).isGreaterThan(run.number("tfrcMeanBytesPerSec"));
        assertThat(Files.readAllLines(dir.resolve("ormcc-vs-tfrc.csv")).get(0))
                .isEqualTo("controller,seed,time_s,multicast_5s_Bps");
        LabRun.assertFiles(dir, "ormcc-vs-tfrc.csv", "ormcc-vs-tfrc.png", "summary.json");
    }
}
