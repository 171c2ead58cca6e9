package org.gcs.lab.ormcc;

import static org.gcs.lab.RunPlan.When.END;
import static org.gcs.lab.RunPlan.When.SAMPLE;
import static org.gcs.lab.RunPlan.When.START;
import static org.gcs.lab.ormcc.OrmccLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.gcs.FlowStatus;
import org.gcs.emulator.Topology;
import org.gcs.lab.ChartWriter;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabProgress;
import org.gcs.lab.Run;
import org.gcs.lab.RunPlan;
import org.gcs.lab.RunPlan.Member;
import org.gcs.lab.RunRecord;
import org.gcs.lab.RunTemplate;
import org.gcs.lab.SampleTable;
import org.gcs.sim.WanFilter;

/**
 * One run of the star experiments of seed 002 in the ROSS setting (thesis §3.3.1–3.3.5; spec O2/O3/O4/O7/O8): the
 * source site S sends a multicast group {@value #MULTICAST} to every receiving site R1..Rn, and on each last hop, the
 * only bottleneck, one single-receiver flow (group {@code b<i>} from S to R<i>) competes with it: the thesis's
 * background flows. Every flow is greedy. What a run measures: every flow's rate, the multicast flow's representative
 * over time, the receivers' congestion-indication counters for the multicast flow, and how long each last hop's queue
 * stays nearly full. Its table, a row per sample: the over-time average rates of the multicast flow and of the
 * single-receiver flows' mean.
 *
 * <p>Hooks for the variants: a {@link WanFilter} (lost or muted indications) that may look at the run's state.
 */
final class StarRun {
    /** The multicast group. */
    static final String MULTICAST = "m";
    /** A queue at least this full counts as full. */
    static final double FULL_QUEUE = 0.9;

    /** A run's result. */
    record Result(int receivers, double multicastBytesPerSec, double backgroundMeanBytesPerSec,
                  List<Double> backgroundBytesPerSec, Map<String, Double> monitorTotals,
                  Map<String, Double> sourceState, double longestFullQueueSec, String firstRepresentative, long t0Ns,
                  SampleTable table) {
        double multicastOverBackground() {
            return multicastBytesPerSec / backgroundMeanBytesPerSec;
        }

        /** @return the run's second at a virtual time read from {@link State#nowNs} */
        double atSec(long nowNs) {
            return (nowNs - t0Ns) / 1e9;
        }
    }

    /**
     * The state a filter may read: the run's time, the multicast flow's representative and since when it has held the
     * office without a break.
     */
    static final class State {
        long nowNs;
        String representative = "";
        /** When {@link #representative} took the office (the first sample that named it), or -1 with none. */
        long inOfficeSinceNs = -1;
        String firstRepresentative;
        private final Map<String, Long> fullSinceNs = new LinkedHashMap<>();
        private long longestFullNs;
    }

    private StarRun() {
    }

    /**
     * @param ctx the lab context (seed, scale, settings)
     * @param topology the star: a tree S-R1 ... S-Rn
     * @param runNs how long the flows send
     * @param measureFromNs when the means start
     * @param filter builds the run's WAN filter from its state, or null for none
     * @param label for progress lines
     */
    static Result run(LabContext ctx, Topology topology, String scenario, long runNs, long measureFromNs,
                      Function<State, WanFilter> filter, String label) throws Exception {
        String source = OrmccLab.root(topology, scenario);
        List<String> receivers = OrmccLab.receivers(topology, source);
        long queueBytes = topology.link(source, receivers.get(0)).orElseThrow().queueBytes();
        State state = new State();
        RunPlan plan = OrmccLab.plan(topology, scenario, OrmccLab.STAR_SETTINGS);
        List<Member> multicast = new ArrayList<>(List.of(new Member(source, "src-" + MULTICAST)));
        receivers.forEach(r -> multicast.add(new Member(r, "rcv")));
        plan.group(MULTICAST, multicast);
        for (int i = 0; i < receivers.size(); i++) {
            plan.group(background(i), List.of(new Member(source, "src-" + background(i)),
                    new Member(receivers.get(i), "rcv")));
        }
        List<String> groups = List.copyOf(plan.groupNames());
        plan.on(START, run -> {
            if (filter != null) {
                run.network().setWanFilter(filter.apply(state));
            }
            groups.forEach(g -> run.traffic(g).greedy(run.node(source, "src-" + g), g));
            run.say(String.format(Locale.ROOT, "%s: %d receivers, a multicast flow and %d single-receiver flows for"
                    + " %.0f s", label, receivers.size(), receivers.size(), runNs / 1e9));
        }).runFor(runNs, measureFromNs).on(SAMPLE, run -> observe(run, state, source, receivers, queueBytes))
                .column("time_s", Run::atSec)
                .column("multicast_cumulative_Bps", r -> r.traffic(MULTICAST).mean(r.t0(), r.nowNs()))
                .column("single_receiver_mean_cumulative_Bps", r -> {
                    double sum = 0;
                    for (int i = 0; i < receivers.size(); i++) {
                        sum += r.traffic(background(i)).mean(r.t0(), r.nowNs());
                    }
                    return sum / receivers.size();
                })
                .progress(20 * S, r -> String.format(Locale.ROOT, "%s: multicast %s (3-s), representative %s", label,
                        LabProgress.kb(r.traffic(MULTICAST).rateOver(3 * S)),
                        state.representative.isEmpty() ? "-" : state.representative))
                .on(END, run -> {
                    run.note("monitors", OrmccLab.monitorTotals(run.network(), receivers, source, MULTICAST));
                    run.note("source", run.flow(source, MULTICAST).map(FlowStatus::extras).orElse(Map.of()));
                });
        RunRecord record = RunTemplate.run(ctx, plan);
        List<Double> background = new ArrayList<>();
        for (int i = 0; i < receivers.size(); i++) {
            background.add(record.traffic(background(i)).mean(record.phase(0)));
        }
        return new Result(receivers.size(), record.traffic(MULTICAST).mean(record.phase(0)),
                OrmccLab.mean(background), background, record.note("monitors"), record.note("source"),
                state.longestFullNs / 1e9, state.firstRepresentative, record.t0(), record.table());
    }

    /** Follows the representative (the first one, once out of slow start) and how long each last hop stays full. */
    private static void observe(Run run, State state, String source, List<String> receivers, long queueBytes) {
        long now = run.nowNs();
        state.nowNs = now;
        var flow = run.flow(source, MULTICAST);
        String representative = flow.flatMap(FlowStatus::limitingSite).orElse("");
        if (!representative.equals(state.representative)) {
            state.inOfficeSinceNs = representative.isEmpty() ? -1 : now;
        }
        state.representative = representative;
        if (state.firstRepresentative == null && !state.representative.isEmpty() && !flow.get().slowStart()) {
            state.firstRepresentative = state.representative;
        }
        for (String receiver : receivers) {
            if (run.network().linkBacklogBytes(source, receiver) >= FULL_QUEUE * queueBytes) {
                long since = state.fullSinceNs.computeIfAbsent(receiver, r -> now);
                state.longestFullNs = Math.max(state.longestFullNs, now - since);
            } else {
                state.fullSinceNs.remove(receiver);
            }
        }
    }

    /** @return the background group of the receiver at {@code index} (0-based): b1, b2, ... */
    static String background(int index) {
        return "b" + (index + 1);
    }

    /** @return the CSV file's labels and tables of runs, for {@link org.gcs.lab.LabReport#csv} */
    static List<SampleTable> tables(List<Result> results) {
        return results.stream().map(Result::table).toList();
    }

    /**
     * A chart of the runs' over-time average rates: for each, the multicast flow's (thick) and the single-receiver
     * flows' mean.
     *
     * @param runs each run's result by its label in the legend
     */
    static ChartWriter chart(String title, Map<String, Result> runs) {
        ChartWriter chart = ChartWriter.chart(title, "time (s)", "over-time average rate (KB/s, bytes on the wire)");
        runs.forEach((label, r) -> {
            double[] x = SampleTable.numbers(r.table().rows(), "time_s").stream().mapToDouble(Double::doubleValue)
                    .toArray();
            chart.series("multicast, " + label, x, kb(r, "multicast_cumulative_Bps"), 2.2f);
            chart.series("single-receiver mean, " + label, x, kb(r, "single_receiver_mean_cumulative_Bps"));
        });
        return chart;
    }

    private static double[] kb(Result r, String column) {
        return SampleTable.numbers(r.table().rows(), column).stream().mapToDouble(v -> v * 1e-3).toArray();
    }
}
