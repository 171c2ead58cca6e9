package org.gcs.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gcs.tools.netns.HostCommands;
import org.gcs.tools.threads.Threads;

/**
 * Starts every node as a child JVM: this JVM's {@code java} and class path running {@code gcs bench-node}, its
 * standard error in a log file, its standard output read line by line into the run's board. Children are
 * registered with {@link ChildReaper}, so none outlives the bench. A node with a {@link NodeSpec#namespace()}
 * (the WAN scenarios) starts inside that network namespace.
 */
final class ChildJvmLauncher implements NodeLauncher {
    /** Heap of every node, the same for every system. */
    static final List<String> HEAP_OPTIONS = List.of("-Xms128m", "-Xmx512m");
    /**
     * Options that keep the bench's own per-message code out of the systems' compiled code, the same for every
     * system. The harness treats warm-up and measured messages apart (counters, stamps, the first measured
     * message); C2 compiles the measured branch of a warm-up as an uncommon trap, and when that code is inlined
     * into a system's delivery or send path, the first measured message deoptimizes that path and it is compiled
     * again inside the measured phase (JFR showed {@code ArrivalCheck.accept} deoptimized there,
     * docs/performance.md). Not inlined, only the harness's own small methods are compiled again.
     */
    static final List<String> HARNESS_JIT_OPTIONS = List.of("-XX:CompileCommand=quiet",
            "-XX:CompileCommand=dontinline,org.gcs.bench.ArrivalCheck::*",
            "-XX:CompileCommand=dontinline,org.gcs.bench.LoadGenerator::stamped");
    /** The token in a JVM option replaced by the node's label (e.g. for one JFR file per node). */
    static final String LABEL_TOKEN = "{node}";

    private static final long STOP_WAIT_SECONDS = 15;
    private static final int DIAGNOSTIC_LINES = 15;

    private final List<String> jvmOptions;
    private final Path logDir;
    private final long exitAfterSec;

    /**
     * @param jvmOptions extra options for every child JVM ({@value #LABEL_TOKEN} becomes the node's label)
     * @param logDir where the children's standard error goes, one file per node
     * @param exitAfterSec every child halts after this long whatever happens
     */
    ChildJvmLauncher(List<String> jvmOptions, Path logDir, long exitAfterSec) {
        this.jvmOptions = List.copyOf(jvmOptions);
        this.logDir = logDir;
        this.exitAfterSec = exitAfterSec;
    }

    /**
     * @param spec the node
     * @param label its label
     * @return the child's command line
     */
    List<String> command(NodeSpec spec, String label) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Djava.net.preferIPv4Stack=true");
        command.addAll(HEAP_OPTIONS);
        command.addAll(HARNESS_JIT_OPTIONS);
        for (String option : jvmOptions) {
            command.add(option.replace(LABEL_TOKEN, label));
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(BenchMain.class.getName());
        command.add("bench-node");
        command.addAll(spec.toArgs());
        command.add("--exit-after-sec");
        command.add(Long.toString(exitAfterSec));
        // ip netns exec runs the JVM itself in the namespace (it execs it), so the process is still the JVM
        return spec.namespace().isEmpty() ? command : HostCommands.inside(spec.namespace(), command);
    }

    @Override
    public RunningNode launch(NodeSpec spec, String label, RunBoard board) throws IOException {
        Path log = logDir.resolve(label + ".log");
        Process process = new ProcessBuilder(command(spec, label)).redirectError(log.toFile()).start();
        ChildReaper.register(process);
        Threads.startDaemon(() -> read(process, spec.member(), board), "bench-read-" + label);
        return new Child(spec.member(), process, log);
    }

    private static void read(Process process, String node, RunBoard board) {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                NodeLine.parse(line).ifPresent(l -> board.add(node, l));
            }
        } catch (IOException e) {
            // the process ended
        } finally {
            board.ended(node);
        }
    }

    /** A child JVM. */
    private static final class Child implements RunningNode {
        private final String name;
        private final Process process;
        private final Path log;
        private final PrintWriter commands;

        Child(String name, Process process, Path log) {
            this.name = name;
            this.process = process;
            this.log = log;
            this.commands = new PrintWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8),
                    true);
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public void command(String line) {
            commands.println(line);
        }

        @Override
        public String state() {
            return process.isAlive() ? "running (pid " + process.pid() + ")"
                    : "exited with code " + process.exitValue();
        }

        @Override
        public String diagnostics() {
            try {
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                List<String> tail = lines.subList(Math.max(0, lines.size() - DIAGNOSTIC_LINES), lines.size());
                return "log " + log + (tail.isEmpty() ? " (empty)"
                        : ", last lines:\n    " + String.join("\n    ", tail));
            } catch (IOException e) {
                return "log " + log + " unreadable: " + e.getMessage();
            }
        }

        @Override
        public void crash() {
            ChildReaper.kill(process);
            try {
                process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void close() {
            try {
                if (process.isAlive()) {
                    commands.println("stop");
                    commands.close();
                    if (!process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                        ChildReaper.kill(process);
                        process.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
                    }
                }
            } catch (InterruptedException e) {
                ChildReaper.kill(process);
                Thread.currentThread().interrupt();
            } finally {
                ChildReaper.unregister(process);
            }
        }
    }
}
