package org.gcs.sim.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gcs.sim.order.TotalOrderHarness.MS;
import static org.gcs.sim.order.TotalOrderHarness.S;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.LossProfile;
import org.gcs.emulator.Topology;
import org.gcs.order.OrderChecker;
import org.gcs.sim.SimNetwork;
import org.gcs.sim.SimNode;
import org.gcs.sim.SimOptions;
import org.junit.jupiter.api.Test;

/**
 * Total order under randomized faults, in virtual time: each run draws 3 to 8 sites with one or two members, WAN
 * links of 5 to 80 ms with up to 20 % loss, traffic from every member, and faults during it (crashes, hangs,
 * partitions and their heal, members joining and leaving); {@link OrderChecker} then checks every member's delivery
 * log. {@code -Dgcs.total.runs=N} sets the number of runs (500 in CI; docs/testing.md gives the 10 000-run command),
 * {@code -Dgcs.total.first=K} the first seed. Any violation fails the test; so do runs whose members present do not
 * converge within 300 virtual seconds after the heal, beyond 1 % of the runs (some combinations of a hang or a
 * partition with a join still stall: docs/architecture.md §12).
 */
class SimTotalOrderRandomTest {
    private static final int RUNS = Integer.getInteger("gcs.total.runs", 500);
    private static final long FIRST = Long.getLong("gcs.total.first", 1);

    @Test
    void shouldFindNoViolationInRandomizedRuns() {
        List<String> failures = new ArrayList<>();
        List<String> violations = new ArrayList<>();
        List<String> stalledRuns = new ArrayList<>();
        long events = 0;
        long statesChecked = 0;
        int stalled = 0;
        int blockedRuns = 0;
        long started = System.nanoTime();
        for (long seed = FIRST; seed < FIRST + RUNS; seed++) {
            Run run = new Run(seed);
            OrderChecker.Result result;
            try {
                result = run.execute();
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + " (" + run.faults + ")", e);
            }
            events += result.events();
            statesChecked += run.statesReceived;
            if (!result.ok()) {
                failures.add("seed " + seed + " (" + run.faults + "): " + result.problems());
                violations.add("seed " + seed + " (" + run.faults + "): " + result.problems());
            }
            if (!run.converged && run.blocked) {
                blockedRuns++;
            } else if (!run.converged) {
                stalled++;
                stalledRuns.add("seed " + seed + " (" + run.faults + ")");
                failures.add("seed " + seed + " (" + run.faults + "): the members present did not converge: "
                        + run.convergence);
            }
            if ((seed - FIRST + 1) % 100 == 0) {
                System.out.printf("total order: %d runs, %d events, %d failures, %.1f s%n", seed - FIRST + 1, events,
                        failures.size(), (System.nanoTime() - started) / 1e9);
            }
        }
        System.out.printf("total order: %d runs checked, %d events, %d state transfers, %d violations, %d did not"
                + " converge %s; %d runs ended blocked (a majority of a view lost for good)%n", RUNS, events,
                statesChecked, violations.size(), stalled, stalledRuns, blockedRuns);
        failures.forEach(f -> System.out.println("  " + f));
        assertThat(violations).as("runs whose delivery logs break a guarantee").isEmpty();
        assertThat(stalled).as("runs whose members present did not converge, at most 1 %% of " + RUNS + ": "
                + stalledRuns).isLessThanOrEqualTo(RUNS / 100);
    }

    /**
     * The seeds beyond the first 500 that once broke a guarantee, run on every build: 6191 (a provider that joined
     * again served a request parked by its old incarnation, from a state it no longer had whole). Seed 449 (a double
     * partition) is checked for violations too; whether its members converge depends on timing (it is one of the
     * stalls docs/architecture.md §12 describes).
     */
    @Test
    void shouldPassTheSeedsThatOnceFailed() {
        for (long seed : new long[] {449, 6191}) {
            Run run = new Run(seed);
            OrderChecker.Result result = run.execute();
            assertThat(result.problems()).as("seed " + seed + " (" + run.faults + ")").isEmpty();
        }
    }

    /** One randomized run. */
    private static final class Run {
        private final SplittableRandom random;
        private final long seed;
        private final List<String> sites = new ArrayList<>();
        private long statesReceived;
        final List<String> faults = new ArrayList<>();
        boolean converged;
        boolean blocked;
        String convergence = "";

        Run(long seed) {
            this.seed = seed;
            this.random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L);
        }

        OrderChecker.Result execute() {
            int siteCount = 3 + random.nextInt(6);
            org.gcs.emulator.TopologyBuilder topology = Topology.builder("random" + seed);
            for (int i = 0; i < siteCount; i++) {
                sites.add("s" + i);
                topology.site("s" + i);
            }
            double maxLoss = random.nextInt(4) == 0 ? 0.20 : 0.05;
            // TFRC allows about 2 KB/s per site at 10-20 % loss: offer less there, so that the run can drain
            int sendOneIn = maxLoss > 0.1 ? 8 : 2;
            List<LinkProfile> links = new ArrayList<>();
            for (int i = 0; i < siteCount; i++) {
                for (int j = i + 1; j < siteCount; j++) {
                    LinkProfile link = link(5 + random.nextInt(76), random.nextDouble() * maxLoss);
                    links.add(link);
                    topology.bidirectionalLink(sites.get(i), sites.get(j), link);
                }
            }
            TotalOrderHarness h = new TotalOrderHarness(new SimNetwork(topology.build(),
                    SimOptions.defaults().withSeed(seed)));
            for (String site : sites) {
                int perSite = siteCount <= 4 ? 1 + random.nextInt(2) : 1;
                for (int m = 1; m <= perSite; m++) {
                    h.start(site, site + "m" + m);
                }
            }
            h.net.runUntil(() -> h.nodes.stream().allMatch(n -> h.viewSize(n) == h.nodes.size()), 20 * S);
            int rounds = 120;
            int faultCount = 1 + random.nextInt(3);
            List<Integer> faultRounds = new ArrayList<>();
            for (int f = 0; f < faultCount; f++) {
                faultRounds.add(random.nextInt(rounds));
            }
            List<Runnable> heals = new ArrayList<>();
            for (int k = 0; k < rounds; k++) {
                for (int f = 0; f < faultRounds.size(); f++) {
                    if (faultRounds.get(f) == k) {
                        fault(h, heals);
                    }
                }
                for (SimNode node : h.active()) {
                    if (random.nextInt(sendOneIn) == 0) {
                        h.send(node);
                    }
                }
                h.net.runFor(20 * MS);
            }
            h.net.runFor((1 + random.nextInt(5)) * S);
            heals.forEach(Runnable::run);
            converged = h.net.runUntil(() -> converged(h), 300 * S);
            blocked = h.active().stream().anyMatch(n -> h.members.get(n).blocked(TotalOrderHarness.G));
            convergence = h.active().stream().map(n -> n.id() + "@" + lastPosition(h, n)).toList().toString();
            if (!converged && Boolean.getBoolean("gcs.total.describe")) {
                h.active().forEach(n -> System.out.println("  " + h.members.get(n).describe(TotalOrderHarness.G)
                        + " waiting " + n.waitingBytes() + " unstable " + n.unstableBytes() + " window "
                        + n.sendWindowBytes() + " delegate " + n.isDelegate() + " flows " + n.flows() + " raw "
                        + n.view(TotalOrderHarness.G).map(v -> v.size()).orElse(-1)));
            }
            if (Boolean.getBoolean("gcs.total.trace")) {
                h.logs.forEach((node, log) -> {
                    var incarnations = log.incarnations();
                    for (int i = 0; i < incarnations.size(); i++) {
                        var events = incarnations.get(i);
                        StringBuilder line = new StringBuilder("  " + node.id() + " #" + i + " lineage "
                                + Long.toHexString(log.lineages().get(i)) + ":");
                        for (var e : events) {
                            if (e.isView()) {
                                line.append(" [view ").append(e.seq()).append(" @").append(e.position()).append(']');
                            }
                        }
                        if (!events.isEmpty()) {
                            line.append(" last @").append(events.get(events.size() - 1).position());
                        }
                        System.out.println(line);
                    }
                });
            }
            statesReceived = h.statesReceived();
            return h.check();
        }

        private void fault(TotalOrderHarness h, List<Runnable> heals) {
            List<SimNode> active = h.active();
            int kind = random.nextInt(5);
            if (active.size() <= 2) {
                kind = 4;
            }
            SimNode victim = active.get(random.nextInt(active.size()));
            switch (kind) {
                case 0 -> {
                    faults.add("crash " + victim.id());
                    h.net.crash(victim);
                }
                case 1 -> {
                    faults.add("hang " + victim.id());
                    h.pause(victim);
                    heals.add(() -> h.resume(victim));
                }
                case 2 -> {
                    List<String> side = new ArrayList<>();
                    for (String site : sites) {
                        if (random.nextInt(2) == 0) {
                            side.add(site);
                        }
                    }
                    faults.add("partition " + side);
                    java.util.Set<String> cut = java.util.Set.copyOf(side);
                    h.net.setWanFilter((from, to, packet) -> cut.contains(from) == cut.contains(to));
                    heals.add(() -> h.net.setWanFilter((from, to, packet) -> true));
                }
                case 3 -> {
                    faults.add("leave " + victim.id());
                    h.leave(victim);
                }
                default -> {
                    String site = sites.get(random.nextInt(sites.size()));
                    String name = site + "j" + h.nodes.size();
                    faults.add("join " + site + "/" + name);
                    h.start(site, name);
                }
            }
        }

        /** Every member present delivered up to the same position, and holds a view. */
        private static boolean converged(TotalOrderHarness h) {
            long position = -1;
            for (SimNode node : h.active()) {
                long last = lastPosition(h, node);
                if (last < 0 || position >= 0 && last != position) {
                    return false;
                }
                position = last;
            }
            return true;
        }

        /** @return the last position the node's current incarnation holds: delivered, or in the state it received */
        private static long lastPosition(TotalOrderHarness h, SimNode node) {
            var log = h.logs.get(node);
            var incarnations = log.incarnations();
            var last = incarnations.get(incarnations.size() - 1);
            var state = log.states().get(incarnations.size() - 1);
            long delivered = last.isEmpty() ? -1 : last.get(last.size() - 1).position();
            return state == null ? delivered : Math.max(delivered, state.position());
        }

        private static LinkProfile link(long delayMs, double loss) {
            return LinkProfile.IDEAL.withOneWayDelayNs(delayMs * MS).withLoss(LossProfile.bernoulli(loss))
                    .withBandwidthBitsPerSec(10_000_000L).withQueueBytes(256 * 1024);
        }
    }
}
