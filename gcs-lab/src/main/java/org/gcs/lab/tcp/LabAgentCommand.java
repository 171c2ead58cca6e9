package org.gcs.lab.tcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.gcs.FlowStatus;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigException;
import org.gcs.GcsConfigLoader;
import org.gcs.emulator.LinkEmulationKeys;
import org.gcs.GcsException;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.tools.send.Greedy;
import org.gcs.tools.send.MessageSend;
import org.gcs.tools.send.RealTimeSender;
import org.gcs.tools.send.SendCounter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import org.gcs.tools.threads.Threads;

/**
 * {@code gcs lab-agent}: one end of the TCP-friendliness experiment, started by the {@code tcp-friendliness} lab
 * scenario inside a network namespace it created. The agent runs one GCS node (optionally sending greedily to the
 * group) and one end of a kernel TCP bulk transfer, prints an {@link AgentReport} line periodically and obeys
 * commands on standard input, one per line:
 * <ul>
 *   <li>{@code tcp-start HOST:PORT} starts a bulk TCP transfer to a sink;</li>
 *   <li>{@code tcp-stop} ends it;</li>
 *   <li>{@code stop} (or end of input) closes the node and exits.</li>
 * </ul>
 * Other lines it prints: {@code ack COMMAND} once a command took effect, {@code error ...} when something failed
 * (e.g. the TCP transfer could not connect). It is hidden from {@code gcs --help}: users run the scenario, the scenario runs the agents.
 */
@Command(name = "lab-agent", hidden = true, mixinStandardHelpOptions = true,
        description = "One end of the tcp-friendliness lab scenario (started by 'gcs lab', not by hand).")
public final class LabAgentCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", required = true, description = "The node's properties file.")
    Path config;

    @Option(names = "--group", paramLabel = "NAME", required = true, description = "The group to join.")
    String group;

    @Option(names = "--send", description = "Send to the group as fast as the congestion control allows.")
    boolean send;

    @Option(names = "--size", paramLabel = "BYTES", defaultValue = "1000",
            description = "Payload bytes per message (default: ${DEFAULT-VALUE}).")
    int size;

    @Option(names = "--tcp-listen", paramLabel = "HOST:PORT",
            description = "Run a TCP sink on this address.")
    String tcpListen;

    @Option(names = "--report-every-ms", paramLabel = "MS", defaultValue = "250",
            description = "Interval of the report lines (default: ${DEFAULT-VALUE}).")
    int reportEveryMs;

    /**
     * Runs the agent until {@code stop} or end of input.
     *
     * @return 0 after a clean stop, 1 if the node or the sink cannot start, 2 for a bad configuration
     */
    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (reportEveryMs < 10) {
            throw new ParameterException(spec.commandLine(), "--report-every-ms must be at least 10");
        }
        GcsConfig gcsConfig;
        try {
            gcsConfig = LinkEmulationKeys.load(GcsConfigLoader.readFile(config), config.toString()).build();
        } catch (GcsConfigException e) {
            err.println("gcs lab-agent: " + e.getMessage());
            err.flush();
            return 2;
        }
        if (size < 1 || size > gcsConfig.maxMessageBytes()) {
            throw new ParameterException(spec.commandLine(), "--size must be 1.." + gcsConfig.maxMessageBytes());
        }
        InetSocketAddress sinkBind;
        try {
            sinkBind = tcpListen == null ? null : socketAddress(tcpListen);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--tcp-listen: " + e.getMessage());
        }
        TcpSink sink = sinkBind == null ? null : new TcpSink(sinkBind);
        GcsNode node;
        try {
            node = GcsNode.start(gcsConfig);
        } catch (GcsException e) {
            err.println("gcs lab-agent: cannot start the node: " + e.getMessage());
            err.flush();
            if (sink != null) {
                sink.close();
            }
            return 1;
        }
        try (node; TcpSink closeSink = sink) {
            run(node, sink, out, err);
        }
        return 0;
    }

    private void run(GcsNode node, TcpSink sink, PrintWriter out, PrintWriter err) throws IOException {
        AtomicLong deliveredBytes = new AtomicLong();
        String ownSite = node.self().site();
        node.onMessage((GroupMessage message) -> {
            if (!message.senderSite().equals(ownSite)) {
                deliveredBytes.addAndGet(message.payload().length);
            }
        });
        node.join(group);
        if (sink != null) {
            Threads.daemon(sink, "lab-agent-tcp-sink").start();
        }
        RealTimeSender sender = send ? greedySender(node) : null;
        if (sender != null) {
            sender.start("lab-agent-send");
        }
        SendCounter tcpSent = new SendCounter(TcpBulkSender.WRITE_BYTES);
        ScheduledExecutorService reporter = Executors.newSingleThreadScheduledExecutor(
                r -> Threads.daemon(r, "lab-agent-report"));
        AtomicBoolean sendFailureShown = new AtomicBoolean();
        reporter.scheduleAtFixedRate(() -> {
            if (sender != null && sender.failure() != null && sendFailureShown.compareAndSet(false, true)) {
                print(out, "error gcs send: " + sender.failure());
            }
            FlowStatus flow = node.flows().stream().filter(f -> f.group().equals(group)).findFirst().orElse(null);
            AgentReport report = new AgentReport(sender == null ? 0 : sender.counter().admittedBytes(),
                    deliveredBytes.get(), tcpSent.admittedBytes(), sink == null ? 0 : sink.receivedBytes(),
                    flow == null ? Double.NaN : flow.allowedRateBytesPerSec(),
                    limiting(flow).map(FlowStatus.Receiver::rttMs).orElse(Double.NaN),
                    flow == null ? "-" : flow.congestionMeasure(),
                    limiting(flow).map(FlowStatus.Receiver::congestion).orElse(Double.NaN),
                    node.view(group).map(v -> v.sites().size()).orElse(0));
            print(out, report.format());
        }, reportEveryMs, reportEveryMs, TimeUnit.MILLISECONDS);
        try {
            obeyCommands(out, err, tcpSent);
        } finally {
            reporter.shutdownNow();
            if (sender != null) {
                sender.stop();
            }
        }
    }

    /**
     * @return a sender of {@code --size} payloads to the group, back to back with the blocking send, so the node's
     *     rate and send window alone set the pace: a sender that always has data, as in seed 004's experiments
     */
    private RealTimeSender greedySender(GcsNode node) {
        byte[] payload = new byte[size];
        return new RealTimeSender(new Greedy(1), MessageSend.blocking(message -> node.send(group, payload)),
                new SendCounter(size));
    }

    private void obeyCommands(PrintWriter out, PrintWriter err, SendCounter tcpSent) throws IOException {
        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        TcpBulkSender transfer = null;
        try {
            for (String line = commands.readLine(); line != null; line = commands.readLine()) {
                String[] words = line.trim().split("\\s+");
                switch (words[0]) {
                    case "tcp-start" -> {
                        if (transfer != null) {
                            transfer.stop();
                        }
                        try {
                            transfer = new TcpBulkSender(socketAddress(words.length > 1 ? words[1] : ""),
                                    tcpSent, e -> print(out, "error tcp transfer: " + e));
                            Threads.daemon(transfer, "lab-agent-tcp-send").start();
                            print(out, "ack tcp-start");
                        } catch (IllegalArgumentException e) {
                            transfer = null;
                            err.println("gcs lab-agent: tcp-start: " + e.getMessage());
                        }
                    }
                    case "tcp-stop" -> {
                        if (transfer != null) {
                            transfer.stop();
                            transfer = null;
                        }
                        print(out, "ack tcp-stop");
                    }
                    case "stop" -> {
                        return;
                    }
                    case "" -> {
                        // blank line
                    }
                    default -> err.println("gcs lab-agent: unknown command '" + line.trim()
                            + "' (use tcp-start HOST:PORT, tcp-stop or stop)");
                }
                err.flush();
            }
        } finally {
            if (transfer != null) {
                transfer.stop();
            }
        }
    }

    /**
     * @param hostPort {@code HOST:PORT}
     * @return the socket address
     * @throws IllegalArgumentException if it is not HOST:PORT with a valid port
     */
    static InetSocketAddress socketAddress(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        try {
            return new InetSocketAddress(hostPort.substring(0, Math.max(colon, 0)),
                    Integer.parseInt(hostPort.substring(colon + 1)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("expected HOST:PORT, e.g. 10.0.0.2:5001, got '" + hostPort + "'", e);
        }
    }

    private static Optional<FlowStatus.Receiver> limiting(FlowStatus flow) {
        if (flow == null) {
            return Optional.empty();
        }
        return flow.limitingReceiver().or(() -> flow.receivers().stream()
                .min(Comparator.comparingDouble(r -> r.feedback("acceptableRateBytesPerSec"))));
    }

    private static void print(PrintWriter out, String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
