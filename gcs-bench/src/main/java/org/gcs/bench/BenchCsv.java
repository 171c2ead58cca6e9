package org.gcs.bench;

import java.nio.file.Path;
import java.util.List;
import org.gcs.tools.csv.CsvWriter;

/**
 * {@code --out DIR}: one CSV row per run of every scenario ({@code runs.csv}), complete when closed;
 * {@code orderAgreedMembers} is the number of members found to deliver the same sequence (total-order systems; 0
 * when not checked); the last three columns are the CPU per message of the JIT compilers and of the garbage
 * collector, and the CPU per message without the JIT ({@link JvmCpuFigures}). Runs that recorded latencies also give
 * one row per measured message and receiver ({@code latency-samples.csv}, from the first such run on): its send time
 * and latency, so that the messages behind a percentile can be found again in a packet capture or a node's log.
 */
final class BenchCsv implements AutoCloseable {
    /** The file name in the output directory. */
    static final String FILE = "runs.csv";
    /** The file of latency samples in the output directory. */
    static final String SAMPLES_FILE = "latency-samples.csv";

    private static final List<String> HEADER = List.of("scenario", "system", "run", "measuredMessages",
            "messageBytes", "deliveredMessages", "durationMillis", "messagesPerSec", "megabytesPerSec",
            "sendRatePerSec", "latencyP50Micros", "latencyP99Micros", "latencyP999Micros", "latencyMaxMicros",
            "latencySamples", "lossRate", "cpuMicrosPerMessage", "masters", "wallSeconds", "endToEndMessagesPerSec",
            "orderAgreedMembers", "lost", "duplicated", "reordered", "tcpShare", "backlogMillis",
            "allocatedBytesPerMessage", "gcCollections", "gcPausedMillis", "gcLongestPauseMillis",
            "jitCpuMicrosPerMessage", "gcCpuMicrosPerMessage", "cpuMicrosPerMessageWithoutJit");

    private static final List<String> SAMPLES_HEADER = List.of("scenario", "system", "run", "receiver", "sequence",
            "sentMicros", "latencyMicros");

    private final Path dir;
    private final CsvWriter csv;
    private CsvWriter samples;

    /** @param dir the output directory (it exists) */
    BenchCsv(Path dir) {
        this.dir = dir;
        this.csv = new CsvWriter(dir.resolve(FILE), HEADER);
    }

    /** @param run one run's figures */
    void add(RunResult run) {
        add(run, run.scenario().id());
    }

    /**
     * @param run one run's figures
     * @param scenarioLabel the scenario column, e.g. with the WAN point
     */
    void add(RunResult run, String scenarioLabel) {
        LatencyFigures latency = run.latency();
        csv.row(scenarioLabel, run.system().id(), run.run(), run.measuredMessages(), run.messageBytes(),
                run.deliveredMessages(), run.durationMicros() / 1000.0, run.messagesPerSec(), run.megabytesPerSec(),
                run.sendRatePerSec(), latency.p50Micros(), latency.p99Micros(), latency.p999Micros(),
                latency.maxMicros(), latency.samples(), run.lossRate(), run.cpuMicrosPerMessage(),
                String.join(" ", run.masters()),
                run.wallSeconds(), run.endToEndMessagesPerSec(), run.orderAgreedMembers(), run.faults().lost(),
                run.faults().duplicates(), run.faults().reordered(), run.tcpShare(), run.backlogMillis(),
                run.memory().allocatedBytesPerMessage(), run.memory().gcCollections(), run.memory().gcPausedMillis(),
                run.memory().gcLongestPauseMillis(), run.jvmCpu().jitMicrosPerMessage(),
                run.jvmCpu().gcMicrosPerMessage(), run.cpuMicrosPerMessageWithoutJit());
        if (!run.latencySamples().isEmpty() && samples == null) {
            samples = new CsvWriter(dir.resolve(SAMPLES_FILE), SAMPLES_HEADER);
        }
        for (LatencySample sample : run.latencySamples()) {
            samples.row(scenarioLabel, run.system().id(), run.run(), sample.receiver(), sample.sequence(),
                    sample.sentMicros(), sample.latencyMicros());
        }
    }

    @Override
    public void close() {
        csv.close();
        if (samples != null) {
            samples.close();
        }
    }
}
