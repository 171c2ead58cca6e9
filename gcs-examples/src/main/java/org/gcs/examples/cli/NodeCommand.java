package org.gcs.examples.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigException;
import org.gcs.GcsConfigLoader;
import org.gcs.emulator.LinkEmulationKeys;
import org.gcs.GcsException;
import org.gcs.GcsNode;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.Names;
import org.gcs.examples.dashboard.DashboardOptions;
import org.gcs.examples.dashboard.DashboardServer;
import org.gcs.examples.dashboard.SentCounts;
import org.gcs.tools.send.RealTimeSender;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import org.gcs.tools.cli.DurationConverter;
import org.gcs.tools.cli.DurationOptions;
import org.gcs.tools.cli.VersionProvider;
import org.gcs.tools.threads.Threads;

/**
 * {@code gcs node}: one real node started from a properties file; prints its views and a periodic status line,
 * sends the lines of standard input to its first group (a tiny chat), optionally generates traffic, and runs until
 * SIGTERM/SIGINT or {@code --duration}. Generated messages carry a check header ({@link CheckPayload}); every node
 * checks the ones it delivers ({@link DeliveryTracker}) and shows the result in its status line
 * ({@link NodeStatus}), so that tests reading the output of several nodes can judge exactly-once, per-sender
 * ordered delivery.
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
public final class NodeCommand implements java.util.concurrent.Callable<Integer> {
    /** How often the status samples the buffers for their peaks (the node refreshes them as often). */
    private static final long SAMPLE_MS = 100;
    /** How often the key file ({@code cluster.key.file}) is checked for changes. */
    static final long KEY_FILE_POLL_MS = 1000;

    @Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", required = true,
            description = "The node's properties file.")
    Path config;

    @Option(names = "--transport", paramLabel = "NAME",
            description = "How data crosses the WAN, overriding the file's wan.transport: end-to-end or hop-by-hop (whose"
                    + " controller is none unless the file names congestion.control).")
    String transport;

    @Option(names = "--status-every", paramLabel = "TIME", defaultValue = "5s", converter = DurationConverter.class,
            description = "Interval of the status line (default: ${DEFAULT-VALUE}).")
    Duration statusEvery;

    @Option(names = "--send-rate", paramLabel = "N", defaultValue = "0",
            description = {"Also send N generated messages per second to the first group (default: none).",
                "Each payload starts with the check header 'gcs-check SITE/MEMBER SEQ ' (SEQ = 1, 2, 3... in this"
                        + " run) and is padded with '.' to --size bytes; generated messages are checked, not shown"
                        + " as chat."})
    double sendRate;

    @Option(names = "--send-count", paramLabel = "N",
            description = "Stop generating after N messages and print 'sent-done count=N' once the last one was"
                    + " handed to send (default: no limit; needs --send-rate).")
    Long sendCount;

    @Option(names = "--send-when-members", paramLabel = "N",
            description = "Start generating only once the view of the first group lists at least N members (this"
                    + " node included), then print 'send-start members=N' with the view's count (default: 0,"
                    + " start at once; needs --send-rate). Sending goes on if the view shrinks again.")
    Integer sendWhenMembers;

    @Option(names = "--send-when-sites", paramLabel = "N",
            description = "Likewise, wait until that view lists members of at least N sites; the start line then"
                    + " reads 'send-start members=N sites=M' (default: 0; needs --send-rate; combines with"
                    + " --send-when-members).")
    Integer sendWhenSites;

    @Option(names = "--size", paramLabel = "BYTES", defaultValue = "1000",
            description = "Total payload bytes of the generated messages, check header included (default:"
                    + " ${DEFAULT-VALUE}); must hold the header with the largest sequence number: with --send-count"
                    + " that is N, else a 19-digit number.")
    int size;

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
        GcsConfig gcsConfig;
        List<String> groups;
        try {
            Properties settings = GcsConfigLoader.readFile(config);
            var builder = LinkEmulationKeys.load(settings, config.toString());
            gcsConfig = (transport == null ? builder : builder.wanTransport(transport)).build();
            groups = groups(settings, config);
        } catch (GcsConfigException e) {
            err.println("gcs node: " + e.getMessage());
            err.flush();
            return 2;
        }
        if (size > gcsConfig.maxMessageBytes()) {
            throw new ParameterException(spec.commandLine(), "--size must be at most max.message.bytes ("
                    + gcsConfig.maxMessageBytes() + "), got " + size);
        }
        if (sendRate > 0 && groups.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--send-rate needs a group: list one under 'groups' in "
                    + config);
        }
        if (sendRate > 0) {
            checkSizeHoldsHeader(new MemberId(gcsConfig.site(), gcsConfig.memberName()).toString());
        }
        GcsNode node;
        MetricsExposure metrics = monitoring.open(spec);
        try {
            node = GcsNode.start(gcsConfig);
        } catch (GcsException e) {
            metrics.close();
            err.println("gcs node: cannot start: " + e.getMessage());
            err.flush();
            return 1;
        }
        try (metrics) {
            metrics.expose(node);
            run(node, gcsConfig, groups, out, err);
        } catch (UncheckedIOException e) {
            print(err, "gcs node: " + e.getMessage());
            node.close();
            return 1;
        }
        return 0;
    }

    private void run(GcsNode node, GcsConfig gcsConfig, List<String> groups, PrintWriter out, PrintWriter err)
            throws InterruptedException {
        String congestionControl = gcsConfig.congestionControl();
        AtomicLong chatSent = new AtomicLong();
        String self = node.self().toString();
        RealTimeSender generator = sendRate > 0 && !groups.isEmpty()
                ? PacedSends.toGroup(node, groups.get(0), sendRate, size, sequence -> CheckPayload.of(self, sequence,
                        size)).stopAfter(sendCount == null ? Long.MAX_VALUE : sendCount)
                : null;
        int minMembers = sendWhenMembers == null ? 0 : sendWhenMembers;
        int minSites = sendWhenSites == null ? 0 : sendWhenSites;
        ViewGate gate = generator != null && (minMembers > 0 || minSites > 0)
                ? new ViewGate(groups.get(0), minMembers, minSites)
                : null;
        DeliveryTracker tracker = new DeliveryTracker();
        NodeStatus status = new NodeStatus(node, groups,
                () -> chatSent.get() + (generator == null ? 0 : generator.counter().admittedMessages()), tracker,
                gcsConfig.meterRegistry());
        node.onView(new org.gcs.ViewListener() {
            @Override
            public void onView(org.gcs.GroupView view) {
                print(out, NodeStatus.viewLine(view));
            }

            @Override
            public void onExcluded(String group, String reason) {
                print(out, NodeStatus.excludedLine(group, reason));
                node.join(group); // this node's listener is quick: a stall came from an overloaded machine
            }
        });
        node.onTree(tree -> print(out, NodeStatus.treeLine(tree)));
        if (gate != null) {
            node.onView(gate);
        }
        node.onMessage(message -> {
            status.delivered();
            if (!tracker.accept(message.payload())) {
                ChatText.of(message.payload()).ifPresent(text ->
                        print(out, message.group() + "> " + message.sender() + ": " + text));
            }
        });
        print(out, "node " + node.self() + " started; congestion control " + congestionControl + "; groups " + groups
                + (groups.isEmpty() ? " (none: add groups=... to the file to chat)"
                        : "; lines typed here are sent to '" + groups.get(0) + "'"));
        groups.forEach(node::join);
        if (gate != null) {
            node.view(groups.get(0)).ifPresent(gate::onView);
        }

        DashboardServer dashboard = dashboardOptions.enabled() ? startDashboard(node, sendCounts(chatSent, generator),
                out) : null;
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> Threads.daemon(r, "gcs-node-status"));
        long statusMs = Math.max(100, statusEvery.toMillis());
        timer.scheduleAtFixedRate(() -> print(out, status.line("status")), statusMs, statusMs, TimeUnit.MILLISECONDS);
        timer.scheduleAtFixedRate(status::sample, SAMPLE_MS, SAMPLE_MS, TimeUnit.MILLISECONDS);
        watchKeyFile(gcsConfig, node, timer, out, err);
        if (!groups.isEmpty()) {
            Reader reader = new InputStreamReader(stdin, StandardCharsets.UTF_8);
            Threads.daemon(new StdinChat(new BufferedReader(reader), node, groups.get(0), chatSent, err), "gcs-node-stdin")
                    .start();
        }
        if (generator != null) {
            Threads.daemon(() -> generate(gate, generator, out, err), "gcs-node-send").start();
        }

        Runnable shutdown = () -> {
            if (gate != null) {
                gate.cancel();
            }
            if (generator != null) {
                generator.stop();
            }
            timer.shutdownNow();
            if (dashboard != null) {
                dashboard.close();
            }
            print(out, status.line("final"));
            node.close();
            print(out, "node " + node.self() + " closed");
        };
        RunUntilStopped.await(stop, duration.duration(), shutdown, "gcs-node-shutdown");
    }

    /**
     * With {@code cluster.key.file}, checks the file every {@link #KEY_FILE_POLL_MS} and hands a changed, valid key
     * ring to the node (rotation without a restart); prints a line with the key ids (never the keys).
     */
    private static void watchKeyFile(GcsConfig gcsConfig, GcsNode node, ScheduledExecutorService timer,
                                     PrintWriter out, PrintWriter err) {
        Optional<Path> keyFile = gcsConfig.clusterKeyFile();
        if (keyFile.isEmpty()) {
            return;
        }
        KeyFileWatcher watcher;
        try {
            watcher = KeyFileWatcher.of(keyFile.get(), gcsConfig.testNode(), node::updateKeys);
        } catch (IOException e) {
            print(err, "gcs node: cannot watch the key file " + keyFile.get() + ": " + e + "; keys stay as they are");
            return;
        }
        print(out, "keys from " + keyFile.get() + ": accepting key ids " + gcsConfig.clusterKeys().ids()
                + ", sending with key id " + gcsConfig.clusterKeys().sendKeyId() + "; watching the file for changes");
        timer.scheduleWithFixedDelay(() -> {
            try {
                org.gcs.ClusterKeys installed = watcher.poll();
                if (installed != null) {
                    print(out, "keys reloaded from " + keyFile.get() + ": accepting key ids " + installed.ids()
                            + ", sending with key id " + installed.sendKeyId());
                }
            } catch (RuntimeException e) {
                print(err, "gcs node: key file check failed: " + e);
            }
        }, KEY_FILE_POLL_MS, KEY_FILE_POLL_MS, TimeUnit.MILLISECONDS);
    }

    /** Starts the dashboard of this node ({@code --dashboard-port}) and prints its address. */
    private DashboardServer startDashboard(GcsNode node, SentCounts sent, PrintWriter out) {
        DashboardServer dashboard = DashboardServer.start(dashboardOptions.address(), "gcs node " + node.self(),
                List.of(node), sent);
        print(out, "dashboard: " + dashboard.url());
        return dashboard;
    }

    /** @return this node's sent messages: chat lines and generated ones; bytes of the generated ones only */
    private SentCounts sendCounts(AtomicLong chatSent, RealTimeSender generator) {
        return member -> {
            long generated = generator == null ? 0 : generator.counter().admittedMessages();
            return new SentCounts.Sent(chatSent.get() + generated, generated * size);
        };
    }

    /** Stops the node as SIGTERM would: {@link #call()} then closes it and returns (tests use this). */
    void stop() {
        stop.countDown();
    }

    /**
     * Waits for the gate, if any, and runs the generator; then reports that all of {@code --send-count} were
     * sent, or why sending stopped.
     *
     * @param gate what to wait for before the first message, or null to start at once
     */
    private void generate(ViewGate gate, RealTimeSender generator, PrintWriter out, PrintWriter err) {
        if (gate != null) {
            Optional<GroupView> view;
            try {
                view = gate.await();
            } catch (InterruptedException e) {
                return;
            }
            if (view.isEmpty()) {
                return;
            }
            print(out, gate.startLine(view.get()));
        }
        generator.run();
        Throwable failure = generator.failure();
        if (failure != null) {
            print(err, "gcs node: generated traffic stopped after " + generator.counter().admittedMessages()
                    + " message(s): " + failure);
        } else if (sendCount != null && generator.end() == RealTimeSender.End.COUNT) {
            print(out, "sent-done count=" + sendCount);
        }
    }

    /** @param self this node, {@code site/member} */
    private void checkSizeHoldsHeader(String self) {
        long largestSequence = sendCount == null ? Long.MAX_VALUE : sendCount;
        int headerBytes = CheckPayload.headerBytes(self, largestSequence);
        if (size < headerBytes) {
            throw new ParameterException(spec.commandLine(), "--size must be at least " + headerBytes
                    + " bytes to hold the check header '" + CheckPayload.PREFIX + self + " SEQ '"
                    + (sendCount == null ? " for any SEQ (a smaller --send-count lowers this)"
                            : " up to SEQ " + sendCount) + ", got " + size);
        }
    }

    private void checkOptions() {
        if (!(sendRate >= 0) || Double.isInfinite(sendRate)) {
            throw new ParameterException(spec.commandLine(), "--send-rate must be 0 or a positive number, got "
                    + sendRate);
        }
        if (size < 0) {
            throw new ParameterException(spec.commandLine(), "--size must not be negative, got " + size);
        }
        if (sendCount != null && sendCount < 1) {
            throw new ParameterException(spec.commandLine(), "--send-count must be positive, got " + sendCount);
        }
        if (sendCount != null && sendRate == 0) {
            throw new ParameterException(spec.commandLine(), "--send-count needs --send-rate");
        }
        checkWait("--send-when-members", sendWhenMembers);
        checkWait("--send-when-sites", sendWhenSites);
        if (statusEvery.toMillis() < 100) {
            throw new ParameterException(spec.commandLine(), "--status-every must be at least 100ms");
        }
        duration.duration();
        try {
            dashboardOptions.address();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /**
     * @param option the option's name
     * @param value its value, null when not given
     */
    private void checkWait(String option, Integer value) {
        if (value == null) {
            return;
        }
        if (value < 0) {
            throw new ParameterException(spec.commandLine(), option + " must be 0 or more, got " + value);
        }
        if (sendRate == 0) {
            throw new ParameterException(spec.commandLine(), option + " needs --send-rate");
        }
    }

    /** The groups to join, from the file's settings (GcsConfigLoader's builder does not carry them). */
    private static List<String> groups(Properties properties, Path file) {
        List<String> groups = GcsConfigLoader.groups(properties);
        for (String group : groups) {
            if (!Names.isValid(group)) {
                throw new GcsConfigException(file + ": group '" + group + "' is not valid: use 1 to "
                        + Names.MAX_LENGTH + " characters from A-Z a-z 0-9 . _ -");
            }
        }
        return groups;
    }

    private static void print(PrintWriter out, String line) {
        out.println(line);
        out.flush();
    }
}
