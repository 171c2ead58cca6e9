package org.gcs.examples.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gcs.FlowStatus;
import org.gcs.tools.json.JsonWriter;
import org.junit.jupiter.api.Test;

/** The dashboard's rate history and the JSON form of a flow. */
class RateHistoryTest {

    @Test
    void shouldTurnTotalsIntoRatesPerSecond() {
        RateHistory history = new RateHistory(RateHistory.MEMBER_RATES, 10);
        history.sample(10_000, Map.of("a/a-1", totals(0, 0, 0, 0)));
        history.sample(12_000, Map.of("a/a-1", totals(100, 1000, 300, 3000)));

        Map<String, Object> json = history.toJson(1000);
        assertThat(json.get("timesMs")).isEqualTo(List.of(12_000L));
        Map<?, ?> series = (Map<?, ?>) ((Map<?, ?>) json.get("members")).get("a/a-1");
        assertThat(series.get("sentMsgPerSec")).isEqualTo(List.of(50.0));
        assertThat(series.get("deliveredMsgPerSec")).isEqualTo(List.of(150.0));
        assertThat(series.get("sentBytesPerSec")).isEqualTo(List.of(500.0));
        assertThat(series.get("deliveredBytesPerSec")).isEqualTo(List.of(1500.0));
    }

    @Test
    void shouldKeepOnlyTheNewestSamples() {
        RateHistory history = new RateHistory(RateHistory.MEMBER_RATES, 3);
        for (int i = 0; i <= 10; i++) {
            history.sample(i * 1000L, Map.of("a/a-1", totals(i * 10L, 0, 0, 0)));
        }

        assertThat(history.size()).isEqualTo(3);
        assertThat(history.toJson(1000).get("timesMs")).isEqualTo(List.of(8000L, 9000L, 10_000L));
    }

    @Test
    void shouldLeaveAMemberNullWhereItWasNotSampled() {
        RateHistory history = new RateHistory(RateHistory.MEMBER_RATES, 5);
        history.sample(0, Map.of("a/a-1", totals(0, 0, 0, 0)));
        history.sample(1000, Map.of("a/a-1", totals(5, 0, 0, 0)));
        history.sample(2000, Map.of("a/a-1", totals(10, 0, 0, 0), "b/b-1", totals(0, 0, 0, 0)));
        history.sample(3000, Map.of("a/a-1", totals(15, 0, 0, 0), "b/b-1", totals(7, 0, 0, 0)));

        String json = JsonWriter.write(history.toJson(1000));
        assertThat(json).contains("\"b/b-1\":{\"sentMsgPerSec\":[null,null,7]", "\"a/a-1\":{\"sentMsgPerSec\":[5,5,5]");
    }

    @Test
    void shouldNameTheRatesAsTold() {
        RateHistory history = new RateHistory(RateHistory.DELIVERED_HERE_RATES, 2);
        history.sample(0, Map.of("b/b-1", new long[] {0, 0}));
        history.sample(500, Map.of("b/b-1", new long[] {10, 2000}));

        assertThat(JsonWriter.write(history.toJson(1000))).isEqualTo("{\"periodMs\":1000,\"timesMs\":[500],"
                + "\"members\":{\"b/b-1\":{\"deliveredHereMsgPerSec\":[20],\"deliveredHereBytesPerSec\":[4000]}}}");
    }

    private static long[] totals(long sentMessages, long sentBytes, long deliveredMessages, long deliveredBytes) {
        return RateHistory.counts(new MemberTotals(sentMessages, sentBytes, deliveredMessages, deliveredBytes));
    }

    @Test
    void shouldWriteAnUnlimitedRateAsNullWithAFlag() {
        FlowStatus flow = new FlowStatus("boston", "demo", "tfrc", Double.POSITIVE_INFINITY, Optional.empty(), true,
                "lossEventRate", List.of(new FlowStatus.Receiver("ottawa", 25.5, Double.NaN, Map.of())), List.of(),
                Map.of());

        String json = JsonWriter.write(DashboardState.flow(flow));

        assertThat(json).isEqualTo("{\"group\":\"demo\",\"site\":\"boston\",\"controller\":\"tfrc\","
                + "\"allowedRateBytesPerSec\":null,\"unlimited\":true,\"slowStart\":true,\"limitingSite\":null,"
                + "\"congestionMeasure\":\"lossEventRate\",\"receivers\":[{\"site\":\"ottawa\",\"rttMs\":25.5,"
                + "\"congestion\":null,\"limiting\":false}]}");
    }

    @Test
    void shouldWriteALimitedRateAndItsLimitingSite() {
        FlowStatus flow = new FlowStatus("boston", "demo", "tfrc", 125_000.5, Optional.of("ottawa"), false,
                "lossEventRate", List.of(new FlowStatus.Receiver("ottawa", 25, 0.01, Map.of())), List.of(), Map.of());

        Map<String, Object> json = DashboardState.flow(flow);

        assertThat((Double) json.get("allowedRateBytesPerSec")).isCloseTo(125_000.5, within(1e-9));
        assertThat(json.get("unlimited")).isEqualTo(false);
        assertThat(json.get("limitingSite")).isEqualTo("ottawa");
        assertThat(JsonWriter.write(json)).contains("{\"site\":\"ottawa\",\"rttMs\":25,\"congestion\":0.01,"
                + "\"limiting\":true}");
    }
}
