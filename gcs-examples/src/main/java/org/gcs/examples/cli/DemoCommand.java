package org.gcs.examples.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.gcs.Names;
import org.gcs.Quantities;
import org.gcs.emulator.Topology;
import org.gcs.examples.dashboard.DashboardOptions;
import org.gcs.order.Ordering;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import org.gcs.tools.cli.DurationConverter;
import org.gcs.tools.cli.JsonOption;
import org.gcs.tools.cli.NodeSettings;
import org.gcs.tools.cli.NodeSettingsOptions;
import org.gcs.tools.cli.OptionDefaults;
import org.gcs.tools.cli.TopologyOptions;
import org.gcs.tools.cli.VersionProvider;
import org.gcs.tools.cli.WorkloadOptions;

/**
 * {@code gcs demo}: several sites with several members each, in this JVM over real loopback sockets, joined by
 * an emulated WAN; every member sends to one group at a paced rate, and every delivery is checked.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        defaultValueProvider = DemoCommand.Defaults.class,
        header = "Runs several sites in this JVM over an emulated WAN and checks every delivery.",
        description = {
            "Runs several sites with several members each in this JVM, over real sockets on 127.0.0.1 and an emulated"
                    + " WAN, every member sending to one group; prints live per-sender rates and checks that every"
                    + " member delivers every message exactly once, in per-sender order. Messages of 8 bytes or more"
                    + " (--size) carry their send time for the latency histogram.",
            "Exit code 0 when every message reached every member with no duplicate, gap or loss (with --order"
                    + " total: also in one agreed order at every member); 1 otherwise."},
        footer = {"", "Examples:", "  gcs demo --duration 30s",
            "  gcs demo --topology ron6 --members-per-site 1 --json",
            "  gcs demo --order total --topology ron6 --duration 30s --json",
            "  gcs demo --sites boston,chicago --rate 200 --size 200",
            "  gcs demo --controller ormcc --set cc.ormcc.beta=0.75"})
public final class DemoCommand implements Callable<Integer> {
    /** The largest payload the demo sends (the default maximum message size of a node). */
    static final int MAX_MESSAGE_BYTES = 1 << 20;

    @Spec
    CommandSpec spec;

    @Mixin
    TopologyOptions wan = new TopologyOptions();

    @Option(names = "--sites", paramLabel = "SITE", split = ",",
            description = "Comma-separated subset of the topology's sites (default: all of them).")
    List<String> sites;

    @Option(names = "--members-per-site", paramLabel = "N", defaultValue = "2",
            description = "Members started in every site, at least 1 (default: ${DEFAULT-VALUE}).")
    int membersPerSite;

    @Option(names = "--duration", paramLabel = "TIME", defaultValue = "60s", converter = DurationConverter.class,
            description = "How long every member sends, e.g. 30s, 2m, 500ms (default: ${DEFAULT-VALUE}).")
    Duration duration;

    @Mixin
    WorkloadOptions workload = new WorkloadOptions();

    @Option(names = "--group", paramLabel = "NAME", defaultValue = "demo",
            description = "The group every member joins and sends to (default: ${DEFAULT-VALUE}).")
    String group;

    @Option(names = "--order", paramLabel = "ORDER", defaultValue = "fifo",
            description = "Delivery order of the group: fifo (each sender's messages in the order it sent them)"
                    + " or total (one agreed order of all messages and views at every member). With total the"
                    + " deliveries of all members are also checked against each other, and the JSON's"
                    + " orderDisagreements, gaps, senderOrderViolations and viewSynchronyViolations must all be 0"
                    + " (orderCheckedEvents counts what was checked); with fifo those fields are left out"
                    + " (default: ${DEFAULT-VALUE}).")
    String order;

    @Mixin
    NodeSettingsOptions nodeSettings = new NodeSettingsOptions();

    @Option(names = "--config", paramLabel = "FILE",
            description = "A properties file of node settings applied to every node, with the keys --set takes"
                    + " (a key given twice is an error); --set wins over the file.")
    java.nio.file.Path config;

    @Option(names = "--report-every", paramLabel = "TIME", defaultValue = "5s", converter = DurationConverter.class,
            description = "Interval of the live rate table (default: ${DEFAULT-VALUE}).")
    Duration reportEvery;

    @Mixin
    JsonOption json = new JsonOption();

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
        try (MetricsExposure metrics = monitoring.open(spec, settings.json() ? err : out)) {
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
        double rate = workload.rate();
        int size = workload.size(0, MAX_MESSAGE_BYTES);
        if (reportEvery.toMillis() < 100) {
            throw usage("--report-every must be at least 100ms, got " + Quantities.format(reportEvery));
        }
        dashboardAddress();
        if (!Names.isValid(group)) {
            throw usage("--group '" + group + "' is not valid: use 1 to " + Names.MAX_LENGTH
                    + " characters from A-Z a-z 0-9 . _ -");
        }
        Ordering ordering;
        try {
            ordering = Ordering.parse("--order", order);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        String treeStrategy = wan.treeStrategy();
        Topology topology = wan.topology(Topology::load);
        try {
            if (sites != null && !sites.isEmpty()) {
                topology = topology.subset(sites);
            }
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        for (String site : topology.sites()) {
            if (!Names.isValid(site)) {
                throw usage("site '" + site + "' of topology " + topology.name() + " is not a valid site name");
            }
        }
        List<String> fromFile;
        try {
            fromFile = config == null ? List.of() : NodeSettings.assignmentsFrom(config);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        return new DemoSettings(topology, membersPerSite, duration, rate, size, group, ordering, treeStrategy,
                wan.seed(), reportEvery, json.enabled(), nodeSettings.nodeSettings(fromFile));
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

    /** The demo's defaults of the options it shares with other commands. */
    public static final class Defaults extends OptionDefaults {
        /** The demo's defaults. */
        public Defaults() {
            super(Map.of("--rate", "50", "--topology", "ron3", "--tree-strategy", "spt"));
        }
    }
}
