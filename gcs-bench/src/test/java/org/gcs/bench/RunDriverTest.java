package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The parent's side of a run against scripted nodes: phases, figures, and every way a run fails loudly. */
class RunDriverTest {
    private static final long W = 10;
    private static final long N = 100;
    private static final long FIRST_SEND_MICROS = 1_000_000_000L;

    private final List<String> progress = new CopyOnWriteArrayList<>();

    @Test
    void shouldComputeTheFiguresOfARunWhereEveryMemberGotEverything() throws Exception {
        RunPlan plan = plan(BenchSystem.RELAY2);
        ScriptedLauncher launcher = new ScriptedLauncher(plan);

        RunResult result = driver(launcher).run(plan, 1);

        assertThat(result.system()).isEqualTo(BenchSystem.RELAY2);
        assertThat(result.deliveredMessages()).isEqualTo(N);
        assertThat(result.durationMicros()).isEqualTo(500_000);
        assertThat(result.endToEndMessagesPerSec()).isEqualTo(200);
        assertThat(result.messagesPerSec()).isCloseTo((N - 1) / 0.499, within(1e-9));
        assertThat(result.megabytesPerSec()).isCloseTo((N - 1) / 0.499 * 1000 / 1e6, within(1e-9));
        assertThat(result.masters()).containsExactly("a1", "b1");
        assertThat(result.cpuMicrosPerMessage()).isEqualTo(4 * 1100.0 / N);
        assertThat(result.memory()).isEqualTo(new MemoryFigures(4 * 500_000.0 / N, 4 * 2, 4 * 3.0, 2.5));
        assertThat(launcher.commands).containsSubsequence("a1 connect", "b1 connect", "a2 connect", "a2 probe",
                "a2 go", "a1 stop");
        assertThat(launcher.closed).containsExactlyInAnyOrder("a1", "b1", "a2", "b2");
        assertThat(progress).anyMatch(l -> l.contains("4 nodes started"));
    }

    @Test
    void shouldMeasureThroughputFromEachReceiversFirstMeasuredDeliverySoThatAWarmUpBacklogDoesNotCount()
            throws Exception {
        RunPlan plan = plan(BenchSystem.RELAY2);
        ScriptedLauncher launcher = new ScriptedLauncher(plan);
        // the sender ran far ahead during the warm-up: the others deliver the first measured message 250 ms late
        launcher.deliveries.put("a2", new long[] {1_000, 200_000});
        for (String member : List.of("a1", "b1", "b2")) {
            launcher.deliveries.put(member, new long[] {250_000, 500_000});
        }

        RunResult result = driver(launcher).run(plan, 1);

        assertThat(result.endToEndMessagesPerSec()).isEqualTo(200);
        assertThat(result.messagesPerSec()).as("the slowest receiver's rate, 99 intervals in 250 ms")
                .isCloseTo((N - 1) / 0.25, within(1e-9));
    }

    @Test
    void shouldFailWhenAMemberDeliveredADuplicateOrOutOfOrder() {
        RunPlan plan = plan(BenchSystem.GCS);
        ScriptedLauncher launcher = new ScriptedLauncher(plan);
        launcher.finalCounts.put("b2", new long[] {W, N, 1, 2});

        assertThatThrownBy(() -> driver(launcher).run(plan, 1)).isInstanceOf(BenchFailure.class)
                .hasMessageContaining("delivery check FAILED for GCS (sender a2)")
                .hasMessageContaining("site-b/b2 delivered 1 duplicates, 2 out of per-sender order");
        assertThat(launcher.closed).hasSize(4);
    }

    @Test
    void shouldCheckThatEveryMemberOfATotalOrderSystemDeliveredTheSameSequence() throws Exception {
        for (BenchSystem system : List.of(BenchSystem.GCS_TOTAL, BenchSystem.JGROUPS_SEQUENCER)) {
            RunPlan plan = plan(Scenario.TOTAL_THROUGHPUT, system);

            RunResult result = driver(new ScriptedLauncher(plan)).run(plan, 1);

            assertThat(result.orderAgreedMembers()).as(system.id()).isEqualTo(4);
        }
        RunPlan fifo = plan(Scenario.TOTAL_THROUGHPUT, BenchSystem.GCS);
        assertThat(driver(new ScriptedLauncher(fifo)).run(fifo, 1).orderAgreedMembers()).isZero();
    }

    @Test
    void shouldLetTheSenderOfASettlingScenarioMeasureOnceEveryNodesJitIsQuiet() throws Exception {
        RunPlan plan = settlingPlan(BenchSystem.GCS_TOTAL);
        ScriptedLauncher launcher = new ScriptedLauncher(plan);
        launcher.warmup = plan.sender().warmupMessages() + 3_000;
        launcher.stillCompiling.add("b2");

        driver(launcher).run(plan, 1);

        assertThat(plan.sender().settles()).isTrue();
        assertThat(plan.nodes()).filteredOn(n -> !n.sender()).noneMatch(NodeSpec::settles);
        assertThat(launcher.commands).containsSubsequence("a2 go", "a1 settle", "a2 measure", "a2 stop");
        assertThat(launcher.commands).filteredOn(c -> c.endsWith(" settle")).hasSize(4);
        assertThat(launcher.commands.indexOf("a2 measure"))
                .isGreaterThan(launcher.commands.lastIndexOf("b2 settle"));
        assertThat(progress).anyMatch(line -> line.contains("JIT compilers quiet after")
                && line.contains("b2 4000 (still compiling)"));
    }

    @Test
    void shouldCheckTheWarmupAgainstTheLengthTheSettlingSenderReports() {
        RunPlan plan = settlingPlan(BenchSystem.GCS);
        ScriptedLauncher launcher = new ScriptedLauncher(plan);
        long planned = plan.sender().warmupMessages();
        launcher.warmup = planned + 3_000;
        launcher.finalCounts.put("b1", new long[] {planned, N, 0, 0}); // the planned warm-up only: 3 000 missing

        assertThatThrownBy(() -> driver(launcher).run(plan, 1)).isInstanceOf(BenchFailure.class)
                .hasMessageContaining(planned + " of " + (planned + 3_000) + " warm-up messages");
    }

    @Test
    void shouldNotSettleInOtherScenariosNorWithAnExplicitWarmup() throws Exception {
        for (RunPlan plan : List.of(plan(BenchSystem.GCS), plan(Scenario.TOTAL_THROUGHPUT, BenchSystem.GCS_TOTAL))) {
            ScriptedLauncher launcher = new ScriptedLauncher(plan);

            driver(launcher).run(plan, 1);

            assertThat(launcher.commands).noneMatch(c -> c.endsWith(" settle") || c.endsWith(" measure"));
        }
    }

    @Test
    void shouldFailWhenTheMembersOfATotalOrderSystemDeliveredDifferentSequences() {
        RunPlan plan = plan(Scenario.TOTAL_THROUGHPUT, BenchSystem.GCS_TOTAL);
        ScriptedLauncher launcher = new ScriptedLauncher(plan);
        launcher.orderHashes.put("b2", "badc0ffee");

        assertThatThrownBy(() -> driver(launcher).run(plan, 1)).isInstanceOf(BenchFailure.class)
                .hasMessageContaining("order agreement FAILED for GCS total order")
                .hasMessageContaining("2 different sequences").hasMessageContaining("badc0ffee=[b2]");
        assertThat(launcher.closed).hasSize(4);
    }

    @Test
    void shouldFailWhenAPositionOfATotalOrderSystemDidNotGrow() {
        RunPlan plan = plan(Scenario.TOTAL_THROUGHPUT, BenchSystem.GCS_TOTAL);
        ScriptedLauncher launcher = new ScriptedLauncher(plan);
        launcher.positionRegressions.put("a1", 3L);

        assertThatThrownBy(() -> driver(launcher).run(plan, 1)).isInstanceOf(BenchFailure.class)
                .hasMessageContaining("a1 delivered 3 messages at a position not above the previous one's");
    }

    @Test
    void shouldPutEveryJGroupsNodeOfATotalOrderScenarioInOneClusterJoiningOneByOne() {
        RunPlan plan = plan(Scenario.TOTAL_THROUGHPUT, BenchSystem.JGROUPS_SEQUENCER);

        assertThat(plan.nodes()).extracting(NodeSpec::mcastPort).containsOnly(plan.nodes().get(0).mcastPort());
        assertThat(plan.nodes()).extracting(n -> n.lanClusterName("x")).containsOnly(plan.nodes().get(0)
                .lanClusterName("x"));
        assertThat(plan.waves()).hasSize(4);
        assertThat(plan.expectedMasters()).isEmpty();
        assertThat(plan.sender().member()).isEqualTo("a2");
        RunPlan gcs = plan(Scenario.TOTAL_THROUGHPUT, BenchSystem.GCS_TOTAL);
        assertThat(gcs.expectedMasters()).containsExactly("a1", "b1");
        assertThat(gcs.nodes().stream().map(NodeSpec::mcastPort).distinct()).as("one LAN per site").hasSize(2);
    }

    @Test
    void shouldFailWhenAMemberMissedMessagesAndTheTrafficStalls() {
        RunPlan plan = plan(BenchSystem.GCS);
        ScriptedLauncher launcher = new ScriptedLauncher(plan);
        launcher.neverDone.add("b1");

        assertThatThrownBy(() -> driver(launcher).run(plan, 1)).isInstanceOf(BenchFailure.class)
                .hasMessageContaining("gcs run 1: no progress for 1 s")
                .hasMessageContaining("b1: @bench progress warmup=10 measured=99");
        assertThat(launcher.closed).hasSize(4);
    }

    @Test
    void shouldFailAtOnceWhenANodeReportsAnError() {
        RunPlan plan = plan(BenchSystem.GCS);
        ScriptedLauncher launcher = new ScriptedLauncher(plan);
        launcher.errorOnConnect.add("b2");

        assertThatThrownBy(() -> driver(launcher).run(plan, 1)).isInstanceOf(BenchFailure.class)
                .hasMessage("node b2 failed: cannot bind 127.0.0.1:7700");
    }

    @Test
    void shouldFailWhenTheSenderCarriesItsSitesTraffic() {
        RunPlan plan = plan(BenchSystem.GCS);
        ScriptedLauncher launcher = new ScriptedLauncher(plan);
        launcher.masters = List.of("a2", "b1");

        assertThatThrownBy(() -> driver(launcher).run(plan, 1)).isInstanceOf(BenchFailure.class)
                .hasMessageContaining("are [b1, a2], expected the oldest member of each site [a1, b1]");
    }

    private RunDriver driver(NodeLauncher launcher) {
        return new RunDriver(launcher, Duration.ofSeconds(1), progress::add);
    }

    private static RunPlan plan(BenchSystem system) {
        return plan(Scenario.CROSS_SITE_THROUGHPUT, system);
    }

    private static RunPlan plan(Scenario scenario, BenchSystem system) {
        BenchSettings settings = new BenchSettings(List.of(scenario), 1, W, -1, N, 1000, 2000,
                false, null, false, List.of(), Duration.ofSeconds(1), List.of(), List.of(), false, 0);
        return RunPlan.create(scenario, system, settings);
    }

    /** total-throughput with its default warm-up, which settles. */
    private static RunPlan settlingPlan(BenchSystem system) {
        BenchSettings settings = new BenchSettings(List.of(Scenario.TOTAL_THROUGHPUT), 1, -1, -1, N, 1000, 2000,
                false, null, false, List.of(), Duration.ofSeconds(1), List.of(), List.of(), false, 0);
        return RunPlan.create(Scenario.TOTAL_THROUGHPUT, system, settings);
    }

    /** Nodes that answer each command at once with the lines a real node would print. */
    private static final class ScriptedLauncher implements NodeLauncher {
        final List<String> commands = new CopyOnWriteArrayList<>();
        final List<String> closed = new CopyOnWriteArrayList<>();
        final Map<String, long[]> finalCounts = new LinkedHashMap<>();
        final List<String> neverDone = new ArrayList<>();
        final List<String> errorOnConnect = new ArrayList<>();
        /** Per member: its first and last measured delivery, microseconds after the first measured send. */
        final Map<String, long[]> deliveries = new LinkedHashMap<>();
        /** Per member, the hash of its delivered sequence when not the others' ({@code 5eed}). */
        final Map<String, String> orderHashes = new LinkedHashMap<>();
        final Map<String, Long> positionRegressions = new LinkedHashMap<>();
        final List<String> stillCompiling = new ArrayList<>();
        List<String> masters = List.of("a1", "b1");
        /** The warm-up the sender reports having sent (a settling sender's is longer than planned). */
        long warmup = W;
        private final RunPlan plan;
        private RunBoard board;

        ScriptedLauncher(RunPlan plan) {
            this.plan = plan;
        }

        @Override
        public RunningNode launch(NodeSpec spec, String label, RunBoard board) {
            this.board = board;
            board.add(spec.member(), NodeLine.of(NodeLine.STARTED));
            return new RunningNode() {
                @Override
                public String name() {
                    return spec.member();
                }

                @Override
                public void command(String line) {
                    commands.add(spec.member() + " " + line);
                    react(spec, line);
                }

                @Override
                public String state() {
                    return "scripted";
                }

                @Override
                public String diagnostics() {
                    return "no log";
                }

                @Override
                public void crash() {
                    commands.add(spec.member() + " crashed");
                    board.ended(spec.member());
                }

                @Override
                public void close() {
                    closed.add(spec.member());
                }
            };
        }

        private void react(NodeSpec spec, String command) {
            String me = spec.member();
            switch (command) {
                case "connect" -> {
                    if (errorOnConnect.contains(me)) {
                        board.add(me, NodeLine.withText(NodeLine.ERROR, "cannot bind 127.0.0.1:7700"));
                        return;
                    }
                    board.add(me, NodeLine.of(NodeLine.JOINED));
                    board.add(me, new NodeLine(NodeLine.READY, Map.of("master",
                            Boolean.toString(masters.contains(me)))));
                }
                case "probe" -> plan.receivers().forEach(r -> board.add(r.member(), NodeLine.of(NodeLine.PROBE_SEEN)));
                case "go" -> {
                    if (spec.settles()) {
                        board.add(me, new NodeLine(NodeLine.WARMED, Map.of("sent", Long.toString(W))));
                    } else {
                        sendAll(me);
                    }
                }
                case "settle" -> board.add(me, new NodeLine(NodeLine.SETTLED, Map.of("quiet",
                        Boolean.toString(!stillCompiling.contains(me)), "compileMillis", "4000")));
                case "measure" -> sendAll(me);
                case "stop" -> {
                    long[] c = finalCounts.getOrDefault(me, new long[] {warmup, N, 0, 0});
                    NodeLine last = counts(me, NodeLine.FINAL, c[0], c[1], c[2], c[3]);
                    Map<String, String> fields = new LinkedHashMap<>(last.fields());
                    fields.put("cpuMicros", "1100");
                    fields.put("allocatedBytes", "500000");
                    fields.put("gcCollections", "2");
                    fields.put("gcPausedMicros", "3000");
                    fields.put("gcLongestPauseMicros", me.equals("b2") ? "2500" : "1000");
                    board.add(me, new NodeLine(NodeLine.FINAL, fields));
                    board.ended(me);
                }
                default -> throw new IllegalArgumentException(command);
            }
        }

        private void sendAll(String me) {
            board.add(me, new NodeLine(NodeLine.SENT, Map.of("sent", Long.toString(warmup + N), "warmup",
                    Long.toString(warmup), "firstMeasuredMicros", Long.toString(FIRST_SEND_MICROS),
                    "sendRatePerSec", "250.0")));
            for (NodeSpec receiver : plan.receivers()) {
                if (neverDone.contains(receiver.member())) {
                    board.add(receiver.member(), counts(receiver.member(), NodeLine.PROGRESS, warmup, N - 1, 0, 0));
                } else {
                    board.add(receiver.member(), counts(receiver.member(), NodeLine.DONE, warmup, N, 0, 0));
                }
            }
        }

        private NodeLine counts(String member, String event, long warmup, long measured, long duplicates,
                                long outOfOrder) {
            long[] window = deliveries.getOrDefault(member, new long[] {1_000, 500_000});
            Map<String, String> fields = new LinkedHashMap<>();
            fields.put("warmup", Long.toString(warmup));
            fields.put("measured", Long.toString(measured));
            fields.put("duplicates", Long.toString(duplicates));
            fields.put("outOfOrder", Long.toString(outOfOrder));
            fields.put("firstMicros", Long.toString(FIRST_SEND_MICROS + window[0]));
            fields.put("lastMicros", Long.toString(FIRST_SEND_MICROS + window[1]));
            fields.put("sent", "0");
            fields.put("orderHash", orderHashes.getOrDefault(member, "5eed"));
            fields.put("positionRegressions", Long.toString(positionRegressions.getOrDefault(member, 0L)));
            return new NodeLine(event, fields);
        }
    }
}
