package org.gcs.bench;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.Styler;

/**
 * The WAN scenarios' charts, one PNG per scenario in {@code --out}: the median msg/s (wan-throughput, wan-fanout),
 * p99 latency (wan-latency), share against one TCP flow (wan-fairness) or messages lost (wan-failover) at every
 * point, one line per system. Rendering is headless.
 */
final class WanCharts {
    private static final int WIDTH = 1100;
    private static final int HEIGHT = 550;

    private WanCharts() {
    }

    /**
     * Writes {@code <scenario>.png} for every WAN scenario among the summaries.
     *
     * @param dir the output directory
     * @param summaries every scenario's summaries (WAN ones have a point)
     * @throws IOException if a file cannot be written
     */
    static void write(Path dir, List<ScenarioSummary> summaries) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Map<Scenario, List<ScenarioSummary>> byScenario = new LinkedHashMap<>();
        for (ScenarioSummary summary : summaries) {
            if (summary.point() != null) {
                byScenario.computeIfAbsent(summary.scenario(), s -> new ArrayList<>()).add(summary);
            }
        }
        for (Map.Entry<Scenario, List<ScenarioSummary>> entry : byScenario.entrySet()) {
            Scenario scenario = entry.getKey();
            CategoryChart chart = switch (scenario.kind()) {
                case LATENCY -> chart(scenario, entry.getValue(), "p99 one-way latency, ms",
                        f -> f.latency().p99Micros() / 1000);
                case FAIRNESS -> chart(scenario, entry.getValue(), "share against one TCP flow (1 is fair)",
                        SystemFigures::tcpShare);
                case FAILOVER -> chart(scenario, entry.getValue(), "messages lost after the crash, all runs",
                        f -> f.totalFaults().lost());
                case OUTAGE -> chart(scenario, entry.getValue(), "time to deliver the backlog after a 10-s outage, s",
                        f -> f.backlogMillis() / 1000);
                default -> chart(scenario, entry.getValue(), "msg/s delivered to every member",
                        SystemFigures::messagesPerSec);
            };
            BitmapEncoder.saveBitmap(chart, dir.resolve(scenario.id() + ".png").toString(),
                    BitmapEncoder.BitmapFormat.PNG);
        }
    }

    private static CategoryChart chart(Scenario scenario, List<ScenarioSummary> points, String yTitle,
                                       ToDoubleFunction<SystemFigures> figure) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title(String.format(Locale.ROOT, "%s: %d sites x %d member%s, %.0f Mbit/s per site", scenario.id(),
                        scenario.sites(), scenario.membersPerSite(), scenario.membersPerSite() == 1 ? "" : "s",
                        scenario.siteRateBitsPerSec() / 1e6))
                .xAxisTitle(scenario == Scenario.WAN_FAIRNESS ? "RTT x competing TCP flows" : "RTT x loss")
                .yAxisTitle(yTitle).build();
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setXAxisLabelRotation(45);
        chart.getStyler().setOverlapped(true); // every system at the same x of a point
        chart.getStyler().setYAxisMin(0.0);
        List<String> labels = new ArrayList<>();
        Map<BenchSystem, List<Double>> values = new LinkedHashMap<>();
        for (ScenarioSummary point : points) {
            labels.add(point.point().label().replace("rtt=", "").replace(" loss=", " / ").replace(" tcp=", " / "));
            for (SystemFigures f : point.systems()) {
                values.computeIfAbsent(f.system(), s -> new ArrayList<>());
            }
        }
        for (ScenarioSummary point : points) {
            for (Map.Entry<BenchSystem, List<Double>> series : values.entrySet()) {
                double value = point.systems().stream().filter(f -> f.system() == series.getKey())
                        .mapToDouble(figure).findFirst().orElse(Double.NaN);
                series.getValue().add(Double.isFinite(value) ? value : null);
            }
        }
        values.forEach((system, ys) -> chart.addSeries(system.id(), labels, ys));
        return chart;
    }
}
