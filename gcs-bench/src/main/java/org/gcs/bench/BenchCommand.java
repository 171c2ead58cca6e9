package org.gcs.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import org.gcs.Quantities;
import org.gcs.tools.cli.DurationConverter;
import org.gcs.tools.cli.JsonOption;
import org.gcs.tools.cli.NodeSettingsOptions;
import org.gcs.tools.cli.OptionDefaults;
import org.gcs.tools.cli.VersionProvider;
import org.gcs.tools.cli.WorkloadOptions;
import org.gcs.tools.netns.HostCommands;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gcs bench SCENARIO...}: end-to-end benchmarks of GCS against JGroups on this machine, in the same run,
 * every node a JVM of its own on 127.0.0.1.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        sortOptions = false, defaultValueProvider = BenchCommand.Defaults.class,
        header = "Benchmarks GCS against JGroups (RELAY2 across sites) on this machine, in the same run.",
        description = {
            "Runs each scenario with GCS and with its baselines alternately, run by run (A B C A B C ...), every"
                    + " node a JVM of its own on 127.0.0.1, and reports the medians, the CPU time per message and"
                    + " the ratios against the better baseline (above 1 is better for GCS; the CPU ratio is"
                    + " GCS / baseline, below 1 is better for GCS). Every run has a warm-up, then a measured phase"
                    + " with a fixed number of messages; every member must deliver every message exactly once and"
                    + " in order, or the bench fails.",
            "Scenarios:",
            "  cross-site-throughput  2 sites x 2 processes, one sender in site A, messages of --size bytes"
                    + " unpaced: messages/s and MB/s delivered to every member; GCS against JGroups RELAY2.",
            "  cross-site-latency     the same topology at a fixed offered load (--rate): one-way latency p50,"
                    + " p99, p99.9 at the members of site B; GCS against RELAY2 with Nagle on its bridge"
                    + " (jgroups-relay2) and with TCP_NODELAY (jgroups-relay2-nodelay), ratio against the"
                    + " better one by p99.",
            "  lan-throughput         1 site x 2 processes: GCS against plain JGroups on GCS's LAN stack.",
            "  udp-limit              raw Netty UDP datagrams of the same size on loopback: the ceiling.",
            "  total-throughput       the topology of cross-site-throughput, the group in fifo order (gcs) and in"
                    + " total order (gcs-total, through TotalOrderMember), against JGroups with the 4 nodes in one"
                    + " cluster without (jgroups-fifo) and with SEQUENCER (jgroups-sequencer); the quotients"
                    + " total/fifo; every member of a total-order system must deliver the same sequence.",
            "  total-latency          the same systems at a fixed offered load (--rate): p50, p99 at site B.",
            "  wan-throughput         as root: 3 sites x 2 processes, each site a network namespace of an emulated"
                    + " WAN (50 Mbit/s up and down per site, a router adding RTT/2 and the loss in user space), at"
                    + " every point of --rtt-ms x --loss; unpaced; message counts scaled to each point; gcs,"
                    + " gcs-plain, gcs-hop-by-hop (wan.transport=hop-by-hop), jgroups-relay2(-nodelay), jgroups-relay3,"
                    + " each JGroups system plain and -sealed.",
            "  wan-latency            the same WAN at 20 msg/s (or --rate): p50, p99, p99.9 at the other sites.",
            "  wan-fanout             as root, on the WAN at the grid's first point: 5 sites x 1 process, 10 Mbit/s"
                    + " per site, unpaced: the sender's uplink is the bottleneck (a star sends a copy per site, GCS"
                    + " relays along its tree).",
            "  wan-fairness           as root: 2 sites x 1 process, 10 Mbit/s per site, unpaced, sharing the"
                    + " sender's uplink with kernel TCP flows (--tcp-flows x --tcp) at every --rtt-ms without loss:"
                    + " the system's share against one TCP flow (1 is fair).",
            "  wan-failover           as root, on the WAN at the grid's first point: 3 sites x 2 processes at a fixed"
                    + " offered load (--rate); halfway through, the delegate (GCS) or site master (RELAY2, RELAY3)"
                    + " of the sender's site is killed (SIGKILL): messages lost, duplicated and reordered at the"
                    + " surviving members. GCS must have none.",
            "  wan-outage             as root, on the WAN at every point of --rtt-ms x --loss: 3 sites x 2 processes"
                    + " at wan-latency's offered load; 5 s into the measured phase the last site's link is cut for"
                    + " 10 s: the time from its restoration until every member has the backlog, and what was lost,"
                    + " duplicated or reordered (GCS runs with site.timeout=30s, above the outage; GCS must have no"
                    + " fault).",
            "  all                    every loopback scenario (not the wan-* ones: run those by name), in this order.",
            "Every GCS-against-JGroups scenario runs each system in both protections (--security): GCS as shipped"
                    + " against JGroups with SYM_ENCRYPT + SERIALIZE, GCS with lan.protection=none and"
                    + " wan.protection=integrity against plain JGroups; each ratio compares like with like.",
            "--rate paces cross-site-latency, total-latency, wan-latency, wan-failover and wan-outage only, below"
                    + " the systems' capacity; the other scenarios send unpaced."
                    + " --controller, --transport and --set configure GCS's nodes only, for experiments: the"
                    + " defaults are what GCS ships.",
            "The WAN scenarios need root (without it: a message and exit code 2).",
            "Progress goes to stderr, tables to stdout (to stderr with --json, which leaves stdout to the JSON);"
                    + " exit code 0 when every run passed, 1 when a run failed (the reason is printed), 2 for bad"
                    + " options."},
        footer = {"", "Examples:", "  gcs bench cross-site-throughput --json",
            "  gcs bench cross-site-latency --runs 5 --rate 1000 --out /tmp/bench",
            "  gcs bench cross-site-throughput lan-throughput --size 100",
            "  gcs bench total-throughput total-latency --runs 3 --json",
            "  gcs bench all --runs 1 --messages 5000",
            "  gcs bench wan-throughput --rtt-ms 100 --loss 0.5 --runs 1",
            "  gcs bench wan-failover --runs 3 --json",
            "  gcs bench wan-outage --rtt-ms 100 --loss 0.5 --runs 3 --json"})
public final class BenchCommand implements Callable<Integer> {
    /** The largest message size a run accepts (one UDP datagram, below JGroups' and GCS's limits). */
    static final int MAX_MESSAGE_BYTES = 60_000;
    /** The most kernel TCP flows {@code --tcp-flows} takes. */
    static final int MAX_TCP_FLOWS = 16;
    private static final Path AVAILABLE_CONGESTION_CONTROLS =
            Path.of("/proc/sys/net/ipv4/tcp_available_congestion_control");
    /** The highest rate {@code --rate} takes, in messages per second. */
    static final double MAX_RATE_PER_SEC = 1_000_000;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "SCENARIO",
            description = "cross-site-throughput, cross-site-latency, lan-throughput, udp-limit, total-throughput,"
                    + " total-latency, wan-throughput, wan-latency, wan-fanout, wan-fairness, wan-failover, wan-outage"
                    + " or all.")
    List<String> scenarios;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3",
            description = "Runs per system and scenario, at least 1 (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--messages", paramLabel = "N",
            description = "Measured messages per run (default: cross-site-throughput 300000, lan-throughput"
                    + " 1000000, cross-site-latency 8000, udp-limit 400000, total-throughput 400000, total-latency"
                    + " 8000).")
    Long messages;

    @Option(names = "--warmup", paramLabel = "N",
            description = "Warm-up messages per run before the measured ones, so that the JIT has compiled the"
                    + " hot code and GCS's congestion control has left slow start (default: cross-site-throughput"
                    + " 1000000, lan-throughput 2000000, cross-site-latency and total-latency 4000 paced, i.e. 4 s"
                    + " at 1000 msg/s; udp-limit 100000; total-throughput 600000, then more until every node's JIT"
                    + " compilers are quiet, at most 60 s more; a --warmup given here is sent as given).")
    Long warmup;

    @Option(names = "--unpaced-warmup", paramLabel = "N",
            description = "cross-site-latency, total-latency, wan-latency: warm-up messages sent as fast as possible"
                    + " before the paced warm-up, so that the JIT compiles the hot path (default: 500000;"
                    + " total-latency 100000; wan-latency wan-throughput's warm-up at points without loss, else 0).")
    Long unpacedWarmup;

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Mixin
    JsonOption json = new JsonOption();

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write runs.csv (one row per run), summary.csv (medians and ratios, one row per"
                    + " scenario and system; per WAN point and system) and summary.json into DIR (created if needed),"
                    + " for a WAN scenario SCENARIO.png (msg/s or p99 at every RTT x loss, a line per system), and for"
                    + " a latency scenario latency-samples.csv (every measured message at every receiver).")
    Path out;

    @Option(names = "--in-process",
            description = "Run the nodes as threads of this JVM instead of one JVM each (faster to start; the nodes"
                    + " then share one heap and JIT).")
    boolean inProcess;

    @Option(names = "--jvm-option", paramLabel = "OPTION",
            description = "An extra option of every node's JVM, repeatable; {node} becomes the node's name, e.g."
                    + " --jvm-option=-XX:StartFlightRecording=filename=/tmp/{node}.jfr")
    List<String> jvmOptions = new ArrayList<>();

    @Option(names = "--system", paramLabel = "ID",
            description = "Run only this system (gcs, gcs-plain, gcs-total, gcs-hop-by-hop, jgroups, jgroups-sealed,"
                    + " jgroups-fifo, jgroups-sequencer, jgroups-relay2, jgroups-relay2-sealed, jgroups-relay2-nodelay,"
                    + " jgroups-relay2-nodelay-sealed, jgroups-relay3, jgroups-relay3-sealed, udp),"
                    + " repeatable; for profiling one side, without a ratio unless gcs is one of them (default: every"
                    + " system of each scenario).")
    List<String> systems = new ArrayList<>();

    @Mixin
    NodeSettingsOptions gcs = new NodeSettingsOptions(GcsEndpoint.OWN_KEYS);

    @Option(names = "--gcs-set", paramLabel = "KEY=VALUE", parameterConsumer = NodeSettingsOptions.AppendToSet.class,
            description = "The former name of --set, still taken.")
    List<String> gcsSetValues; // stays empty: AppendToSet hands the values to --set

    @Option(names = "--relay-tcp-nodelay",
            description = "cross-site-throughput: also run RELAY2 with Nagle's algorithm off on its bridge (system"
                    + " jgroups-relay2-nodelay: TCP_NODELAY, as JGroups' tcp-low-latency.xml) beside JGroups' tcp.xml"
                    + " bridge, which keeps it on, and compare GCS with the better of the two;"
                    + " cross-site-latency always runs both.")
    boolean relayTcpNoDelay;

    @Option(names = "--security", paramLabel = "WHICH", defaultValue = "both",
            description = "Which protections run, so that every ratio compares like with like: sealed (GCS as"
                    + " shipped, AES-GCM on LAN and WAN, against JGroups with SYM_ENCRYPT + SERIALIZE), plain (GCS"
                    + " with lan.protection=none and wan.protection=integrity against plain JGroups) or both"
                    + " (default: ${DEFAULT-VALUE}).")
    String security;

    @Option(names = "--gcs-sends-in-flight", paramLabel = "N", defaultValue = "" + GcsEndpoint.DEFAULT_SENDS_IN_FLIGHT,
            description = "GCS's sender keeps at most N sendAsync calls not yet admitted, as a throughput-minded"
                    + " application would (default: ${DEFAULT-VALUE}); 0 uses the blocking send(), which waits for"
                    + " each message's admission.")
    int gcsSendsInFlight;

    @Option(names = "--rtt-ms", paramLabel = "MS[,MS...]", split = ",", defaultValue = "20,100,200",
            description = "The WAN scenarios: the round-trip times between sites, in ms; wan-fanout and wan-failover"
                    + " take the first RTT with the first --loss (default: ${DEFAULT-VALUE}).")
    List<Long> rttsMs;

    @Option(names = "--loss", paramLabel = "PERCENT|ge[,...]", split = ",", defaultValue = "0,0.5,2,ge",
            description = "wan-throughput, wan-latency, wan-outage (wan-fanout, wan-failover: the first; wan-fairness"
                    + " runs without loss): the loss of the WAN, random in percent or ge for a bursty"
                    + " Gilbert-Elliott profile with a mean of 1 %% (default: ${DEFAULT-VALUE}).")
    List<String> losses;

    @Option(names = "--tcp-flows", paramLabel = "N[,N...]", split = ",", defaultValue = "1,4",
            description = "wan-fairness: how many kernel TCP flows share the sender's uplink, each count a point"
                    + " (default: ${DEFAULT-VALUE}).")
    List<Integer> tcpFlows;

    @Option(names = "--tcp", paramLabel = "CC[,CC...]", split = ",", defaultValue = "reno,cubic",
            description = "wan-fairness: the congestion control of those flows, each a point (default:"
                    + " ${DEFAULT-VALUE}; any of /proc/sys/net/ipv4/tcp_available_congestion_control).")
    List<String> tcpCongestionControls;

    @Option(names = "--site-tcp", paramLabel = "CC", defaultValue = WanGrid.DEFAULT_SITE_TCP,
            description = "The WAN scenarios: the TCP congestion control of every site's route to the other sites, so"
                    + " of the JGroups bridges' connections (default: ${DEFAULT-VALUE}, loss-based like the TCP GCS's"
                    + " TFRC is fair to; bbr ignores random loss).")
    String siteTcp;

    @Option(names = "--loss-seed", paramLabel = "N", defaultValue = "1",
            description = "wan-throughput, wan-latency: the seed of the WAN's loss (default: ${DEFAULT-VALUE}).")
    long lossSeed;

    @Option(names = "--stall-timeout", paramLabel = "TIME", defaultValue = "30s", converter = DurationConverter.class,
            description = "Fail a run when its traffic makes no progress for this long (default: ${DEFAULT-VALUE}).")
    Duration stallTimeout;

    @Option(names = "--pause-kernel-monitor",
            description = "As root: turn the kernel's DAMON monitors (kdamond) off for the bench and on again after"
                    + " it. Some virtual machines run one; it delays messages by tens of ms every half second.")
    boolean pauseKernelMonitor;

    /**
     * Runs the benchmarks.
     *
     * @return 0 if every run passed, 1 if one failed
     */
    @Override
    public Integer call() throws Exception {
        BenchSettings settings = settings();
        for (Scenario scenario : settings.scenarios()) {
            Optional<String> missing = scenario.wan()
                    ? HostCommands.missingForNamespaces(scenario.id()) : Optional.empty();
            if (missing.isPresent()) {
                spec.commandLine().getErr().println("gcs bench: " + missing.get());
                spec.commandLine().getErr().flush();
                return 2;
            }
        }
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        if (!pauseKernelMonitor) {
            return new BenchRun(settings, stdout, stderr).run();
        }
        KernelMonitor.Paused paused;
        try {
            paused = KernelMonitor.current().pause();
        } catch (IOException e) {
            stderr.println("gcs bench: --pause-kernel-monitor: " + e.getMessage());
            stderr.flush();
            return 2;
        }
        Thread resume = new Thread(paused::close, "gcs-bench-resume-kernel-monitor");
        Runtime.getRuntime().addShutdownHook(resume); // also on Ctrl-C
        try {
            if (!paused.monitors().isEmpty()) {
                stderr.println("gcs bench: turned the kernel's DAMON monitor off for the bench ("
                        + KernelMonitor.describe(paused.monitors()) + "); it goes on again at the end");
                stderr.flush();
            }
            return new BenchRun(settings, stdout, stderr).run();
        } finally {
            paused.close();
            try {
                Runtime.getRuntime().removeShutdownHook(resume);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway; closing twice does nothing
            }
        }
    }

    /**
     * Validates the options.
     *
     * @return the settings
     * @throws ParameterException if an option is out of range (picocli prints it with the usage, exit code 2)
     */
    BenchSettings settings() {
        List<Scenario> chosen = new ArrayList<>();
        for (String name : scenarios) {
            if (name.equals("all")) {
                chosen.addAll(Arrays.stream(Scenario.values()).filter(s -> !s.wan()).toList());
            } else {
                chosen.add(Scenario.byId(name).orElseThrow(() -> usage("unknown scenario '" + name + "': use "
                        + Scenario.names() + " or all")));
            }
        }
        List<Scenario> distinct = chosen.stream().distinct().toList();
        if (runs < 1 || runs > 1_000) {
            throw usage("--runs must be in 1..1000, got " + runs);
        }
        if (messages != null && (messages < 1 || messages > Integer.MAX_VALUE / 2)) {
            throw usage("--messages must be in 1.." + Integer.MAX_VALUE / 2 + ", got " + messages);
        }
        if (warmup != null && (warmup < 0 || warmup > Integer.MAX_VALUE / 2)) {
            throw usage("--warmup must be in 0.." + Integer.MAX_VALUE / 2 + ", got " + warmup);
        }
        if (unpacedWarmup != null && (unpacedWarmup < 0 || unpacedWarmup > Integer.MAX_VALUE / 2)) {
            throw usage("--unpaced-warmup must be in 0.." + Integer.MAX_VALUE / 2 + ", got " + unpacedWarmup);
        }
        int size = workload.size(BenchPayload.HEADER_BYTES, MAX_MESSAGE_BYTES, "the header with sequence and send"
                + " time takes " + BenchPayload.HEADER_BYTES);
        double rate = workload.rate(MAX_RATE_PER_SEC);
        if (stallTimeout.toMillis() < 1_000) {
            throw usage("--stall-timeout must be at least 1s, got " + Quantities.format(stallTimeout));
        }
        if (inProcess && !jvmOptions.isEmpty()) {
            throw usage("--jvm-option applies to node JVMs; it cannot be used with --in-process");
        }
        List<BenchSystem> only = new ArrayList<>();
        for (String id : systems) {
            BenchSystem system = BenchSystem.byId(id).orElseThrow(() -> usage("unknown --system '" + id
                    + "': use " + BenchSystem.names()));
            if (distinct.stream().noneMatch(s -> s.offers(system))) {
                throw usage("--system " + id + " is not part of " + distinct.stream().map(Scenario::id).toList());
            }
            only.add(system);
        }
        if (relayTcpNoDelay && !only.isEmpty() && !only.contains(BenchSystem.RELAY2_NODELAY)) {
            throw usage("--relay-tcp-nodelay adds the system " + BenchSystem.RELAY2_NODELAY.id() + ", which --system"
                    + " leaves out: add --system " + BenchSystem.RELAY2_NODELAY.id() + " (" + BenchSystem.RELAY2.id()
                    + " is always JGroups' tcp.xml bridge, Nagle on)");
        }
        Set<Protection> protections = switch (security) {
            case "both" -> Set.of(Protection.SEALED, Protection.PLAIN);
            case "sealed" -> Set.of(Protection.SEALED);
            case "plain" -> Set.of(Protection.PLAIN);
            default -> throw usage("--security must be sealed, plain or both, got '" + security + "'");
        };
        for (BenchSystem system : only) {
            if (system.protection() != Protection.NONE && !protections.contains(system.protection())) {
                throw usage("--system " + system.id() + " is " + system.protection() + ", which --security "
                        + security + " leaves out: use --security both or " + system.protection());
            }
        }
        if (gcsSendsInFlight < 0) {
            throw usage("--gcs-sends-in-flight must be 0 (blocking send) or more, got " + gcsSendsInFlight);
        }
        List<String> gcsSettings = gcs.nodeSettings().assignments();
        WanGrid wanGrid = wanGrid(distinct, rate);
        if (out != null) {
            try {
                Files.createDirectories(out);
            } catch (IOException e) {
                throw usage("--out: cannot create directory " + out + ": " + e.getMessage());
            }
        }
        return new BenchSettings(distinct, runs, warmup == null ? -1 : warmup,
                unpacedWarmup == null ? -1 : unpacedWarmup, messages == null ? -1 : messages, size,
                rate, json.enabled(), out, inProcess, jvmOptions, stallTimeout, only, gcsSettings, relayTcpNoDelay,
                gcsSendsInFlight, protections, wanGrid);
    }

    private WanGrid wanGrid(List<Scenario> chosen, double rate) {
        for (long rtt : rttsMs) {
            if (rtt < 0 || rtt > WanGrid.MAX_RTT_MS) {
                throw usage("--rtt-ms must be in 0.." + WanGrid.MAX_RTT_MS + ", got " + rtt);
            }
        }
        for (String loss : losses) {
            try {
                WanGrid.lossModel(loss);
            } catch (IllegalArgumentException e) {
                throw usage("--loss: " + e.getMessage());
            }
        }
        if (inProcess && chosen.stream().anyMatch(Scenario::wan)) {
            throw usage("--in-process cannot run the WAN scenarios: their nodes run in network namespaces");
        }
        boolean rateGiven = spec.commandLine().getParseResult() != null
                && spec.commandLine().getParseResult().hasMatchedOption("--rate");
        for (int flows : tcpFlows) {
            if (flows < 1 || flows > MAX_TCP_FLOWS) {
                throw usage("--tcp-flows must be in 1.." + MAX_TCP_FLOWS + ", got " + flows);
            }
        }
        List<String> available = availableCongestionControls();
        for (String cc : tcpCongestionControls) {
            requireAvailable("--tcp", cc, available);
        }
        requireAvailable("--site-tcp", siteTcp, available);
        return new WanGrid(rttsMs, losses, lossSeed, rateGiven ? rate : WanWorkload.LATENCY_RATE_PER_SEC, tcpFlows,
                tcpCongestionControls, siteTcp);
    }

    /** Rejects a congestion control the kernel does not have (not checked when the kernel's list is unknown). */
    private void requireAvailable(String option, String congestionControl, List<String> available) {
        if (!available.isEmpty() && !available.contains(congestionControl)) {
            throw usage(option + " " + congestionControl + ": not a congestion control of this kernel; use one of "
                    + available);
        }
    }

    /** @return the kernel's TCP congestion controls, empty if unknown (then {@code --tcp} is not checked here) */
    private static List<String> availableCongestionControls() {
        try {
            return List.of(Files.readString(AVAILABLE_CONGESTION_CONTROLS).trim().split("\\s+"));
        } catch (IOException e) {
            return List.of();
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** The bench's defaults of the options it shares with other commands. */
    public static final class Defaults extends OptionDefaults {
        /** The bench's defaults: 1000 messages per second, below both systems' capacity. */
        public Defaults() {
            super(Map.of("--rate", "1000"));
        }
    }
}
