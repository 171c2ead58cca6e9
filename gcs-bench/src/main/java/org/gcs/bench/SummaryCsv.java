package org.gcs.bench;

import java.nio.file.Path;
import java.util.List;
import org.gcs.tools.csv.CsvWriter;

/**
 * {@code --out DIR}: one CSV row per scenario and system with its medians ({@code summary.csv}), and on the rows of
 * the systems GCS is compared with the ratios of GCS against that system: {@code ratio} the headline (messages/s GCS
 * / system, or p99 latency system / GCS; above 1 is better for GCS), {@code cpuRatio} CPU time per message GCS /
 * system (below 1 is better for GCS), {@code baseline} true on the row of the system the headline compares with;
 * {@code totalOverFifo} on the rows of total-order systems: their messages/s (throughput) or p99 latency (latency)
 * divided by their FIFO counterpart's ({@link OrderingRatios}); {@code lost}, {@code duplicated} and
 * {@code reordered} summed over the runs (wan-failover, wan-outage; 0 elsewhere, where a fault fails the run),
 * {@code tcpShare} (wan-fairness) and {@code backlogMillis} (wan-outage) as medians, empty where they do not apply;
 * the memory figures ({@link MemoryFigures}) as medians, but {@code gcLongestPauseMillis} the longest of all runs;
 * the CPU per message of the JIT compilers and the garbage collector ({@link JvmCpuFigures}) and without the JIT as
 * medians, and on the compared rows {@code cpuRatioWithoutJit}, the CPU ratio without the JIT.
 */
final class SummaryCsv {
    /** The file name in the output directory. */
    static final String FILE = "summary.csv";

    private static final List<String> HEADER = List.of("scenario", "system", "runs", "messageBytes",
            "messagesPerSec", "megabytesPerSec", "sendRatePerSec", "latencyP50Micros", "latencyP99Micros",
            "latencyP999Micros", "latencyMaxMicros", "lossRate", "cpuMicrosPerMessage", "baseline", "ratioOf", "ratio",
            "cpuRatio", "endToEndMessagesPerSec", "totalOverFifo", "lost", "duplicated", "reordered", "tcpShare",
            "backlogMillis", "allocatedBytesPerMessage", "gcCollections", "gcPausedMillis", "gcLongestPauseMillis",
            "jitCpuMicrosPerMessage", "gcCpuMicrosPerMessage", "cpuMicrosPerMessageWithoutJit", "cpuRatioWithoutJit");

    private SummaryCsv() {
    }

    /**
     * Writes the file, replacing it.
     *
     * @param dir the output directory (it exists)
     * @param messageBytes payload bytes of every message
     * @param summaries the scenarios that completed
     */
    static void write(Path dir, int messageBytes, List<ScenarioSummary> summaries) {
        try (CsvWriter csv = new CsvWriter(dir.resolve(FILE), HEADER)) {
            for (ScenarioSummary summary : summaries) {
                List<SystemFigures> baselines = summary.baselines();
                SystemFigures chosen = summary.baseline().orElse(null);
                for (SystemFigures f : summary.systems()) {
                    boolean compared = baselines.contains(f);
                    LatencyFigures latency = f.latency();
                    csv.row(summary.label(), f.system().id(), f.runs().size(), messageBytes,
                            f.messagesPerSec(), f.megabytesPerSec(), f.sendRatePerSec(), latency.p50Micros(),
                            latency.p99Micros(), latency.p999Micros(), latency.maxMicros(), f.lossRate(),
                            f.cpuMicrosPerMessage(), compared ? Boolean.valueOf(f == chosen) : null,
                            compared ? summary.ratioOf(f) : null, compared ? summary.ratioAgainst(f) : null,
                            compared ? summary.cpuRatioAgainst(f).orElse(null) : null, f.endToEndMessagesPerSec(),
                            OrderingRatios.totalOverFifo(f.system(), summary).orElse(null), f.totalFaults().lost(),
                            f.totalFaults().duplicates(), f.totalFaults().reordered(), f.tcpShare(),
                            f.backlogMillis(), f.memory().allocatedBytesPerMessage(), f.memory().gcCollections(),
                            f.memory().gcPausedMillis(), f.memory().gcLongestPauseMillis(),
                            f.jvmCpu().jitMicrosPerMessage(), f.jvmCpu().gcMicrosPerMessage(),
                            f.cpuMicrosPerMessageWithoutJit(),
                            compared ? summary.cpuRatioWithoutJitAgainst(f).orElse(null) : null);
                }
            }
        }
    }
}
