package org.gcs.lab.nat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigException;
import org.gcs.GcsConfigLoader;
import org.gcs.GcsException;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.MemberStatus;
import org.gcs.emulator.LinkEmulationKeys;
import org.gcs.tools.send.FixedRate;
import org.gcs.tools.send.MessageSend;
import org.gcs.tools.send.RealTimeSender;
import org.gcs.tools.send.SendCounter;
import org.gcs.tools.threads.Threads;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gcs lab-nat-agent}: one site of the {@code nat} lab scenario, started by the scenario inside the site's
 * network namespace. The agent runs one GCS node (a one-member site, so its site's delegate), joins the group,
 * counts what it delivers per sending site ({@link SequencedPayload}: sender and sequence number), prints a
 * {@link NatAgentReport} line periodically and obeys commands on standard input, one per line:
 * <ul>
 *   <li>{@code send} starts sending sequenced messages to the group at {@code --rate-messages-per-sec} (at most
 *       {@code --max-messages}; a message the node does not admit at once is offered again until it is, so the
 *       sequence has no gap; time lost while blocked is not made up);</li>
 *   <li>{@code mark} answers {@code ack mark sent=N}: the messages admitted so far;</li>
 *   <li>{@code send-stop} stops sending and answers {@code ack send-stop sent=N}: the final count, messages 1 to
 *       N;</li>
 *   <li>{@code stop} (or end of input) closes the node and exits.</li>
 * </ul>
 * Other lines it prints: {@code ack send}, and {@code error ...} when something failed. It is hidden from
 * {@code gcs --help}: users run the scenario, the scenario runs the agents.
 */
@Command(name = "lab-nat-agent", hidden = true, mixinStandardHelpOptions = true,
        description = "One site of the nat lab scenario (started by 'gcs lab nat', not by hand).")
public final class LabNatAgentCommand implements Callable<Integer> {
    /** How long one send waits for admission before it checks whether sending was stopped. */
    private static final Duration SEND_ATTEMPT = Duration.ofMillis(500);
    /** How long {@code send-stop} waits for the sender loop to end. */
    private static final long SENDER_END_TIMEOUT_MS = 5_000;

    @Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", required = true, description = "The node's properties file.")
    Path config;

    @Option(names = "--group", paramLabel = "NAME", required = true, description = "The group to join.")
    String group;

    @Option(names = "--rate-messages-per-sec", paramLabel = "RATE", defaultValue = "20",
            description = "Messages per second once sending (default: ${DEFAULT-VALUE}).")
    double rateMessagesPerSec;

    @Option(names = "--max-messages", paramLabel = "N", defaultValue = "2400",
            description = "The most messages it sends (default: ${DEFAULT-VALUE}).")
    int maxMessages;

    @Option(names = "--report-every-ms", paramLabel = "MS", defaultValue = "100",
            description = "Interval of the report lines (default: ${DEFAULT-VALUE}).")
    int reportEveryMs;

    /**
     * Runs the agent until {@code stop} or end of input.
     *
     * @return 0 after a clean stop, 1 if the node cannot start, 2 for a bad configuration
     */
    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (reportEveryMs < 10) {
            throw new ParameterException(spec.commandLine(), "--report-every-ms must be at least 10");
        }
        if (!(rateMessagesPerSec > 0) || rateMessagesPerSec > 10_000) {
            throw new ParameterException(spec.commandLine(), "--rate-messages-per-sec must be in (0, 10000]");
        }
        if (maxMessages < 1) {
            throw new ParameterException(spec.commandLine(), "--max-messages must be at least 1");
        }
        GcsConfig gcsConfig;
        try {
            gcsConfig = LinkEmulationKeys.load(GcsConfigLoader.readFile(config), config.toString()).build();
        } catch (GcsConfigException e) {
            err.println("gcs lab-nat-agent: " + e.getMessage());
            err.flush();
            return 2;
        }
        GcsNode node;
        try {
            node = GcsNode.start(gcsConfig);
        } catch (GcsException e) {
            err.println("gcs lab-nat-agent: cannot start the node: " + e.getMessage());
            err.flush();
            return 1;
        }
        try (node) {
            run(node, out, err);
        }
        return 0;
    }

    private void run(GcsNode node, PrintWriter out, PrintWriter err) throws IOException {
        DeliveryTally tally = new DeliveryTally();
        AtomicBoolean badPayloadShown = new AtomicBoolean();
        node.onMessage((GroupMessage message) -> {
            SequencedPayload.decode(message.payload()).ifPresentOrElse(p -> tally.deliver(p.site(), p.sequence()),
                    () -> {
                        if (badPayloadShown.compareAndSet(false, true)) {
                            print(out, "error a payload from " + message.sender() + " is not 'SITE SEQUENCE'");
                        }
                    });
        });
        node.join(group);
        Sender sender = new Sender(node);
        ScheduledExecutorService reporter = Executors.newSingleThreadScheduledExecutor(
                r -> Threads.daemon(r, "lab-nat-agent-report"));
        reporter.scheduleAtFixedRate(() -> {
            sender.reportFailure(out);
            MemberStatus status = node.status();
            List<String> viewSites = node.view(group).map(v -> List.copyOf(v.sites())).orElse(List.of());
            print(out, new NatAgentReport(sender.sent(), sender.running(), status.delegate(), status.remoteSites(),
                    status.relayedSites(), viewSites, tally.snapshot()).format());
        }, 0, reportEveryMs, TimeUnit.MILLISECONDS);
        try {
            obeyCommands(sender, out, err);
        } finally {
            reporter.shutdownNow();
            sender.stop();
        }
    }

    private void obeyCommands(Sender sender, PrintWriter out, PrintWriter err) throws IOException {
        BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = commands.readLine(); line != null; line = commands.readLine()) {
            switch (line.trim()) {
                case "send" -> {
                    sender.start();
                    print(out, "ack send");
                }
                case "mark" -> print(out, "ack mark sent=" + sender.sent());
                case "send-stop" -> {
                    sender.stop();
                    print(out, "ack send-stop sent=" + sender.sent());
                }
                case "stop" -> {
                    return;
                }
                case "" -> {
                    // blank line
                }
                default -> {
                    err.println("gcs lab-nat-agent: unknown command '" + line.trim()
                            + "' (use send, mark, send-stop or stop)");
                    err.flush();
                }
            }
        }
    }

    /** The agent's sender loop: sequenced messages at a fixed rate, each offered until admitted. */
    private final class Sender {
        private final GcsNode node;
        private final String site;
        private final AtomicBoolean stopping = new AtomicBoolean();
        private final AtomicBoolean failureShown = new AtomicBoolean();
        private RealTimeSender loop;
        private Thread thread;

        Sender(GcsNode node) {
            this.node = node;
            this.site = node.self().site();
        }

        synchronized void start() {
            if (loop != null) {
                return;
            }
            loop = new RealTimeSender(FixedRate.messagesPerSec(rateMessagesPerSec, 1, FixedRate.NO_CATCH_UP),
                    MessageSend.blocking(this::sendUntilAdmitted), new SendCounter(1)).stopAfter(maxMessages);
            thread = loop.start("lab-nat-agent-send");
        }

        private void sendUntilAdmitted(long sequence) throws InterruptedException {
            byte[] payload = new SequencedPayload(site, Math.toIntExact(sequence)).encode();
            while (true) {
                try {
                    node.send(group, payload, SEND_ATTEMPT);
                    return;
                } catch (TimeoutException e) {
                    if (stopping.get()) {
                        throw new CancellationException("sending stopped");
                    }
                }
            }
        }

        /** Stops the loop and waits for its last send to end, so that {@link #sent()} is final. */
        void stop() {
            RealTimeSender running;
            Thread runner;
            synchronized (this) {
                running = loop;
                runner = thread;
            }
            stopping.set(true);
            if (running == null) {
                return;
            }
            running.stop();
            try {
                runner.join(SENDER_END_TIMEOUT_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        synchronized long sent() {
            return loop == null ? 0 : loop.counter().admittedMessages();
        }

        synchronized boolean running() {
            return thread != null && thread.isAlive();
        }

        void reportFailure(PrintWriter out) {
            RealTimeSender running;
            synchronized (this) {
                running = loop;
            }
            if (running != null && running.failure() != null && failureShown.compareAndSet(false, true)) {
                print(out, "error gcs send: " + running.failure());
            }
        }
    }

    private static void print(PrintWriter out, String line) {
        synchronized (out) {
            out.println(line);
            out.flush();
        }
    }
}
