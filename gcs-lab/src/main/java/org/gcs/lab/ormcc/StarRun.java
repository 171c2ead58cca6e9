package org.gcs.lab.ormcc;

import static org.gcs.lab.ormcc.OrmccLab.S;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.gcs.FlowStatus;
import org.gcs.emulator.Topology;
import org.gcs.lab.GroupStart.Member;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabDriver;
import org.gcs.lab.LabProgress;
import org.gcs.lab.RateTrack;
import org.gcs.lab.VirtualDriver;
import org.gcs.sim.SimNetwork;
import org.gcs.sim.WanFilter;

/**
 * One run of the star experiments of seed 002 in the ROSS setting (thesis §3.3.1–3.3.5; spec O2/O3/O4/O7/O8): the
 * source site S sends a multicast group {@value #MULTICAST} to every receiving site R1..Rn, and on each last hop, the
 * only bottleneck, one single-receiver flow (group {@code b<i>} from S to R<i>) competes with it: the thesis's
 * background flows. Every flow is greedy. What a run measures: every flow's rate, the multicast flow's representative
 * over time, the receivers' congestion-indication counters for the multicast flow, and how long each last hop's queue
 * stays nearly full.
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
                  Map<String, Double> sourceState, double longestFullQueueSec, String firstRepresentative,
                  double firstRepresentativeAtSec, List<Double> multicastCumulative, List<Double> backgroundCumulative,
                  List<Double> timesSec) {
        double multicastOverBackground() {
            return multicastBytesPerSec / backgroundMeanBytesPerSec;
        }
    }

    /** The state a filter may read: the run's time and the multicast flow's representative. */
    static final class State {
        long nowNs;
        String representative = "";
        String firstRepresentative;
        long firstRepresentativeNs = -1;
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
                      java.util.function.Function<State, WanFilter> filter, String label)
            throws InterruptedException {
        String source = OrmccLab.root(topology, scenario);
        List<String> receivers = OrmccLab.receivers(topology, source);
        LabProgress progress = ctx.progress();
        State state = new State();
        try (LabDriver driver = ctx.openDriver(topology, OrmccLab.THESIS_SETTINGS)) {
            VirtualDriver virtual = OrmccLab.virtual(driver, scenario);
            SimNetwork net = virtual.network();
            Map<String, List<Member>> groups = new LinkedHashMap<>();
            List<Member> multicast = new ArrayList<>();
            multicast.add(new Member(source, "src-" + MULTICAST));
            receivers.forEach(r -> multicast.add(new Member(r, "rcv")));
            groups.put(MULTICAST, multicast);
            for (int i = 0; i < receivers.size(); i++) {
                groups.put(background(i), List.of(new Member(source, "src-" + background(i)),
                        new Member(receivers.get(i), "rcv")));
            }
            Map<String, LabDriver.LabNode> nodes = OrmccLab.startAndSettle(driver, groups, progress);
            if (filter != null) {
                net.setWanFilter(filter.apply(state));
            }
            long t0 = driver.nowNs();
            Map<String, LabDriver.LabSender> senders = new LinkedHashMap<>();
            Map<String, RateTrack> tracks = new LinkedHashMap<>();
            for (String group : groups.keySet()) {
                senders.put(group, driver.greedy(nodes.get(source + "/src-" + group), group, OrmccLab.MESSAGE_BYTES));
                RateTrack track = new RateTrack();
                track.add(t0, 0);
                tracks.put(group, track);
            }
            progress.at(0, String.format(Locale.ROOT, "%s: %d receivers, a multicast flow and %d single-receiver flows"
                    + " for %.0f s", label, receivers.size(), receivers.size(), runNs / 1e9));
            Map<String, Long> fullSinceNs = new LinkedHashMap<>();
            long[] longestFullNs = {0};
            long queueBytes = topology.link(source, receivers.get(0)).orElseThrow().queueBytes();
            List<Double> times = new ArrayList<>();
            List<Double> multicastCumulative = new ArrayList<>();
            List<Double> backgroundCumulative = new ArrayList<>();
            long[] nextProgress = {t0 + 20 * S};
            driver.sampleFor(runNs, OrmccLab.SAMPLE_NS, now -> {
                state.nowNs = now;
                Optional<FlowStatus> flow = driver.flow(source, MULTICAST);
                state.representative = flow.flatMap(FlowStatus::limitingSite).orElse("");
                if (state.firstRepresentative == null && !state.representative.isEmpty()
                        && !flow.get().slowStart()) {
                    state.firstRepresentative = state.representative;
                    state.firstRepresentativeNs = now;
                }
                double backgroundSum = 0;
                for (Map.Entry<String, RateTrack> e : tracks.entrySet()) {
                    e.getValue().add(now, senders.get(e.getKey()).admittedWireBytes());
                    if (!e.getKey().equals(MULTICAST)) {
                        backgroundSum += e.getValue().meanBetween(t0, now);
                    }
                }
                times.add((now - t0) / 1e9);
                multicastCumulative.add(tracks.get(MULTICAST).meanBetween(t0, now));
                backgroundCumulative.add(backgroundSum / receivers.size());
                for (String receiver : receivers) {
                    boolean full = net.linkBacklogBytes(source, receiver) >= FULL_QUEUE * queueBytes;
                    if (full) {
                        long since = fullSinceNs.computeIfAbsent(receiver, r -> now);
                        longestFullNs[0] = Math.max(longestFullNs[0], now - since);
                    } else {
                        fullSinceNs.remove(receiver);
                    }
                }
                if (now >= nextProgress[0]) {
                    nextProgress[0] += 20 * S;
                    progress.at((now - t0) / 1e9, String.format(Locale.ROOT, "%s: multicast %s (3-s), representative %s",
                            label, LabProgress.kb(tracks.get(MULTICAST).rateOver(3 * S)),
                            state.representative.isEmpty() ? "-" : state.representative));
                }
            });
            senders.values().forEach(LabDriver.LabSender::stop);
            List<Double> background = new ArrayList<>();
            for (int i = 0; i < receivers.size(); i++) {
                background.add(tracks.get(background(i)).meanBetween(t0 + measureFromNs, t0 + runNs));
            }
            return new Result(receivers.size(), tracks.get(MULTICAST).meanBetween(t0 + measureFromNs, t0 + runNs),
                    OrmccLab.mean(background), background,
                    OrmccLab.monitorTotals(net, receivers, source, MULTICAST),
                    driver.flow(source, MULTICAST).map(FlowStatus::extras).orElse(Map.of()), longestFullNs[0] / 1e9,
                    state.firstRepresentative,
                    state.firstRepresentativeNs < 0 ? Double.NaN : (state.firstRepresentativeNs - t0) / 1e9,
                    multicastCumulative, backgroundCumulative, times);
        }
    }

    /** @return the background group of the receiver at {@code index} (0-based): b1, b2, ... */
    static String background(int index) {
        return "b" + (index + 1);
    }
}
