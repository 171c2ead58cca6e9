package org.gcs.lab.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AgentReportTest {

    @Test
    void aFormattedReportParsesBackForEitherController() {
        AgentReport tfrc = new AgentReport(1000, 2000, 3000, 4000, 125_000.5, 61.25, "lossEventRate", 0.0125, 2);
        AgentReport ormcc = new AgentReport(1, 2, 3, 4, 50_000, 70.5, "tracBytesPerSec", 48_123.5, 2);

        assertThat(AgentReport.parse(tfrc.format())).contains(tfrc);
        assertThat(AgentReport.parse(ormcc.format())).contains(ormcc);
        assertThat(ormcc.format()).contains("congestionMeasure=tracBytesPerSec congestion=48123.500000");
    }

    @Test
    void aMissingMeasureIsADashAndOtherLinesAreNoReports() {
        AgentReport none = new AgentReport(0, 0, 0, 0, Double.NaN, Double.NaN, "", Double.NaN, 1);

        assertThat(none.congestionMeasure()).isEqualTo("-");
        assertThat(AgentReport.parse(none.format())).get().extracting(AgentReport::congestionMeasure).isEqualTo("-");
        assertThat(AgentReport.parse("error gcs send: boom")).isEmpty();
        assertThat(AgentReport.parse("report gcsSentBytes=x")).isEmpty();
    }
}
