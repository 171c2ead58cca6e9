package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class NodeCommandTest {
    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int gcs(String... args) {
        return GcsCommand.commandLine().setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute(args);
    }

    @Test
    void shouldExitWithTwoAndNoStackTraceForAMissingFile() {
        int code = gcs("node", "--config", dir.resolve("nowhere.properties").toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).startsWith("gcs node: cannot read configuration file").doesNotContain("\tat ");
    }

    @Test
    void shouldExitWithTwoAndNoStackTraceForABadSetting() throws Exception {
        Path file = dir.resolve("bad.properties");
        Files.writeString(file, "site = boston\ncluster.key = 0123456789abcdef0123\nwan.bnd = 127.0.0.1:7701\n");

        int code = gcs("node", "--config", file.toString());

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("unknown setting(s) [wan.bnd]").doesNotContain("\tat ");
    }

    @Test
    void shouldExitWithTwoForAMissingClusterKeyAndForABadGroupName() throws Exception {
        Path noKey = dir.resolve("nokey.properties");
        Files.writeString(noKey, "site = boston\n");
        Path badGroup = dir.resolve("group.properties");
        Files.writeString(badGroup, "site = boston\ncluster.key = 0123456789abcdef0123\ngroups = chat, a b\n");

        assertThat(gcs("node", "--config", noKey.toString())).isEqualTo(2);
        assertThat(gcs("node", "--config", badGroup.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("cluster.key is required", "group 'a b' is not valid");
    }

    @Test
    void shouldExitWithTwoForATransportThatContradictsTheFile() throws Exception {
        Path file = dir.resolve("tfrc.properties");
        Files.writeString(file, "site = boston\ncluster.key = 0123456789abcdef0123\ncongestion.control = tfrc\n");

        assertThat(gcs("node", "--config", file.toString(), "--transport", "hop-by-hop")).isEqualTo(2);
        assertThat(err.toString()).contains("congestion.control = tfrc does not run on wan.transport = hop-by-hop")
                .doesNotContain("Exception");
        assertThat(gcs("node", "--config", file.toString(), "--transport", "tcp")).isEqualTo(2);
        assertThat(err.toString()).contains("wan.transport must be end-to-end or hop-by-hop, got 'tcp'");
    }

    @Test
    void shouldRequireTheConfigOption() {
        assertThat(gcs("node")).isEqualTo(2);
        assertThat(err.toString()).contains("Missing required option: '--config=FILE'");
    }

    @Test
    void shouldMentionTheExampleFilesInItsHelp() {
        assertThat(gcs("node", "--help")).isZero();
        assertThat(out.toString()).contains("examples/node-boston.properties", "examples/node-ottawa.properties");
    }

    @Test
    void shouldExplainTheCheckHeaderAndTheNewStatusFieldsInItsHelp() {
        assertThat(gcs("node", "--help")).isZero();
        assertThat(out.toString()).contains("--send-count=N", "sent-done count=N", "gcs-check SITE/MEMBER SEQ",
                "checked=N dup=N ooo=N from=SENDER:CONTIGUOUS/DISTINCT", "gaps=SENDER:GAPS/HIGHEST");
    }

    @Test
    void shouldExplainTheWaitOptionsAndTheStartLineInItsHelp() {
        assertThat(gcs("node", "--help")).isZero();
        assertThat(out.toString()).contains("--send-when-members=N", "--send-when-sites=N", "send-start members=N",
                "send-start members=N sites=M");
    }

    @Test
    void shouldRefuseAWaitForMembersOrSitesWithoutASendRateOrBelowZero() throws Exception {
        String file = soloConfig().toString();

        assertThat(gcs("node", "--config", file, "--send-when-members", "2")).isEqualTo(2);
        assertThat(gcs("node", "--config", file, "--send-when-members", "0")).isEqualTo(2);
        assertThat(gcs("node", "--config", file, "--send-rate", "5", "--send-when-members", "-1")).isEqualTo(2);
        assertThat(gcs("node", "--config", file, "--send-when-sites", "2")).isEqualTo(2);
        assertThat(gcs("node", "--config", file, "--send-rate", "5", "--send-when-sites", "-3")).isEqualTo(2);
        assertThat(gcs("node", "--config", file, "--send-rate", "5", "--send-when-members", "two")).isEqualTo(2);
        assertThat(err.toString()).contains("--send-when-members needs --send-rate",
                "--send-when-members must be 0 or more, got -1", "--send-when-sites needs --send-rate",
                "--send-when-sites must be 0 or more, got -3", "Invalid value for option '--send-when-members'")
                .doesNotContain("\tat ");
        assertThat(out.toString()).doesNotContain("started");
    }

    @Test
    @Timeout(120)
    void shouldStartGeneratingOnlyOnceTheViewListsEnoughMembersAndSites() throws Exception {
        int alphaPort = freeUdpPort();
        int betaPort = freeUdpPort();
        Path alphaFile = siteConfig("alpha", alphaPort, betaPort);
        Path betaFile = siteConfig("beta", betaPort, alphaPort);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        RunningNode alpha = null;
        RunningNode beta = null;
        try {
            alpha = start(pool, alphaFile, "--status-every", "100ms", "--send-rate", "100", "--send-count", "20",
                    "--size", "64", "--send-when-members", "2");
            StringWriter alphaOut = alpha.out();
            await().atMost(Duration.ofSeconds(30)).until(() -> statusLines(alphaOut).stream()
                    .filter(l -> l.contains(" views=chat:1 members/1 sites,")).count() >= 3);
            String alone = alphaOut.toString();
            assertThat(statusLines(alphaOut)).as("alone: nothing sent").allMatch(l -> l.contains(" sent=0 "));
            assertThat(alone).contains("node alpha/alpha-1 started").doesNotContain("send-start", "sent-done");

            beta = start(pool, betaFile, "--status-every", "100ms", "--send-rate", "100", "--send-count", "20",
                    "--size", "64", "--send-when-sites", "2");
            StringWriter betaOut = beta.out();
            String bothDelivered = " dup=0 ooo=0 from=alpha/alpha-1:20/20,beta/beta-1:20/20"
                    + " gaps=alpha/alpha-1:0/20,beta/beta-1:0/20";
            await().atMost(Duration.ofSeconds(60)).until(() -> statusLines(alphaOut).stream()
                    .anyMatch(l -> l.endsWith(bothDelivered)) && statusLines(betaOut).stream()
                    .anyMatch(l -> l.endsWith(bothDelivered)));

            assertThat(alpha.stopAndWait()).isZero();
            assertThat(beta.stopAndWait()).isZero();
            assertThat(alphaOut.toString().lines().filter(l -> l.startsWith("send-start")))
                    .containsExactly("send-start members=2");
            assertThat(betaOut.toString().lines().filter(l -> l.startsWith("send-start")))
                    .containsExactly("send-start members=2 sites=2");
            for (StringWriter output : List.of(alphaOut, betaOut)) {
                String text = output.toString();
                List<String> lines = text.lines().toList();
                int fullView = indexOf(lines, ".* view chat #\\d+: 2 members in 2 site\\(s\\) .*");
                assertThat(fullView).as("a view of two members: %s", text).isNotNegative();
                assertThat(indexOf(lines, "send-start .*")).as("sending starts after it").isGreaterThan(fullView);
                assertThat(text.lines().filter(l -> l.equals("sent-done count=20"))).hasSize(1);
                String last = text.lines().filter(l -> l.contains(" final ")).findFirst().orElseThrow();
                assertThat(last).contains(" sent=20 delivered=40 ").endsWith(bothDelivered);
            }
        } finally {
            stopAll(pool, alpha, beta);
        }
        assertThat(err.toString()).isEmpty();
    }

    @Test
    @Timeout(120)
    void shouldTakeASettingOfSetOverTheFilesAndRefuseAnUnknownOne() throws Exception {
        Path file = siteConfig("alpha", freeUdpPort(), freeUdpPort());
        assertThat(gcs("node", "--config", file.toString(), "--set", "wan.bnd=127.0.0.1:1")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown setting(s) [wan.bnd]").doesNotContain("\tat ");
        assertThat(gcs("node", "--config", file.toString(), "--set", "member.name")).isEqualTo(2);
        assertThat(err.toString()).contains("--set needs KEY=VALUE");
        ExecutorService pool = Executors.newFixedThreadPool(1);
        RunningNode alpha = null;
        try {
            alpha = start(pool, file, "--set", "member.name=alpha-7", "--status-every", "100ms");
            StringWriter alphaOut = alpha.out();
            await().atMost(Duration.ofSeconds(60)).until(() -> alphaOut.toString().contains("node alpha/alpha-7"
                    + " started"));
            assertThat(alpha.stopAndWait()).isZero();
        } finally {
            stopAll(pool, alpha);
        }
    }

    @Test
    @Timeout(120)
    void shouldRunOrmccFromThePropertiesFile() throws Exception {
        int alphaPort = freeUdpPort();
        int betaPort = freeUdpPort();
        Path alphaFile = siteConfig("alpha", alphaPort, betaPort, "congestion.control = ormcc", "cc.ormcc.beta = 0.7");
        Path betaFile = siteConfig("beta", betaPort, alphaPort, "congestion.control = ormcc");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        RunningNode alpha = null;
        RunningNode beta = null;
        try {
            alpha = start(pool, alphaFile, "--status-every", "100ms", "--send-rate", "200", "--send-count", "100",
                    "--size", "64", "--send-when-sites", "2");
            beta = start(pool, betaFile, "--status-every", "100ms");
            StringWriter alphaOut = alpha.out();
            StringWriter betaOut = beta.out();
            String delivered = " dup=0 ooo=0 from=alpha/alpha-1:100/100 gaps=alpha/alpha-1:0/100";
            await().atMost(Duration.ofSeconds(60)).until(() -> statusLines(betaOut).stream()
                    .anyMatch(l -> l.endsWith(delivered)));
            await().atMost(Duration.ofSeconds(30)).until(() -> statusLines(alphaOut).stream()
                    .anyMatch(l -> l.contains(" flows=chat:")));

            assertThat(alpha.stopAndWait()).isZero();
            assertThat(beta.stopAndWait()).isZero();
            assertThat(alphaOut.toString()).contains("node alpha/alpha-1 started; congestion control ormcc; groups");
            assertThat(betaOut.toString()).contains("node beta/beta-1 started; congestion control ormcc; groups");
        } finally {
            stopAll(pool, alpha, beta);
        }
        assertThat(err.toString()).isEmpty();
    }

    @Test
    @Timeout(120)
    void shouldRefuseASecondNodeWithAMemberNameItsSiteAlreadyHasWithinTenSeconds() throws Exception {
        Path firstFile = siteConfig("alpha", freeUdpPort(), 0);
        Path secondFile = dir.resolve("alpha-again.properties");
        Files.writeString(secondFile, Files.readString(firstFile)
                .replaceAll("wan.bind = 127.0.0.1:\\d+", "wan.bind = 127.0.0.1:" + freeUdpPort()));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        RunningNode first = null;
        RunningNode second = null;
        try {
            first = start(pool, firstFile, "--status-every", "100ms");
            StringWriter firstOut = first.out();
            await().atMost(Duration.ofSeconds(60)).until(() -> firstOut.toString().contains("node alpha/alpha-1 started"));

            long startNs = System.nanoTime();
            second = start(pool, secondFile);
            int code = second.code().get(10, TimeUnit.SECONDS);
            long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs);

            assertThat(code).as("exit code after %d ms", tookMs).isEqualTo(1);
            assertThat(err.toString()).contains("gcs node: cannot start: cannot start alpha/alpha-1: member name"
                    + " 'alpha-1' is already taken in site alpha by another process (JGroups member ",
                    " at 127.0.0.1:", "set another member.name").doesNotContain("\tat ");
            assertThat(second.out().toString()).doesNotContain("started");
            String statusAfter = " status alpha/alpha-1 ";
            int before = firstOut.toString().split(statusAfter, -1).length;
            await().atMost(Duration.ofSeconds(30)).until(() -> firstOut.toString().split(statusAfter, -1).length
                    > before + 2);
            assertThat(first.stopAndWait()).isZero();
        } finally {
            stopAll(pool, first, second);
        }
    }

    /** A {@code gcs node} running on a pool thread: the command, its output and its exit code to come. */
    private record RunningNode(NodeCommand command, StringWriter out, Future<Integer> code) {
        /** Stops the node and returns its exit code. */
        int stopAndWait() throws Exception {
            command.stop();
            return code.get(30, TimeUnit.SECONDS);
        }
    }

    /** Starts {@code gcs node --config FILE ARGS...} with an empty stdin on a pool thread. */
    private RunningNode start(ExecutorService pool, Path config, String... args) {
        NodeCommand command = new NodeCommand();
        command.stdin = new ByteArrayInputStream(new byte[0]);
        StringWriter output = new StringWriter();
        String[] all = new String[args.length + 2];
        all[0] = "--config";
        all[1] = config.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        return new RunningNode(command, output, pool.submit(() -> run(command, output, all)));
    }

    /** Stops the nodes that were started and the pool. */
    private static void stopAll(ExecutorService pool, RunningNode... nodes) throws InterruptedException {
        for (RunningNode node : nodes) {
            if (node != null) {
                node.command().stop();
            }
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
    }

    private int run(NodeCommand node, StringWriter output, String... args) {
        return new CommandLine(node).setOut(new PrintWriter(output)).setErr(new PrintWriter(err)).execute(args);
    }

    private static int indexOf(List<String> lines, String regex) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches(regex)) {
                return i;
            }
        }
        return -1;
    }

    private static List<String> statusLines(StringWriter output) {
        return output.toString().lines().filter(l -> l.contains(" status ")).toList();
    }

    @Test
    void shouldRefuseASendCountWithoutASendRateOrBelowOne() throws Exception {
        Path file = soloConfig();

        assertThat(gcs("node", "--config", file.toString(), "--send-count", "5")).isEqualTo(2);
        assertThat(gcs("node", "--config", file.toString(), "--send-rate", "5", "--send-count", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--send-count needs --send-rate", "--send-count must be positive, got 0");
    }

    @Test
    void shouldRefuseASizeTooSmallForTheCheckHeaderBeforeStarting() throws Exception {
        Path file = soloConfig();

        assertThat(gcs("node", "--config", file.toString(), "--send-rate", "5", "--send-count", "100", "--size",
                "25")).isEqualTo(2);
        assertThat(gcs("node", "--config", file.toString(), "--send-rate", "5", "--size", "40")).isEqualTo(2);
        assertThat(err.toString())
                .contains("--size must be at least 26 bytes to hold the check header 'gcs-check solo/solo-1 SEQ '"
                        + " up to SEQ 100, got 25")
                .contains("--size must be at least 42 bytes", "for any SEQ");
        assertThat(out.toString()).doesNotContain("started");
    }

    @Test
    @Timeout(60)
    void shouldSendStandardInputToTheFirstGroupAndStopAfterTheDuration() throws Exception {
        Path file = soloConfig();
        NodeCommand node = new NodeCommand();
        node.stdin = new ByteArrayInputStream("hello group\n\nsecond line\n".getBytes(StandardCharsets.UTF_8));

        int code = new CommandLine(node).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("--config", file.toString(), "--duration", "3s", "--status-every", "1s",
                        "--send-rate", "20", "--size", "100");

        assertThat(code).as("stderr: %s", err).isZero();
        String output = out.toString();
        assertThat(output).contains("node solo/solo-1 started", "view chat #", "view other #",
                "chat> solo/solo-1: hello group", "chat> solo/solo-1: second line",
                "status solo/solo-1 delegate=yes", "views=chat:1 members/1 sites,other:1 members/1 sites",
                "node solo/solo-1 closed");
        assertThat(output).as("generated messages are not chat").doesNotContain("gcs-check");
        String last = output.lines().filter(l -> l.contains(" final ")).findFirst().orElseThrow();
        long sent = Long.parseLong(last.replaceAll(".* sent=(\\d+).*", "$1"));
        assertThat(sent).as("two chat lines and about 60 generated messages: %s", last).isGreaterThan(20);
        assertThat(output).doesNotContain("sent-done");
    }

    @Test
    @Timeout(60)
    void shouldCheckEveryGeneratedMessageAndSayWhenTheCountWasSent() throws Exception {
        Path file = soloConfig();
        NodeCommand node = new NodeCommand();
        node.stdin = new ByteArrayInputStream("not checked\n".getBytes(StandardCharsets.UTF_8));

        int code = new CommandLine(node).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
                .execute("--config", file.toString(), "--duration", "3s", "--status-every", "1s",
                        "--send-rate", "100", "--send-count", "50", "--size", "64");

        assertThat(code).as("stderr: %s", err).isZero();
        String output = out.toString();
        assertThat(output.lines().filter(l -> l.equals("sent-done count=50"))).hasSize(1);
        assertThat(output).contains("chat> solo/solo-1: not checked").doesNotContain("gcs-check");
        String last = output.lines().filter(l -> l.contains(" final ")).findFirst().orElseThrow();
        assertThat(last).contains(" sent=51 delivered=51 ")
                .endsWith(" checked=50 dup=0 ooo=0 from=solo/solo-1:50/50 gaps=solo/solo-1:0/50");
        assertThat(last).as("buffers and flows between the counts and the check: %s", last)
                .matches(".* delivered=51 unstable=0/\\d+ window=[1-9]\\d* rtx=0/0 flows=\\S+ checked=50 .*");
        String inOrder = ".* sent=\\d+ delivered=\\d+ unstable=\\S+ window=\\d+ rtx=\\S+ flows=\\S+ checked=\\d+ dup=0"
                + " ooo=0 from=(none|solo/solo-1:(\\d+)/\\2) gaps=(none|solo/solo-1:0/\\2)";
        assertThat(output.lines().filter(l -> l.contains(" status ")))
                .allMatch(l -> l.matches(inOrder), "status lines with only in-order deliveries");
    }

    @Test
    @Timeout(120)
    void shouldReloadAChangedKeyFileAndKeepTheKeysOfAnInvalidOne() throws Exception {
        Path keys = dir.resolve("cluster.keys");
        String key1 = "key.1 = 3f9a1c7e5b2d8046f1e3a5c7b9d0e2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4f6\n";
        String key2 = "key.2 = 71c3e5a7092b4d6f81a3c5e7f90b2d4f61839ab5cdef0123456789abcdef0f1e\n";
        Files.writeString(keys, key1 + "send.key = 1\n");
        Path file = soloConfig();
        Files.writeString(file, Files.readString(file).replace("cluster.key = node-command-test-key-0123456789",
                "cluster.key.file = " + keys));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        RunningNode node = null;
        try {
            node = start(pool, file, "--status-every", "1s");
            StringWriter nodeOut = node.out();
            await().atMost(Duration.ofSeconds(60)).until(() -> nodeOut.toString()
                    .contains("keys from " + keys + ": accepting key ids [1], sending with key id 1"));

            Files.writeString(keys, key1 + key2 + "send.key = 2\n");
            await().atMost(Duration.ofSeconds(60)).until(() -> nodeOut.toString()
                    .contains("keys reloaded from " + keys + ": accepting key ids [1, 2], sending with key id 2"));
            Files.writeString(keys, key2 + "send.key = 2\n");
            await().atMost(Duration.ofSeconds(60)).until(() -> nodeOut.toString()
                    .contains("keys reloaded from " + keys + ": accepting key ids [2], sending with key id 2"));
            assertThat(nodeOut.toString()).doesNotContain("3f9a1c7e", "71c3e5a7");
            assertThat(node.stopAndWait()).isZero();
        } finally {
            stopAll(pool, node);
        }
    }

    private Path soloConfig() throws Exception {
        return siteConfig("solo", freeUdpPort(), 0);
    }

    private Path siteConfig(String site, int wanPort, int seedPort, String... extraLines) throws Exception {
        return TestSites.config(dir, "node-command", site, wanPort, seedPort, "chat, other", extraLines);
    }

    private static int freeUdpPort() throws Exception {
        return TestSites.freeUdpPort();
    }
}
