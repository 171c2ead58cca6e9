package org.gcs.bench;

import java.util.List;

/**
 * What the JVMs' own threads spent of a run's CPU in the measured phase, summed over the nodes' processes
 * ({@link PhaseMeter}, {@link JvmThreadCpu}), per measured message: the JIT compilers, still compiling code that
 * became hot late, and the garbage collector. Both are inside {@link RunResult#cpuMicrosPerMessage()}; the CPU
 * without the JIT ({@link RunResult#cpuMicrosPerMessageWithoutJit()}) is what a node spends per message once
 * compiled. A figure is NaN when a node could not tell it (nodes sharing one JVM, a system without
 * {@code /proc/self/task/<tid>/schedstat}).
 *
 * @param jitMicrosPerMessage CPU microseconds of the JIT compiler threads per measured message
 * @param gcMicrosPerMessage CPU microseconds of the garbage collector's threads per measured message
 */
public record JvmCpuFigures(double jitMicrosPerMessage, double gcMicrosPerMessage) {
    /** Nothing known. */
    public static final JvmCpuFigures UNKNOWN = new JvmCpuFigures(Double.NaN, Double.NaN);

    /**
     * @param finals the {@code final} lines of the nodes that count
     * @param measuredMessages the messages of the measured phase
     * @return their sums per message (each NaN unless every line carries it)
     */
    static JvmCpuFigures of(List<NodeLine> finals, long measuredMessages) {
        return new JvmCpuFigures(NodeLine.sum(finals, PhaseMeter.JIT_CPU_MICROS) / measuredMessages,
                NodeLine.sum(finals, PhaseMeter.GC_CPU_MICROS) / measuredMessages);
    }

    /**
     * @param runs some runs
     * @return the median of each figure over them
     */
    static JvmCpuFigures medianOf(List<RunResult> runs) {
        return new JvmCpuFigures(Stats.median(runs, r -> r.jvmCpu().jitMicrosPerMessage()),
                Stats.median(runs, r -> r.jvmCpu().gcMicrosPerMessage()));
    }
}
