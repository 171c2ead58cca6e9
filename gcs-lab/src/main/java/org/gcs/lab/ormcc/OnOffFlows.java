package org.gcs.lab.ormcc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.gcs.lab.LabDriver;
import org.gcs.lab.Run;
import org.gcs.lab.RunPlan.Member;

/**
 * Responsive on/off background flows for the lab: single-receiver GCS flows, each greedy while ON and silent while
 * OFF, the ON and OFF periods drawn from a Pareto distribution (seed 002 §3.3.6 runs on/off TCP Reno flows with
 * Pareto periods of mean 60 s; ns-2's Pareto on/off source has shape 1.5, which this class uses). Each flow is a
 * group of two members named {@value #MEMBER}, one at each end of the link it loads; the flows run the congestion
 * control of the run, the stand-in for TCP of seed 002's own star experiments (its single-receiver background flows).
 * ON and OFF periods are drawn from one random stream seeded by the run's seed, so a run is repeatable.
 */
final class OnOffFlows {
    /** The member every background flow uses at its site. */
    static final String MEMBER = "bg";
    /** ns-2's default shape of its Pareto on/off source. */
    static final double PARETO_SHAPE = 1.5;

    /** One background flow: its group and the link it loads. */
    record Flow(String group, String fromSite, String toSite) {
    }

    private final List<Flow> flows;
    private final SplittableRandom random;
    private final double meanOnNs;
    private final double meanOffNs;
    private final int messageBytes;
    private final Map<Flow, LabDriver.LabSender> running = new LinkedHashMap<>();
    private final Map<Flow, Long> nextToggleNs = new LinkedHashMap<>();
    private long toggles;

    /**
     * @param flows the flows
     * @param seed the run's seed
     * @param meanOnNs the mean ON period
     * @param meanOffNs the mean OFF period
     * @param messageBytes payload bytes per message
     */
    OnOffFlows(List<Flow> flows, long seed, long meanOnNs, long meanOffNs, int messageBytes) {
        this.flows = List.copyOf(flows);
        this.random = new SplittableRandom(seed * 104_729 + 3);
        this.meanOnNs = meanOnNs;
        this.meanOffNs = meanOffNs;
        this.messageBytes = messageBytes;
    }

    /** @return the flows' groups and their members, for a run's plan */
    Map<String, List<Member>> groups() {
        Map<String, List<Member>> groups = new LinkedHashMap<>();
        for (Flow flow : flows) {
            groups.put(flow.group(), List.of(new Member(flow.fromSite(), MEMBER),
                    new Member(flow.toSite(), MEMBER)));
        }
        return groups;
    }

    /**
     * Starts the on/off cycle: each flow begins ON or OFF with probability ½, for a first period drawn like the rest.
     */
    void start(Run run) {
        for (Flow flow : flows) {
            boolean on = random.nextBoolean();
            if (on) {
                running.put(flow, greedy(run, flow));
            }
            nextToggleNs.put(flow, run.nowNs() + period(on));
        }
    }

    private LabDriver.LabSender greedy(Run run, Flow flow) {
        return run.driver().greedy(run.node(flow.fromSite(), MEMBER), flow.group(), messageBytes);
    }

    /** Switches the flows whose period has ended; call it as time passes. */
    void update(Run run) {
        for (Flow flow : flows) {
            while (nextToggleNs.get(flow) <= run.nowNs()) {
                LabDriver.LabSender sender = running.remove(flow);
                boolean on = sender == null;
                if (on) {
                    running.put(flow, greedy(run, flow));
                } else {
                    sender.stop();
                }
                toggles++;
                nextToggleNs.put(flow, nextToggleNs.get(flow) + period(on));
            }
        }
    }

    /** Stops every flow that is ON. */
    void stop() {
        running.values().forEach(LabDriver.LabSender::stop);
        running.clear();
    }

    /** @return how many flows are ON now */
    int on() {
        return running.size();
    }

    /** @return the ON/OFF switches so far */
    long toggles() {
        return toggles;
    }

    /** @return the flows */
    List<Flow> flows() {
        return flows;
    }

    /**
     * A Pareto period of the given mean: scale x_m = mean·(a − 1)/a, value x_m / U^(1/a) for U uniform in (0, 1].
     */
    private long period(boolean on) {
        double mean = on ? meanOnNs : meanOffNs;
        double scale = mean * (PARETO_SHAPE - 1) / PARETO_SHAPE;
        double u = 1.0 - random.nextDouble();
        return Math.max(1, Math.round(scale / Math.pow(u, 1 / PARETO_SHAPE)));
    }

    /** @return {@code perEdge} flows on each tree edge, parent to child, named {@code bg-<parent>-<child>-<k>} */
    static List<Flow> onTreeEdges(List<org.gcs.emulator.TreeEdge> tree, int perEdge) {
        List<Flow> flows = new ArrayList<>();
        for (org.gcs.emulator.TreeEdge edge : tree) {
            for (int k = 1; k <= perEdge; k++) {
                flows.add(new Flow("bg-" + edge.parent() + "-" + edge.child() + "-" + k, edge.parent(), edge.child()));
            }
        }
        return flows;
    }
}
