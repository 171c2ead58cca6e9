package org.gcs.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import picocli.CommandLine;

class NodeSpecTest {

    @ParameterizedTest
    @EnumSource(Scenario.class)
    void shouldTravelToTheChildAsOptionsAndComeBackUnchanged(Scenario scenario) {
        List<BenchSystem> systems = new java.util.ArrayList<>(scenario.systems());
        systems.addAll(scenario.optionalSystems());
        for (BenchSystem system : systems) {
            RunPlan plan = RunPlan.create(scenario, system, settings());
            for (NodeSpec spec : plan.nodes()) {
                BenchNodeCommand command = new BenchNodeCommand();
                new CommandLine(command).parseArgs(spec.toArgs().toArray(String[]::new));

                assertThat(command.nodeSpec()).isEqualTo(spec);
            }
        }
    }

    @Test
    void shouldPlanTwoSitesWithTheSecondMemberOfTheFirstSiteSending() {
        RunPlan plan = RunPlan.create(Scenario.CROSS_SITE_LATENCY, BenchSystem.GCS, settings());

        assertThat(plan.nodes()).extracting(NodeSpec::member).containsExactly("a1", "b1", "a2", "b2");
        assertThat(plan.nodes()).extracting(NodeSpec::site).containsExactly("site-a", "site-b", "site-a", "site-b");
        assertThat(plan.sender().member()).isEqualTo("a2");
        assertThat(plan.receivers()).hasSize(4);
        assertThat(plan.expectedMasters()).containsExactly("a1", "b1");
        assertThat(plan.nodes()).filteredOn(NodeSpec::recordLatency).extracting(NodeSpec::member)
                .containsExactly("b1", "b2");
        assertThat(plan.waves()).hasSize(2);
        assertThat(plan.nodes()).extracting(NodeSpec::wanPort).doesNotHaveDuplicates().doesNotContain(0);
        NodeSpec a2 = plan.nodes().get(2);
        assertThat(a2.seedPorts()).containsExactlyInAnyOrder(plan.nodes().get(1).wanPort(),
                plan.nodes().get(3).wanPort());
        assertThat(a2.ratePerSec()).isEqualTo(2000);
        assertThat(a2.warmupMessages()).isEqualTo(Scenario.UNPACED_WARMUP_MESSAGES + 4_000);
        assertThat(a2.unpacedWarmupMessages()).isEqualTo(Scenario.UNPACED_WARMUP_MESSAGES);
        assertThat(plan.nodes()).extracting(NodeSpec::runId).containsOnly(a2.runId());
    }

    @Test
    void shouldStartRelaySiteMastersOneByOneAndBridgeEverySite() {
        RunPlan plan = RunPlan.create(Scenario.CROSS_SITE_THROUGHPUT, BenchSystem.RELAY2, settings());

        assertThat(plan.waves()).extracting(w -> w.stream().map(NodeSpec::member).toList())
                .containsExactly(List.of("a1"), List.of("b1"), List.of("a2", "b2"));
        assertThat(plan.nodes().get(0).bridgePorts()).hasSize(2).doesNotHaveDuplicates();
        assertThat(plan.nodes()).noneMatch(NodeSpec::recordLatency);
        assertThat(plan.nodes()).allMatch(n -> n.clusterKeyHex().isEmpty() && !n.relayTcpNoDelay());
    }

    @Test
    void shouldPlanRelayWithTcpNoDelayLikeRelayWithNagleButForTheBridge() {
        RunPlan nagle = RunPlan.create(Scenario.CROSS_SITE_LATENCY, BenchSystem.RELAY2, settings());
        RunPlan noDelay = RunPlan.create(Scenario.CROSS_SITE_LATENCY, BenchSystem.RELAY2_NODELAY, settings());

        assertThat(noDelay.waves()).extracting(w -> w.stream().map(NodeSpec::member).toList())
                .containsExactly(List.of("a1"), List.of("b1"), List.of("a2", "b2"));
        assertThat(noDelay.nodes().get(0).bridgePorts()).hasSize(2).doesNotHaveDuplicates();
        assertThat(noDelay.nodes()).allMatch(NodeSpec::relayTcpNoDelay);
        assertThat(nagle.nodes()).noneMatch(NodeSpec::relayTcpNoDelay);
        assertThat(noDelay.nodes()).extracting(NodeSpec::member, NodeSpec::recordLatency, NodeSpec::ratePerSec)
                .containsExactlyElementsOf(nagle.nodes().stream()
                        .map(n -> org.assertj.core.groups.Tuple.tuple(n.member(), n.recordLatency(), n.ratePerSec()))
                        .toList());
        assertThat(noDelay.expectedMasters()).containsExactly("a1", "b1");
    }

    @Test
    void shouldPlanOneSinkAndOneSourceForUdp() {
        RunPlan plan = RunPlan.create(Scenario.UDP_LIMIT, BenchSystem.UDP, settings());

        assertThat(plan.nodes()).extracting(NodeSpec::member).containsExactly("sink", "source");
        assertThat(plan.sender().member()).isEqualTo("source");
        assertThat(plan.receivers()).extracting(NodeSpec::member).containsExactly("sink");
        assertThat(plan.nodes().get(0).udpPort()).isPositive().isEqualTo(plan.nodes().get(1).udpPort());
        assertThat(plan.expectedMasters()).isEmpty();
    }

    private static BenchSettings settings() {
        return new BenchSettings(List.of(Scenario.values()), 1, -1, -1, -1, 1000, 2000, false, null, false, List.of(),
                java.time.Duration.ofSeconds(30), List.of(), List.of("send.window.bytes=2MB"), true, 64);
    }
}
