package org.gcs.lab.nat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The agent's report line: what it prints the scenario reads back, and other lines are not reports. */
class NatAgentReportTest {
    @Test
    void shouldReadBackWhatItFormats() {
        NatAgentReport report = new NatAgentReport(42, true, true, List.of("boston", "oslo", "tokyo"),
                new TreeMap<>(Map.of("tokyo", "boston")), List.of("boston", "oslo", "paris", "tokyo"),
                new TreeMap<>(Map.of("boston", new SenderTally(41, 40, 1, 40), "tokyo", SenderTally.NONE)));

        String line = report.format();

        assertThat(line).startsWith("nat-report sent=42 ").contains("relayed=tokyo>boston",
                "tally=boston:41/40/1/40,tokyo:0/0/0/0");
        assertThat(NatAgentReport.parse(line)).contains(report);
    }

    @Test
    void shouldWriteEmptyListsAsADash() {
        NatAgentReport report = new NatAgentReport(0, false, false, List.of(), new TreeMap<>(), List.of(),
                new TreeMap<>());

        assertThat(report.format()).isEqualTo(
                "nat-report sent=0 sending=false delegate=false remote=- relayed=- view=- tally=-");
        assertThat(NatAgentReport.parse(report.format())).contains(report);
        assertThat(report.tally("paris")).isEqualTo(SenderTally.NONE);
    }

    @Test
    void shouldIgnoreOtherAndMalformedLines() {
        assertThat(NatAgentReport.parse("ack mark sent=3")).isEmpty();
        assertThat(NatAgentReport.parse("error gcs send: closed")).isEmpty();
        assertThat(NatAgentReport.parse("nat-report sent=x sending=true delegate=true remote=- relayed=- view=-"
                + " tally=-")).isEmpty();
        assertThat(NatAgentReport.parse("nat-report sent=1 sending=true")).isEmpty();
        assertThat(NatAgentReport.parse("nat-report sent=1 sending=true delegate=true remote=- relayed=- view=-"
                + " tally=paris:1/2")).isEmpty();
    }
}
