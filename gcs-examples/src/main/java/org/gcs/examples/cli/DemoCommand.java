package org.gcs.examples.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import org.gcs.Names;
import org.gcs.emulator.Topology;
import org.gcs.examples.dashboard.DashboardOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import org.gcs.tools.cli.DurationConverter;
import org.gcs.tools.cli.NodeSettings;
import org.gcs.tools.cli.VersionProvider;

/**
 * {@code gcs demo}: several sites with several members each, in this JVM over real loopback sockets, joined by
 * an emulated WAN; every member sends to one group at a paced rate, and every delivery is checked.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        header = "Runs several sites in this JVM over an emulated WAN and checks every delivery.",
        description = {
            "Runs several sites with several members each in this JVM, over real sockets on 127.0.0.1 and an emulated"
                    + " WAN, every member sending to one group; prints live per-sender rates and checks that every"
                    + " member delivers every message exactly once, in per-sender order.",
            "Exit code 0 when every message reached every member with no duplicate, gap or loss; 1 otherwise."},
        footer = {"", "Examples:", "  gcs demo --duration 30s",
            "  gcs demo --topology ron6 --members-per-site 1 --json",
            "  gcs demo --sites boston,chicago --rate 200 --size 200",
            "  gcs demo --controller ormcc --set cc.ormcc.beta=0.75"})
public final class DemoCommand implements Callable<Integer> {
    /** The largest payload the demo sends (the default maximum message size of a node). */
    static final int MAX_MESSAGE_BYTES = 1 << 20;

    @Spec
    CommandSpec spec;

    @Option(names = "--topology", paramLabel = "NAME|FILE", defaultValue = "ron3",
            description = "Emulated WAN: a built-in topology (ron3, ron6) or a .topo file (default: ${DEFAULT-VALUE}).")
    String topology;

    @Option(names = "--sites", paramLabel = "SITE", split = ",",
            description = "Comma-separated subset of the topology's sites (default: all of them).")
    List<String> sites;

    @Option(names = "--members-per-site", paramLabel = "N", defaultValue = "2",
            description = "Members started in every site, at least 1 (default: ${DEFAULT-VALUE}).")
    int membersPerSite;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "60s", converter = DurationConverter.class,
            description = "How long every member sends, e.g. 30s, 2m, 500ms (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--rate", paramLabel = "N", defaultValue = "50",
            description = "Messages per second sent by each member (default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--size", paramLabel = "BYTES", defaultValue = "1000",
            description = "Payload bytes of each message (default: ${DEFAULT-VALUE}); 8 or more carries the send"
                    + " time for the latency histogram.")
    int size;

    @Option(names = "--group", paramLabel = "NAME", defaultValue = "demo",
            description = "The group every member joins and sends to (default: ${DEFAULT-VALUE}).")
    String group;

    @Option(names = "--tree-strategy", paramLabel = "NAME", defaultValue = "spt",
            description = "How delegates build the multicast tree: spt (shortest-path tree, fan-out bounded) or star"
                    + " (every source sends to every site) (default: ${DEFAULT-VALUE}).")
    String treeStrategy;

    @Option(names = "--controller", paramLabel = "NAME",
            description = "Congestion control of every node: tfrc (the default end to end), ormcc, none (the default hop by hop), or a class name"
                    + " (the same as --set congestion.control=NAME).")
    String controller;

    @Option(names = "--transport", paramLabel = "NAME",
            description = "How data crosses the WAN: end-to-end (the default: UDP along the tree, repaired by the"
                    + " sending delegate) or hop-by-hop (a reliable, back-pressured link per tree edge; its controller"
                    + " is none) (the same as --set wan.transport=NAME).")
    String transport;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "A node setting by its properties key, applied to every node, repeatable, e.g."
                    + " --set cc.ormcc.beta=0.75 or --set tick.interval=10ms (keys: docs/configuration.md).")
    List<String> set;

    @Option(names = "--config", paramLabel = "FILE",
            description = "A properties file of node settings applied to every node, with the keys --set takes"
                    + " (a key given twice is an error); --set wins over the file.")
    java.nio.file.Path config;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of the emulator's random loss and jitter (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--report-every", paramLabel = "TIME", defaultValue = "5s", converter = DurationConverter.class,
            description = "Interval of the live rate table (default: ${DEFAULT-VALUE}).")
    Duration reportEvery;

    @Option(names = "--json", description = "End with one line holding a JSON object with the results.")
    boolean json;

    @Mixin
    MonitoringOptions monitoring = new MonitoringOptions();

    @Mixin
    DashboardOptions dashboard = new DashboardOptions();

    /**
     * Runs the demo.
     *
     * @return 0 if every delivery checked out, 1 otherwise
     */
    @Override
    public Integer call() throws Exception {
        DemoSettings settings = settings();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (MetricsExposure metrics = monitoring.open(spec)) {
            DemoRun run = new DemoRun(settings, out, err, metrics::expose);
            return (dashboard.enabled() ? run.withDashboard(dashboardAddress()) : run).run();
        }
    }

    /**
     * Validates the options.
     *
     * @return the settings of the run
     * @throws ParameterException if an option is out of range (picocli prints it with the usage, exit code 2)
     */
    DemoSettings settings() {
        if (membersPerSite < 1) {
            throw usage("--members-per-site must be at least 1, got " + membersPerSite);
        }
        if (duration.isZero() || duration.isNegative()) {
            throw usage("--duration must be positive, e.g. 30s");
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw usage("--rate must be a positive number of messages per second, got " + rate);
        }
        if (size < 0 || size > MAX_MESSAGE_BYTES) {
            throw usage("--size must be in 0.." + MAX_MESSAGE_BYTES + " bytes, got " + size);
        }
        if (reportEvery.toMillis() < 100) {
            throw usage("--report-every must be at least 100ms, got " + reportEvery);
        }
        dashboardAddress();
        if (!Names.isValid(group)) {
            throw usage("--group '" + group + "' is not valid: use 1 to " + Names.MAX_LENGTH
                    + " characters from A-Z a-z 0-9 . _ -");
        }
        try {
            org.gcs.alm.tree.TreeStrategies.byName(treeStrategy);
        } catch (IllegalArgumentException e) {
            throw usage("--tree-strategy: " + e.getMessage());
        }
        Topology wan;
        try {
            wan = Topology.load(topology);
            if (sites != null && !sites.isEmpty()) {
                wan = wan.subset(sites);
            }
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        for (String site : wan.sites()) {
            if (!Names.isValid(site)) {
                throw usage("site '" + site + "' of topology " + wan.name() + " is not a valid site name");
            }
        }
        NodeSettings nodeSettings;
        try {
            List<String> assignments = new java.util.ArrayList<>();
            if (config != null) {
                assignments.addAll(NodeSettings.assignmentsFrom(config));
            }
            if (set != null) {
                assignments.addAll(set);
            }
            nodeSettings = NodeSettings.parse(controller, transport, assignments);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        return new DemoSettings(wan, membersPerSite, duration, rate, size, group, treeStrategy, seed, reportEvery, json,
                nodeSettings);
    }

    private java.net.InetSocketAddress dashboardAddress() {
        try {
            return dashboard.address();
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
