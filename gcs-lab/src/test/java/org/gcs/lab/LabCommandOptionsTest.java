package org.gcs.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class LabCommandOptionsTest {

    private static LabCommand.Settings parse(String... args) {
        LabCommand command = new LabCommand();
        new CommandLine(command).parseArgs(args);
        return command.settings();
    }

    @Test
    void shouldUseTheDocumentedDefaults() {
        LabCommand.Settings s = parse("rate-restriction", "--out", "/tmp/x");

        assertThat(s.scenario()).isInstanceOf(RateRestrictionScenario.class);
        assertThat(s.out()).isEqualTo(Path.of("/tmp/x"));
        assertThat(s.json()).isFalse();
        assertThat(s.seed()).isEqualTo(1);
        assertThat(s.driver()).isEqualTo(LabContext.Driver.VIRTUAL);
        assertThat(s.scale()).isEqualTo(1.0);
        assertThat(s.treeStrategy()).as("the topology's tree if it has one, else spt").isNull();
        assertThat(s.nodeSettings().isEmpty()).isTrue();
        assertThat(s.topology()).isNull();
    }

    @Test
    void shouldParseEveryOption() {
        LabCommand.Settings s = parse("lan-fairness", "--out", "out", "--json", "--seed", "7", "--driver", "real",
                "--scale", "0.25", "--tree-strategy", "star");

        assertThat(s.scenario()).isInstanceOf(LanFairnessScenario.class);
        assertThat(s.json()).isTrue();
        assertThat(s.seed()).isEqualTo(7);
        assertThat(s.driver()).isEqualTo(LabContext.Driver.REAL);
        assertThat(s.scale()).isEqualTo(0.25);
        assertThat(s.treeStrategy()).isEqualTo("star");
        assertThat(parse("membership", "--out", "o").scenario()).isInstanceOf(MembershipScenario.class);
    }

    @Test
    void shouldListTheScenariosInRegistrationOrder() {
        assertThat(LabScenarios.names()).containsExactly("rate-restriction", "membership", "lan-fairness",
                "tcp-friendliness", "ormcc-tracking", "ormcc-multi-bottleneck", "ormcc-drop-to-zero",
                "ormcc-feedback-loss", "ormcc-muted-representative", "ormcc-vs-tfrc", "overlay-scaling",
                "overlay-vs-e2e", "backup-buffers", "transport-scaling", "membership-scaling", "membership-scaling-swim",
                "cost-benefit-two-bottlenecks", "cost-benefit-shared-bottleneck", "cost-benefit-chain",
                "cost-benefit-many-senders", "cost-benefit-randomization", "nat");
        assertThat(LabScenarios.find("membership")).get().extracting(LabScenario::name).isEqualTo("membership");
        assertThat(LabScenarios.find("nope")).isEmpty();
    }

    @Test
    void shouldExitWithTwoAndAUsageErrorForBadOptions(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertUsageError("unknown scenario 'nope'", "lab", "nope", "--out", dir.toString());
        assertUsageError("Missing required option: '--out=DIR'", "lab", "membership");
        assertUsageError("Missing required parameter: 'SCENARIO'", "lab", "--out", dir.toString());
        assertUsageError("--driver must be virtual or real", "lab", "membership", "--out", dir.toString(),
                "--driver", "fast");
        assertUsageError("--scale must be in (0, 10]", "lab", "membership", "--out", dir.toString(), "--scale", "0");
        assertUsageError("--scale must be in (0, 10]", "lab", "membership", "--out", dir.toString(), "--scale", "11");
        assertUsageError("Invalid value for option '--scale'", "lab", "membership", "--out", dir.toString(),
                "--scale", "half");
        assertUsageError("exists and is not a directory", "lab", "membership", "--out", file.toString());
        assertUsageError("--tree-strategy", "lab", "membership", "--out", dir.toString(), "--tree-strategy", "ring");
        assertUsageError("Unknown option", "lab", "membership", "--out", dir.toString(), "--bogus");
    }

    @Test
    void shouldTakeTheControllerSettingsAndTopology() {
        LabCommand.Settings s = parse("ormcc-tracking", "--out", "o", "--controller", "ormcc", "--set",
                "cc.ormcc.beta=0.65", "--set", "send.window.bytes=2MiB", "--topology", "ormcc-star4");

        assertThat(s.nodeSettings().controller()).isEqualTo("ormcc");
        assertThat(s.nodeSettings().asMap()).containsEntry("cc.ormcc.beta", "0.65")
                .containsEntry("send.window.bytes", "2MiB").containsEntry("congestion.control", "ormcc");
        assertThat(s.topology().name()).isEqualTo("ormcc-star4");
        assertThat(parse("membership", "--out", "o").nodeSettings().isEmpty()).isTrue();
        assertThat(parse("membership", "--out", "o", "--transport", "hop-by-hop").nodeSettings().asMap())
                .containsEntry("wan.transport", "hop-by-hop").containsEntry("congestion.control", "none");
        assertThat(parse("membership", "--out", "o").topology()).isNull();
    }

    @Test
    void shouldRefuseBadControllerSettingsAndTopologiesWithUsageErrors(@TempDir Path dir) throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.topo"), "name broken\nsite a b\nlink a <-> c\n");
        assertUsageError("unknown congestion control", "lab", "membership", "--out", dir.toString(), "--controller",
                "nope");
        assertUsageError("--set needs KEY=VALUE", "lab", "membership", "--out", dir.toString(), "--set", "beta");
        assertUsageError("not a node setting", "lab", "membership", "--out", dir.toString(), "--set", "colour=red");
        assertUsageError("the command sets this one itself", "lab", "membership", "--out", dir.toString(), "--set",
                "site=x");
        assertUsageError("cc.ormcc.beta", "lab", "ormcc-tracking", "--out", dir.toString(), "--set",
                "cc.ormcc.beta=1.5");
        assertUsageError("contradicts --set congestion.control=tfrc", "lab", "membership", "--out", dir.toString(),
                "--controller", "ormcc", "--set", "congestion.control=tfrc");
        assertUsageError("ormcc-vs-tfrc compares congestion controls itself: leave out --controller", "lab",
                "ormcc-vs-tfrc", "--out", dir.toString(), "--controller", "ormcc");
        assertUsageError("ormcc-vs-tfrc compares congestion controls that run end to end: leave out --transport",
                "lab", "ormcc-vs-tfrc", "--out", dir.toString(), "--transport", "hop-by-hop");
        assertUsageError("hop-by-hop takes none", "lab", "membership", "--out", dir.toString(), "--transport",
                "hop-by-hop", "--controller", "tfrc");
        assertUsageError("--topology", "lab", "membership", "--out", dir.toString(), "--topology", "nowhere");
        assertUsageError("the lab's own: ormcc-tracking", "lab", "membership", "--out", dir.toString(),
                "--topology", "nowhere");
        assertUsageError("--topology", "lab", "membership", "--out", dir.toString(), "--topology", broken.toString());
    }

    private static void assertUsageError(String message, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = LabMain.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args);

        assertThat(code).as("exit code of %s; stderr %s", String.join(" ", args), err).isEqualTo(2);
        assertThat(err.toString()).contains(message).contains("Try 'gcs lab --help' for the options.").doesNotContain("Usage:");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void shouldExplainTheDriversAndScenariosInTheHelp() {
        StringWriter out = new StringWriter();
        int code = LabMain.commandLine().setOut(new PrintWriter(out)).execute("lab", "--help");

        assertThat(code).isZero();
        assertThat(out.toString()).doesNotContain("%%").contains("within 10 %", "rate-restriction", "membership", "lan-fairness", "--driver", "--scale",
                "virtual time", "repeatable", "loopback", "default: 1.0", "instead of the scenario's own",
                "the topology's own tree").doesNotContain("null");
    }

    @Test
    void shouldTakeTheTcpFriendlinessPathOptionsWithTheirDefaults() {
        assertThat(parse("tcp-friendliness", "--out", "o").tcpPath()).isEqualTo(TcpPathOptions.DEFAULTS)
                .isEqualTo(new TcpPathOptions(60, "reno"));
        LabCommand.Settings s = parse("tcp-friendliness", "--out", "o", "--rtt-ms", "100", "--tcp", "CUBIC");
        assertThat(s.tcpPath()).isEqualTo(new TcpPathOptions(100, "cubic"));
        assertThat(s.tcpPath().oneWayDelayMs()).isEqualTo(50);
        assertThat(parse("rate-restriction", "--out", "o").tcpPath()).isEqualTo(TcpPathOptions.DEFAULTS);
    }

    @Test
    void shouldRejectBadPathOptionsNamingTheOptionAndItsUnit(@TempDir Path dir) {
        String out = dir.toString();
        assertUsageError("--rtt-ms must be a whole number of milliseconds", "lab", "tcp-friendliness", "--out", out,
                "--rtt-ms", "100ms");
        assertUsageError("--rtt-ms must be an even number of milliseconds in [2, 1000]", "lab", "tcp-friendliness",
                "--out", out, "--rtt-ms", "61");
        assertUsageError("--rtt-ms must be an even number of milliseconds in [2, 1000]", "lab", "tcp-friendliness",
                "--out", out, "--rtt-ms", "2000");
        assertUsageError("--tcp must be one of reno, cubic", "lab", "tcp-friendliness", "--out", out, "--tcp", "bbr");
        assertUsageError("--rtt-ms applies only to tcp-friendliness", "lab", "membership", "--out", out,
                "--rtt-ms", "100");
        assertUsageError("--tcp applies only to tcp-friendliness", "lab", "membership", "--out", out,
                "--tcp", "cubic");
    }
}
