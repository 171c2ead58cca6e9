package org.gcs.lab.nat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.gcs.lab.tcp.AgentProcess;
import org.gcs.tools.threads.Threads;

/**
 * The {@code gcs lab-nat-agent} processes of the {@code nat} scenario, one per site, and the latest report of each:
 * starts them, sends them commands, and waits, with a deadline, until a condition on all their latest reports holds,
 * woken by every report that arrives. Closing stops every agent (and kills one that does not stop).
 */
final class NatAgents implements AutoCloseable {
    /** How often a wait prints a progress line. */
    static final long PROGRESS_EVERY_NS = 2_000_000_000L;
    /** The longest wait for an agent to acknowledge a command. */
    private static final long ACK_TIMEOUT_NS = 10_000_000_000L;
    /** The longest wait for one agent to stop when closing (it is killed before that: {@link AgentProcess}). */
    private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(40);

    private final Map<String, AgentProcess<NatAgentReport>> agents = new LinkedHashMap<>();
    private final Map<String, NatAgentReport> latest = new HashMap<>();
    private long lastArrivalNs;

    /**
     * Starts one site's agent.
     *
     * @param site the site's name
     * @param command the agent's full command line (inside the site's namespace)
     * @param log the file for its standard error
     * @throws IOException if the process cannot start
     */
    void start(String site, List<String> command, Path log) throws IOException {
        AgentProcess<NatAgentReport> agent = AgentProcess.start(site, command, log, NatAgentReport::parse,
                timed -> onReport(site, timed));
        synchronized (this) {
            agents.put(site, agent);
        }
    }

    private synchronized void onReport(String site, AgentProcess.Timed<NatAgentReport> timed) {
        latest.put(site, timed.report());
        lastArrivalNs = timed.atNs();
        notifyAll();
    }

    /** @return the latest report of every site that reported, by site */
    synchronized Map<String, NatAgentReport> latest() {
        return Map.copyOf(latest);
    }

    /**
     * Waits until a condition on the latest reports holds, printing progress every {@link #PROGRESS_EVERY_NS}.
     *
     * @param condition tested on the latest report of every site that reported so far
     * @param deadlineNs the {@link System#nanoTime()} at which to give up
     * @param progress given the latest reports every {@link #PROGRESS_EVERY_NS} while it waits
     * @return the {@link System#nanoTime()} when the report that made the condition hold arrived, or empty if the
     *     deadline came first
     * @throws IllegalStateException if an agent exited
     */
    OptionalLong awaitAll(Predicate<Map<String, NatAgentReport>> condition, long deadlineNs,
                          Consumer<Map<String, NatAgentReport>> progress) throws InterruptedException {
        long nextProgressNs = System.nanoTime() + PROGRESS_EVERY_NS;
        while (true) {
            Map<String, NatAgentReport> snapshot;
            synchronized (this) {
                while (true) {
                    snapshot = Map.copyOf(latest);
                    if (condition.test(snapshot)) {
                        return OptionalLong.of(lastArrivalNs);
                    }
                    requireAlive();
                    long now = System.nanoTime();
                    if (now - deadlineNs >= 0) {
                        return OptionalLong.empty();
                    }
                    if (now - nextProgressNs >= 0) {
                        break;
                    }
                    TimeUnit.NANOSECONDS.timedWait(this, Math.min(deadlineNs, nextProgressNs) - now);
                }
            }
            progress.accept(snapshot);
            nextProgressNs += PROGRESS_EVERY_NS;
        }
    }

    /**
     * Lets the run go on until a time, printing progress.
     *
     * @throws IllegalStateException if an agent exited
     */
    void runUntil(long untilNs, Consumer<Map<String, NatAgentReport>> progress) throws InterruptedException {
        awaitAll(reports -> false, untilNs, progress);
    }

    private void requireAlive() {
        for (AgentProcess<NatAgentReport> agent : agents.values()) {
            if (!agent.alive()) {
                throw new IllegalStateException("the " + agent.label() + " agent exited; see " + agent.log());
            }
        }
    }

    /**
     * Sends a command to every agent and collects their acknowledgements.
     *
     * @param command the command, e.g. {@code mark}
     * @return each site's acknowledgement line ({@code ack COMMAND} or {@code ack COMMAND ...}), by site
     * @throws IllegalStateException if an agent does not acknowledge within 10 s
     */
    Map<String, String> commandAll(String command) throws InterruptedException {
        List<Map.Entry<String, AgentProcess<NatAgentReport>>> all;
        synchronized (this) {
            all = List.copyOf(agents.entrySet());
        }
        for (Map.Entry<String, AgentProcess<NatAgentReport>> agent : all) {
            agent.getValue().command(command);
        }
        Map<String, String> acks = new LinkedHashMap<>();
        for (Map.Entry<String, AgentProcess<NatAgentReport>> agent : all) {
            String ack = agent.getValue().awaitLineMatching(line -> line.equals("ack " + command)
                    || line.startsWith("ack " + command + " "), ACK_TIMEOUT_NS);
            if (ack == null) {
                throw new IllegalStateException("the " + agent.getKey() + " agent did not acknowledge '" + command
                        + "'; see " + agent.getValue().log());
            }
            acks.put(agent.getKey(), ack);
        }
        return acks;
    }

    /**
     * Sends a command whose acknowledgement ends in {@code sent=N} to every agent ({@code mark}, {@code send-stop}).
     *
     * @return each site's {@code N}, by site
     */
    Map<String, Long> sentCounts(String command) throws InterruptedException {
        Map<String, Long> sent = new LinkedHashMap<>();
        commandAll(command).forEach((site, ack) -> {
            int at = ack.lastIndexOf("sent=");
            if (at < 0) {
                throw new IllegalStateException("the " + site + " agent answered '" + ack + "' to " + command);
            }
            sent.put(site, Long.parseLong(ack.substring(at + "sent=".length()).trim()));
        });
        return sent;
    }

    /** @return the {@code error ...} lines of every agent, each led by its site */
    synchronized List<String> errors() {
        List<String> errors = new ArrayList<>();
        agents.forEach((site, agent) -> agent.errors().forEach(e -> errors.add(site + ": " + e)));
        return errors;
    }

    /** Stops every agent at once; one that does not stop is killed. */
    @Override
    public void close() {
        List<AgentProcess<NatAgentReport>> all;
        synchronized (this) {
            all = List.copyOf(agents.values());
        }
        Threads.closeAll(all, "lab-nat-agent-close", CLOSE_TIMEOUT);
    }
}
