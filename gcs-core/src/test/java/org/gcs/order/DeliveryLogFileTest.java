package org.gcs.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeliveryLogFileTest {
    private static final MemberId A = new MemberId("site1", "a");
    private static final MemberId B = new MemberId("site2", "b");

    /** Feeds the same deliveries to a recorder and to an in-memory log. */
    private static void deliver(OrderedListener... listeners) {
        GroupView view = new GroupView("g", 3, List.of(A, B));
        for (OrderedListener l : listeners) {
            l.onAdmitted("g", 0xfedcba9876543210L); // a negative long: written as unsigned hex
            l.onView(view, 0);
            l.onMessage(new GroupMessage(A, "g", 1, "x".getBytes(StandardCharsets.UTF_8)), 1);
            l.onMessage(new GroupMessage(B, "other", 1, new byte[1]), 7); // another group: not recorded
            l.onMessage(new GroupMessage(B, "g", 1, "y".getBytes(StandardCharsets.UTF_8)), 2);
            l.onRejoined("g", "left out");
            l.onAdmitted("g", 5);
            l.onView(new GroupView("g", 4, List.of(A, B)), 9);
        }
    }

    @Test
    void aRecordedFileReadsBackAsTheLogOfTheSameDeliveries(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("a.log");
        DeliveryLog expected = new DeliveryLog(A, "g");
        try (DeliveryLogFile.Recorder recorder = DeliveryLogFile.record(file, A, "g")) {
            deliver(recorder, expected);
            // flushed as it goes: the file is complete before the recorder is closed
            DeliveryLog read = DeliveryLogFile.read(file);
            assertThat(read.member()).isEqualTo(A);
            assertThat(read.incarnations()).isEqualTo(expected.incarnations()).hasSize(2);
            assertThat(read.lineages()).isEqualTo(expected.lineages()).containsExactly(0xfedcba9876543210L, 5L);
        }
        assertThat(Files.readAllLines(file)).startsWith("gcs-delivery-log 1 site1/a g", "admitted fedcba9876543210");
    }

    @Test
    void aLastLineCutShortByTheWritersDeathIsIgnored() {
        StringWriter text = new StringWriter();
        deliver(DeliveryLogFile.record(text, A, "g"));
        String cut = text.toString().substring(0, text.toString().lastIndexOf("view 9") + 6);
        DeliveryLog log = DeliveryLogFile.parse(cut, "cut");
        assertThat(log.incarnations()).hasSize(2);
        assertThat(log.incarnations().get(1)).isEmpty();
        assertThat(log.messages()).isEqualTo(2);
    }

    @Test
    void malformedLinesAreErrorsNamingTheSourceAndLine() {
        assertThatThrownBy(() -> DeliveryLogFile.parse("", "f")).hasMessageContaining("f: empty");
        assertThatThrownBy(() -> DeliveryLogFile.parse("hello\n", "f")).hasMessageContaining("f: line 1");
        assertThatThrownBy(() -> DeliveryLogFile.parse("gcs-delivery-log 1 s/m g\nmessage 1 s/m x 3\n", "f"))
                .hasMessageContaining("f: line 2 is malformed");
        assertThatThrownBy(() -> DeliveryLogFile.parse("gcs-delivery-log 1 s/m g\nmystery 1\n", "f"))
                .hasMessageContaining("unknown event 'mystery'");
    }

    @Test
    void theCheckerFindsADisagreementBetweenTwoReadFiles() {
        String header = "gcs-delivery-log 1 ";
        DeliveryLog a = DeliveryLogFile.parse(header + "site1/a g\nadmitted 1\nview 0 1 5\nmessage 1 site1/a 1 10\n"
                + "message 2 site2/b 1 20\n", "a");
        DeliveryLog b = DeliveryLogFile.parse(header + "site2/b g\nadmitted 1\nview 0 1 5\nmessage 1 site2/b 1 20\n"
                + "message 2 site1/a 1 10\n", "b");
        assertThat(OrderChecker.check(List.of(a, a)).ok()).isTrue();
        OrderChecker.Result result = OrderChecker.check(List.of(a, b));
        assertThat(result.ok()).isFalse();
        assertThat(result.orderDisagreements()).isPositive();
    }
}
