package org.gcs.tools.netns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The emulated WAN, as root only (skipped otherwise, with the reason): a UDP echo between two site namespaces
 * measures the asked RTT, loss is applied, and nothing is left behind.
 */
class WanNetworkTest {
    private static final long RATE_BITS_PER_SEC = 50_000_000;
    private static final int PORT = 40_777;

    @TempDir
    Path workDir;

    @Test
    void siteToSiteRoundTripIsTheAskedRtt() throws Exception {
        assumeTrue(HostCommands.missingForNamespaces("this test").isEmpty(),
                HostCommands.missingForNamespaces("this test").orElse(""));
        long rttMs = 100;
        try (WanNetwork wan = WanNetwork.create(3, rttMs, RATE_BITS_PER_SEC, LossModel.NONE, 1, workDir, s -> { })) {
            List<Long> rttsUs = new ArrayList<>();
            int lost = echo(wan, 20, 1_000, rttsUs);
            assertThat(lost).isZero();
            rttsUs.sort(Long::compare);
            long medianUs = rttsUs.get(rttsUs.size() / 2);
            // the helper wakes late by up to a few ms on a loaded machine; never early
            assertThat(medianUs).isBetween(rttMs * 1000, rttMs * 1000 + 15_000);
            String links = HostCommands.run("ip", "-o", "-n", WanNetwork.PREFIX + ProcessHandle.current().pid()
                    + "-router", "link", "show");
            assertThat(links.lines().filter(line -> line.contains("dl:")).findFirst())
                    .as("the delay line's TUN queue").hasValueSatisfying(line -> assertThat(line)
                            .contains("qlen " + DelayLine.TUN_QUEUE_PACKETS));
        }
        assertThat(HostCommands.run("ip", "netns", "list")).doesNotContain(WanNetwork.PREFIX
                + ProcessHandle.current().pid() + "-");
    }

    @Test
    void randomLossDropsPacketsAtTheAskedRate() throws Exception {
        assumeTrue(HostCommands.missingForNamespaces("this test").isEmpty(),
                HostCommands.missingForNamespaces("this test").orElse(""));
        int probes = 150;
        WanNetwork closed;
        int lost;
        try (WanNetwork wan = WanNetwork.create(2, 10, RATE_BITS_PER_SEC, LossModel.random(0.2), 7, workDir,
                s -> { })) {
            closed = wan;
            lost = echo(wan, probes, 150, new ArrayList<>());
        }
        // each probe crosses the router twice: P(lost) = 1 - 0.8^2 = 0.36, standard deviation of the count ~6
        assertThat(lost).isBetween(probes * 36 / 100 - 25, probes * 36 / 100 + 25);
        long[] counts = closed.delayLineCounts();
        assertThat(counts[1]).isPositive();
        assertThat((double) counts[1] / counts[0]).isBetween(0.1, 0.3);
    }

    @Test
    void tcpFlowsFillTheSitesUplinkAndTheirRateIsMeasuredOverAWindow() throws Exception {
        assumeTrue(HostCommands.missingForNamespaces("this test").isEmpty(),
                HostCommands.missingForNamespaces("this test").orElse(""));
        long rateBitsPerSec = 10_000_000;
        try (WanNetwork wan = WanNetwork.create(2, 20, rateBitsPerSec, LossModel.NONE, 1, workDir, s -> { });
             TcpFlows tcp = TcpFlows.start(wan.siteNamespace(1), WanNetwork.siteAddress(1), PORT + 1,
                     wan.siteNamespace(0), 2, "reno", workDir)) {
            long fromMicros = System.currentTimeMillis() * 1000 + 1_000_000;   // after the slow start
            long toMicros = fromMicros + 2_000_000;
            Awaitility.await().atMost(Duration.ofSeconds(20))
                    .until(() -> !Double.isNaN(tcp.bytesPerSecBetween(fromMicros, toMicros)));
            double bitsPerSec = tcp.bytesPerSecBetween(fromMicros, toMicros) * 8;
            // two flows share the 10 Mbit/s uplink: payload close to the link rate, never above it
            assertThat(bitsPerSec).isBetween(rateBitsPerSec * 0.7, rateBitsPerSec * 1.0);
            assertThat(tcp.toString()).isEqualTo("2 reno flows");
        }
    }

    @Test
    void onlyTheSendersUplinkHoldsAQueueWhenTcpFillsIt() throws Exception {
        assumeTrue(HostCommands.missingForNamespaces("this test").isEmpty(),
                HostCommands.missingForNamespaces("this test").orElse(""));
        long rateBitsPerSec = 10_000_000;
        try (WanNetwork wan = WanNetwork.create(2, 20, rateBitsPerSec, LossModel.NONE, 1, workDir, s -> { });
             TcpFlows tcp = TcpFlows.start(wan.siteNamespace(1), WanNetwork.siteAddress(1), PORT + 2,
                     wan.siteNamespace(0), 2, "reno", workDir)) {
            // the flows' slow start fills the uplink's queue (5 bandwidth-delay products at 20 ms)
            Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> wan.uplinkBacklogBytes(0) > 30_000);
            long downlinkMaxBytes = 0;
            long uplinkMaxBytes = 0;
            long samples = 0;
            long endNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
            while (System.nanoTime() < endNs) {
                downlinkMaxBytes = Math.max(downlinkMaxBytes, wan.downlinkBacklogBytes(1));
                uplinkMaxBytes = Math.max(uplinkMaxBytes, wan.uplinkBacklogBytes(0));
                samples++;
            }
            // the receiving site's downlink forwards at the rate the uplink sends, so it holds at most a few
            // packets of jitter; charging 14 bytes less per packet, it held a standing queue growing ~11 KB/s
            assertThat(samples).isGreaterThan(10);
            assertThat(downlinkMaxBytes).isLessThan(10_000);
            assertThat(uplinkMaxBytes).isGreaterThan(30_000);
        }
    }

    @Test
    void aCutSiteNeitherSendsNorReceivesUntilRestored() throws Exception {
        assumeTrue(HostCommands.missingForNamespaces("this test").isEmpty(),
                HostCommands.missingForNamespaces("this test").orElse(""));
        try (WanNetwork wan = WanNetwork.create(3, 20, RATE_BITS_PER_SEC, LossModel.NONE, 1, workDir, s -> { })) {
            assertThat(echo(wan, 5, 500, new ArrayList<>())).isZero();
            wan.cutSite(1);
            assertThat(echo(wan, 5, 300, new ArrayList<>())).isEqualTo(5);
            wan.restoreSite(1);
            wan.cutSite(2);   // another site's outage does not touch the path between the first two
            assertThat(echo(wan, 5, 500, new ArrayList<>())).isZero();
            wan.restoreSite(2);
            assertThat(echo(wan, 5, 500, new ArrayList<>())).isZero();
        }
    }

    @Test
    void gilbertElliottProfileHasAMeanLossOfOnePercent() {
        assertThat(LossModel.GILBERT_ELLIOTT_1_PERCENT.meanLoss()).isCloseTo(0.01, org.assertj.core.data.Offset
                .offset(1e-6));
    }

    /** Runs an echo server in site 2 and a client in site 1; returns the probes lost, adds the RTTs. */
    private static int echo(WanNetwork wan, int probes, int timeoutMs, List<Long> rttsUs) throws IOException,
            InterruptedException {
        String server = WanNetwork.siteAddress(1);
        Process echo = new ProcessBuilder(wan.inside(1, java("server", server, Integer.toString(PORT))))
                .redirectErrorStream(true).start();
        try {
            BufferedReader echoOut = new BufferedReader(new InputStreamReader(echo.getInputStream(),
                    StandardCharsets.UTF_8));
            assertThat(echoOut.readLine()).isEqualTo("listening");
            Process client = new ProcessBuilder(wan.inside(0, java("client", server, Integer.toString(PORT),
                    Integer.toString(probes), Integer.toString(timeoutMs)))).redirectErrorStream(true).start();
            int lost = -1;
            try (BufferedReader out = new BufferedReader(new InputStreamReader(client.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    if (line.startsWith("rtt-us ")) {
                        rttsUs.add(Long.parseLong(line.substring(7)));
                    } else if (line.startsWith("lost ")) {
                        lost = Integer.parseInt(line.substring(5));
                    }
                }
            }
            assertThat(client.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(lost).as("the client's report").isNotNegative();
            return lost;
        } finally {
            echo.destroyForcibly();
            echo.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static List<String> java(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), UdpEchoMain.class.getName()));
        command.addAll(List.of(args));
        return command;
    }
}
