package org.gcs.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.gcs.tools.json.JsonWriter;
import org.gcs.tools.netns.TcpFlows;
import org.gcs.tools.netns.WanNetwork;

/**
 * One {@code gcs bench} invocation: every scenario in turn, each with its systems alternating run by run (A B A B
 * ..., or A B C A B C ... with two baselines), progress lines on stderr, a table per scenario on stdout,
 * optionally a CSV of runs, a CSV of medians and ratios and the JSON summary in {@code --out}, and with
 * {@code --json} one JSON object on one line as the only output on stdout (the tables then go to stderr). The
 * first failed run ends the bench (exit code 1) with the reason; the node logs are then kept.
 */
final class BenchRun {
    /** Every child JVM halts after this long in any case (its parent normally stops it much sooner). */
    static final long CHILD_LIFETIME_SEC = 3_600;
    /** The summary's file name in the output directory. */
    static final String SUMMARY_FILE = "summary.json";
    /** wan-fairness: the TCP port of the competing flows' sink, in the second site's namespace. */
    static final int COMPETING_TCP_PORT = 5201;
    /** How long a run's TCP share waits for the sink's sample after the window (it reports every 100 ms). */
    static final long TCP_SAMPLE_WAIT_MILLIS = 2_000;

    private final BenchSettings settings;
    private final PrintWriter out;
    /** Where the header, the tables and the wall time go: stdout, or stderr with --json. */
    private final PrintWriter text;
    private final PrintWriter err;
    private final long startNs = System.nanoTime();
    private final KernelMonitor kernelMonitor = KernelMonitor.current();

    /**
     * @param settings the options
     * @param out where the tables go, and the JSON line (with --json, only the JSON line: the tables go to err)
     * @param err where progress and errors go
     */
    BenchRun(BenchSettings settings, PrintWriter out, PrintWriter err) {
        this.settings = settings;
        this.out = out;
        this.text = settings.json() ? err : out;
        this.err = err;
    }

    /**
     * @return 0 if every run of every scenario completed and passed its delivery check, 1 otherwise
     */
    int run() throws InterruptedException, IOException {
        MachineInfo machine = MachineInfo.current();
        Path logDir = Files.createTempDirectory("gcs-bench-");
        NodeLauncher launcher = settings.inProcess() ? new InJvmLauncher()
                : new ChildJvmLauncher(settings.jvmOptions(), logDir, CHILD_LIFETIME_SEC);
        RunDriver driver = new RunDriver(launcher, settings.stallTimeout(), this::progress);
        text.printf(Locale.ROOT, "GCS bench: %s; %d runs per system; nodes: %s; %d CPUs (%s), Java %s%n",
                String.join(", ", settings.scenarios().stream().map(Scenario::id).toList()), settings.runs(),
                settings.inProcess() ? "threads of this JVM" : "one JVM per node", machine.cpus(), machine.cpuModel(),
                machine.java());
        text.flush();
        kernelMonitor.warning().ifPresent(this::progress);
        List<ScenarioSummary> summaries = new ArrayList<>();
        String error = null;
        BenchCsv csv = settings.outDir() == null ? null : new BenchCsv(settings.outDir());
        try {
            for (Scenario scenario : settings.scenarios()) {
                if (settings.systemsFor(scenario).isEmpty()) {
                    continue;
                }
                if (scenario.wan()) {
                    List<WanPoint> points = scenario == Scenario.WAN_FAIRNESS ? settings.wanGrid().fairnessPoints()
                            : settings.wanGrid().points();
                    for (WanPoint point : scenario.firstPointOnly() ? points.subList(0, 1) : points) {
                        ScenarioSummary summary = runWanPoint(scenario, point, driver, csv, logDir);
                        summaries.add(summary);
                        BenchTable.print(text, settings, summary);
                    }
                    continue;
                }
                ScenarioSummary summary = runScenario(scenario, driver, csv, null, null, null);
                summaries.add(summary);
                BenchTable.print(text, settings, summary);
            }
        } catch (BenchFailure e) {
            error = e.getMessage();
            err.println("gcs bench: FAILED: " + error);
            err.println("gcs bench: node logs kept in " + logDir);
            err.flush();
        } finally {
            if (csv != null) {
                csv.close();
            }
        }
        if (error == null) {
            deleteTree(logDir);
        }
        double wallSeconds = (System.nanoTime() - startNs) / 1e9;
        boolean faults = summaries.stream().flatMap(summary -> summary.systems().stream())
                .anyMatch(figures -> !figures.totalFaults().none());
        text.printf(Locale.ROOT, "%nwall time: %.1f s; %s%n", wallSeconds, error != null ? "FAILED" : faults
                ? "every run passed its check; a baseline lost, duplicated or reordered messages after the failover"
                + " crash or the outage, as counted above (PASSED)"
                : "every message of every run was delivered to every member (PASSED)");
        Map<String, Object> json = BenchJson.of(settings, machine, summaries, error, wallSeconds);
        if (settings.outDir() != null) {
            SummaryCsv.write(settings.outDir(), settings.messageBytes(), summaries);
            Files.writeString(settings.outDir().resolve(SUMMARY_FILE), JsonWriter.write(json) + "\n",
                    StandardCharsets.UTF_8);
            WanCharts.write(settings.outDir(), summaries);
        }
        text.flush();
        if (settings.json()) {
            out.println(JsonWriter.write(json));
        }
        out.flush();
        return error == null ? 0 : 1;
    }

    /**
     * Builds the emulated WAN of one point (with wan-fairness's TCP flows), runs the scenario's systems on it, and
     * removes it (whatever happens).
     */
    private ScenarioSummary runWanPoint(Scenario scenario, WanPoint point, RunDriver driver, BenchCsv csv,
                                        Path logDir) throws BenchFailure, InterruptedException {
        WanNetwork wan;
        try {
            wan = WanNetwork.create(scenario.sites(), point.rttMs(), scenario.siteRateBitsPerSec(), point.loss(),
                    settings.wanGrid().seed(), logDir, this::progress);
            wan.setTcpCongestionControl(settings.wanGrid().siteTcp());
            progress("WAN: the sites' TCP connections use " + settings.wanGrid().siteTcp() + " (--site-tcp)");
        } catch (IOException | RuntimeException e) {
            throw new BenchFailure(scenario.id() + " " + point + ": cannot build the emulated WAN: " + e.getMessage());
        }
        TcpFlows tcp = competingTcp(scenario, point, wan, logDir);
        try (wan; tcp) {
            ScenarioSummary summary = runScenario(scenario, driver, csv, point, wan, tcp);
            wan.close();
            long[] counts = wan.delayLineCounts();
            if (counts[0] >= 0) {
                progress(String.format(Locale.ROOT, "%s %s: the delay line forwarded %d packets and dropped %d"
                        + " (%.2f %%)", scenario.id(), point, counts[0] - counts[1], counts[1],
                        counts[0] == 0 ? 0.0 : 100.0 * counts[1] / counts[0]));
            }
            return summary;
        }
    }

    /** @return wan-fairness's TCP flows from site 1 to site 2, running; null at a point without them */
    private TcpFlows competingTcp(Scenario scenario, WanPoint point, WanNetwork wan, Path logDir) throws BenchFailure {
        if (point.tcpFlows() == 0) {
            return null;
        }
        TcpFlows tcp;
        try {
            tcp = TcpFlows.start(wan.siteNamespace(1), WanNetwork.siteAddress(1), COMPETING_TCP_PORT,
                    wan.siteNamespace(0), point.tcpFlows(), point.tcpCongestionControl(), logDir);
        } catch (IOException | RuntimeException e) {
            wan.close();
            throw new BenchFailure(scenario.id() + " " + point + ": cannot start the TCP flows: " + e.getMessage());
        }
        progress(scenario.id() + " " + point + ": " + tcp + " from site 1 to site 2 through site 1's uplink, for every"
                + " run of the point");
        return tcp;
    }

    private ScenarioSummary runScenario(Scenario scenario, RunDriver driver, BenchCsv csv, WanPoint point,
                                        WanNetwork wan, TcpFlows tcp) throws BenchFailure, InterruptedException {
        List<String> namespaces = new ArrayList<>();
        List<String> addresses = new ArrayList<>();
        for (int site = 0; wan != null && site < wan.sites(); site++) {
            namespaces.add(wan.siteNamespace(site));
            addresses.add(WanNetwork.siteAddress(site));
        }
        String label = point == null ? scenario.id() : scenario.id() + " " + point;
        long scenarioStartNs = System.nanoTime();
        Map<BenchSystem, List<RunResult>> results = new LinkedHashMap<>();
        for (BenchSystem system : settings.systemsFor(scenario)) {
            results.put(system, new ArrayList<>());
        }
        for (int run = 1; run <= settings.runs(); run++) {
            for (BenchSystem system : results.keySet()) {
                progress(String.format(Locale.ROOT, "%s: %s run %d/%d starting", label, system.id(), run,
                        settings.runs()));
                RunResult result;
                long monitorMillisBefore = kernelMonitor.cpuMillis();
                try {
                    result = driver.run(RunPlan.create(scenario, system, settings, point, namespaces, addresses), run,
                            wan);
                    if (tcp != null) {
                        result = result.withCompetingTcp(new CompetingTcp(tcp.flows(), tcp.congestionControl(),
                                tcp.awaitBytesPerSecBetween(result.windowStartMicros(), result.windowEndMicros(),
                                        TCP_SAMPLE_WAIT_MILLIS)));
                    }
                } catch (BenchFailure e) {
                    throw new BenchFailure(label + ", " + system.title() + " run " + run + ": " + e.getMessage());
                }
                results.get(system).add(result);
                if (csv != null) {
                    csv.add(result, label);
                }
                progress(label + ": " + describe(result) + monitorNote(monitorMillisBefore));
            }
        }
        List<SystemFigures> figures = new ArrayList<>();
        results.forEach((system, runs) -> figures.add(SystemFigures.of(system, runs)));
        return new ScenarioSummary(scenario, figures, (System.nanoTime() - scenarioStartNs) / 1e9, point);
    }

    private static String describe(RunResult r) {
        String figures = switch (r.scenario().kind()) {
            case LATENCY -> String.format(Locale.ROOT, "p50 %.3f ms, p99 %.3f ms, p99.9 %.3f ms at %.0f msg/s",
                    r.latency().p50Micros() / 1000, r.latency().p99Micros() / 1000, r.latency().p999Micros() / 1000,
                    r.sendRatePerSec());
            case THROUGHPUT -> String.format(Locale.ROOT, "%.0f msg/s, %.2f MB/s", r.messagesPerSec(),
                    r.megabytesPerSec());
            case DATAGRAMS -> String.format(Locale.ROOT, "%.0f datagrams/s, %.2f MB/s, %.2f %% lost",
                    r.messagesPerSec(), r.megabytesPerSec(), r.lossRate() * 100);
            case FAILOVER -> String.format(Locale.ROOT, "%d lost, %d duplicated, %d reordered at %.0f msg/s",
                    r.faults().lost(), r.faults().duplicates(), r.faults().reordered(), r.sendRatePerSec());
            case OUTAGE -> String.format(Locale.ROOT, "backlog delivered %.2f s after the link came back; %d lost,"
                    + " %d duplicated, %d reordered at %.0f msg/s", r.backlogMillis() / 1000, r.faults().lost(),
                    r.faults().duplicates(), r.faults().reordered(), r.sendRatePerSec());
            case FAIRNESS -> String.format(Locale.ROOT, "%.0f msg/s, %.3f MB/s against %s TCP at %.3f MB/s: share %.2f",
                    r.messagesPerSec(), r.megabytesPerSec(), r.competingTcp().flows() + " x "
                            + r.competingTcp().congestionControl(), r.competingTcp().bytesPerSec() / 1e6,
                    r.tcpShare());
        };
        return String.format(Locale.ROOT, "%s run %d: %s, %s%s (wall %.1f s)", r.system().id(), r.run(),
                figures, r.faults().none() ? "all delivered" : "checked", r.orderAgreedMembers() > 0
                        ? ", the same sequence at all " + r.orderAgreedMembers() + " members" : "", r.wallSeconds());
    }

    /** @return the CPU time the kernel's DAMON monitors took since {@code millisBefore}, where one runs */
    private String monitorNote(long millisBefore) {
        long millis = kernelMonitor.cpuMillis();
        return millis < 0 || millisBefore < 0 ? "" : "; the kernel's DAMON monitor took " + (millis - millisBefore)
                + " ms of CPU meanwhile";
    }

    private void progress(String text) {
        synchronized (err) {
            err.printf(Locale.ROOT, "[bench %6.1f s] %s%n", (System.nanoTime() - startNs) / 1e9, text);
            err.flush();
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory left behind is harmless
        }
    }
}
