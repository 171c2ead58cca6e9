package org.gcs.bench;

import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What this JVM spends in the measured phase: CPU time (all threads), JIT compilation time, the CPU time of the JIT
 * compilers' and the garbage collector's own threads ({@link JvmThreadCpu}), bytes allocated on the heap and the
 * garbage collector's pauses (from JFR, {@link GcPauseRecorder}). A node with a process of its own
 * marks the phase's start and end once each, from whichever thread sees them first; its {@code final} line carries
 * the differences ({@link #addFigures}). Figures the JVM cannot tell are left out, and the bench then shows them as
 * unknown.
 */
final class PhaseMeter {
    /** {@code final} line: CPU microseconds of the phase. */
    static final String CPU_MICROS = "cpuMicros";
    /** {@code final} line: JIT compilation milliseconds of the phase. */
    static final String COMPILE_MILLIS = "compileMillis";
    /** {@code final} line: CPU microseconds of the JIT compiler threads in the phase. */
    static final String JIT_CPU_MICROS = "jitCpuMicros";
    /** {@code final} line: CPU microseconds of the garbage collector's threads in the phase. */
    static final String GC_CPU_MICROS = "gcCpuMicros";
    /** {@code final} line: heap bytes allocated in the phase. */
    static final String ALLOCATED_BYTES = "allocatedBytes";
    /** {@code final} line: collections that started in the phase. */
    static final String GC_COLLECTIONS = "gcCollections";
    /** {@code final} line: the sum of their pauses, microseconds. */
    static final String GC_PAUSED_MICROS = "gcPausedMicros";
    /** {@code final} line: the longest single pause among them, microseconds. */
    static final String GC_LONGEST_PAUSE_MICROS = "gcLongestPauseMicros";

    private final ProcessCpu cpu;
    private final HeapAllocation allocation;
    private final GcPauseRecorder gc;
    private final AtomicReference<Mark> start = new AtomicReference<>();
    private final AtomicReference<Mark> end = new AtomicReference<>();

    private PhaseMeter(ProcessCpu cpu, HeapAllocation allocation, GcPauseRecorder gc) {
        this.cpu = cpu;
        this.allocation = allocation;
        this.gc = gc;
    }

    /**
     * Starts recording this JVM's collections (before the warm-up, so that the recorder's own start-up is not in
     * the phase).
     *
     * @return the meter of this process, or null if the JVM cannot tell its CPU time
     */
    static PhaseMeter forThisProcess() {
        ProcessCpu cpu = ProcessCpu.current();
        if (cpu == null) {
            return null;
        }
        // Loads now, before the warm-up, every class that reading the threads' CPU needs. Loaded at the phase's start
        // mark, they invalidated compiled code that assumed fewer classes, and the JVM compiled it again inside the
        // phase: 3 s more compilation in a cross-site run of RELAY2, and 50 % more CPU per message (measured).
        JvmThreadCpu.now();
        return new PhaseMeter(cpu, HeapAllocation.current(), GcPauseRecorder.start());
    }

    /** Marks the phase's start; later calls do nothing. */
    void markStart() {
        mark(start);
    }

    /** Marks the phase's end; later calls do nothing. */
    void markEnd() {
        mark(end);
    }

    private void mark(AtomicReference<Mark> at) {
        if (at.get() == null) {
            at.compareAndSet(null, new Mark(Instant.now(), cpu.nanos(), JitClock.compileMillis(),
                    allocation == null ? -1 : allocation.totalBytes(), JvmThreadCpu.now()));
        }
    }

    /**
     * Puts the phase's figures into a {@code final} line's fields and stops the GC recording; nothing if the phase
     * did not both start and end.
     *
     * @param fields the line's fields
     */
    void addFigures(Map<String, String> fields) {
        Mark from = start.get();
        Mark to = end.get();
        try {
            if (from == null || to == null) {
                return;
            }
            fields.put(CPU_MICROS, Long.toString((to.cpuNs() - from.cpuNs()) / 1_000));
            if (from.compileMillis() >= 0 && to.compileMillis() >= 0) {
                fields.put(COMPILE_MILLIS, Long.toString(to.compileMillis() - from.compileMillis()));
            }
            if (from.threads() != null && to.threads() != null) {
                fields.put(JIT_CPU_MICROS, Long.toString(to.threads().cpuNsSince(from.threads(),
                        JvmThreadCpu.Kind.JIT) / 1_000));
                fields.put(GC_CPU_MICROS, Long.toString(to.threads().cpuNsSince(from.threads(),
                        JvmThreadCpu.Kind.GC) / 1_000));
            }
            if (from.allocatedBytes() >= 0 && to.allocatedBytes() >= 0) {
                fields.put(ALLOCATED_BYTES, Long.toString(to.allocatedBytes() - from.allocatedBytes()));
            }
            if (gc != null) {
                GcPauseRecorder.GcPauses pauses = gc.between(from.at(), to.at());
                fields.put(GC_COLLECTIONS, Long.toString(pauses.collections()));
                fields.put(GC_PAUSED_MICROS, Long.toString(pauses.pausedNs() / 1_000));
                fields.put(GC_LONGEST_PAUSE_MICROS, Long.toString(pauses.longestPauseNs() / 1_000));
            }
        } catch (IOException e) {
            System.err.println("gcs bench: the GC pauses of the measured phase are unknown: cannot read this node's"
                    + " JFR recording: " + e);
        } finally {
            if (gc != null) {
                gc.close();
            }
        }
    }

    /** The counters at one end of the phase ({@code threads} null when unknown). */
    private record Mark(Instant at, long cpuNs, long compileMillis, long allocatedBytes,
                        JvmThreadCpu.Snapshot threads) {
    }
}
