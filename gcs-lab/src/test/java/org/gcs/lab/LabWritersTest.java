package org.gcs.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabWritersTest {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void summaryWriterWritesOneJsonLine(@TempDir Path dir) throws Exception {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("scenario", "x");
        summary.put("passed", true);
        summary.put("ratio", 0.9975);
        summary.put("missing", Double.NaN);
        summary.put("senders", List.of(Map.of("site", "boston"), Map.of("site", "say \"hi\"")));
        Path file = SummaryWriter.write(dir, summary);

        assertThat(file.getFileName().toString()).isEqualTo("summary.json");
        String json = "{\"scenario\":\"x\",\"passed\":true,\"ratio\":0.9975,\"missing\":null,"
                + "\"senders\":[{\"site\":\"boston\"},{\"site\":\"say \\\"hi\\\"\"}]}";
        assertThat(Files.readString(file)).isEqualTo(json + "\n");
        assertThat(SummaryWriter.toJson(summary)).isEqualTo(json);
    }

    @Test
    void chartWriterWritesAPng(@TempDir Path dir) throws Exception {
        double[] x = new double[100];
        double[] a = new double[100];
        double[] b = new double[100];
        for (int i = 0; i < x.length; i++) {
            x[i] = i * 0.1;
            a[i] = 50 + 10 * Math.sin(i / 10.0);
            b[i] = i < 20 ? Double.POSITIVE_INFINITY : i == 50 ? Double.NaN : 80;
        }
        Path file = ChartWriter.chart("Test chart", "time (s)", "rate (KB/s)")
                .series("sender", x, a, 2.4f)
                .series("reported", x, b)
                .marker(5, "phase two")
                .yMax(70)
                .write(dir.resolve("chart.png"));

        byte[] bytes = Files.readAllBytes(file);
        assertThat(bytes.length).isGreaterThan(1000);
        assertThat(java.util.Arrays.copyOf(bytes, 8)).isEqualTo(PNG_SIGNATURE);
        assertThat(System.getProperty("java.awt.headless")).isEqualTo("true");
        assertThatThrownBy(() -> ChartWriter.chart("t", "x", "y").series("bad", new double[2], new double[3]))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void niceCeilingRoundsUpToTwoSignificantDigits() {
        assertThat(ChartWriter.niceCeiling(59.9)).isEqualTo(60);
        assertThat(ChartWriter.niceCeiling(360)).isEqualTo(360);
        assertThat(ChartWriter.niceCeiling(361)).isEqualTo(370);
        assertThat(ChartWriter.niceCeiling(15)).isEqualTo(15);
        assertThat(ChartWriter.niceCeiling(300)).isEqualTo(300);
        assertThat(ChartWriter.niceCeiling(0)).isEqualTo(1);
    }
}
