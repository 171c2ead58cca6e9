package org.gcs.lab.tcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import org.gcs.WireCost;
import org.gcs.lab.ChartWriter;
import org.gcs.lab.Check;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabMath;
import org.gcs.lab.LabProgress;
import org.gcs.lab.LabReport;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.lab.LabUnavailableException;
import org.gcs.lab.Phase;
import org.gcs.lab.RateTrack;
import org.gcs.lab.SeriesTable;
import org.gcs.lab.TcpPathOptions;
import org.gcs.tools.csv.CsvWriter;
import org.gcs.tools.netns.HostCommands;

/**
 * {@code tcp-friendliness} (seed 004 §4, test 4): one GCS flow and one real kernel TCP flow share a drop-tail
 * bottleneck; six cycles of the GCS flow alone, then the GCS flow together with a bulk TCP transfer. TCP-friendly
 * means, in the paper's words, that the two rates while sharing are "within a factor of two".
 *
 * <p>Setup: {@link NamespaceBottleneck} creates sender, router and receiver network namespaces joined by veth
 * pairs, with a {@code tbf} of {@value #BOTTLENECK_BITS_PER_SEC} bit/s and a {@value #QUEUE_BYTES}-byte drop-tail
 * queue on the router's interface towards the receiver, and a {@link org.gcs.tools.netns.DelayLine} in the router that adds
 * half the base RTT in each direction: by default a 60 ms base RTT, the median RTT from RON45 (Chicago) to RON35
 * (Berkeley) in the paper's Table 1, and a queue of about one bandwidth-delay product ({@code --rtt-ms} sets
 * another RTT, e.g. 100 ms, a WAN path; the queue stays the same, half a bandwidth-delay product there). Each end
 * runs one {@code gcs lab-agent} process: a one-member site with its own delegate. The sending agent sends
 * {@value #MESSAGE_BYTES}-byte messages to the group as fast as its congestion control allows and, during the
 * shared phases, writes a TCP bulk transfer to the receiving agent's sink, in the kernel's full segments of
 * {@value #TCP_SEGMENT_PAYLOAD_BYTES} payload bytes. Throughputs are payload bytes per
 * second at the receiver (GCS messages delivered, TCP bytes read), averaged over each phase after its first
 * {@value #SKIP_PERCENT} % (the flows converging after the change).
 *
 * <p>Phases last {@value #PHASE_SECONDS} s at scale 1 rather than the paper's 60 s, so that the twelve phases fit
 * in the lab's ten-minute budget; {@code --scale 1.5} gives the paper's durations. The run needs root and exits
 * with a clear message without it.
 *
 * <p>Not a {@link org.gcs.lab.RunPlan}: its two sites are agent processes in network namespaces, reached through
 * their report lines and commands, not nodes of a lab driver, and its time is the wall clock. It states its verdict
 * with the template's {@link org.gcs.lab.Check} and {@link org.gcs.lab.LabReport}.
 */
public final class TcpFriendlinessScenario implements LabScenario {
    /** The bottleneck's rate: 10 Mbit/s. */
    static final long BOTTLENECK_BITS_PER_SEC = 10_000_000;
    /** The bottleneck's queue, about 52 ms at its rate. */
    static final long QUEUE_BYTES = 64 * 1024;
    /*
     * The kernel TCP's congestion control (--tcp, TcpPathOptions): by default Reno, the TCP that Eq. 1 models (Padhye
     * et al.) and the conformant TCP of the TCP-friendliness definition; CUBIC is Linux's default. The host's default
     * may be another (BBR on these machines).
     *
     * A network namespace may set as its default only the algorithms in the host's tcp_allowed_congestion_control
     * (here reno and bbr; the kernel answers EPERM for cubic), so the namespace's default stays Reno and another TCP
     * is set on the sender's default route ("ip route ... congctl cubic"), which any available algorithm may be.
     *
     * The base RTT (--rtt-ms, default 60 ms) is propagation delay the router adds, half in each direction. Without
     * it the queue is the only delay, TCP's ACK clock refills every slot the moment it frees, and a smooth flow
     * arriving at random finds the queue full several times as often per packet as TCP (the drop-tail phase effect
     * of Floyd and Jacobson, 1992); docs/experiments.md gives the figures.
     */
    /** Duration of each phase at scale 1, seconds. */
    static final long PHASE_SECONDS = 40;
    /** The cycles of the paper. */
    static final int CYCLES = 6;
    /** Percentage of each phase left out of its mean. */
    static final int SKIP_PERCENT = 25;
    /** The paper's definition of TCP-friendly: the ratio is within a factor of two. */
    static final double FRIENDLY_MIN = 0.5;
    /** See {@link #FRIENDLY_MIN}. */
    static final double FRIENDLY_MAX = 2.0;
    /** The tighter band we aim for. */
    static final double AIM_MIN = 0.8;
    /** See {@link #AIM_MIN}. */
    static final double AIM_MAX = 1.25;

    private static final long S = 1_000_000_000L;
    private static final String GROUP = "lab";
    /** Payload of each GCS message: the paper's s = 1000 bytes. */
    static final int MESSAGE_BYTES = 1000;
    /**
     * Payload of a full TCP segment: 1448 bytes, what the kernel sends behind a 1500-byte MTU with timestamps, pinned
     * so that the setup does not depend on the host. Both papers' TCP-friendliness experiments ran against real
     * kernel TCPs (seed 004 across the Internet, the thesis on Emulab), so the lab does too. Their analyses assume
     * one packet size for both flows (RFC 5348 §1; thesis App. C.2); docs/experiments.md gives runs with TCP segments
     * of a GCS message's 1000 bytes (NamespaceBottleneck can set any size): ORMCC gains 0.04–0.19 there and TFRC
     * loses 0.25, so the packet size explains only a part of the gap to TCP; the drop-tail phase effect the rest.
     */
    static final int TCP_SEGMENT_PAYLOAD_BYTES = NamespaceBottleneck.MAX_SEGMENT_PAYLOAD_BYTES;
    /**
     * IP bytes per GCS message on the bottleneck: the payload, GCS's typical datagram overhead (header, names,
     * sequence numbers, the AES-GCM tag: {@link WireCost#DATAGRAM_OVERHEAD_BYTES}) and 28 bytes of IPv4 and UDP.
     */
    static final int GCS_IP_BYTES_PER_MESSAGE = MESSAGE_BYTES + WireCost.DATAGRAM_OVERHEAD_BYTES + 28;
    /** IP bytes per full TCP segment: the payload and 52 bytes of IPv4 and TCP with timestamps (1500, the MTU). */
    static final int TCP_IP_BYTES_PER_SEGMENT = TCP_SEGMENT_PAYLOAD_BYTES + 52;
    /** The aim's least ratio of any one cycle (issue 36). */
    static final double AIM_CYCLE_MIN = 0.67;
    /** The sender namespace's default TCP, one of the host's allowed algorithms; --tcp may choose another. */
    private static final String NAMESPACE_TCP = "reno";
    private static final int WAN_PORT_SENDER = 7701;
    private static final int WAN_PORT_RECEIVER = 7702;
    private static final int TCP_SINK_PORT = 5001;
    private static final int LAN_PORT = 7800;
    private static final long AGENT_START_TIMEOUT_NS = 90 * S;
    private static final long ACK_TIMEOUT_NS = 10 * S;
    private static final long PROGRESS_EVERY_NS = 5 * S;

    @Override
    public String name() {
        return "tcp-friendliness";
    }

    @Override
    public String description() {
        return "a GCS flow and a kernel TCP flow share a tbf bottleneck between network namespaces (60 ms base RTT),"
                + " 6 cycles of GCS alone then GCS with TCP (needs root)";
    }

    @Override
    public Optional<String> fixedDriver() {
        return Optional.of("namespaces");
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        HostCommands.missingForNamespaces("gcs lab " + name()).ifPresent(missing -> {
            throw new LabUnavailableException(missing);
        });
        LabProgress progress = ctx.progress();
        long phaseNs = ctx.scaledNs(PHASE_SECONDS * S);
        TcpPathOptions path = ctx.tcpPath();
        progress.line("path: base RTT " + path.rttMs() + " ms, TCP " + path.tcpCongestionControl());
        RateTrack gcs = new RateTrack();
        RateTrack tcp = new RateTrack();
        List<AgentProcess.Timed<AgentReport>> senderReports = new ArrayList<>();
        Path agentDir = Files.createDirectories(ctx.outDir().resolve("agents"));
        try (NamespaceBottleneck bottleneck = NamespaceBottleneck.create(BOTTLENECK_BITS_PER_SEC, QUEUE_BYTES,
                NAMESPACE_TCP, TCP_SEGMENT_PAYLOAD_BYTES, path.oneWayDelayMs(), agentDir, progress::line)) {
            if (!path.tcpCongestionControl().equals(NAMESPACE_TCP)) {
                useOnSendersRoute(bottleneck.senderNamespace(), path.tcpCongestionControl(), progress);
            }
            String key = HexFormat.of().formatHex(randomKey());
            Path receiverConfig = writeConfig(agentDir.resolve("receiver.properties"), "rcv",
                    NamespaceBottleneck.RECEIVER_ADDRESS, WAN_PORT_RECEIVER, NamespaceBottleneck.SENDER_ADDRESS,
                    WAN_PORT_SENDER, key, ctx.nodeSettings().asMap());
            Path senderConfig = writeConfig(agentDir.resolve("sender.properties"), "snd",
                    NamespaceBottleneck.SENDER_ADDRESS, WAN_PORT_SENDER, NamespaceBottleneck.RECEIVER_ADDRESS,
                    WAN_PORT_RECEIVER, key, ctx.nodeSettings().asMap());
            List<String> receiverCommand = new ArrayList<>(AgentProcess.agentCommand());
            receiverCommand.addAll(List.of("--config", receiverConfig.toString(), "--group", GROUP, "--tcp-listen",
                    NamespaceBottleneck.RECEIVER_ADDRESS + ":" + TCP_SINK_PORT));
            List<String> senderCommand = new ArrayList<>(AgentProcess.agentCommand());
            senderCommand.addAll(List.of("--config", senderConfig.toString(), "--group", GROUP, "--send", "--size",
                    Integer.toString(MESSAGE_BYTES)));
            try (AgentProcess<AgentReport> receiver = AgentProcess.start("receiver",
                    NamespaceBottleneck.inside(bottleneck.receiverNamespace(), receiverCommand),
                    agentDir.resolve("receiver.log"), timed -> {
                        gcs.add(timed.atNs(), timed.report().gcsDeliveredBytes());
                        tcp.add(timed.atNs(), timed.report().tcpReceivedBytes());
                    });
                 AgentProcess<AgentReport> sender = AgentProcess.start("sender",
                         NamespaceBottleneck.inside(bottleneck.senderNamespace(), senderCommand),
                         agentDir.resolve("sender.log"), timed -> {
                             synchronized (senderReports) {
                                 senderReports.add(timed);
                             }
                         })) {
                awaitBothSites(receiver, progress);
                awaitBothSites(sender, progress);
                List<Cycle> cycles = runCycles(sender, phaseNs, gcs, tcp, senderReports, progress);
                progress.line("bottleneck queue: " + bottleneck.queueStatistics().replace('\n', ' '));
                return report(ctx, cycles, gcs, tcp, senderReports);
            }
        }
    }

    /**
     * Sets a TCP congestion control on the sender namespace's default route ({@code congctl}), which the TCP flow to
     * the receiver takes: a route may name any available algorithm, a namespace's default only the host's allowed
     * ones.
     */
    private static void useOnSendersRoute(String namespace, String algorithm, LabProgress progress) {
        String route = HostCommands.run("ip", "-n", namespace, "route", "show", "default");
        if (route.isEmpty() || route.contains("\n")) {
            throw new IllegalStateException("expected one default route in " + namespace + ", got '" + route + "'");
        }
        List<String> change = new ArrayList<>(List.of("ip", "-n", namespace, "route", "change"));
        change.addAll(List.of(route.trim().split("\\s+")));
        change.addAll(List.of("congctl", algorithm));
        HostCommands.run(change.toArray(String[]::new));
        progress.line("TCP " + algorithm + " on the sender's route: "
                + HostCommands.run("ip", "-n", namespace, "route", "show", "default"));
    }

    /** One cycle's two phases, in {@link System#nanoTime()}. */
    private record Cycle(int number, Phase alone, Phase shared) {
    }

    private static void awaitBothSites(AgentProcess<AgentReport> agent, LabProgress progress)
            throws InterruptedException {
        long start = System.nanoTime();
        if (agent.awaitReport(r -> r.groupSites() >= 2, AGENT_START_TIMEOUT_NS) == null) {
            throw new IllegalStateException("the " + agent.label() + " agent did not see both sites within "
                    + AGENT_START_TIMEOUT_NS / S + " s" + (agent.alive() ? "" : " (it exited)") + "; see "
                    + agent.log());
        }
        progress.line(String.format(Locale.ROOT, "%s agent sees both sites (%.1f s)", agent.label(),
                (System.nanoTime() - start) / 1e9));
    }

    private static List<Cycle> runCycles(AgentProcess<AgentReport> sender, long phaseNs, RateTrack gcs,
                                         RateTrack tcp, List<AgentProcess.Timed<AgentReport>> senderReports,
                                         LabProgress progress)
            throws InterruptedException {
        long t0 = System.nanoTime();
        double skip = SKIP_PERCENT / 100.0;
        List<Cycle> cycles = new ArrayList<>();
        for (int c = 1; c <= CYCLES; c++) {
            long aloneStart = t0 + (c - 1) * 2 * phaseNs;
            long sharedStart = aloneStart + phaseNs;
            long sharedEnd = sharedStart + phaseNs;
            progress.at((aloneStart - t0) / 1e9, "cycle " + c + "/" + CYCLES + ": GCS alone");
            waitUntil(sharedStart, t0, gcs, tcp, senderReports, progress);
            sender.command("tcp-start " + NamespaceBottleneck.RECEIVER_ADDRESS + ":" + TCP_SINK_PORT);
            if (!sender.awaitLine("ack tcp-start", ACK_TIMEOUT_NS)) {
                throw new IllegalStateException("the sender agent did not start the TCP flow; see " + sender.log());
            }
            progress.at((System.nanoTime() - t0) / 1e9, "cycle " + c + "/" + CYCLES + ": GCS and TCP");
            waitUntil(sharedEnd, t0, gcs, tcp, senderReports, progress);
            sender.command("tcp-stop");
            if (!sender.awaitLine("ack tcp-stop", ACK_TIMEOUT_NS)) {
                throw new IllegalStateException("the sender agent did not stop the TCP flow; see " + sender.log());
            }
            cycles.add(new Cycle(c, new Phase("cycle " + c + " alone", aloneStart, sharedStart, skip),
                    new Phase("cycle " + c + " shared", sharedStart, sharedEnd, skip)));
        }
        return cycles;
    }

    /** Lets the experiment run until a time, printing progress every few seconds. */
    private static void waitUntil(long untilNs, long t0, RateTrack gcs, RateTrack tcp,
                                  List<AgentProcess.Timed<AgentReport>> senderReports, LabProgress progress) {
        long nextProgress = System.nanoTime() + PROGRESS_EVERY_NS;
        for (long now = System.nanoTime(); now - untilNs < 0; now = System.nanoTime()) {
            if (now - nextProgress >= 0) {
                nextProgress += PROGRESS_EVERY_NS;
                AgentReport last = last(senderReports);
                progress.at((now - t0) / 1e9, String.format(Locale.ROOT, "GCS %s, TCP %s (3-s averages); GCS allowed"
                        + " %s, RTT %.1f ms, %s %.4g", LabProgress.kb(gcs.rateOver(3 * S)),
                        LabProgress.kb(tcp.rateOver(3 * S)), LabProgress.kb(last == null ? Double.NaN
                                : last.allowedBytesPerSec()), last == null ? Double.NaN : last.rttMs(),
                        last == null ? "congestion" : last.congestionMeasure(),
                        last == null ? Double.NaN : last.congestion()));
            }
            LockSupport.parkNanos(Math.min(untilNs - now, nextProgress - now));
        }
    }

    private static AgentReport last(List<AgentProcess.Timed<AgentReport>> reports) {
        synchronized (reports) {
            return reports.isEmpty() ? null : reports.get(reports.size() - 1).report();
        }
    }

    private LabResult report(LabContext ctx, List<Cycle> cycles, RateTrack gcs, RateTrack tcp,
                             List<AgentProcess.Timed<AgentReport>> senderReports) {
        long t0 = cycles.get(0).alone().startNs();
        long end = cycles.get(cycles.size() - 1).shared().endNs();
        List<Map<String, Object>> rows = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        List<Double> wireRatios = new ArrayList<>();
        double wirePerPayload = (GCS_IP_BYTES_PER_MESSAGE / (double) MESSAGE_BYTES)
                / (TCP_IP_BYTES_PER_SEGMENT / (double) TCP_SEGMENT_PAYLOAD_BYTES);
        try (CsvWriter csv = new CsvWriter(ctx.file(name() + "-cycles.csv"), List.of("cycle",
                "gcsAloneBytesPerSec", "gcsSharedBytesPerSec", "tcpSharedBytesPerSec", "ratio", "ipBytesRatio"))) {
            for (Cycle c : cycles) {
                double alone = gcs.meanBetween(c.alone().measureFromNs(), c.alone().endNs());
                double shared = gcs.meanBetween(c.shared().measureFromNs(), c.shared().endNs());
                double tcpShared = tcp.meanBetween(c.shared().measureFromNs(), c.shared().endNs());
                double ratio = LabMath.ratio(shared, tcpShared);
                ratios.add(ratio);
                wireRatios.add(ratio * wirePerPayload);
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("gcsAloneBytesPerSec", round(alone));
                row.put("gcsSharedBytesPerSec", round(shared));
                row.put("tcpSharedBytesPerSec", round(tcpShared));
                row.put("ratio", Math.round(ratio * 1000) / 1000.0);
                row.put("ipBytesRatio", Math.round(ratio * wirePerPayload * 1000) / 1000.0);
                rows.add(row);
                csv.row(c.number(), round(alone), round(shared), round(tcpShared), row.get("ratio"),
                        row.get("ipBytesRatio"));
                ctx.progress().line(String.format(Locale.ROOT, "cycle %d: GCS alone %s; sharing: GCS %s, TCP %s,"
                        + " ratio %.2f", c.number(), LabProgress.kb(alone), LabProgress.kb(shared),
                        LabProgress.kb(tcpShared), ratio));
            }
        }
        double median = median(ratios);
        double minRatio = ratios.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
        TcpPathOptions path = ctx.tcpPath();
        writeTimeSeries(ctx, cycles, gcs, tcp, senderReports, t0, end);
        writeRatioChart(ctx, ratios, median);

        return new LabReport(ctx).putAll("bottleneck", Map.of("rateBitsPerSec", BOTTLENECK_BITS_PER_SEC,
                        "queueBytes", QUEUE_BYTES, "qdisc", "tbf", "baseRttMs", path.rttMs(), "oneWayDelayMs",
                        path.oneWayDelayMs(), "messageBytes", MESSAGE_BYTES),
                        "tcpCongestionControl", path.tcpCongestionControl(),
                        "tcpSegmentPayloadBytes", TCP_SEGMENT_PAYLOAD_BYTES,
                        "ratioCompares", "payload bytes per second delivered: GCS messages / TCP bytes read",
                        "ipBytesRatioCompares", "IP bytes per second on the bottleneck, estimated: GCS "
                                + GCS_IP_BYTES_PER_MESSAGE + " per " + MESSAGE_BYTES + "-byte message / TCP "
                                + TCP_IP_BYTES_PER_SEGMENT + " per " + TCP_SEGMENT_PAYLOAD_BYTES + "-byte segment",
                        "phaseSeconds", (cycles.get(0).alone().endNs() - t0) / 1e9, "cycles", rows,
                        "medianRatio", Math.round(median * 1000) / 1000.0,
                        "minRatio", Math.round(minRatio * 1000) / 1000.0,
                        "medianIpBytesRatio", Math.round(median(wireRatios) * 1000) / 1000.0,
                        "withinAim", median >= AIM_MIN && median <= AIM_MAX && minRatio >= AIM_CYCLE_MIN)
                .check(Check.holds("a cycle has no ratio (a flow delivered nothing while sharing)",
                                ratios.stream().allMatch(Double::isFinite)),
                        Check.within("median GCS/TCP ratio", median, FRIENDLY_MIN, FRIENDLY_MAX).decimals(2))
                .result();
    }

    /** One row per second: both flows' throughput at the receiver and the sender's congestion state. */
    private void writeTimeSeries(LabContext ctx, List<Cycle> cycles, RateTrack gcs, RateTrack tcp,
                                 List<AgentProcess.Timed<AgentReport>> senderReports, long t0, long end) {
        SeriesTable series = new SeriesTable().declare("GCS").declare("TCP").declare("GCS allowed rate");
        List<AgentProcess.Timed<AgentReport>> sent;
        synchronized (senderReports) {
            sent = List.copyOf(senderReports);
        }
        try (CsvWriter csv = new CsvWriter(ctx.file(name() + ".csv"), List.of("timeSec", "cycle", "phase",
                "gcsBytesPerSec", "tcpBytesPerSec", "gcsAllowedBytesPerSec", "rttMs", "congestionMeasure",
                "congestion"))) {
            int next = 0;
            for (long t = t0 + S; t <= end; t += S) {
                double gcsRate = gcs.meanBetween(t - S, t);
                double tcpRate = tcp.meanBetween(t - S, t);
                while (next < sent.size() - 1 && sent.get(next + 1).atNs() <= t) {
                    next++;
                }
                AgentReport state = sent.isEmpty() ? null : sent.get(next).report();
                int cycle = (int) Math.min(cycles.size(), (t - 1 - t0) / (cycles.get(0).shared().endNs() - t0) + 1);
                Cycle c = cycles.get(cycle - 1);
                String phase = t <= c.alone().endNs() ? "alone" : "shared";
                double x = (t - t0) / 1e9;
                csv.row(x, cycle, phase, round(gcsRate), round(tcpRate),
                        state == null ? Double.NaN : round(state.allowedBytesPerSec()),
                        state == null ? Double.NaN : state.rttMs(), state == null ? "-" : state.congestionMeasure(),
                        state == null ? Double.NaN : state.congestion());
                series.add(x);
                series.put("GCS", gcsRate);
                series.put("TCP", tcpRate);
                series.put("GCS allowed rate", state == null ? Double.NaN : state.allowedBytesPerSec());
            }
        }
        double top = Math.max(series.max("GCS"), series.max("TCP"));
        ChartWriter chart = ChartWriter.chart("GCS and TCP through a " + BOTTLENECK_BITS_PER_SEC / 1_000_000
                + " Mbit/s tbf bottleneck (1-s averages at the receiver)", "time (s)", "throughput (KB/s)");
        series.addTo(chart, 1e-3, Map.of("GCS", 2.0f, "TCP", 2.0f, "GCS allowed rate", 0.8f));
        for (Cycle c : cycles) {
            chart.marker((c.shared().startNs() - t0) / 1e9, "TCP on");
            chart.marker((c.shared().endNs() - t0) / 1e9, "off");
        }
        chart.yMax(top * 1e-3 * 1.3).write(ctx.file(name() + ".png"));
    }

    private void writeRatioChart(LabContext ctx, List<Double> ratios, double median) {
        double[] x = new double[ratios.size()];
        double[] y = new double[ratios.size()];
        double[] low = new double[ratios.size()];
        double[] high = new double[ratios.size()];
        double[] mid = new double[ratios.size()];
        for (int i = 0; i < ratios.size(); i++) {
            x[i] = i + 1;
            y[i] = ratios.get(i);
            low[i] = FRIENDLY_MIN;
            high[i] = FRIENDLY_MAX;
            mid[i] = median;
        }
        ChartWriter.chart("GCS/TCP throughput ratio while sharing, per cycle", "cycle", "GCS / TCP")
                .series("ratio", x, y, 2.0f)
                .series(String.format(Locale.ROOT, "median %.2f", median), x, mid, 1.0f)
                .series("0.5 (factor of two below)", x, low, 0.8f)
                .series("2.0 (factor of two above)", x, high, 0.8f)
                .yMax(Math.max(2.5, ratios.stream().mapToDouble(Double::doubleValue).filter(Double::isFinite)
                        .max().orElse(0) * 1.2))
                .write(ctx.file(name() + "-cycles.png"));
    }

    private static Path writeConfig(Path file, String site, String address, int port, String peerAddress,
                                    int peerPort, String keyHex, Map<String, String> nodeSettings) throws IOException {
        List<String> lines = new ArrayList<>(List.of(
                "# written by gcs lab tcp-friendliness for its " + site + " agent",
                "site = " + site,
                "member.name = " + site + "-1",
                "wan.bind = " + address + ":" + port,
                "seeds = " + peerAddress + ":" + peerPort,
                "cluster.key.hex = " + keyHex,
                "lan.transport = tcp",
                "lan.bind.address = 127.0.0.1",
                "lan.tcp.port = " + LAN_PORT,
                "lan.tcp.initial.hosts = 127.0.0.1:" + LAN_PORT));
        nodeSettings.forEach((key, value) -> lines.add(key + " = " + value)); // --controller, --set
        lines.add("");
        Files.writeString(file, String.join("\n", lines), StandardCharsets.UTF_8);
        return file;
    }

    private static byte[] randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return key;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().filter(Double::isFinite).sorted().toList();
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static double round(double value) {
        return Double.isFinite(value) ? Math.round(value * 10) / 10.0 : value;
    }
}
