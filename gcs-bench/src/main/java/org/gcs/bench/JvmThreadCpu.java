package org.gcs.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The CPU time of this JVM's own threads, by kind: the JIT compilers ({@code C1 CompilerThread…},
 * {@code C2 CompilerThread…}) and the garbage collector ({@code GC Thread#…}, {@code G1 …}). The JVM's management
 * interfaces do not show these threads, so they are read from Linux: each thread's name from
 * {@code /proc/self/task/<tid>/comm} and its time on a CPU, in nanoseconds, from the first field of
 * {@code /proc/self/task/<tid>/schedstat}. Elsewhere (no {@code /proc}, or a kernel without schedstat) nothing is
 * known. A thread that ends while it is read is left out, as if it had ended before.
 *
 * <p>A phase's figure ({@link Snapshot#cpuNsSince}) sums, over the threads alive at its end, what each spent since the
 * phase started (all of it for a thread started meanwhile). A thread that ends within the phase is not counted, so
 * the figure can only be too low.
 */
final class JvmThreadCpu {
    private static final Path TASKS = Path.of("/proc/self/task");

    /** What a thread is, by its name as Linux keeps it (the first 15 characters). */
    enum Kind {
        /** A JIT compiler thread. */
        JIT,
        /** A garbage collector's thread. */
        GC,
        /** Anything else: the application's, the JVM's other threads. */
        OTHER;

        /** @return the kind of a thread of this name (its {@code comm}) */
        static Kind of(String comm) {
            if (comm.startsWith("C1 CompilerThre") || comm.startsWith("C2 CompilerThre")) {
                return JIT;
            }
            if (comm.startsWith("GC Thread#") || comm.startsWith("G1 ")) {
                return GC;
            }
            return OTHER;
        }
    }

    private JvmThreadCpu() {
    }

    /** @return the CPU nanoseconds of every JIT and GC thread alive now, or null when this system cannot tell */
    static Snapshot now() {
        Map<String, Long> jitNs = new HashMap<>();
        Map<String, Long> gcNs = new HashMap<>();
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                Kind kind;
                long ns;
                try {
                    kind = Kind.of(Files.readString(task.resolve("comm")).strip());
                    if (kind == Kind.OTHER) {
                        continue;
                    }
                    ns = onCpuNs(Files.readString(task.resolve("schedstat")));
                } catch (IOException e) {
                    continue; // the thread ended while we read (no such file, or no such process yet)
                }
                (kind == Kind.JIT ? jitNs : gcNs).put(task.getFileName().toString(), ns);
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return new Snapshot(jitNs, gcNs);
    }

    /** @return the first field of a schedstat line: nanoseconds on a CPU */
    static long onCpuNs(String schedstat) {
        String line = schedstat.strip();
        int space = line.indexOf(' ');
        return Long.parseLong(space < 0 ? line : line.substring(0, space));
    }

    /**
     * The CPU nanoseconds of the JIT's and the collector's threads at one moment, by thread id.
     *
     * @param jitNs the compiler threads'
     * @param gcNs the collector's threads'
     */
    record Snapshot(Map<String, Long> jitNs, Map<String, Long> gcNs) {
        /** Copies the maps. */
        Snapshot {
            jitNs = Map.copyOf(jitNs);
            gcNs = Map.copyOf(gcNs);
        }

        /**
         * @param earlier a snapshot taken before this one
         * @param kind {@link Kind#JIT} or {@link Kind#GC}
         * @return what the threads of that kind alive now spent since {@code earlier}, nanoseconds
         */
        long cpuNsSince(Snapshot earlier, Kind kind) {
            Map<String, Long> now = kind == Kind.JIT ? jitNs : gcNs;
            Map<String, Long> then = kind == Kind.JIT ? earlier.jitNs : earlier.gcNs;
            long sum = 0;
            for (Map.Entry<String, Long> thread : now.entrySet()) {
                sum += thread.getValue() - then.getOrDefault(thread.getKey(), 0L);
            }
            return sum;
        }
    }
}
