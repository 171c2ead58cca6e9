package org.gcs.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gcs.lab.RunPlan.When.END;
import static org.gcs.lab.RunPlan.When.START;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gcs.emulator.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The run template on a small plan, its record and table, and the checks' verdicts. */
class RunTemplateTest {
    private static final long S = 1_000_000_000L;

    @Test
    @Timeout(60)
    void aPlanRunsItsPhasesTimedActionsAndColumns(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        LabContext ctx = new LabContext(dir, 1, 1, LabContext.Driver.VIRTUAL, null,
                new LabProgress(new PrintWriter(out), "test", "sim"));
        Topology wan = Topology.load("ron3");
        List<String> events = new ArrayList<>();
        RunPlan plan = RunPlan.on(wan).group("g", wan.sites().stream().map(s -> new RunPlan.Member(s, "m")).toList())
                .on(START, run -> run.traffic("a").greedy(run.node(wan.sites().get(0), "m"), "g"))
                .at(S + S / 2, run -> events.add("timed at " + run.atNs()))
                .phase("first", 2 * S, S, run -> events.add("first at " + run.atNs()), run -> "first starts")
                .phase("second", 2 * S, 0, run -> run.traffic("a").stop(), null)
                .on(END, run -> run.note("end", run.atNs()))
                .column("time_s", Run::atSec).column("phase", r -> r.phase().name())
                .column("rate_1s_Bps", r -> r.traffic("a").rateOver(S))
                .progress(S, r -> "at " + r.atSec());

        RunRecord record = RunTemplate.run(ctx, plan);

        assertThat(events).containsExactly("first at 0", "timed at 1500000000");
        assertThat(record.phases()).extracting(Phase::name).containsExactly("first", "second");
        assertThat(record.phase(0).measureFromNs() - record.t0()).isEqualTo(S);
        assertThat(record.phase(1).startNs() - record.t0()).isEqualTo(2 * S);
        assertThat(record.table().rows()).hasSize(40);
        assertThat(record.rows(0)).hasSize(20).allSatisfy(r -> assertThat(r.text("phase")).isEqualTo("first"));
        assertThat(record.measured(0)).hasSize(11).first().satisfies(r -> assertThat(r.atNs()).isEqualTo(S));
        assertThat(record.<Long>note("end")).isEqualTo(4 * S);
        assertThat(record.traffic("a").mean(record.phase(0))).isPositive();
        assertThat(SampleTable.mean(record.measured(0), "rate_1s_Bps")).isPositive();
        assertThat(out.toString()).contains("members see each other", "first starts", "at 1.0");

        record.table().write(dir.resolve("t.csv"));
        List<String> lines = Files.readAllLines(dir.resolve("t.csv"));
        assertThat(lines).hasSize(41);
        assertThat(lines.get(0)).isEqualTo("time_s,phase,rate_1s_Bps");
        assertThat(lines.get(1)).startsWith("0.1,first,");
    }

    @Test
    void aSampleTableCountsAndPlotsItsRows() {
        SampleTable table = new SampleTable(List.of("x", "site", "rate"));
        table.add(0, 0, new Object[] {0.0, "b", 1.0});
        table.add(1, 0, new Object[] {1.0, "a", Double.NaN});
        table.add(2, 0, new Object[] {2.0, "b", 3.0});
        table.add(3, 0, new Object[] {3.0, "a", null});
        table.add(4, 0, new Object[] {4.0, "", 5});

        assertThat(SampleTable.mean(table.rows(), "rate")).isEqualTo(3.0);
        assertThat(SampleTable.countFinite(table.rows(), "rate")).isEqualTo(3);
        assertThat(SampleTable.counts(table.rows(), "site")).containsExactly(java.util.Map.entry("a", 2),
                java.util.Map.entry("b", 2));
        assertThat(SampleTable.mostFrequent(table.rows(), "site")).as("ties: the first in order").isEqualTo("a");
        assertThat(table.between(1, 3)).hasSize(2);
        SeriesTable series = SampleTable.plot(table.rows(), "x", "the rate", "rate");
        assertThat(series.x()).containsExactly(0, 1, 2, 3, 4);
        assertThat(series.max("the rate")).isEqualTo(5);
    }

    @Test
    void checksSayHowTheyFailed() {
        assertThat(Check.atMost("a queue stayed full for", 19.5, 10).decimals(1).unit("s").failure())
                .isEqualTo("a queue stayed full for 19.5 s > 10 s");
        assertThat(Check.within("ratio", 1.3, 0.75, 1.25).failure()).isEqualTo("ratio 1.300, outside [0.75, 1.25]");
        assertThat(Check.atLeast("share", 0.5, 0.8).failure()).isEqualTo("share 0.500 < 0.8");
        assertThat(Check.below("rate", 2, 2).decimals(0).failure()).isEqualTo("rate 2 >= 2");
        assertThat(Check.above("rate", 2, 2).failure()).isEqualTo("rate 2.000 <= 2");
        assertThat(Check.atLeast("share", Double.NaN, 0.8).passed()).as("not a number fails").isFalse();
        assertThat(Check.holds("nothing was muted", false).failure()).isEqualTo("nothing was muted");
        assertThat(Check.within("ratio", 1.0, 0.75, 1.25).failure()).isNull();
    }
}
