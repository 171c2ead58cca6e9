package org.gcs.bench;

import java.util.List;

/**
 * What a run's measured phase cost in memory, summed over the nodes' processes ({@link PhaseMeter}): heap bytes
 * allocated per measured message, and the garbage collections that started in the phase with their pauses (JFR's
 * {@code jdk.GarbageCollection}: the sum of each collection's pauses, and the longest single pause). A figure is NaN
 * when a node could not tell it (nodes sharing one JVM, a JVM without the counter or the flight recorder).
 *
 * @param allocatedBytesPerMessage heap bytes allocated by all nodes per measured message
 * @param gcCollections collections that started in the phase, all nodes
 * @param gcPausedMillis the sum of their pauses, all nodes, milliseconds
 * @param gcLongestPauseMillis the longest single pause of any node, milliseconds (0 when there was no collection)
 */
public record MemoryFigures(double allocatedBytesPerMessage, double gcCollections, double gcPausedMillis,
                            double gcLongestPauseMillis) {
    /** Nothing known. */
    public static final MemoryFigures UNKNOWN = new MemoryFigures(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    /**
     * @param finals the {@code final} lines of the nodes that count
     * @param measuredMessages the messages of the measured phase
     * @return their sums (each NaN unless every line carries it)
     */
    static MemoryFigures of(List<NodeLine> finals, long measuredMessages) {
        double allocated = NodeLine.sum(finals, PhaseMeter.ALLOCATED_BYTES);
        double longestMicros = Double.NaN;
        if (finals.stream().allMatch(f -> f.fields().containsKey(PhaseMeter.GC_LONGEST_PAUSE_MICROS))) {
            longestMicros = finals.stream().mapToLong(f -> f.number(PhaseMeter.GC_LONGEST_PAUSE_MICROS)).max()
                    .orElse(0);
        }
        return new MemoryFigures(allocated / measuredMessages, NodeLine.sum(finals, PhaseMeter.GC_COLLECTIONS),
                NodeLine.sum(finals, PhaseMeter.GC_PAUSED_MICROS) / 1000, longestMicros / 1000);
    }

    /**
     * @param runs some runs
     * @return the median of each figure over them, but the longest pause of them all
     */
    static MemoryFigures medianOf(List<RunResult> runs) {
        return new MemoryFigures(Stats.median(runs, r -> r.memory().allocatedBytesPerMessage()),
                Stats.median(runs, r -> r.memory().gcCollections()),
                Stats.median(runs, r -> r.memory().gcPausedMillis()),
                runs.stream().mapToDouble(r -> r.memory().gcLongestPauseMillis()).filter(v -> !Double.isNaN(v))
                        .max().orElse(Double.NaN));
    }
}
