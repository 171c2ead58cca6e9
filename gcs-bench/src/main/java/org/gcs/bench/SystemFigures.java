package org.gcs.bench;

import java.util.List;

/**
 * The medians of one system's runs in one scenario.
 *
 * @param system the system
 * @param runs its runs, in order
 * @param messagesPerSec median delivery rate of the slowest receiver ({@link RunResult#messagesPerSec()})
 * @param megabytesPerSec median payload megabytes (10^6 bytes) per second
 * @param sendRatePerSec median rate at which the sender handed measured messages to the system
 * @param latency median over runs of each latency percentile (NONE when not recorded)
 * @param lossRate median fraction of measured datagrams lost (UDP; 0 otherwise)
 * @param cpuMicrosPerMessage median CPU time of all nodes per message (NaN when the nodes share one JVM)
 * @param endToEndMessagesPerSec median of {@link RunResult#endToEndMessagesPerSec()}
 */
public record SystemFigures(BenchSystem system, List<RunResult> runs, double messagesPerSec, double megabytesPerSec,
                            double sendRatePerSec, LatencyFigures latency, double lossRate,
                            double cpuMicrosPerMessage, double endToEndMessagesPerSec) {
    /** Copies the list. */
    public SystemFigures {
        runs = List.copyOf(runs);
    }

    /**
     * @param system a system
     * @param runs its runs (at least one)
     * @return their medians
     */
    public static SystemFigures of(BenchSystem system, List<RunResult> runs) {
        LatencyFigures latency = LatencyFigures.NONE;
        List<LatencyFigures> recorded = runs.stream().map(RunResult::latency).filter(LatencyFigures::recorded).toList();
        if (!recorded.isEmpty()) {
            latency = new LatencyFigures(recorded.stream().mapToLong(LatencyFigures::samples).sum(),
                    Stats.median(recorded, LatencyFigures::p50Micros),
                    Stats.median(recorded, LatencyFigures::p99Micros),
                    Stats.median(recorded, LatencyFigures::p999Micros),
                    Stats.median(recorded, LatencyFigures::maxMicros));
        }
        return new SystemFigures(system, runs, Stats.median(runs, RunResult::messagesPerSec),
                Stats.median(runs, RunResult::megabytesPerSec), Stats.median(runs, RunResult::sendRatePerSec), latency,
                Stats.median(runs, RunResult::lossRate), Stats.median(runs, RunResult::cpuMicrosPerMessage),
                Stats.median(runs, RunResult::endToEndMessagesPerSec));
    }

    /** @return wan-fairness: the median over runs of the share against one TCP flow (NaN otherwise) */
    public double tcpShare() {
        return Stats.median(runs, RunResult::tcpShare);
    }

    /** @return wan-outage: the median over runs of the time to deliver the backlog, ms (NaN otherwise) */
    public double backlogMillis() {
        return Stats.median(runs, RunResult::backlogMillis);
    }

    /** @return the medians of the runs' memory figures, and the longest GC pause of them all */
    public MemoryFigures memory() {
        return MemoryFigures.medianOf(runs);
    }

    /** @return the medians of the runs' CPU per message in the JIT compilers and the garbage collector */
    public JvmCpuFigures jvmCpu() {
        return JvmCpuFigures.medianOf(runs);
    }

    /** @return the median over runs of {@link RunResult#cpuMicrosPerMessageWithoutJit()} */
    public double cpuMicrosPerMessageWithoutJit() {
        return Stats.median(runs, RunResult::cpuMicrosPerMessageWithoutJit);
    }

    /** @return the faults of every run, summed (the failover scenario's figures) */
    public DeliveryFaults totalFaults() {
        return new DeliveryFaults(runs.stream().mapToLong(r -> r.faults().lost()).sum(),
                runs.stream().mapToLong(r -> r.faults().duplicates()).sum(),
                runs.stream().mapToLong(r -> r.faults().reordered()).sum());
    }
}
