package org.gcs.lab.tcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.gcs.tools.threads.Threads;

/**
 * A lab agent ({@code gcs lab-agent}, {@code gcs lab-nat-agent}) running as a separate process (inside a network
 * namespace): sends it commands, collects its report lines (those its parser recognizes, e.g. {@link AgentReport})
 * with the time they arrived, and waits for conditions on them with explicit signals. Its standard error goes to a
 * log file in the output directory.
 *
 * @param <R> the type of the agent's report lines
 */
public final class AgentProcess<R> implements AutoCloseable {
    /** How long a stopping agent gets before it is killed. */
    private static final long STOP_TIMEOUT_SECONDS = 15;

    /**
     * A report and the time it arrived.
     *
     * @param atNs {@link System#nanoTime()} when the line was read
     * @param report the report
     * @param <R> the type of the report
     */
    public record Timed<R>(long atNs, R report) {
    }

    private final String label;
    private final Process process;
    private final PrintWriter commands;
    private final Path log;
    private final List<Timed<R>> reports = new ArrayList<>();
    private final List<String> otherLines = new ArrayList<>();
    private final Function<String, Optional<R>> parser;
    private final Consumer<Timed<R>> listener;
    private boolean ended;

    private AgentProcess(String label, Process process, Path log, Function<String, Optional<R>> parser,
                         Consumer<Timed<R>> listener) {
        this.label = label;
        this.process = process;
        this.log = log;
        this.parser = parser;
        this.listener = listener;
        this.commands = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8),
                true);
    }

    /**
     * Starts a {@code gcs lab-agent}.
     *
     * @param label a name for messages, e.g. {@code sender}
     * @param command the full command line
     * @param log the file for the agent's standard error
     * @param listener called with every report, on the reading thread
     * @return the running agent
     * @throws IOException if the process cannot start
     */
    static AgentProcess<AgentReport> start(String label, List<String> command, Path log,
                                           Consumer<Timed<AgentReport>> listener) throws IOException {
        return start(label, command, log, AgentReport::parse, listener);
    }

    /**
     * Starts an agent whose report lines a parser recognizes.
     *
     * @param label a name for messages, e.g. {@code sender}
     * @param command the full command line
     * @param log the file for the agent's standard error
     * @param parser a line of the agent's standard output to its report, empty for any other line
     * @param listener called with every report, on the reading thread
     * @param <R> the type of the reports
     * @return the running agent
     * @throws IOException if the process cannot start
     */
    public static <R> AgentProcess<R> start(String label, List<String> command, Path log,
                                            Function<String, Optional<R>> parser, Consumer<Timed<R>> listener)
            throws IOException {
        Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
        AgentProcess<R> agent = new AgentProcess<>(label, process, log, parser, listener);
        Threads.startDaemon(agent::readOutput, "lab-agent-" + label + "-out");
        return agent;
    }

    /** @return the command line of {@code gcs lab-agent} with this JVM and classpath (append the agent's options) */
    static List<String> agentCommand() {
        return agentCommand("lab-agent");
    }

    /**
     * @param subcommand the agent's hidden subcommand of {@link org.gcs.lab.LabMain}, e.g. {@code lab-nat-agent}
     * @return its command line with this JVM and classpath (append the agent's options)
     */
    public static List<String> agentCommand(String subcommand) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        return new ArrayList<>(List.of(java, "-Djava.net.preferIPv4Stack=true", "-Xmx256m",
                "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                org.gcs.lab.LabMain.class.getName(), subcommand));
    }

    private void readOutput() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                long now = System.nanoTime();
                String text = line;
                parser.apply(text).ifPresentOrElse(report -> {
                    Timed<R> timed = new Timed<>(now, report);
                    listener.accept(timed);
                    synchronized (this) {
                        reports.add(timed);
                        notifyAll();
                    }
                }, () -> {
                    synchronized (this) {
                        otherLines.add(text);
                        notifyAll();
                    }
                });
            }
        } catch (IOException e) {
            // the process ended
        } finally {
            synchronized (this) {
                ended = true;
                notifyAll();
            }
        }
    }

    /** Sends one command line (see {@link LabAgentCommand}). */
    public void command(String line) {
        commands.println(line);
        if (commands.checkError()) {
            throw new IllegalStateException("the " + label + " agent stopped (see " + log + ")");
        }
    }

    /**
     * Waits until the latest report satisfies a condition.
     *
     * @return the report, or null if the time ran out or the agent ended
     */
    public synchronized R awaitReport(Predicate<R> condition, long timeoutNs)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNs;
        while (true) {
            if (!reports.isEmpty() && condition.test(reports.get(reports.size() - 1).report())) {
                return reports.get(reports.size() - 1).report();
            }
            long left = deadline - System.nanoTime();
            if (ended || left <= 0) {
                return null;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    /**
     * Waits for a line other than a report, e.g. {@code ack tcp-start}.
     *
     * @return true if it arrived in time
     */
    public synchronized boolean awaitLine(String line, long timeoutNs) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNs;
        while (!otherLines.contains(line)) {
            long left = deadline - System.nanoTime();
            if (ended || left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        otherLines.remove(line);
        return true;
    }

    /**
     * Waits for a line other than a report that matches, e.g. one that starts with {@code ack mark } such as
     * {@code ack mark sent=12}, and takes it.
     *
     * @return the line, or null if none arrived in time or the agent ended
     */
    public synchronized String awaitLineMatching(Predicate<String> match, long timeoutNs)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNs;
        while (true) {
            for (int i = 0; i < otherLines.size(); i++) {
                if (match.test(otherLines.get(i))) {
                    return otherLines.remove(i);
                }
            }
            long left = deadline - System.nanoTime();
            if (ended || left <= 0) {
                return null;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    /** @return the {@code error ...} lines the agent printed so far */
    public synchronized List<String> errors() {
        return otherLines.stream().filter(l -> l.startsWith("error ")).toList();
    }

    /** @return true while the process runs */
    public boolean alive() {
        return process.isAlive();
    }

    /** @return the agent's label */
    public String label() {
        return label;
    }

    /** @return the file with the agent's standard error */
    public Path log() {
        return log;
    }

    /** Asks the agent to stop, waits for it, kills it if it does not. */
    @Override
    public void close() {
        if (process.isAlive()) {
            commands.println("stop");
            commands.close();
            try {
                if (!process.waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(STOP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
