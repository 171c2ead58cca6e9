package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.gcs.tools.netns.LossModel;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The WAN scenarios' plans, counts and options, without building a network (no root needed). */
class WanPlanTest {
    private static final List<String> NAMESPACES = List.of("ns-1", "ns-2", "ns-3");
    private static final List<String> ADDRESSES = List.of("10.77.1.2", "10.77.2.2", "10.77.3.2");
    private static final WanPoint POINT = new WanPoint(100, "0.5", LossModel.random(0.005));

    @Test
    void shouldPutEveryNodeInItsSiteAndSeedTheOtherSitesAddresses() {
        RunPlan plan = RunPlan.create(Scenario.WAN_THROUGHPUT, BenchSystem.GCS, settings(), POINT, NAMESPACES,
                ADDRESSES);

        assertThat(plan.nodes()).extracting(NodeSpec::member).containsExactly("a1", "b1", "c1", "a2", "b2", "c2");
        assertThat(plan.sender().member()).isEqualTo("a2");
        assertThat(plan.expectedMasters()).containsExactly("a1", "b1", "c1");
        NodeSpec b2 = plan.nodes().get(4);
        assertThat(b2.namespace()).isEqualTo("ns-2");
        assertThat(b2.hostAddress()).isEqualTo("10.77.2.2");
        assertThat(b2.seedAddresses()).hasSize(4).allMatch(s -> s.startsWith("10.77.1.2:")
                || s.startsWith("10.77.3.2:"));
        assertThat(new GcsEndpoint(b2).properties().getProperty("wan.bind")).isEqualTo("10.77.2.2:" + b2.wanPort());
        assertThat(new GcsEndpoint(b2).properties().getProperty("max.datagram.bytes")).isNull();
        assertThat(b2.measuredMessages()).isEqualTo(WanWorkload.measured(Scenario.WAN_THROUGHPUT, POINT, 1000,
                WanWorkload.LATENCY_RATE_PER_SEC));
        assertThat(b2.ratePerSec()).isZero();
    }

    @Test
    void shouldScaleTheFanOutToTheStarsBoundAndKeepTheFailoversOwnCountsAndRate() {
        List<String> five = List.of("ns-1", "ns-2", "ns-3", "ns-4", "ns-5");
        List<String> addresses = List.of("10.77.1.2", "10.77.2.2", "10.77.3.2", "10.77.4.2", "10.77.5.2");
        WanPoint lossless = new WanPoint(20, "0", LossModel.NONE);
        RunPlan fanout = RunPlan.create(Scenario.WAN_FANOUT, BenchSystem.RELAY2, settings(), lossless, five,
                addresses);

        assertThat(fanout.nodes()).extracting(NodeSpec::member).containsExactly("a1", "b1", "c1", "d1", "e1");
        assertThat(fanout.sender().member()).isEqualTo("a1");
        // 10 Mbit/s over 4 copies = 312.5 KB/s = 312.5 msg/s of 1000 bytes, for 20 s; with loss, one TCP flow's if
        // less, and at least 50 loss episodes: at 100 ms and 0.5 % Mathis' 249.9 KB/s for 20 s are 4997 messages,
        // 25 losses, so the 50 losses' 10 000 decide
        assertThat(fanout.sender().measuredMessages()).isEqualTo(6250);
        assertThat(RunPlan.create(Scenario.WAN_FANOUT, BenchSystem.RELAY2, settings(), POINT, five, addresses)
                .sender().measuredMessages()).isEqualTo(10_000);
        assertThat(Scenario.WAN_FANOUT.firstPointOnly()).isTrue();
        assertThat(Scenario.WAN_THROUGHPUT.firstPointOnly()).isFalse();

        NodeSpec sender = RunPlan.create(Scenario.WAN_FAILOVER, BenchSystem.GCS, settings(), POINT, NAMESPACES,
                ADDRESSES).sender();
        assertThat(sender.measuredMessages()).isEqualTo(Scenario.WAN_FAILOVER.defaultMeasuredMessages());
        assertThat(sender.ratePerSec()).isEqualTo(2000);
    }

    @Test
    void outageRunsAtTheLatencyLoadCutsTheLastSiteAndKeepsItInGcsThroughTheOutage() {
        RunPlan gcs = RunPlan.create(Scenario.WAN_OUTAGE, BenchSystem.GCS, settings(), POINT, NAMESPACES, ADDRESSES);

        // 20 msg/s: 5 s of warm-up, 30 s measured (5 before the cut, 10 cut, 15 after)
        assertThat(gcs.sender().warmupMessages()).isEqualTo(100);
        assertThat(gcs.sender().measuredMessages()).isEqualTo(600);
        assertThat(gcs.sender().ratePerSec()).isEqualTo(WanWorkload.LATENCY_RATE_PER_SEC);
        assertThat(gcs.outageSite()).contains(2);
        assertThat(gcs.countsFaults()).isTrue();
        assertThat(gcs.victim()).isEmpty();
        assertThat(gcs.receivers()).hasSize(6);
        assertThat(gcs.sender().gcsSettings()).contains("site.timeout=30s");
        assertThat(RunPlan.create(Scenario.WAN_OUTAGE, BenchSystem.RELAY2, settings(), POINT, NAMESPACES, ADDRESSES)
                .sender().gcsSettings()).isEmpty();
        RunPlan latency = RunPlan.create(Scenario.WAN_LATENCY, BenchSystem.GCS, settings(), POINT, NAMESPACES,
                ADDRESSES);
        assertThat(latency.outageSite()).isEmpty();
        assertThat(latency.countsFaults()).isFalse();
        assertThat(latency.sender().gcsSettings()).doesNotContain("site.timeout=30s");
    }

    @Test
    void latencyWarmsTheJitUpFiftySecondsPacedAndWithoutLossUnpacedAndBriskFirst() {
        WanPoint lossless = new WanPoint(100, "0", LossModel.NONE);
        NodeSpec sender = RunPlan.create(Scenario.WAN_LATENCY, BenchSystem.GCS, settings(), lossless, NAMESPACES,
                ADDRESSES).sender();
        // 50 Mbit/s is 6 250 msg/s of 1000 bytes, above the 4 000 msg/s cap: 5 s of it unpaced, then 6 000 at
        // 300 msg/s, then 50 s at 20 msg/s
        assertThat(sender.unpacedWarmupMessages()).isEqualTo(20_000);
        assertThat(sender.briskWarmupMessages()).isEqualTo(6_000);
        assertThat(sender.warmupMessages()).isEqualTo(20_000 + 6_000 + 1000);
        assertThat(sender.ratePerSec()).isEqualTo(WanWorkload.LATENCY_RATE_PER_SEC);
        // with loss no unpaced warm-up (too few to matter to the JIT, and a burst a TCP bridge took up to 10 s to
        // deliver), and the same 50 s paced
        NodeSpec lossy = RunPlan.create(Scenario.WAN_LATENCY, BenchSystem.RELAY2, settings(), POINT, NAMESPACES,
                ADDRESSES).sender();
        assertThat(lossy.unpacedWarmupMessages()).isZero();
        assertThat(lossy.briskWarmupMessages()).isZero();
        assertThat(lossy.warmupMessages()).isEqualTo(1000);
        assertThat(settings().unpacedWarmupFor(Scenario.WAN_LATENCY, lossless)).isEqualTo(20_000);
        assertThat(RunPlan.create(Scenario.WAN_OUTAGE, BenchSystem.GCS, settings(), lossless, NAMESPACES, ADDRESSES)
                .sender()).extracting(NodeSpec::unpacedWarmupMessages, NodeSpec::briskWarmupMessages)
                .containsExactly(0L, 0L);
        assertThat(RunPlan.create(Scenario.WAN_THROUGHPUT, BenchSystem.GCS, settings(), lossless, NAMESPACES,
                ADDRESSES).sender().unpacedWarmupMessages()).isZero();

        BenchSettings explicit = new BenchSettings(List.of(Scenario.WAN_LATENCY), 1, -1, 300, -1, 1000, 2000, false,
                null, false, List.of(), java.time.Duration.ofSeconds(30), List.of(), List.of(), false, 256);
        NodeSpec asked = RunPlan.create(Scenario.WAN_LATENCY, BenchSystem.GCS, explicit, lossless, NAMESPACES,
                ADDRESSES).sender();
        assertThat(asked.unpacedWarmupMessages()).isEqualTo(300);
        assertThat(asked.warmupMessages()).isEqualTo(300 + 6_000 + 1000);
    }

    @Test
    void shouldTravelToTheChildWithTheAddressesButNotTheNamespace() {
        for (BenchSystem system : Scenario.WAN_LATENCY.systems()) {
            RunPlan plan = RunPlan.create(Scenario.WAN_LATENCY, system, settings(), POINT, NAMESPACES, ADDRESSES);
            for (NodeSpec spec : plan.nodes()) {
                BenchNodeCommand command = new BenchNodeCommand();
                new CommandLine(command).parseArgs(spec.toArgs().toArray(String[]::new));
                NodeSpec back = command.nodeSpec();

                assertThat(back.siteAddresses()).isEqualTo(ADDRESSES);
                assertThat(back.namespace()).isEmpty();
                assertThat(back.gcsSettings()).isEqualTo(spec.gcsSettings());
                assertThat(back.ratePerSec()).isEqualTo(WanWorkload.LATENCY_RATE_PER_SEC);
                assertThat(new ChildJvmLauncher(List.of(), null, 1).command(spec, "x")).contains("netns", "exec",
                        spec.namespace());
            }
        }
    }

    @Test
    void shouldSetTheHopByHopTransportAndBindRelayBridgesToTheSiteAddresses() {
        NodeSpec hop = RunPlan.create(Scenario.WAN_THROUGHPUT, BenchSystem.GCS_HOP_BY_HOP, settings(), POINT,
                NAMESPACES, ADDRESSES).nodes().get(0);
        assertThat(hop.gcsSettings()).contains("wan.transport=hop-by-hop");
        assertThat(new GcsEndpoint(hop).config().toString()).isNotEmpty();
        NodeSpec relay = RunPlan.create(Scenario.WAN_THROUGHPUT, BenchSystem.RELAY3, settings(), POINT, NAMESPACES,
                ADDRESSES).nodes().get(2);
        assertThat(relay.siteAddress(relay.siteIndex())).isEqualTo("10.77.3.2");
    }

    @Test
    void shouldScaleCountsSoThatSlowPointsStayShortYetMeetEnoughLosses() {
        WanPoint worst = new WanPoint(200, "2", LossModel.random(0.02));
        WanPoint lossless = new WanPoint(20, "0", LossModel.NONE);
        WanPoint bursty = new WanPoint(200, "ge", LossModel.GILBERT_ELLIOTT_1_PERCENT);
        WanPoint nearLossy = new WanPoint(20, "0.5", LossModel.random(0.005));

        // one TCP flow at 200 ms and 2 %: ~62 KB/s, ~62 msg/s of 1000 bytes, so 20 s of it are ~1250 messages with
        // 25 losses: the 50 loss episodes' 2500 messages (40 s) decide
        assertThat(WanWorkload.measured(Scenario.WAN_THROUGHPUT, worst, 1000, 20))
                .isEqualTo(Math.round(WanWorkload.MEASURED_LOSS_EPISODES / 0.02));
        // bursty: an episode in 250 packets, so 12 500 messages, where 20 s of Mathis' 88 msg/s are ~1770
        assertThat(WanWorkload.measured(Scenario.WAN_THROUGHPUT, bursty, 1000, 20)).isBetween(12_400L, 12_600L);
        assertThat(WanWorkload.measured(Scenario.WAN_FANOUT, bursty, 1000, 20)).isBetween(12_400L, 12_600L);
        // at 20 ms and 0.5 % the 20 s hold more than 50 losses (~1260 msg/s, 25 000 messages, 126 losses)
        assertThat(WanWorkload.measured(Scenario.WAN_THROUGHPUT, nearLossy, 1000, 20))
                .isEqualTo(Math.round(WanWorkload.estimatedRatePerSec(Scenario.WAN_THROUGHPUT, nearLossy, 1000)
                        * WanWorkload.MEASURED_SECONDS));
        assertThat(WanWorkload.measured(Scenario.WAN_THROUGHPUT, lossless, 1000, 20))
                .isEqualTo(Math.round(WanWorkload.MAX_THROUGHPUT_PER_SEC * WanWorkload.MEASURED_SECONDS));
        assertThat(WanWorkload.measured(Scenario.WAN_LATENCY, worst, 1000, 20))
                .isEqualTo(20 * WanWorkload.MEASURED_SECONDS);
        assertThat(WanGrid.DEFAULT.points()).hasSize(12);
        assertThat(WanGrid.lossModel("ge")).isEqualTo(LossModel.GILBERT_ELLIOTT_1_PERCENT);
    }

    @Test
    void fairnessPhasesGrowWithTheRttSoThatTheLossHistoryFormsAndEpochsFit() {
        WanPoint near = new WanPoint(20, "0", LossModel.NONE, 1, "reno");
        WanPoint far = new WanPoint(200, "0", LossModel.NONE, 1, "reno");
        // a fair share of 10 Mbit/s against one flow: 625 000 bytes/s, 625 messages of 1000 bytes per second
        assertThat(WanWorkload.measured(Scenario.WAN_FAIRNESS, near, 1000, 20)).isEqualTo(625L * 20);
        assertThat(WanWorkload.warmup(Scenario.WAN_FAIRNESS, near, 1000, 20)).isEqualTo(625L * 6);
        // 200 RTTs measured and 300 RTTs of warm-up at 200 ms: 40 s and 60 s
        assertThat(WanWorkload.measured(Scenario.WAN_FAIRNESS, far, 1000, 20)).isEqualTo(625L * 40);
        assertThat(WanWorkload.warmup(Scenario.WAN_FAIRNESS, far, 1000, 20)).isEqualTo(625L * 60);
    }

    @Test
    void shouldNameTheOptionOfABadGrid() {
        assertThat(usageError("wan-throughput", "--loss", "0.5,lots")).contains("--loss").contains("'lots'");
        assertThat(usageError("wan-throughput", "--rtt-ms", "-5")).contains("--rtt-ms");
        assertThat(usageError("wan-latency", "--in-process")).contains("--in-process");
    }

    @Test
    void shouldLeaveTheWanScenariosOutOfAll() {
        BenchCommand command = new BenchCommand();
        new CommandLine(command).parseArgs("all");
        assertThat(command.settings().scenarios()).noneMatch(Scenario::wan);
    }

    private static String usageError(String... args) {
        StringWriter err = new StringWriter();
        CommandLine line = new CommandLine(new BenchCommand());
        line.setErr(new PrintWriter(err));
        int code = line.execute(args);
        assertThat(code).isEqualTo(2);
        return err.toString();
    }

    private static BenchSettings settings() {
        return new BenchSettings(List.of(Scenario.values()), 1, -1, -1, -1, 1000, 2000, false, null, false, List.of(),
                java.time.Duration.ofSeconds(30), List.of(), List.of(), false, 256);
    }
}
