package org.gcs.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON object {@code gcs bench --json} ends with: the machine, whether every run passed, the wall time and, per
 * scenario, the figures of each system (medians and every run), the ratios against the better baseline (above 1 is
 * better for GCS; {@code baseline} names it), the CPU ratio GCS / baseline ({@code cpuRatio}, below 1 is better for
 * GCS), the same without the JIT compilers' CPU ({@code cpuRatioWithoutJit}; each system's
 * {@code jitCpuMicrosPerMessage}, {@code gcCpuMicrosPerMessage} and {@code cpuMicrosPerMessageWithoutJit}, per run and
 * as medians) and both against every baseline ({@code ratiosAgainst}, each naming the GCS it compares: the one of the
 * baseline's protection), one like-for-like comparison per protection ({@code comparisons}: {@code sealed} GCS as
 * shipped against sealed JGroups, {@code plain} GCS with its protection lowered against plain JGroups, each naming its
 * pair; the headline {@code ratio} is the first of them); the total-order scenarios add the quotients of
 * {@link OrderingRatios} ({@code orderingRatios}) and how many runs had their order agreement checked (per run,
 * {@code orderAgreedMembers}: the members found to agree). Fields are only ever added, never renamed, so that scripts
 * reading older output keep working.
 */
final class BenchJson {
    private BenchJson() {
    }

    /**
     * @param settings the options
     * @param machine the machine
     * @param summaries the scenarios that completed
     * @param error why the bench failed, or null
     * @param wallSeconds the whole command's wall time
     * @return the object, ready for {@link org.gcs.tools.json.JsonWriter}
     */
    static Map<String, Object> of(BenchSettings settings, MachineInfo machine, List<ScenarioSummary> summaries,
                                  String error, double wallSeconds) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("command", "bench");
        json.put("passed", error == null);
        if (error != null) {
            json.put("error", error);
        }
        json.put("runsPerSystem", settings.runs());
        json.put("nodes", settings.inProcess() ? "threads of one JVM" : "one JVM per node");
        json.put("wallSeconds", round(wallSeconds, 1));
        json.put("gcsSettings", settings.gcsSettings());
        json.put("relayTcpNoDelay", settings.relayTcpNoDelay());
        json.put("gcsSendsInFlight", settings.gcsSendsInFlight());
        json.put("machine", machine.toJson());
        Map<String, Object> scenarios = new LinkedHashMap<>();
        for (ScenarioSummary summary : summaries) {
            scenarios.put(summary.label(), scenario(settings, summary));
        }
        json.put("scenarios", scenarios);
        return json;
    }

    private static Map<String, Object> scenario(BenchSettings settings, ScenarioSummary summary) {
        Scenario scenario = summary.scenario();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("topology", scenario.topology());
        json.put("messageBytes", settings.messageBytes());
        if (summary.point() != null) {
            WanPoint point = summary.point();
            json.put("scenario", scenario.id());
            json.put("rttMs", point.rttMs());
            json.put("loss", point.lossLabel());
            json.put("lossModel", point.loss().toString());
            json.put("meanLossRate", point.loss().meanLoss());
            json.put("siteRateBitsPerSec", scenario.siteRateBitsPerSec());
            json.put("siteTcp", settings.wanGrid().siteTcp());
            RunResult first = summary.systems().get(0).runs().get(0);
            json.put("measuredMessages", first.measuredMessages());
            json.put("unpacedWarmupMessages", settings.unpacedWarmupFor(scenario, point));
            json.put("briskWarmupMessages", WanWorkload.briskWarmup(scenario, point));
            json.put("offeredRatePerSec", scenario.kind() == Scenario.Kind.LATENCY
                    ? settings.wanGrid().latencyRatePerSec() : null);
        } else {
            json.put("warmupMessages", settings.warmupFor(scenario));
            json.put("unpacedWarmupMessages", settings.unpacedWarmupFor(scenario));
            json.put("measuredMessages", settings.measuredFor(scenario));
            json.put("offeredRatePerSec", scenario.kind() == Scenario.Kind.LATENCY ? settings.rateFor(scenario)
                    : null);
        }
        json.put("wallSeconds", round(summary.wallSeconds(), 1));
        Map<String, Object> systems = new LinkedHashMap<>();
        for (SystemFigures figures : summary.systems()) {
            systems.put(figures.system().id(), system(scenario, figures));
        }
        json.put("systems", systems);
        json.put("ratio", summary.ratio().map(r -> round(r, 3)).orElse(null));
        json.put("ratioOf", summary.ratioOf().isEmpty() ? null : summary.ratioOf());
        json.put("ratios", rounded(summary.ratios()));
        json.put("baseline", summary.baseline().map(f -> f.system().id()).orElse(null));
        json.put("baselineCandidates", summary.candidates().stream().map(f -> f.system().id()).toList());
        json.put("baselineChosenBy", summary.baseline().isPresent() ? summary.baselineChosenBy() : null);
        json.put("cpuRatio", summary.cpuRatio().map(r -> round(r, 3)).orElse(null));
        json.put("cpuRatioOf", summary.cpuRatioOf().isEmpty() ? null : summary.cpuRatioOf());
        json.put("cpuRatioWithoutJit", summary.cpuRatioWithoutJit().map(r -> round(r, 3)).orElse(null));
        Map<String, Object> against = new LinkedHashMap<>();
        for (SystemFigures base : summary.baselines()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("ratios", rounded(summary.ratiosAgainst(base)));
            one.put("gcs", summary.gcsFor(base).map(f -> f.system().id()).orElse(null));
            one.put("cpuRatio", summary.cpuRatioAgainst(base).map(r -> round(r, 3)).orElse(null));
            one.put("cpuRatioWithoutJit", summary.cpuRatioWithoutJitAgainst(base).map(r -> round(r, 3))
                    .orElse(null));
            against.put(base.system().id(), one);
        }
        json.put("ratiosAgainst", against);
        Map<String, Object> comparisons = new LinkedHashMap<>();
        for (ScenarioSummary.Comparison comparison : summary.comparisons()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("gcs", comparison.gcs().system().id());
            one.put("baseline", comparison.baseline().system().id());
            one.put("ratioOf", summary.ratioOf(comparison.baseline()));
            one.put("ratio", round(summary.ratioAgainst(comparison.baseline()), 3));
            one.put("ratios", rounded(summary.ratiosAgainst(comparison.baseline())));
            one.put("cpuRatio", summary.cpuRatioAgainst(comparison.baseline()).map(r -> round(r, 3)).orElse(null));
            one.put("cpuRatioWithoutJit", summary.cpuRatioWithoutJitAgainst(comparison.baseline())
                    .map(r -> round(r, 3)).orElse(null));
            one.put("baselineCandidates", comparison.candidates().stream().map(f -> f.system().id()).toList());
            comparisons.put(comparison.protection().id(), one);
        }
        json.put("comparisons", comparisons);
        if (scenario.ordering()) {
            json.put("orderingRatios", rounded(OrderingRatios.of(summary)));
            json.put("orderAgreementCheckedRuns", OrderingRatios.agreedRuns(summary));
        }
        return json;
    }

    private static Map<String, Object> faults(DeliveryFaults faults) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("lost", faults.lost());
        json.put("duplicates", faults.duplicates());
        json.put("reordered", faults.reordered());
        return json;
    }

    private static Map<String, Object> rounded(Map<String, Double> ratios) {
        Map<String, Object> json = new LinkedHashMap<>();
        ratios.forEach((k, v) -> json.put(k, round(v, 3)));
        return json;
    }

    private static Map<String, Object> system(Scenario scenario, SystemFigures figures) {
        Map<String, Object> json = figuresOf(scenario, figures.messagesPerSec(), figures.megabytesPerSec(),
                figures.sendRatePerSec(), figures.latency(), figures.lossRate(), figures.cpuMicrosPerMessage(),
                figures.memory());
        putJvmCpu(json, figures.jvmCpu(), figures.cpuMicrosPerMessageWithoutJit());
        json.put("endToEndMessagesPerSec", round(figures.endToEndMessagesPerSec(), 1));
        if (scenario.kind() == Scenario.Kind.FAILOVER || scenario.kind() == Scenario.Kind.OUTAGE) {
            json.put("faultsAllRuns", faults(figures.totalFaults()));
        }
        if (scenario.kind() == Scenario.Kind.OUTAGE) {
            json.put("backlogMillis", round(figures.backlogMillis(), 1));
        }
        if (scenario.kind() == Scenario.Kind.FAIRNESS) {
            json.put("tcpShare", round(figures.tcpShare(), 3));
        }
        List<Object> runs = new ArrayList<>();
        for (RunResult run : figures.runs()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("run", run.run());
            one.putAll(figuresOf(scenario, run.messagesPerSec(), run.megabytesPerSec(), run.sendRatePerSec(),
                    run.latency(), run.lossRate(), run.cpuMicrosPerMessage(), run.memory()));
            putJvmCpu(one, run.jvmCpu(), run.cpuMicrosPerMessageWithoutJit());
            one.put("endToEndMessagesPerSec", round(run.endToEndMessagesPerSec(), 1));
            one.put("deliveredMessages", run.deliveredMessages());
            one.put("durationMillis", round(run.durationMicros() / 1000.0, 1));
            one.put("wallSeconds", round(run.wallSeconds(), 1));
            if (scenario.ordering()) {
                one.put("orderAgreedMembers", run.orderAgreedMembers());
            }
            if (scenario.kind() == Scenario.Kind.FAILOVER || scenario.kind() == Scenario.Kind.OUTAGE) {
                one.put("faults", faults(run.faults()));
            }
            if (scenario.kind() == Scenario.Kind.OUTAGE) {
                one.put("backlogMillis", round(run.backlogMillis(), 1));
            }
            if (scenario.kind() == Scenario.Kind.FAIRNESS) {
                Map<String, Object> tcp = new LinkedHashMap<>();
                tcp.put("flows", run.competingTcp().flows());
                tcp.put("congestionControl", run.competingTcp().congestionControl());
                tcp.put("megabytesPerSec", round(run.competingTcp().bytesPerSec() / 1e6, 4));
                tcp.put("share", round(run.tcpShare(), 3));
                one.put("competingTcp", tcp);
            }
            runs.add(one);
        }
        json.put("runs", runs);
        return json;
    }

    private static Map<String, Object> figuresOf(Scenario scenario, double messagesPerSec, double megabytesPerSec,
                                                 double sendRatePerSec, LatencyFigures latency, double lossRate,
                                                 double cpuMicrosPerMessage, MemoryFigures memory) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("messagesPerSec", round(messagesPerSec, 1));
        json.put("megabytesPerSec", round(megabytesPerSec, 3));
        json.put("sendRatePerSec", round(sendRatePerSec, 1));
        if (latency.recorded()) {
            Map<String, Object> micros = new LinkedHashMap<>();
            micros.put("p50", round(latency.p50Micros(), 1));
            micros.put("p99", round(latency.p99Micros(), 1));
            micros.put("p999", round(latency.p999Micros(), 1));
            micros.put("max", round(latency.maxMicros(), 1));
            micros.put("samples", latency.samples());
            json.put("latencyMicros", micros);
        }
        if (scenario.kind() == Scenario.Kind.DATAGRAMS) {
            json.put("lossRate", round(lossRate, 5));
        }
        json.put("cpuMicrosPerMessage", round(cpuMicrosPerMessage, 1));
        json.put("allocatedBytesPerMessage", round(memory.allocatedBytesPerMessage(), 1));
        json.put("gcCollections", round(memory.gcCollections(), 1));
        json.put("gcPausedMillis", round(memory.gcPausedMillis(), 3));
        json.put("gcLongestPauseMillis", round(memory.gcLongestPauseMillis(), 3));
        return json;
    }

    private static void putJvmCpu(Map<String, Object> json, JvmCpuFigures jvmCpu, double withoutJit) {
        json.put("jitCpuMicrosPerMessage", round(jvmCpu.jitMicrosPerMessage(), 2));
        json.put("gcCpuMicrosPerMessage", round(jvmCpu.gcMicrosPerMessage(), 2));
        json.put("cpuMicrosPerMessageWithoutJit", round(withoutJit, 1));
    }

    private static double round(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return value;
        }
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }
}
