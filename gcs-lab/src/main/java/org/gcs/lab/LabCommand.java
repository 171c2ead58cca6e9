package org.gcs.lab;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.gcs.tools.cli.JsonOption;
import org.gcs.tools.cli.NodeSettingsOptions;
import org.gcs.tools.cli.TopologyOptions;
import org.gcs.tools.cli.VersionProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gcs lab SCENARIO --out DIR}: reproduces an experiment of the papers behind GCS (seed 004 §4 on the six RON
 * sites; seeds 000–003 and the hop-by-hop transport in the sub-packages) and writes CSV time series, PNG charts and
 * {@code summary.json} into DIR. Exit code 0 when the run completed and the scenario's pass criteria
 * hold, 1 otherwise (one line on stderr says why), 2 for bad options, 3 when the scenario cannot run on this
 * machine (it says why, e.g. tcp-friendliness or nat without root).
 */
@Command(name = "lab", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        resourceBundle = "org.gcs.lab.LabCommand$Help",
        header = "Reproduces an experiment of the papers behind GCS: CSV time series, PNG charts and a summary.",
        description = {
            "Runs one experiment of the papers (the Xpand TFRC paper's on the six RON sites, topology ron6, and"
                    + " those of ORMCC, cost-benefit, the (max,+) overlay models and the hop-by-hop transport) and"
                    + " writes into DIR: CSV time series, PNG charts and summary.json. Progress lines show the phase, the experiment's"
                    + " seconds (simulated or real) and the current rates.",
            "",
            "Drivers: 'virtual' (the default) runs the real protocol engine in the simulator, in virtual time: exact,"
                    + " fast (seconds to a minute), repeatable from --seed, and free of the CPU noise of a dozen"
                    + " nodes sharing two cores; of the node settings (--set) it takes those of congestion control,"
                    + " timers, sizes and trees. 'real' runs the same scenario on real nodes in this JVM over"
                    + " loopback sockets with the link emulator, in real time: use --scale to keep it short.",
            "",
            "Exit code 0 when the run completed and the scenario's pass criteria hold, 1 otherwise (the reason on"
                    + " stderr), 2 for bad options, 3 when the scenario cannot run on this machine"
                    + " (tcp-friendliness and nat without root).",
            "",
            "Scenarios:",
            "  rate-restriction  each site in turn sends as fast as allowed (6 x 60 s)",
            "                    pass: rate / slowest receiver's report in [0.75, 1.25]",
            "  membership        chicago sends; berkeley and jerusalem join, then leave",
            "                    (5 x 60 s); pass: the rate falls on joins, rises on leaves",
            "  lan-fairness      3 senders in jerusalem, staggered, then unequal demands",
            "                    (6 x 60 s); pass: Jain >= 0.95, max-min shares within 10 %%",
            "  tcp-friendliness  GCS and kernel TCP (Reno) share a 10 Mbit/s tbf bottleneck",
            "                    between network namespaces; 6 x (40 s alone + 40 s shared);",
            "                    needs root; always real processes (--driver does not apply);",
            "                    pass: median GCS/TCP ratio in [0.5, 2];",
            "                    --rtt-ms (default 60) and --tcp reno|cubic set the path",
            "The other scenarios (SCENARIO below): docs/experiments.md."},
        footer = {"", "Examples:", "  gcs lab rate-restriction --out /tmp/rr",
            "  gcs lab membership --out /tmp/m --scale 0.25 --json",
            "  gcs lab lan-fairness --out /tmp/lf --driver real --scale 0.25"})
public final class LabCommand implements Callable<Integer> {
    /** Exit code when the scenario cannot run on this machine (e.g. it needs root). */
    static final int EXIT_UNAVAILABLE = 3;

    /** The largest --scale accepted. */
    static final double MAX_SCALE = 10;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO",
            description = "The experiment: ${COMPLETION-CANDIDATES}.", completionCandidates = ScenarioNames.class)
    String scenario;

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "Directory for the CSV files, charts and summary.json (created if missing).")
    Path out;

    @Mixin
    JsonOption json = new JsonOption();

    @Mixin
    TopologyOptions wan = new TopologyOptions();

    @Option(names = "--driver", paramLabel = "virtual|real", defaultValue = "virtual",
            description = "virtual: simulator, virtual time (default); real: real nodes on loopback, real time.")
    String driver;

    @Mixin
    NodeSettingsOptions nodeSettings = new NodeSettingsOptions();

    @Option(names = "--scale", paramLabel = "F", defaultValue = "1.0",
            description = "Multiplies every phase's duration, e.g. 0.25 for a quarter (default: ${DEFAULT-VALUE} ="
                    + " the paper's 60 s phases).")
    double scale;

    @Option(names = TcpPathOptions.RTT_OPTION, paramLabel = "MS",
            description = "tcp-friendliness only: the base round-trip time in ms the router's delay line adds, half"
                    + " each way; even, 2 to 1000 (default: 60).")
    String rttMs;

    @Option(names = TcpPathOptions.TCP_OPTION, paramLabel = "reno|cubic",
            description = "tcp-friendliness only: the kernel TCP's congestion control (default: reno, the TCP of"
                    + " Eq. 1).")
    String tcp;

    /** The scenario names, for the usage text. */
    public static final class ScenarioNames extends ArrayList<String> {
        /** Lists the registered scenarios. */
        public ScenarioNames() {
            super(LabScenarios.names());
        }
    }

    /**
     * The lab's words for the options it shares whose default here is no value: the scenario's own topology, and
     * the topology's own tree (picocli reads them by the options' description keys).
     */
    public static final class Help extends ListResourceBundle {
        @Override
        protected Object[][] getContents() {
            return new Object[][] {
                {"topology", "The emulated WAN instead of the scenario's own: a built-in name or a .topo file (its"
                        + " sites, links, tree, scheduled link changes and cross traffic; docs/link-emulator.md). The"
                        + " scenario says which sites it needs."},
                {"tree-strategy", "How delegates build the multicast tree: spt (shortest-path tree), star (every"
                        + " source sends straight to every site) or fixed:A-B,B-C (these edges); default: the"
                        + " topology's own tree if it has one, else spt."}};
        }
    }

    /** The validated options of a run; {@code tcpPath} is tcp-friendliness's (the defaults for the others). */
    record Settings(LabScenario scenario, Path out, boolean json, long seed, LabContext.Driver driver, double scale,
                    String treeStrategy, org.gcs.tools.cli.NodeSettings nodeSettings,
                    org.gcs.emulator.Topology topology, TcpPathOptions tcpPath) {
        /** Settings with the default path options. */
        Settings(LabScenario scenario, Path out, boolean json, long seed, LabContext.Driver driver, double scale,
                 String treeStrategy, org.gcs.tools.cli.NodeSettings nodeSettings,
                 org.gcs.emulator.Topology topology) {
            this(scenario, out, json, seed, driver, scale, treeStrategy, nodeSettings, topology,
                    TcpPathOptions.DEFAULTS);
        }
    }

    /**
     * Validates the options.
     *
     * @return the settings
     * @throws ParameterException if an option is invalid (picocli prints it with the usage, exit code 2)
     */
    Settings settings() {
        LabScenario found = LabScenarios.find(scenario).orElseThrow(() -> usage("unknown scenario '" + scenario
                + "': use one of " + String.join(", ", LabScenarios.names())));
        LabContext.Driver kind = switch (driver) {
            case "virtual" -> LabContext.Driver.VIRTUAL;
            case "real" -> LabContext.Driver.REAL;
            default -> throw usage("--driver must be virtual or real, got '" + driver + "'");
        };
        if (!(scale > 0) || scale > MAX_SCALE) {
            throw usage("--scale must be in (0, " + (int) MAX_SCALE + "], got " + scale);
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw usage("--out " + out + " exists and is not a directory");
        }
        String treeStrategy = wan.treeStrategy();
        org.gcs.tools.cli.NodeSettings given = nodeSettings.nodeSettings();
        if (found.comparesControllers() && given.asMap().containsKey("wan.transport")) {
            throw usage(found.name() + " compares congestion controls that run end to end: leave out --transport");
        }
        if (found.comparesControllers() && given.asMap().containsKey("congestion.control")) {
            throw usage(found.name() + " compares congestion controls itself: leave out --controller (tune"
                    + " them with --set cc.<scheme>.<key>=VALUE)");
        }
        if ((rttMs != null || tcp != null) && !found.name().equals("tcp-friendliness")) {
            throw usage((rttMs != null ? TcpPathOptions.RTT_OPTION : TcpPathOptions.TCP_OPTION)
                    + " applies only to tcp-friendliness, not to " + found.name());
        }
        TcpPathOptions tcpPath;
        try {
            tcpPath = TcpPathOptions.parse(rttMs, tcp);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        org.gcs.emulator.Topology topology = wan.topology(LabTopologies::load);
        return new Settings(found, out, json.enabled(), wan.seed(), kind, scale, treeStrategy, given, topology,
                tcpPath);
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /**
     * Runs the scenario.
     *
     * @return 0 if it completed and passed, 1 otherwise
     */
    @Override
    public Integer call() {
        System.setProperty("java.awt.headless", "true");
        Settings settings = settings();
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        try {
            Files.createDirectories(settings.out());
        } catch (IOException e) {
            stderr.println("gcs lab: cannot create " + settings.out() + ": " + e.getMessage());
            stderr.flush();
            return 1;
        }
        return run(settings, stdout, stderr);
    }

    /**
     * Runs a scenario with validated settings: progress on {@code stdout}, the summary in {@code summary.json}, the
     * failure reason on {@code stderr}. With --json, stdout holds only the summary (one line, one JSON document) and
     * the progress goes to {@code stderr}.
     *
     * @return the exit code
     */
    static int run(Settings settings, PrintWriter stdout, PrintWriter stderr) {
        LabScenario scenario = settings.scenario();
        LabProgress progress = new LabProgress(settings.json() ? stderr : stdout, scenario.name(),
                settings.driver() == LabContext.Driver.VIRTUAL && scenario.fixedDriver().isEmpty() ? "sim" : "real");
        LabContext context = new LabContext(settings.out(), settings.seed(), settings.scale(), settings.driver(),
                settings.treeStrategy(), settings.nodeSettings(), settings.topology(), progress);
        context.tcpPath(settings.tcpPath());
        progress.line(String.format(Locale.ROOT, "%s: %s; driver %s, seed %d, scale %s, tree %s, controller %s%s%s,"
                        + " output %s", scenario.name(), scenario.description(),
                scenario.fixedDriver().orElse(settings.driver().label()), settings.seed(), settings.scale(),
                settings.treeStrategy() == null ? "the topology's" : settings.treeStrategy(),
                settings.nodeSettings().asMap().containsKey("congestion.control")
                        ? settings.nodeSettings().controller() : scenario.comparesControllers()
                        ? "each of those it compares" : "the scenario's (tfrc unless it says)",
                settings.nodeSettings().isEmpty() ? "" : " " + settings.nodeSettings(),
                settings.topology() == null ? "" : ", topology " + settings.topology().name(), settings.out()));
        LabResult result;
        try {
            result = scenario.run(context);
        } catch (LabUnavailableException e) {
            stderr.println("gcs lab " + scenario.name() + ": cannot run here: " + e.getMessage());
            stderr.flush();
            return EXIT_UNAVAILABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result = new LabResult(Map.of(), false, "interrupted", context.files());
        } catch (Exception | Error e) {
            String reason = e.getMessage() == null ? e.toString() : e.getClass().getSimpleName() + ": " + e.getMessage();
            result = new LabResult(Map.of(), false, "the run did not complete: " + reason, context.files());
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("scenario", scenario.name());
        summary.put("driver", scenario.fixedDriver().orElse(settings.driver().label()));
        summary.put("seed", settings.seed());
        summary.put("scale", settings.scale());
        summary.put("treeStrategy", context.usedTreeStrategy() == null ? "spt" : context.usedTreeStrategy());
        summary.put("controller", context.usedNodeSettings().controller());
        if (!context.usedNodeSettings().isEmpty()) {
            summary.put("settings", context.usedNodeSettings().asMap());
        }
        if (settings.topology() != null) {
            summary.put("topology", settings.topology().name());
        }
        summary.put("passed", result.passed());
        summary.put("failureReason", result.failureReason());
        summary.put("wallSeconds", ScenarioSupport.round(progress.wallSeconds(), 1));
        List<String> files = new ArrayList<>();
        for (Path file : result.files()) {
            files.add(file.getFileName().toString());
        }
        files.add(SummaryWriter.FILE_NAME);
        summary.put("files", files);
        summary.putAll(result.summary());
        SummaryWriter.write(settings.out(), summary);
        progress.line((result.passed() ? "PASSED" : "FAILED: " + result.failureReason()) + String.format(Locale.ROOT,
                " (%.1f s wall); files in %s: %s", progress.wallSeconds(), settings.out(), String.join(" ", files)));
        if (settings.json()) {
            stdout.println(SummaryWriter.toJson(summary));
        }
        stdout.flush();
        if (result.passed()) {
            return 0;
        }
        stderr.println("gcs lab " + scenario.name() + " failed: " + result.failureReason());
        stderr.flush();
        return 1;
    }
}
