package org.gcs.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gcs.tools.cli.Commands.parse;

import java.util.List;
import org.gcs.tools.cli.Commands.Bench;
import org.gcs.tools.cli.Commands.Lab;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * {@code --controller}, {@code --transport} and {@code --set}: parsed into node settings through
 * {@link NodeSettings}, the command's own keys refused, usage errors naming the option, another name of
 * {@code --set} keeping the order of the values.
 */
class NodeSettingsOptionsTest {
    private static NodeSettings lab(String... args) {
        return parse(new Lab(), args).nodes.nodeSettings();
    }

    private static NodeSettings bench(String... args) {
        return parse(new Bench(), args).nodes.nodeSettings();
    }

    @Test
    void shouldGiveNoSettingsWithoutOptions() {
        NodeSettings settings = lab();

        assertThat(settings.isEmpty()).isTrue();
        assertThat(settings.controller()).isEqualTo("tfrc");
        assertThat(settings.transport()).isEqualTo("end-to-end");
    }

    @Test
    void shouldTakeTheControllerTheTransportAndSettingsInTheOrderGiven() {
        assertThat(lab("--set", "cc.ormcc.beta=0.7", "--controller", "ormcc", "--set", "tick.interval=10ms")
                .assignments()).containsExactly("cc.ormcc.beta=0.7", "tick.interval=10ms", "congestion.control=ormcc");
        assertThat(lab("--transport", "hop-by-hop").asMap()).containsEntry("wan.transport", "hop-by-hop")
                .containsEntry("congestion.control", "none");
    }

    @Test
    void shouldLetSetOverrideTheAssignmentsGivenBefore() {
        Lab lab = parse(new Lab(), "--set", "tick.interval=20ms");

        assertThat(lab.nodes.nodeSettings(List.of("tick.interval=10ms", "max.datagram.bytes=8000")).asMap())
                .containsEntry("tick.interval", "20ms").containsEntry("max.datagram.bytes", "8000");
    }

    @Test
    void shouldRefuseBadValuesWithUsageErrorsNamingTheOption() {
        assertThatThrownBy(() -> lab("--set", "beta")).isInstanceOf(ParameterException.class)
                .hasMessageContaining("--set needs KEY=VALUE");
        assertThatThrownBy(() -> lab("--set", "colour=red")).hasMessageContaining("--set colour: not a node setting");
        assertThatThrownBy(() -> lab("--set", "max.datagram.bytes=lots")).hasMessageContaining("max.datagram.bytes")
                .hasMessageContaining("lots");
        assertThatThrownBy(() -> lab("--controller", "fast"))
                .hasMessageContaining("unknown congestion control 'fast'");
        assertThatThrownBy(() -> lab("--transport", "tcp"))
                .hasMessageContaining("wan.transport must be end-to-end or hop-by-hop, got 'tcp'");
        assertThatThrownBy(() -> lab("--controller", "ormcc", "--set", "congestion.control=tfrc"))
                .hasMessageContaining("--controller ormcc contradicts --set congestion.control=tfrc");
    }

    @Test
    void shouldExitWithTwoAndOneLineForABadValue() {
        CommandRun run = CommandRun.of(new Lab(), "--set", "site=x");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().lines().toList()).containsExactly("lab: --set site: the command sets this one itself"
                + " (sites, names, addresses, keys, LAN and emulated WAN)", "Try 'lab --help' for the options.");
    }

    @Test
    void shouldRefuseTheKeysTheCommandSetsItselfAndThoseOnly() {
        assertThatThrownBy(() -> lab("--set", "lan.protection=none")).hasMessageContaining("--set lan.protection:"
                + " the command sets this one itself");
        assertThat(bench("--set", "lan.protection=none").asMap()).containsEntry("lan.protection", "none");
        assertThatThrownBy(() -> bench("--set", "site=x")).hasMessage("--set site: the bench sets this one itself");
    }

    @Test
    void shouldKeepTheOrderOfValuesGivenUnderEitherName() {
        assertThat(bench("--old-set", "tick.interval=10ms", "--set", "max.datagram.bytes=8000",
                "--old-set=tick.interval=20ms").assignments())
                .containsExactly("tick.interval=20ms", "max.datagram.bytes=8000");
        Bench bench = new Bench();
        CommandLine line = new CommandLine(bench);
        line.parseArgs("--old-set", "tick.interval=10ms");
        line.parseArgs("--set", "max.datagram.bytes=8000");
        assertThat(bench.nodes.nodeSettings().assignments()).as("a new parse starts afresh")
                .containsExactly("max.datagram.bytes=8000");
    }

    @Test
    void shouldSayWhichOptionLacksItsValue() {
        CommandRun run = CommandRun.of(new Bench(), "--old-set");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("bench: Missing required parameter for option '--old-set' (KEY=VALUE)");
    }

    @Test
    void shouldDescribeEveryOptionInTheHelp() {
        CommandRun run = CommandRun.of(new Lab(), "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("--controller=NAME", "--transport=NAME", "--set=KEY=VALUE",
                "congestion.control=NAME", "wan.transport=NAME", "docs/configuration.md");
    }
}
