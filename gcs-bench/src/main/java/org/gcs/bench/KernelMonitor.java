package org.gcs.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The kernel's DAMON monitors ({@code kdamond} threads), a source of noise the bench names instead of measuring it
 * as the systems' latency. Some virtual machines run one over the guest's physical memory to page out what looks
 * cold. On the bench's 2-core machine one looked every 0.5 s, took about 40 ms of CPU every 0.57 s during
 * wan-latency, and each time delayed the messages in flight at every receiver by 20–70 ms: GCS's p99 at 20 ms RTT
 * was 56 ms with it and 17–21 ms without (docs/performance.md, "WAN round 12"). The bench reports whether one is on,
 * at the start (with how to turn it off) and in its JSON ({@code machine.kernelMonitor}), and the CPU time the
 * monitors took during each run; {@code --pause-kernel-monitor} turns them off for the bench ({@link #pause}).
 *
 * @param damonAdmin DAMON's sysfs admin directory ({@code /sys/kernel/mm/damon/admin})
 * @param proc the proc file system ({@code /proc})
 */
record KernelMonitor(Path damonAdmin, Path proc) {
    /** Linux's clock ticks per second in {@code /proc/PID/stat} (USER_HZ, 100 on every Linux the bench runs on). */
    private static final int USER_HZ = 100;

    /** @return the monitors of this machine */
    static KernelMonitor current() {
        return new KernelMonitor(Path.of("/sys/kernel/mm/damon/admin"), Path.of("/proc"));
    }

    /** One monitor that is on. */
    record Running(int index, int pid, String action, long sampleMicros) {
        /** @return e.g. {@code kdamond 0 (pid 79): pageout, a look every 500 ms} */
        String describe() {
            return String.format(Locale.ROOT, "kdamond %d (pid %d): %s, a look every %d ms", index, pid, action,
                    sampleMicros / 1000);
        }
    }

    /** @return the monitors that are on, in index order; none where DAMON is absent or not readable */
    List<Running> running() {
        List<Running> running = new ArrayList<>();
        Path kdamonds = damonAdmin.resolve("kdamonds");
        for (int index = 0; Files.isDirectory(kdamonds.resolve(Integer.toString(index))); index++) {
            Path dir = kdamonds.resolve(Integer.toString(index));
            if (!"on".equals(read(dir.resolve("state")).orElse(""))) {
                continue;
            }
            int pid = read(dir.resolve("pid")).map(KernelMonitor::parseIntOrMinus1).orElse(-1);
            Path context = dir.resolve("contexts/0");
            String action = read(context.resolve("schemes/0/action")).orElse("monitoring only");
            long sampleMicros = read(context.resolve("monitoring_attrs/intervals/sample_us"))
                    .map(KernelMonitor::parseIntOrMinus1).orElse(-1);
            running.add(new Running(index, pid, action, sampleMicros));
        }
        return running;
    }

    /**
     * @return the CPU time the running monitors' threads have used so far, in ms (a clock tick's precision,
     *     10 ms), or -1 when none is on
     */
    long cpuMillis() {
        List<Running> running = running();
        if (running.isEmpty()) {
            return -1;
        }
        long ticks = 0;
        for (Running monitor : running) {
            ticks += read(proc.resolve(monitor.pid() + "/stat")).map(KernelMonitor::cpuTicks).orElse(0L);
        }
        return ticks * 1000 / USER_HZ;
    }

    /** @return {@code off} when no monitor runs, else each running one described */
    String state() {
        return describe(running());
    }

    /** @return {@code off} for no monitors, else each one described, separated by {@code ;} */
    static String describe(List<Running> running) {
        return running.isEmpty() ? "off" : String.join("; ", running.stream().map(Running::describe).toList());
    }

    /**
     * @return the warning the bench prints when a monitor is on, naming how to turn it off for the measurement;
     *     empty when none is
     */
    Optional<String> warning() {
        List<Running> running = running();
        if (running.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder text = new StringBuilder("WARNING: the kernel's DAMON monitor is on (").append(describe(running))
                .append("). It takes tens of ms of CPU at every look and delays messages meanwhile, so latency tails"
                        + " measure it as much as the systems. For figures without it, as root: --pause-kernel-monitor,"
                        + " or");
        for (Running monitor : running) {
            text.append(" echo off > ").append(stateFile(monitor));
        }
        return Optional.of(text.append(" (echo on afterwards)").toString());
    }

    /**
     * Turns every running monitor off, until {@link Paused#close()} turns them back on.
     *
     * @return the paused monitors (none if none ran)
     * @throws IOException if a monitor cannot be turned off (not root); those turned off before are back on
     */
    Paused pause() throws IOException {
        Paused paused = new Paused(running());
        List<Running> off = new ArrayList<>();
        for (Running monitor : paused.monitors()) {
            try {
                Files.writeString(stateFile(monitor), "off\n", StandardCharsets.US_ASCII);
            } catch (IOException e) {
                new Paused(off).close();
                throw new IOException("cannot turn " + monitor.describe() + " off (" + stateFile(monitor) + ": " + e
                        + "); run as root", e);
            }
            off.add(monitor);
        }
        return paused;
    }

    private Path stateFile(Running monitor) {
        return damonAdmin.resolve("kdamonds/" + monitor.index() + "/state");
    }

    /** Monitors turned off by {@link #pause}; closing turns them on again (once). */
    final class Paused implements AutoCloseable {
        private final List<Running> monitors;
        private boolean closed;

        private Paused(List<Running> monitors) {
            this.monitors = List.copyOf(monitors);
        }

        /** @return the monitors this pause turned off */
        List<Running> monitors() {
            return monitors;
        }

        /** Turns the monitors on again; a monitor that cannot be is reported on stderr. */
        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            for (Running monitor : monitors) {
                try {
                    Files.writeString(stateFile(monitor), "on\n", StandardCharsets.US_ASCII);
                } catch (IOException e) {
                    System.err.println("gcs bench: could not turn " + monitor.describe() + " back on: " + e
                            + "; as root: echo on > " + stateFile(monitor));
                }
            }
        }
    }

    /** @return utime + stime of a {@code /proc/PID/stat} line, in clock ticks; 0 if it does not parse */
    static long cpuTicks(String stat) {
        int paren = stat.lastIndexOf(')');
        if (paren < 0) {
            return 0;
        }
        String[] fields = stat.substring(paren + 2).trim().split(" ");
        // after "pid (comm) ": state is field 3 of stat(5), utime 14 and stime 15, so indices 11 and 12 here
        if (fields.length < 13) {
            return 0;
        }
        try {
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static int parseIntOrMinus1(String text) {
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static Optional<String> read(Path file) {
        try (Stream<String> lines = Files.lines(file, StandardCharsets.US_ASCII)) {
            return Optional.of(String.join("\n", lines.toList()).trim());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
