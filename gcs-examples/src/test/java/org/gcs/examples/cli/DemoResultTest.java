package org.gcs.examples.cli;

import org.gcs.tools.json.JsonWriter;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DemoResultTest {

    @Test
    void shouldJudgeAResultByMissingDuplicateAndOutOfOrderDeliveries() {
        DemoSettings settings = new DemoCommandParsing().parse().settings();
        DemoResult clean = new DemoResult(settings, List.of(), 6, 10, new SequenceCounts(60, 0, 0, 0), 1, 0, 0, 0, 0,
                0, 0, 0, null, false, List.of(), true, null);
        DemoResult lossy = new DemoResult(settings, List.of(), 6, 10, new SequenceCounts(58, 1, 1, 0), 1, 0, 0, 0, 0,
                0, 0, 0, null, false, List.of(), true, null);

        assertThat(clean.passed()).isTrue();
        assertThat(clean.failureReason()).isNull();
        assertThat(lossy.passed()).isFalse();
        assertThat(lossy.missing()).isEqualTo(2);
        assertThat(lossy.failureReason()).contains("2 missing", "1 duplicate", "1 out-of-order");
        assertThat(JsonWriter.write(lossy.toJson())).contains("\"missing\":2", "\"passed\":false", "\"failure\":");
    }

    @Test
    void shouldFailARunThatSentNothing() {
        DemoResult early = DemoResult.failedEarly(new DemoCommandParsing().parse().settings(), "views incomplete");

        assertThat(early.passed()).isFalse();
        assertThat(early.failureReason()).isEqualTo("views incomplete");
        assertThat(early.toJson()).containsEntry("sites", 3).containsEntry("members", 6).containsEntry("sent", 0L)
                .containsEntry("expectedDeliveries", 0L).containsEntry("passed", false);
    }
}
