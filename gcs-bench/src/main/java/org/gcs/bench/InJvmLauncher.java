package org.gcs.bench;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine;

/**
 * Runs every node as a thread of this JVM, through the same {@code gcs bench-node} command as a child JVM, with
 * its commands on a queue and its output lines going straight to the run's board. Faster to start (tests use it);
 * all nodes then share this JVM's heap, JIT and CPU, alike for every system.
 */
final class InJvmLauncher implements NodeLauncher {
    private static final long STOP_WAIT_SECONDS = 15;
    private static final String END_OF_INPUT = "\u0000end";

    @Override
    public RunningNode launch(NodeSpec spec, String label, RunBoard board) {
        BlockingQueue<String> commands = new LinkedBlockingQueue<>();
        StringWriter errors = new StringWriter();
        BenchNodeCommand node = new BenchNodeCommand();
        node.commands = () -> {
            String line = commands.take();
            return line.equals(END_OF_INPUT) ? null : line;
        };
        PrintWriter out = new PrintWriter(new LineSink(line -> NodeLine.parse(line)
                .ifPresent(l -> board.add(spec.member(), l))), true);
        CommandLine commandLine = new CommandLine(node).setOut(out).setErr(new PrintWriter(errors, true));
        AtomicInteger exitCode = new AtomicInteger(-1);
        Thread thread = new Thread(() -> {
            try {
                exitCode.set(commandLine.execute(spec.toArgs().toArray(String[]::new)));
            } finally {
                board.ended(spec.member());
            }
        }, "bench-node-" + label);
        thread.setDaemon(true);
        thread.start();
        return new RunningNode() {
            @Override
            public String name() {
                return spec.member();
            }

            @Override
            public void command(String line) {
                commands.add(line);
            }

            @Override
            public String state() {
                return thread.isAlive() ? "running (thread " + thread.getName() + ")"
                        : "ended with code " + exitCode.get();
            }

            @Override
            public String diagnostics() {
                String text = errors.toString().strip();
                return text.isEmpty() ? "no error output" : "error output: " + text;
            }

            @Override
            public void crash() {
                throw new UnsupportedOperationException("a node that is a thread of the bench's JVM cannot crash"
                        + " alone; run the failover scenario without --in-process");
            }

            @Override
            public void close() {
                commands.add(END_OF_INPUT);
                try {
                    thread.join(TimeUnit.SECONDS.toMillis(STOP_WAIT_SECONDS));
                    if (thread.isAlive()) {
                        thread.interrupt();
                    }
                } catch (InterruptedException e) {
                    thread.interrupt();
                    Thread.currentThread().interrupt();
                }
            }
        };
    }
}
