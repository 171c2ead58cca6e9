package org.gcs.examples.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.gcs.ClusterKeys;
import org.gcs.GcsConfig;
import org.gcs.GcsNode;
import org.gcs.GroupMember;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.ViewListener;
import org.gcs.examples.dashboard.DashboardServer;
import org.gcs.examples.dashboard.SentCounts;
import org.gcs.order.DeliveryLogFile;
import org.gcs.order.OrderedListener;
import org.gcs.order.Ordering;
import org.gcs.order.TotalOrderMember;
import org.gcs.tools.threads.Threads;

/**
 * One started {@code gcs node}, from its first line to its last: prints the views, trees and chat lines it delivers,
 * joins the file's groups, serves the optional dashboard, prints a status line every
 * {@link Settings#statusIntervalMs()}, reloads a changed key file, sends the lines of standard input and the
 * generated traffic ({@link NodeTraffic}) to the first group, and when stopped prints the final status line and
 * closes the node. With {@code order = total} all of this goes through a {@link TotalOrderMember} over the node,
 * which joins the groups with {@link Ordering#TOTAL}, prints its blocked, rejoined and ordering-mismatch events,
 * and records the first group's deliveries to {@code order.log.file} if the file names one.
 */
final class NodeRun {
    /** How often the status samples the buffers for their peaks (the node refreshes them as often). */
    private static final long SAMPLE_MS = 100;
    /** How often the key file ({@code cluster.key.file}) is checked for changes. */
    static final long KEY_FILE_POLL_MS = 1000;

    /**
     * How {@code gcs node} runs, its options checked.
     *
     * @param statusIntervalMs the interval of the status line
     * @param duration how long to run at most; null runs until stopped
     * @param dashboardAddress where the dashboard listens; null for no dashboard
     * @param traffic what to generate; null for no generated traffic
     */
    record Settings(long statusIntervalMs, Duration duration, InetSocketAddress dashboardAddress,
                    NodeTraffic.Settings traffic) {
    }

    private final GcsNode node;
    /** The node, or the total-order member over it: what joins, sends and delivers. */
    private final GroupMember member;
    /** The total-order member over the node; null with FIFO groups. */
    private final TotalOrderMember total;
    /** Where the first group's delivery log goes; null for none. */
    private final Path orderLogFile;
    private final GcsConfig config;
    private final List<String> groups;
    private final Settings settings;
    private final PrintWriter out;
    private final PrintWriter err;
    private final AtomicLong chatSent = new AtomicLong();
    private final DeliveryTracker tracker = new DeliveryTracker();
    /** The generated traffic; null without it. */
    private final NodeTraffic traffic;
    private final NodeStatus status;

    /**
     * @param node the started node
     * @param file its properties file
     * @param settings how to run it
     * @param out where the views, chat lines and status lines go
     * @param err where errors go
     */
    NodeRun(GcsNode node, NodeConfigFile file, Settings settings, PrintWriter out, PrintWriter err) {
        this.node = node;
        this.total = file.ordering() == Ordering.TOTAL ? TotalOrderMember.over(node) : null;
        this.member = total == null ? node : total;
        this.orderLogFile = file.orderLogFile();
        this.config = file.config();
        this.groups = file.groups();
        this.settings = settings;
        this.out = out;
        this.err = err;
        this.traffic = settings.traffic() == null ? null : new NodeTraffic(member, groups.get(0), settings.traffic());
        this.status = new NodeStatus(node, groups, () -> chatSent.get() + generatedMessages(), tracker,
                config.meterRegistry()).viewsOf(member);
    }

    /**
     * Runs the node until SIGTERM/SIGINT, the stop latch or the duration, then closes it.
     *
     * @param stdin the chat lines to send to the first group
     * @param stop counted down to stop early
     * @throws InterruptedException if interrupted while running (the node is not closed then)
     */
    void run(InputStream stdin, CountDownLatch stop) throws InterruptedException {
        listen();
        DeliveryLogFile.Recorder recorder = recordOrder();
        print(out, "node " + node.self() + " started; congestion control " + config.congestionControl() + "; groups "
                + groups + (total == null ? "" : " with total order")
                + (groups.isEmpty() ? " (none: add groups=... to the file to chat)"
                        : "; lines typed here are sent to '" + groups.get(0) + "'"));
        groups.forEach(this::join);
        if (traffic != null) {
            traffic.checkCurrentView();
        }

        DashboardServer dashboard = settings.dashboardAddress() == null ? null : startDashboard();
        ScheduledExecutorService timer =
                Executors.newSingleThreadScheduledExecutor(r -> Threads.daemon(r, "gcs-node-status"));
        long statusMs = settings.statusIntervalMs();
        timer.scheduleAtFixedRate(() -> print(out, status.line("status")), statusMs, statusMs, TimeUnit.MILLISECONDS);
        timer.scheduleAtFixedRate(status::sample, SAMPLE_MS, SAMPLE_MS, TimeUnit.MILLISECONDS);
        watchKeyFile(timer);
        if (!groups.isEmpty()) {
            Reader reader = new InputStreamReader(stdin, StandardCharsets.UTF_8);
            StdinChat chat = new StdinChat(new BufferedReader(reader), member, groups.get(0), chatSent, err);
            Threads.daemon(chat, "gcs-node-stdin").start();
        }
        if (traffic != null) {
            traffic.start(out, err);
        }

        Runnable shutdown = () -> {
            if (traffic != null) {
                traffic.stop();
            }
            timer.shutdownNow();
            if (dashboard != null) {
                dashboard.close();
            }
            print(out, status.line("final"));
            if (total != null) {
                total.close();
            }
            closeRecorder(recorder);
            node.close();
            print(out, "node " + node.self() + " closed");
        };
        RunUntilStopped.await(stop, settings.duration(), shutdown, "gcs-node-shutdown");
    }

    /** Prints the views, trees and chat lines the node delivers, checks the generated messages, feeds the gate. */
    private void listen() {
        member.onView(new ViewListener() {
            @Override
            public void onView(GroupView view) {
                print(out, NodeStatus.viewLine(view));
            }

            @Override
            public void onExcluded(String group, String reason) {
                print(out, NodeStatus.excludedLine(group, reason));
                join(group); // this node's listener is quick: a stall came from an overloaded machine
            }
        });
        node.onTree(tree -> print(out, NodeStatus.treeLine(tree)));
        if (traffic != null) {
            traffic.listenForViews();
        }
        if (total != null) {
            total.onOrdered(orderEvents());
        }
        member.onMessage(message -> {
            status.delivered();
            if (!tracker.accept(message.payload())) {
                ChatText.of(message.payload()).ifPresent(text ->
                        print(out, message.group() + "> " + message.sender() + ": " + text));
            }
        });
    }

    /** Joins a group, with total order if the node runs it. */
    private void join(String group) {
        if (total == null) {
            node.join(group);
        } else {
            total.join(group, Ordering.TOTAL);
        }
    }

    /** @return a listener printing the total-order events other than deliveries, one line each */
    private OrderedListener orderEvents() {
        return new OrderedListener() {
            @Override
            public void onMessage(org.gcs.GroupMessage message, long position) {
            }

            @Override
            public void onView(GroupView view, long position) {
            }

            @Override
            public void onBlocked(String group, String reason) {
                print(out, NodeStatus.time() + " blocked " + group + ": " + reason);
            }

            @Override
            public void onRejoined(String group, String reason) {
                print(out, NodeStatus.time() + " rejoined " + group + ": " + reason);
            }

            @Override
            public void onOrderingMismatch(String group, MemberId other, String reason) {
                print(out, NodeStatus.time() + " ordering-mismatch " + group + " " + other + ": " + reason);
            }
        };
    }

    /**
     * With {@code order.log.file}, starts recording the first group's deliveries to it (before the node joins).
     *
     * @return the recorder; null without the key
     * @throws UncheckedIOException if the file cannot be created
     */
    private DeliveryLogFile.Recorder recordOrder() {
        if (orderLogFile == null) {
            return null;
        }
        try {
            DeliveryLogFile.Recorder recorder = DeliveryLogFile.record(orderLogFile, node.self(), groups.get(0));
            total.onOrdered(recorder);
            print(out, "recording the delivery log of '" + groups.get(0) + "' to " + orderLogFile);
            return recorder;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the delivery log " + orderLogFile + ": " + e.getMessage(), e);
        }
    }

    private void closeRecorder(DeliveryLogFile.Recorder recorder) {
        if (recorder == null) {
            return;
        }
        if (recorder.failure() != null) {
            print(err, "gcs node: the delivery log " + orderLogFile + " stopped at an error: " + recorder.failure());
        }
        try {
            recorder.close();
        } catch (IOException e) {
            print(err, "gcs node: closing the delivery log " + orderLogFile + ": " + e.getMessage());
        }
    }

    /**
     * With {@code cluster.key.file}, checks the file every {@link #KEY_FILE_POLL_MS} and hands a changed, valid key
     * ring to the node (rotation without a restart); prints a line with the key ids (never the keys).
     */
    private void watchKeyFile(ScheduledExecutorService timer) {
        Optional<Path> keyFile = config.clusterKeyFile();
        if (keyFile.isEmpty()) {
            return;
        }
        KeyFileWatcher watcher;
        try {
            watcher = KeyFileWatcher.of(keyFile.get(), config.testNode(), node::updateKeys);
        } catch (IOException e) {
            print(err, "gcs node: cannot watch the key file " + keyFile.get() + ": " + e + "; keys stay as they are");
            return;
        }
        print(out, "keys from " + keyFile.get() + ": accepting key ids " + config.clusterKeys().ids()
                + ", sending with key id " + config.clusterKeys().sendKeyId() + "; watching the file for changes");
        timer.scheduleWithFixedDelay(() -> {
            try {
                ClusterKeys installed = watcher.poll();
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
    private DashboardServer startDashboard() {
        DashboardServer dashboard = DashboardServer.start(settings.dashboardAddress(), "gcs node " + node.self(),
                List.of(node), sentCounts());
        print(out, "dashboard: " + dashboard.url());
        return dashboard;
    }

    /** @return this node's sent messages: chat lines and generated ones; bytes of the generated ones only */
    private SentCounts sentCounts() {
        return member -> {
            long generated = generatedMessages();
            return new SentCounts.Sent(chatSent.get() + generated,
                    traffic == null ? 0 : generated * traffic.messageBytes());
        };
    }

    /** @return the generated messages handed to send so far */
    private long generatedMessages() {
        return traffic == null ? 0 : traffic.sentMessages();
    }

    /** Prints a line and flushes it at once (the output is read while the node runs). */
    static void print(PrintWriter writer, String line) {
        writer.println(line);
        writer.flush();
    }
}
