package org.gcs.lab.ormcc;

import static org.gcs.lab.RunPlan.When.END;
import static org.gcs.lab.RunPlan.When.START;
import static org.gcs.lab.ormcc.OrmccLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.gcs.FlowStatus;
import org.gcs.emulator.Topology;
import org.gcs.lab.ChartWriter;
import org.gcs.lab.Check;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabMath;
import org.gcs.lab.LabProgress;
import org.gcs.lab.LabReport;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.lab.LabTopologies;
import org.gcs.lab.Run;
import org.gcs.lab.RunPlan;
import org.gcs.lab.RunPlan.Member;
import org.gcs.lab.RunRecord;
import org.gcs.lab.RunTemplate;
import org.gcs.lab.SampleTable;

/**
 * {@code ormcc-multi-bottleneck}: seed 002's fairness on multiple bottlenecks (thesis §3.3.2, Figs 3.9–3.10; spec O5).
 * On the fixed tree A – B – C, with 1 Mbit/s on A → B and B → C, three greedy flows compete: the long one from A to C
 * crosses both bottlenecks, one short one from A to B and one from B to C cross one each. The thesis finds the long
 * flow at about 0.33 Mbit/s (proportional fairness; max-min would give 0.5).
 *
 * <p>Rates are each sender's bytes on the wire per second, averaged over [100, 400] s. Pass: the long flow over the
 * bottleneck in [0.25, 0.42], and the smaller short flow at least 1.5 times the long one. Runs ORMCC as the thesis's
 * simulations did ({@link OrmccLab#THESIS_SETTINGS}) unless --controller or --set say otherwise; {@code --scale}
 * scales the run.
 */
public final class OrmccMultiBottleneckScenario implements LabScenario {
    /** The run and the part of it that is measured. */
    static final long RUN_NS = 400 * S;
    /** The run and the part of it that is measured. */
    static final long MEASURE_FROM_NS = 100 * S;
    /** Pass bands. */
    static final double LONG_LOW = 0.25;
    /** Pass bands. */
    static final double LONG_HIGH = 0.42;
    /** Pass bands. */
    static final double SHORT_OVER_LONG_MIN = 1.5;

    /** One flow of the experiment: its group, sending site and receiving site. */
    private record Flow(String group, String source, String receiver) {
        String label() {
            return group + " (" + source + " -> " + receiver + ")";
        }
    }

    @Override
    public String name() {
        return "ormcc-multi-bottleneck";
    }

    @Override
    public String description() {
        return "a flow across two 1 Mbit/s bottlenecks against one short flow on each (seed 002 Fig. 3.10)";
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        Topology wan = ctx.topology(name());
        List<String> chain = chain(wan);
        String a = chain.get(0);
        String b = chain.get(1);
        String c = chain.get(2);
        List<Flow> flows = List.of(new Flow("long", a, c), new Flow("short1", a, b), new Flow("short2", b, c));
        double bottleneck = Math.min(LabTopologies.bytesPerSec(wan, a, b), LabTopologies.bytesPerSec(wan, b, c));
        long runNs = ctx.scaledNs(RUN_NS);
        long measureFromNs = ctx.scaledNs(MEASURE_FROM_NS);
        RunPlan plan = OrmccLab.plan(wan, name());
        for (Flow f : flows) {
            plan.group(f.group(), List.of(new Member(f.source(), "src-" + f.group()),
                    new Member(f.receiver(), "rcv-" + f.group())));
        }
        plan.on(START, run -> {
            flows.forEach(f -> run.traffic(f.group()).greedy(run.node(f.source(), "src-" + f.group()), f.group()));
            run.say(String.format(Locale.ROOT, "three greedy flows for %.0f s on %s; measured from %.0f s",
                    runNs / 1e9, String.join(" - ", chain), measureFromNs / 1e9));
        }).runFor(runNs, measureFromNs).column("time_s", Run::atSec);
        for (Flow f : flows) {
            plan.column(f.group() + "_rate_3s_Bps", r -> r.traffic(f.group()).rateOver(3 * S))
                    .column(f.group() + "_allowed_Bps", r -> r.flow(f.source(), f.group())
                            .map(FlowStatus::allowedRateBytesPerSec).orElse(Double.NaN));
        }
        plan.progress(20 * S, r -> "3-s rates:" + flows.stream().map(f -> String.format(Locale.ROOT, " %s %s",
                f.group(), LabProgress.kb(r.traffic(f.group()).rateOver(3 * S)))).collect(Collectors.joining()))
                .on(END, run -> flows.forEach(f -> run.flow(f.source(), f.group()).ifPresent(status -> run.note(
                        f.group(), OrmccLab.rounded(status.extras(), 4)))));
        RunRecord record = RunTemplate.run(ctx, plan);

        Map<String, Object> results = new LinkedHashMap<>();
        for (Flow f : flows) {
            double mean = record.traffic(f.group()).mean(record.phase(0));
            Map<String, Object> r = LabReport.fields("source", f.source(), "receiver", f.receiver(),
                    "meanBytesPerSec", LabMath.round(mean, 1), "overBottleneck", LabMath.round(mean / bottleneck, 4));
            if (record.note(f.group()) != null) {
                r.put("controllerState", record.note(f.group()));
            }
            results.put(f.group(), r);
        }
        double longRate = rate(results, "long");
        double longOverBottleneck = longRate / bottleneck;
        double shortOverLong = Math.min(rate(results, "short1"), rate(results, "short2")) / longRate;
        ctx.progress().line(String.format(Locale.ROOT, "long flow / bottleneck %.3f (thesis ≈ 0.33), smaller short"
                + " / long %.2f", longOverBottleneck, shortOverLong));
        List<String> lines = new ArrayList<>();
        flows.forEach(f -> lines.addAll(List.of(f.label(), f.group() + "_rate_3s_Bps")));
        ChartWriter chart = SampleTable.plot(record.table().rows(), "time_s", lines.toArray(String[]::new))
                .constant("bottleneck", bottleneck).addTo(ChartWriter.chart("ORMCC on two bottlenecks: the long flow"
                        + " against a short flow on each (seed 002 Fig. 3.10)", "time (s)", "rate (KB/s, bytes on the"
                        + " wire, 3-s average)"), 1e-3, Map.of()).marker(measureFromNs / 1e9, "measured from here")
                .yMax(1.4 * bottleneck * 1e-3);
        return new LabReport(ctx).csv(name() + ".csv", record.table()).chart(name() + ".png", chart)
                .putAll("bottleneckBytesPerSec", bottleneck, "measuredFromSec", measureFromNs / 1e9,
                        "runSeconds", runNs / 1e9, "flows", results,
                        "longFlowOverBottleneck", LabMath.round(longOverBottleneck, 4),
                        "shortOverLong", LabMath.round(shortOverLong, 4))
                .check(Check.within("long flow / bottleneck", longOverBottleneck, LONG_LOW, LONG_HIGH),
                        Check.atLeast("smaller short flow / long flow", shortOverLong, SHORT_OVER_LONG_MIN)
                                .decimals(2))
                .result();
    }

    @SuppressWarnings("unchecked")
    private static double rate(Map<String, Object> results, String group) {
        return (double) ((Map<String, Object>) results.get(group)).get("meanBytesPerSec");
    }

    /** @return the sites of the topology's tree as a chain A - B - C */
    private List<String> chain(Topology wan) {
        var tree = wan.tree().orElseThrow(() -> new IllegalArgumentException(name() + " needs a topology with a"
                + " 'tree' line A-B B-C"));
        if (tree.size() != 2 || !tree.get(0).child().equals(tree.get(1).parent())) {
            throw new IllegalArgumentException(name() + " needs a chain of three sites, 'tree A-B B-C'; "
                    + wan.name() + " has " + tree);
        }
        return List.of(tree.get(0).parent(), tree.get(0).child(), tree.get(1).child());
    }
}
