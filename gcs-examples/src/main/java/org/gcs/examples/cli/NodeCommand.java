package org.gcs.examples.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.gcs.GcsConfigException;
import org.gcs.GcsException;
import org.gcs.SettingNames;
import org.gcs.GcsNode;
import org.gcs.examples.dashboard.DashboardOptions;
import org.gcs.order.Ordering;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import org.gcs.tools.cli.DurationConverter;
import org.gcs.tools.cli.DurationOptions;
import org.gcs.tools.cli.VersionProvider;

/**
 * {@code gcs node}: one real node started from a properties file; prints its views and a periodic status line,
 * sends the lines of standard input to its first group (a tiny chat), optionally generates traffic, and runs until
 * SIGTERM/SIGINT or {@code --duration}. Generated messages carry a check header ({@link CheckPayload}); every node
 * checks the ones it delivers ({@link DeliveryTracker}) and shows the result in its status line
 * ({@link NodeStatus}), so that tests reading the output of several nodes can judge exactly-once, per-sender
 * ordered delivery.
 *
 * <p>This class holds the options and checks them; {@link NodeTrafficOptions} holds and checks those of the generated
 * traffic, {@link NodeConfigFile} reads the properties file, and {@link NodeRun} runs the started node.
 */
@Command(name = "node", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        header = "Runs one real node from a properties file; stdin lines go to its first group.",
        description = {
            "Starts one GCS node from a properties file (keys: site, member.name, wan.bind, seeds, cluster.key,"
                    + " lan.bind.address, groups, ...; every key with its default: docs/configuration.md), joins the"
                    + " listed groups, prints view"
                    + " changes and a status line, and sends every line read from standard input to the first group."
                    + " End of input only stops the reading; the node runs until SIGTERM/SIGINT or --duration.",
            "A line 'HH:mm:ss excluded GROUP: REASON; joining again' says that the member stall policy excluded this"
                    + " node from a group (its listeners held the group back for longer than member.stall.timeout);"
                    + " the node joins the group again at once.",
            "With cluster.key.file (key.<id> = <hex> lines and send.key = <id>) the node checks the file every"
                    + " second and uses its keys (WAN and LAN) when it changes, printing 'keys reloaded from FILE:"
                    + " accepting key ids [...], sending with key id N' (never the keys); an invalid file is logged at ERROR and the old"
                    + " keys stay (rotation step by step: docs/security.md).",
            "With order = total (or --order total) the node joins its groups with total order (TotalOrderMember):"
                    + " every member delivers every message and view at the same position; chat lines and the"
                    + " generated traffic go through it, and the view lines show the agreed views. Lines"
                    + " 'HH:mm:ss blocked GROUP: REASON' (this side of a partition holds no majority and waits),"
                    + " 'HH:mm:ss rejoined GROUP: REASON' and 'HH:mm:ss ordering-mismatch GROUP MEMBER: REASON'"
                    + " report the total-order events; with order.log.file = FILE the node writes the first group's"
                    + " delivery log to FILE, a line per event (org.gcs.order.DeliveryLogFile, for OrderChecker).",
            "A line 'HH:mm:ss tree GROUP vVERSION root=SITE edges=PARENT>CHILD,...' shows each new multicast tree"
                    + " of a group between sites.",
            "Status line, one line every --status-every and one labelled 'final' at the end (wrapped here):",
            "  HH:mm:ss status SITE/MEMBER delegate=yes|no views=GROUP:N members/M sites,...",
            "  sent=N delivered=N unstable=BYTES/PEAK window=BYTES rtx=PACKETS/PEAK",
            "  flows=GROUP:RATE[@SITE],... [drops=REASON:N,...] [stalled=SECONDSs] [excluded=GROUP:N,...]"
                    + " [heldback=SECONDSs]",
            "  checked=N dup=N ooo=N from=SENDER:CONTIGUOUS/DISTINCT,...",
            "  gaps=SENDER:GAPS/HIGHEST,...",
            "sent counts chat lines and generated messages, delivered all messages of all groups. unstable is the"
                    + " payload bytes this node sent that not every receiving site acknowledged yet, and the most"
                    + " seen (sampled every 100 ms); window the current send window (unstable stays within"
                    + " send.window.bytes); rtx the packets in the retransmit buffers of a delegate (0 elsewhere) and"
                    + " the most seen. flows lists on a delegate, per group, the rate its site may send at in bytes"
                    + " per second on the wire (payload plus 120 bytes per datagram; in slow start the slow-start"
                    + " rate, 'unlimited' while no other site receives the group) and the receiving site that limits"
                    + " it, if one does; 'flows=none' on other nodes. Only when they are not zero: drops counts the"
                    + " WAN datagrams (and malformed LAN messages, lan-malformed) dropped so far by reason; stalled"
                    + " how long this member's full delivery backlog has been holding every sender back (its"
                    + " listeners do not keep up); excluded how often the member stall policy excluded this member"
                    + " from each group (member.stall.timeout; it may join again); heldback, on a delegate, how long"
                    + " the oldest message from another site has waited for a member of this site (at least 1 s; a"
                    + " WARN line names the member).",
            "The remaining fields check the generated messages of every node (see --send-rate) delivered here:"
                    + " checked counts"
                    + " them (duplicates included), dup those whose sequence number had already arrived, ooo those"
                    + " that arrived while an earlier one of the same sender was missing; from lists per sender"
                    + " (SITE/MEMBER, sorted by name) the highest sequence number up to which none is missing and the"
                    + " number of distinct ones that arrived ('from=none' before the first); gaps lists per sender the"
                    + " number of gaps (maximal ranges of missing sequence numbers below the highest one that arrived)"
                    + " and that highest number ('gaps=none' before the first). Every message arrived exactly once and"
                    + " in order when dup=0, ooo=0 and CONTIGUOUS = DISTINCT = the sender's count. A stream that lost"
                    + " one stretch of messages and then arrived complete again reads GAPS = 1 and HIGHEST = the"
                    + " sender's count; the stretch is CONTIGUOUS+1 to CONTIGUOUS+HIGHEST-DISTINCT (ooo counts every"
                    + " message after it)."
                    + " Messages sent before this node was in the sender's view of the group are not delivered here:"
                    + " with several nodes, start generating with --send-when-members or --send-when-sites.",
            "Exit code 2 for a bad configuration, 1 if the node cannot start."},
        footer = {"", "Example files: a chat between two sites on this machine, one terminal each:",
            "  gcs-examples/src/main/resources/examples/node-boston.properties",
            "  gcs-examples/src/main/resources/examples/node-ottawa.properties",
            "Start each with ./gcs node --config FILE (from the repository root), type lines;",
            "or send one line and stop: echo hi | ./gcs node --config FILE --duration 10s"})
public final class NodeCommand implements Callable<Integer> {
    /** The shortest {@code --status-every}. */
    private static final long MIN_STATUS_INTERVAL_MS = 100;

    @Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", required = true,
            description = "The node's properties file.")
    Path config;

    @Option(names = "--transport", paramLabel = "NAME",
            description = "How data crosses the WAN, overriding the file's wan.transport: end-to-end or hop-by-hop (whose"
                    + " controller is none unless the file names congestion.control).")
    String transport;

    @Option(names = "--order", paramLabel = "ORDER",
            description = "The ordering every group is joined with, overriding the file's order: fifo (each sender's"
                    + " messages in the order it sent them) or total (one agreed order at every member).")
    String order;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "A setting of the properties file, overriding the file's (repeatable), e.g. --set"
                    + " member.name=$POD_NAME where one file serves several members (a Kubernetes StatefulSet).")
    java.util.List<String> overrides = new java.util.ArrayList<>();

    @Option(names = "--status-every", paramLabel = "TIME", defaultValue = "5s", converter = DurationConverter.class,
            description = "Interval of the status line (default: ${DEFAULT-VALUE}).")
    Duration statusEvery;

    @Mixin
    NodeTrafficOptions traffic = new NodeTrafficOptions();

    @Mixin
    DurationOptions duration = new DurationOptions();

    @Mixin
    MonitoringOptions monitoring = new MonitoringOptions();

    @Mixin
    DashboardOptions dashboardOptions = new DashboardOptions();

    /** Where chat lines are read from; standard input unless a test replaces it. */
    InputStream stdin = System.in;

    /** Counted down by SIGTERM/SIGINT or {@link #stop()}. */
    private final CountDownLatch stop = new CountDownLatch(1);

    /**
     * Runs the node.
     *
     * @return 0 after a clean stop, 1 if the node could not start, 2 for a bad configuration
     */
    @Override
    public Integer call() throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        checkOptions();
        NodeConfigFile file;
        try {
            file = NodeConfigFile.read(config, overrides, transport, ordering());
        } catch (GcsConfigException e) {
            NodeRun.print(err, "gcs node: " + SettingNames.forUser(e.getMessage()));
            return 2;
        }
        NodeRun.Settings settings = settings(file);
        GcsNode node;
        MetricsExposure metrics = monitoring.open(spec);
        try {
            node = GcsNode.start(file.config());
        } catch (GcsException e) {
            metrics.close();
            NodeRun.print(err, "gcs node: cannot start: " + SettingNames.forUser(e.getMessage()));
            return 1;
        }
        try (metrics) {
            metrics.expose(node);
            new NodeRun(node, file, settings, out, err).run(stdin, stop);
        } catch (UncheckedIOException e) {
            NodeRun.print(err, "gcs node: " + e.getMessage());
            node.close();
            return 1;
        }
        return 0;
    }

    /** Stops the node as SIGTERM would: {@link #call()} then closes it and returns (tests use this). */
    void stop() {
        stop.countDown();
    }

    /**
     * Checks the options on their own, before the file is read.
     *
     * @throws ParameterException if one is out of range (picocli prints it with a hint, exit code 2)
     */
    private void checkOptions() {
        traffic.check();
        if (statusEvery.toMillis() < MIN_STATUS_INTERVAL_MS) {
            throw new ParameterException(spec.commandLine(), "--status-every must be at least "
                    + MIN_STATUS_INTERVAL_MS + "ms");
        }
        duration.duration();
        dashboardAddress();
        ordering();
    }

    /**
     * @return the ordering of {@code --order}; null when not given
     * @throws ParameterException naming the option and its values if the value is neither fifo nor total
     */
    private Ordering ordering() {
        try {
            return order == null ? null : Ordering.parse("--order", order);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /**
     * Checks the options against the node's file; call after {@link #checkOptions()}.
     *
     * @param file the node's file
     * @return how to run the node
     * @throws ParameterException if the traffic options do not fit the file
     */
    private NodeRun.Settings settings(NodeConfigFile file) {
        NodeTraffic.Settings generated = traffic.settings(file);
        return new NodeRun.Settings(Math.max(MIN_STATUS_INTERVAL_MS, statusEvery.toMillis()), duration.duration(),
                dashboardOptions.enabled() ? dashboardAddress() : null, generated);
    }

    /** @return where the dashboard would listen, whether or not it is asked for */
    private InetSocketAddress dashboardAddress() {
        try {
            return dashboardOptions.address();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
