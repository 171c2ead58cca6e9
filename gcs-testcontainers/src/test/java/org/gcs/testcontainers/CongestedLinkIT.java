package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * A congested WAN link: a {@code tbf} qdisc (drop-tail) on the egress of site1's delegate's WAN interface limits
 * everything site1 sends to other sites to {@value #TBF_RATE_BYTES_PER_SEC} bytes per second, while site1's two
 * members offer twice that in payload alone. Three sites of two nodes ({@link Sites}); site2 and site3 send a little.
 * Checked from the nodes' status lines and the qdisc's counters:
 * <ol>
 *   <li>the sending rate adapts: site1's allowed rate (TFRC, seed 004) settles at or below the tbf rate, and so does
 *       the rate at which site1's members actually get their messages out;</li>
 *   <li>nothing is lost: every check message of every sender reaches every node exactly once, in per-sender
 *       order;</li>
 *   <li>memory stays bounded: no node's unstable bytes exceed {@code send.window.bytes} (64 KiB here, so that
 *       the window is reached), and no delegate's retransmit buffer holds more packets than its site's members'
 *       windows hold messages (2 × 65 one-packet messages) — peaks the nodes sample every 100 ms;</li>
 *   <li>the link was really congested: the qdisc dropped packets.</li>
 * </ol>
 */
@Testcontainers(disabledWithoutDocker = true)
class CongestedLinkIT {
    /** tbf rate: 800 kbit/s. tbf counts whole frames (payload, GCS header, UDP, IP, Ethernet). */
    static final long TBF_RATE_BYTES_PER_SEC = 100_000;
    /** tbf bucket: about three datagrams at once. */
    static final long TBF_BURST_BYTES = 4_000;
    /** tbf queue: 15 000 bytes (about 13 datagrams, 150 ms at the rate); beyond it, packets are dropped. */
    static final long TBF_LIMIT_BYTES = 15_000;

    private static final int MESSAGE_BYTES = 1000;
    /** Per site1 member: 2 × 100 × 1000 bytes/s = 200 000 bytes/s of payload, twice the tbf rate. */
    private static final int CONGESTED_PER_SECOND = 100;
    private static final int CONGESTED_COUNT = 800;
    private static final int OTHER_PER_SECOND = 10;
    private static final int OTHER_COUNT = 300;
    private static final int MEMBERS_PER_SITE = 2;
    private static final long SEND_WINDOW_BYTES = 64 * 1024;
    /** GCS counts this much per datagram on top of the payload in every rate (docs/congestion-control.md). */
    private static final long WIRE_OVERHEAD_BYTES = 120;
    /**
     * The bound on site1's allowed rate after settling: 1.25 × the tbf rate, for the mean of the 0.5-s samples. The
     * rate swings widely between samples (each loss event and RTT sample moves it; with no propagation delay the
     * queue is the whole RTT), so single samples are not bounded, but a mean over seconds is; 25 % leaves room for
     * that swing and for GCS's wire bytes (payload + 120) being slightly fewer than the frame bytes tbf counts. A
     * rate that did not adapt (the offered 224 000 wire bytes/s, or slow start's 262 144 and more) stays far above
     * it. When the tree has site1 as the root of both other sites, each message crosses the tbf twice and the rate
     * settles near half the tbf rate: still within the bound.
     */
    private static final double RATE_BOUND_BYTES_PER_SEC = 1.25 * TBF_RATE_BYTES_PER_SEC;
    /**
     * Status lines come every 500 ms ({@link GcsContainer}); the allowed rate is judged from 10 s after sending
     * starts (slow start and its losses are over by then: about 3 s in our runs).
     */
    private static final int STATUS_LINES_PER_SEC = 2;
    private static final int SETTLING_LINES = 10 * STATUS_LINES_PER_SEC;

    private static final Pattern DROPPED = Pattern.compile("\\(dropped (\\d+),");
    private static final Pattern SENT = Pattern.compile(" Sent (\\d+) bytes (\\d+) pkt");
    private static final Pattern FLOW_RATE = Pattern.compile(Sites.GROUP + ":(\\d+|unlimited)(@\\S+)?");

    private static final String LOG_DIR = "target/congested-link-it";

    private String wanInterface;

    @Test
    void sendingRateAdaptsNothingIsLostAndMemoryStaysBounded() throws Exception {
        try (Sites sites = Sites.start(80, 3, MEMBERS_PER_SITE, CongestedLinkIT::customize, this::shapeSite1Delegate)) {
            try {
                check(sites);
            } finally {
                saveLogs(sites);
            }
        }
    }

    private void check(Sites sites) throws Exception {
        GcsContainer congested = sites.nodes.get(0);
        List<GcsContainer> site1 = sites.nodes.subList(0, MEMBERS_PER_SITE);

        Awaitility.await("site1's allowed rate settles at or below " + RATE_BOUND_BYTES_PER_SEC + " bytes/s")
                .atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> {
                    List<String> lines = statusLinesSinceSendStart(congested);
                    assertThat(lines.size()).as("status lines since sending started").isGreaterThan(SETTLING_LINES);
                    assertThat(Sites.field(lines.get(lines.size() - 1), "delegate")).isEqualTo("yes");
                    double recent = meanAllowedRate(lines.subList(lines.size() - 10, lines.size()));
                    assertThat(recent).as("site1's allowed rate, mean of the last 5 s").isLessThanOrEqualTo(
                            RATE_BOUND_BYTES_PER_SEC);
                });

        Awaitility.await("every node has every message").atMost(Duration.ofSeconds(100))
                .pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> sites.assertEveryNodeHasEveryMessageOnceInOrder(CongestedLinkIT::count));

        List<String> lines = statusLinesSinceSendStart(congested);
        int done = site1.stream().mapToInt(CongestedLinkIT::sentDoneIndex).max().orElseThrow();
        assertThat(done).as("site1's members sent everything after the settling time").isGreaterThan(
                SETTLING_LINES);
        List<String> settled = lines.subList(SETTLING_LINES, done);
        DoubleSummaryStatistics settledRates = allowedRates(settled).stream().mapToDouble(Double::doubleValue)
                .summaryStatistics();
        double settledRate = settledRates.getAverage();
        double sendSeconds = (double) done / STATUS_LINES_PER_SEC;
        double achievedWireRate = MEMBERS_PER_SITE * CONGESTED_COUNT * (MESSAGE_BYTES + WIRE_OVERHEAD_BYTES)
                / sendSeconds;
        String tc = tcStatistics(congested);
        long dropped = firstLong(DROPPED, tc);
        List<String> trees = congested.getLogs().lines().filter(l -> l.contains(" tree "))
                .map(l -> l.substring(l.indexOf(" tree ") + 1)).toList();
        System.out.printf("CongestedLinkIT: tbf %d B/s; site1's allowed rate after settling: mean %.0f, min %.0f,"
                        + " max %.0f B/s over %d samples; site1 sent %d messages in %.1f s (%.0f wire B/s); %s;"
                        + " trees: %s%n", TBF_RATE_BYTES_PER_SEC, settledRate, settledRates.getMin(),
                settledRates.getMax(), settledRates.getCount(), MEMBERS_PER_SITE * CONGESTED_COUNT, sendSeconds,
                achievedWireRate, tc.replaceAll("\\s+", " "), trees);
        assertThat(settledRate).as("site1's mean allowed rate from 10 s after sending started until it finished")
                .isLessThanOrEqualTo(RATE_BOUND_BYTES_PER_SEC);
        assertThat(achievedWireRate).as("the rate at which site1's members got their messages out")
                .isLessThanOrEqualTo(RATE_BOUND_BYTES_PER_SEC);
        assertThat(dropped).as("packets the tbf dropped: %s", tc).isPositive();

        // a message of MESSAGE_BYTES is one datagram (max.datagram.bytes 1400), and a member holds at most
        // SEND_WINDOW_BYTES of unstable messages: a delegate's buffer holds only its members' unstable messages
        long packetsPerWindow = SEND_WINDOW_BYTES / MESSAGE_BYTES;
        for (GcsContainer node : sites.nodes) {
            String line = node.lastStatusLine().orElseThrow();
            long peakUnstable = peak(Sites.field(line, "unstable"));
            long peakRtx = peak(Sites.field(line, "rtx"));
            System.out.printf("CongestedLinkIT: %s peak unstable %d B (window %d B), peak retransmit buffer %d"
                    + " packets (bound %d)%n", node.memberName(), peakUnstable, SEND_WINDOW_BYTES, peakRtx,
                    MEMBERS_PER_SITE * packetsPerWindow);
            assertThat(peakUnstable).as("peak unstable bytes at %s: %s", node.memberName(), line)
                    .isLessThanOrEqualTo(SEND_WINDOW_BYTES);
            assertThat(peakRtx).as("peak retransmit buffer at %s: %s", node.memberName(), line)
                    .isLessThanOrEqualTo(MEMBERS_PER_SITE * packetsPerWindow);
        }
        assertThat(site1).allSatisfy(node -> assertThat(peak(Sites.field(node, "unstable")))
                .as("site1's members had unstable messages (the bound is not vacuous)").isPositive());
        assertThat(peak(Sites.field(congested, "rtx"))).as("site1's delegate buffered packets").isPositive();
    }

    /** Keeps every node's log in {@value #LOG_DIR} for a look after the run. */
    private static void saveLogs(Sites sites) throws IOException {
        Path dir = Path.of(LOG_DIR);
        Files.createDirectories(dir);
        for (GcsContainer node : sites.nodes) {
            try {
                Files.writeString(dir.resolve(node.memberName() + ".log"), node.getLogs());
            } catch (RuntimeException e) {
                Files.writeString(dir.resolve(node.memberName() + ".log"), "no log: " + e);
            }
        }
    }

    private static GcsContainer customize(GcsContainer node) {
        node.withSetting("send.window.bytes", Long.toString(SEND_WINDOW_BYTES));
        if (node.site().equals("site1")) {
            return node.withNetAdmin()
                    .withCheckTraffic(CONGESTED_PER_SECOND, CONGESTED_COUNT, 3 * MEMBERS_PER_SITE, MESSAGE_BYTES);
        }
        return node.withCheckTraffic(OTHER_PER_SECOND, OTHER_COUNT, 3 * MEMBERS_PER_SITE, MESSAGE_BYTES);
    }

    private static int count(GcsContainer sender) {
        return sender.site().equals("site1") ? CONGESTED_COUNT : OTHER_COUNT;
    }

    /** Puts the tbf on site1's first member (its delegate: it starts alone) as soon as it is on the WAN. */
    private void shapeSite1Delegate(GcsContainer node, String wanAddress) {
        if (!node.memberName().equals("site1-1")) {
            return;
        }
        try {
            ExecResult which = node.execInContainer("sh", "-c", "command -v tc");
            if (which.getExitCode() != 0) {
                fail("the node image " + GcsContainer.defaultImage() + " has no 'tc' (iproute2): build it on a base"
                        + " image with iproute2 (docker/build-images.sh)");
            }
            ExecResult addresses = node.execInContainer("ip", "-o", "-4", "addr", "show");
            wanInterface = addresses.getStdout().lines()
                    .filter(l -> l.contains(" inet " + wanAddress + "/"))
                    .map(l -> l.split("\\s+")[1].replaceFirst("@.*", ""))
                    .findFirst()
                    .orElseGet(() -> fail("no interface with " + wanAddress + " in " + node.memberName() + ":\n"
                            + addresses.getStdout() + addresses.getStderr()));
            ExecResult tbf = node.execInContainer("tc", "qdisc", "add", "dev", wanInterface, "root", "tbf",
                    "rate", TBF_RATE_BYTES_PER_SEC * 8 + "bit", "burst", Long.toString(TBF_BURST_BYTES),
                    "limit", Long.toString(TBF_LIMIT_BYTES));
            if (tbf.getExitCode() != 0) {
                fail("tc qdisc add on " + node.memberName() + " failed (exit " + tbf.getExitCode() + "): "
                        + tbf.getStderr() + " (the container needs NET_ADMIN: GcsContainer.withNetAdmin())");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run tc in " + node.memberName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while shaping " + node.memberName(), e);
        }
    }

    private String tcStatistics(GcsContainer node) throws IOException, InterruptedException {
        ExecResult stats = node.execInContainer("tc", "-s", "qdisc", "show", "dev", wanInterface);
        assertThat(stats.getExitCode()).as("tc -s qdisc show: %s", stats.getStderr()).isZero();
        assertThat(firstLong(SENT, stats.getStdout())).as("bytes through the tbf").isPositive();
        return stats.getStdout().trim();
    }

    /** @return the node's status lines from the first one after {@code send-start} on */
    private static List<String> statusLinesSinceSendStart(GcsContainer node) {
        List<String> lines = new ArrayList<>();
        boolean started = false;
        for (String line : node.getLogs().split("\n")) {
            started |= line.startsWith("send-start");
            if (started && line.contains(" status ")) {
                lines.add(line.trim());
            }
        }
        return lines;
    }

    /** @return how many status lines the node printed after {@code send-start} before {@code sent-done} */
    private static int sentDoneIndex(GcsContainer node) {
        int index = 0;
        boolean started = false;
        for (String line : node.getLogs().split("\n")) {
            if (line.startsWith("sent-done")) {
                return index;
            }
            started |= line.startsWith("send-start");
            if (started && line.contains(" status ")) {
                index++;
            }
        }
        return fail(node.memberName() + " has not sent everything");
    }

    private static List<Double> allowedRates(List<String> statusLines) {
        List<Double> rates = new ArrayList<>();
        for (String line : statusLines) {
            Matcher m = FLOW_RATE.matcher(Sites.field(line, "flows"));
            if (!m.find()) {
                fail("no allowed rate of group " + Sites.GROUP + " in " + line);
            }
            rates.add(m.group(1).equals("unlimited") ? Double.POSITIVE_INFINITY : Double.parseDouble(m.group(1)));
        }
        return rates;
    }

    private static double meanAllowedRate(List<String> statusLines) {
        return allowedRates(statusLines).stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /** @param field {@code NOW/PEAK} */
    private static long peak(String field) {
        return Long.parseLong(field.substring(field.indexOf('/') + 1));
    }

    private static long firstLong(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        return m.find() ? Long.parseLong(m.group(1)) : fail("no " + pattern + " in " + text);
    }
}
