package org.gcs.examples.cli;

import org.gcs.tools.json.JsonWriter;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gcs.order.OrderChecker;
import org.junit.jupiter.api.Test;

class DemoResultTest {

    @Test
    void shouldJudgeAResultByMissingDuplicateAndOutOfOrderDeliveries() {
        DemoSettings settings = new DemoCommandParsing().parse().settings();
        DemoResult clean = new DemoResult(settings, List.of(), 6, 10, new SequenceCounts(60, 0, 0, 0), 1, 0, 0, 0, 0,
                0, 0, 0, null, false, List.of(), true, null, null);
        DemoResult lossy = new DemoResult(settings, List.of(), 6, 10, new SequenceCounts(58, 1, 1, 0), 1, 0, 0, 0, 0,
                0, 0, 0, null, false, List.of(), true, null, null);

        assertThat(clean.passed()).isTrue();
        assertThat(clean.failureReason()).isNull();
        assertThat(lossy.passed()).isFalse();
        assertThat(lossy.missing()).isEqualTo(2);
        assertThat(lossy.failureReason()).contains("2 missing", "1 duplicate", "1 out-of-order");
        assertThat(JsonWriter.write(lossy.toJson())).contains("\"missing\":2", "\"passed\":false", "\"failure\":");
    }

    @Test
    void shouldReportTheOrderAndLeaveTheOrderCheckOutOfAFifoRun() {
        DemoSettings settings = new DemoCommandParsing().parse().settings();
        DemoResult fifo = new DemoResult(settings, List.of(), 6, 10, new SequenceCounts(60, 0, 0, 0), 1, 0, 0, 0, 0,
                0, 0, 0, null, false, List.of(), true, null, null);

        assertThat(fifo.passed()).isTrue();
        assertThat(fifo.toJson()).containsEntry("order", "fifo").doesNotContainKeys("orderDisagreements", "gaps",
                "senderOrderViolations", "viewSynchronyViolations");
    }

    @Test
    void shouldJudgeATotalOrderRunAlsoByItsOrderCheck() {
        DemoSettings settings = new DemoCommandParsing().parse("--order", "total").settings();
        OrderChecker.Result agreed = new OrderChecker.Result(6, 66, 0, 0, 0, 0, 0, List.of());
        OrderChecker.Result disagreed = new OrderChecker.Result(6, 66, 2, 0, 1, 0, 0,
                List.of("boston/boston-2 (incarnation 2) delivered view 3 at 7 where another member delivered x"));
        DemoResult clean = new DemoResult(settings, List.of(), 6, 10, new SequenceCounts(60, 0, 0, 0), 1, 0, 0, 0, 0,
                0, 0, 0, null, false, List.of(), true, null, agreed);
        DemoResult wrong = new DemoResult(settings, List.of(), 6, 10, new SequenceCounts(60, 0, 0, 0), 1, 0, 0, 0, 0,
                0, 0, 0, null, false, List.of(), true, null, disagreed);
        DemoResult unchecked = new DemoResult(settings, List.of(), 6, 10, new SequenceCounts(60, 0, 0, 0), 1, 0, 0,
                0, 0, 0, 0, 0, null, false, List.of(), true, null, null);

        assertThat(clean.passed()).isTrue();
        assertThat(JsonWriter.write(clean.toJson())).contains("\"order\":\"total\"", "\"orderDisagreements\":0",
                "\"gaps\":0", "\"senderOrderViolations\":0", "\"viewSynchronyViolations\":0",
                "\"orderCheckedEvents\":66", "\"passed\":true");
        assertThat(wrong.passed()).isFalse();
        assertThat(wrong.failureReason()).contains("2 disagreement(s)", "1 sender-order", "delivered view 3 at 7")
                .doesNotContain("missing");
        assertThat(JsonWriter.write(wrong.toJson())).contains("\"orderDisagreements\":2", "\"passed\":false");
        assertThat(unchecked.passed()).isFalse();
        assertThat(unchecked.failureReason()).contains("the order check did not run");
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
