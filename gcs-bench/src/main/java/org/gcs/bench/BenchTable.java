package org.gcs.bench;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The human-readable results of a scenario on stdout: one row per run, the medians, the ratios against the better
 * baseline (named when there are several, with the ratios against the others) and the CPU ratio.
 */
final class BenchTable {
    private BenchTable() {
    }

    /**
     * @param out where to print
     * @param settings the options
     * @param summary the scenario's results
     */
    static void print(PrintWriter out, BenchSettings settings, ScenarioSummary summary) {
        Scenario scenario = summary.scenario();
        out.println();
        out.printf(Locale.ROOT, "== %s: %s%n", summary.label(), scenario.topology());
        if (summary.point() != null && scenario.kind() != Scenario.Kind.FAILOVER) {
            long unpaced = settings.unpacedWarmupFor(scenario, summary.point());
            long brisk = WanWorkload.briskWarmup(scenario, summary.point());
            out.printf(Locale.ROOT, "   %d-byte messages, %s, %s%s%d measured per run (scaled to the point)%s, %d runs"
                    + " per system alternating%n", settings.messageBytes(), summary.point().loss(),
                    unpaced > 0 ? unpaced + " unpaced warm-up + " : "",
                    brisk > 0 ? String.format(Locale.ROOT, "%d at %.0f msg/s + ", brisk,
                            LoadGenerator.BRISK_RATE_PER_SEC) : "",
                    summary.systems().get(0).runs().get(0).measuredMessages(),
                    WanWorkload.paced(scenario) ? String.format(Locale.ROOT, " at %.0f msg/s",
                            settings.wanGrid().latencyRatePerSec()) : "", settings.runs());
        } else {
            printCounts(out, settings, scenario);
        }
        out.println(header(scenario));
        for (int run = 1; run <= settings.runs(); run++) {
            for (SystemFigures figures : summary.systems()) {
                if (run <= figures.runs().size()) {
                    RunResult r = figures.runs().get(run - 1);
                    out.println(row(scenario, Integer.toString(run), r.system(), r.messagesPerSec(),
                            r.megabytesPerSec(), r.sendRatePerSec(), r.latency(), r.lossRate(),
                            r.cpuMicrosPerMessage(), r.endToEndMessagesPerSec(), r.wallSeconds(), r.faults(),
                            r.competingTcp(), r.backlogMillis()));
                }
            }
        }
        for (SystemFigures figures : summary.systems()) {
            boolean failover = scenario.kind() == Scenario.Kind.FAILOVER || scenario.kind() == Scenario.Kind.OUTAGE;
            out.println(row(scenario, failover ? "all" : "median", figures.system(), figures.messagesPerSec(),
                    figures.megabytesPerSec(), figures.sendRatePerSec(), figures.latency(), figures.lossRate(),
                    figures.cpuMicrosPerMessage(), figures.endToEndMessagesPerSec(), Double.NaN,
                    figures.totalFaults(), medianTcp(figures), figures.backlogMillis()));
        }
        printMemory(out, summary);
        printJvmCpu(out, summary);
        summary.ratio().ifPresent(ratio -> out.printf(Locale.ROOT, "ratio (%s): %.2f  [%s ]  above 1 is better for"
                + " GCS%n", summary.ratioOf(), ratio, figures(summary.ratios())));
        for (ScenarioSummary.Comparison other : summary.comparisons().stream().skip(1).toList()) {
            out.printf(Locale.ROOT, "like for like, %s (%s): %.2f  [%s ]%s%n", other.protection(),
                    summary.ratioOf(other.baseline()), summary.ratioAgainst(other.baseline()),
                    figures(summary.ratiosAgainst(other.baseline())), summary.cpuRatioAgainst(other.baseline())
                            .map(r -> String.format(Locale.ROOT, "  CPU per message %.2f", r)).orElse(""));
        }
        summary.baseline().ifPresent(baseline -> {
            if (summary.candidates().size() > 1) {
                out.printf(Locale.ROOT, "   baseline: %s (%s), the better of %s by %s%n", baseline.system().id(),
                        baseline.system().title(), String.join(", ", summary.candidates().stream()
                                .map(f -> f.system().id()).toList()), summary.baselineChosenBy());
            }
            if (summary.baselines().size() > 1) {
                for (SystemFigures other : summary.baselines()) {
                    if (other != baseline) {
                        String gcs = summary.gcsFor(other).orElseThrow().system().id();
                        out.printf(Locale.ROOT, "   %s against %s: [%s ]%s%n", gcs, other.system().id(),
                                figures(summary.ratiosAgainst(other)), summary.cpuRatioAgainst(other)
                                        .map(r -> String.format(Locale.ROOT, "  CPU per message %s/%s %.2f", gcs,
                                                other.system().id(), r)).orElse(""));
                    }
                }
            }
            out.printf(Locale.ROOT, "CPU per message (%s): %s  [%s %s us, %s %s us]  below 1 is better for GCS%n",
                    summary.cpuRatioOf(), summary.cpuRatio().map(r -> String.format(Locale.ROOT, "%.2f", r))
                            .orElse("- (unknown: nodes sharing one JVM)"), summary.gcsFor(baseline).orElseThrow()
                            .system().id(), micros(summary.gcsFor(baseline).orElseThrow().cpuMicrosPerMessage()),
                    baseline.system().id(), micros(baseline.cpuMicrosPerMessage()));
            SystemFigures gcs = summary.gcsFor(baseline).orElseThrow();
            summary.cpuRatioWithoutJit().ifPresent(ratio -> out.printf(Locale.ROOT, "CPU per message without the JIT"
                    + " compilers' (cpuMicrosPerMessageWithoutJit %s/%s): %.2f  [%s %s us, %s %s us]%n",
                    gcs.system().id(), baseline.system().id(), ratio, gcs.system().id(),
                    micros(gcs.cpuMicrosPerMessageWithoutJit()), baseline.system().id(),
                    micros(baseline.cpuMicrosPerMessageWithoutJit())));
        });
        printOrdering(out, summary);
        out.printf(Locale.ROOT, "wall time of the scenario: %.1f s%n", summary.wallSeconds());
        out.flush();
    }

    /**
     * One line per system: heap bytes allocated per message and GC pauses in the measured phase, all nodes
     * ({@link MemoryFigures}); nothing when no node could tell them.
     */
    private static void printMemory(PrintWriter out, ScenarioSummary summary) {
        List<SystemFigures> known = summary.systems().stream()
                .filter(f -> !Double.isNaN(f.memory().allocatedBytesPerMessage())).toList();
        if (known.isEmpty()) {
            return;
        }
        out.println("memory in the measured phase, all nodes (medians; the longest GC pause of all runs):");
        for (SystemFigures figures : known) {
            MemoryFigures memory = figures.memory();
            out.printf(Locale.ROOT, "   %-29s %10.0f B allocated per message, %s GC collections pausing %s ms,"
                    + " longest pause %s ms%n", figures.system().id(), memory.allocatedBytesPerMessage(),
                    number(memory.gcCollections(), "%.0f"), number(memory.gcPausedMillis(), "%.1f"),
                    number(memory.gcLongestPauseMillis(), "%.1f"));
        }
    }

    /**
     * One line per system: the CPU per message of its JIT compiler threads and its garbage collector's threads in the
     * measured phase, all nodes, and its CPU per message without the JIT ({@link JvmCpuFigures}); nothing when no
     * node could tell them.
     */
    private static void printJvmCpu(PrintWriter out, ScenarioSummary summary) {
        List<SystemFigures> known = summary.systems().stream()
                .filter(f -> !Double.isNaN(f.jvmCpu().jitMicrosPerMessage())).toList();
        if (known.isEmpty()) {
            return;
        }
        out.println("CPU of the JVMs' own threads in the measured phase, all nodes (medians, us per message):");
        for (SystemFigures figures : known) {
            JvmCpuFigures jvmCpu = figures.jvmCpu();
            out.printf(Locale.ROOT, "   %-29s JIT compilers %s, garbage collector %s; all threads without the JIT"
                    + " %s%n", figures.system().id(), number(jvmCpu.jitMicrosPerMessage(), "%.2f"),
                    number(jvmCpu.gcMicrosPerMessage(), "%.2f"), micros(figures.cpuMicrosPerMessageWithoutJit()));
        }
    }

    private static String number(double value, String format) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, format, value);
    }

    /** @return the competing TCP of a system's runs with their median rate (NONE outside wan-fairness) */
    private static CompetingTcp medianTcp(SystemFigures figures) {
        CompetingTcp first = figures.runs().get(0).competingTcp();
        return first.flows() == 0 ? CompetingTcp.NONE : new CompetingTcp(first.flows(), first.congestionControl(),
                Stats.median(figures.runs(), r -> r.competingTcp().bytesPerSec()));
    }

    private static void printCounts(PrintWriter out, BenchSettings settings, Scenario scenario) {
        String unpaced = settings.unpacedWarmupFor(scenario) > 0
                ? settings.unpacedWarmupFor(scenario) + " unpaced + " : "";
        out.printf(Locale.ROOT, "   %d-byte messages, %s%d warm-up + %d measured per run%s, %d runs per system"
                        + " alternating%n", settings.messageBytes(), unpaced, settings.warmupFor(scenario),
                settings.measuredFor(scenario), settings.rateFor(scenario) > 0
                        ? String.format(Locale.ROOT, " at %.0f msg/s", settings.rateFor(scenario)) : "",
                settings.runs());
    }

    /** The total-order scenarios: the quotients of {@link OrderingRatios} and the order agreement checked. */
    private static void printOrdering(PrintWriter out, ScenarioSummary summary) {
        if (!summary.scenario().ordering()) {
            return;
        }
        Map<String, Double> ratios = OrderingRatios.of(summary);
        if (!ratios.isEmpty()) {
            out.printf(Locale.ROOT, "total against fifo order (plain quotients of the medians): [%s ]%n",
                    figures(ratios));
        }
        List<String> checked = summary.systems().stream().filter(f -> f.system().totalOrder())
                .map(f -> f.system().id()).toList();
        if (checked.isEmpty()) {
            out.println("order agreement: not checked (no total-order system ran)");
        } else {
            out.printf(Locale.ROOT, "order agreement: %d runs of %s checked, every member delivered the same"
                    + " sequence%n", OrderingRatios.agreedRuns(summary), String.join(", ", checked));
        }
    }

    private static String figures(Map<String, Double> ratios) {
        StringBuilder all = new StringBuilder();
        ratios.forEach((k, v) -> all.append(String.format(Locale.ROOT, " %s %.2f", k, v)));
        return all.toString().trim();
    }

    private static String micros(double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String header(Scenario scenario) {
        return switch (scenario.kind()) {
            case LATENCY -> String.format(Locale.ROOT, "%-7s %-29s %12s %10s %10s %10s %10s %10s %8s", "run",
                    "system", "send msg/s", "p50 ms", "p99 ms", "p99.9 ms", "max ms", "CPU us/msg", "wall s");
            case THROUGHPUT -> String.format(Locale.ROOT, "%-7s %-29s %12s %10s %12s %12s %10s %8s", "run",
                    "system", "msg/s", "MB/s", "e2e msg/s", "send msg/s", "CPU us/msg", "wall s");
            case DATAGRAMS -> String.format(Locale.ROOT, "%-7s %-29s %12s %10s %12s %8s %10s %8s", "run", "system",
                    "datagrams/s", "MB/s", "send dgr/s", "loss %", "CPU us/dgr", "wall s");
            case FAILOVER -> String.format(Locale.ROOT, "%-7s %-29s %12s %10s %12s %10s %10s %8s", "run", "system",
                    "send msg/s", "lost", "duplicated", "reordered", "CPU us/msg", "wall s");
            case FAIRNESS -> String.format(Locale.ROOT, "%-7s %-29s %12s %10s %12s %10s %10s %8s", "run", "system",
                    "msg/s", "MB/s", "TCP MB/s", "share", "CPU us/msg", "wall s");
            case OUTAGE -> String.format(Locale.ROOT, "%-7s %-29s %12s %10s %10s %12s %10s %10s %8s", "run",
                    "system", "send msg/s", "backlog s", "lost", "duplicated", "reordered", "CPU us/msg", "wall s");
        };
    }

    private static String row(Scenario scenario, String run, BenchSystem system, double messagesPerSec,
                              double megabytesPerSec, double sendRatePerSec, LatencyFigures latency, double lossRate,
                              double cpuMicrosPerMessage, double endToEndMessagesPerSec, double wallSeconds,
                              DeliveryFaults faults, CompetingTcp tcp, double backlogMillis) {
        String wall = Double.isNaN(wallSeconds) ? "" : String.format(Locale.ROOT, "%.1f", wallSeconds);
        String cpu = micros(cpuMicrosPerMessage);
        return switch (scenario.kind()) {
            case LATENCY -> String.format(Locale.ROOT, "%-7s %-29s %12.0f %10.3f %10.3f %10.3f %10.3f %10s %8s", run,
                    system.id(), sendRatePerSec, latency.p50Micros() / 1000, latency.p99Micros() / 1000,
                    latency.p999Micros() / 1000, latency.maxMicros() / 1000, cpu, wall);
            case THROUGHPUT -> String.format(Locale.ROOT, "%-7s %-29s %12.0f %10.2f %12.0f %12.0f %10s %8s", run,
                    system.id(), messagesPerSec, megabytesPerSec, endToEndMessagesPerSec, sendRatePerSec, cpu, wall);
            case DATAGRAMS -> String.format(Locale.ROOT, "%-7s %-29s %12.0f %10.2f %12.0f %8.2f %10s %8s", run,
                    system.id(), messagesPerSec, megabytesPerSec, sendRatePerSec, lossRate * 100, cpu, wall);
            case FAILOVER -> String.format(Locale.ROOT, "%-7s %-29s %12.0f %10d %12d %10d %10s %8s", run,
                    system.id(), sendRatePerSec, faults.lost(), faults.duplicates(), faults.reordered(), cpu, wall);
            case FAIRNESS -> String.format(Locale.ROOT, "%-7s %-29s %12.0f %10.3f %12.3f %10.2f %10s %8s", run,
                    system.id(), messagesPerSec, megabytesPerSec, tcp.bytesPerSec() / 1e6,
                    tcp.shareOf(megabytesPerSec * 1e6), cpu, wall);
            case OUTAGE -> String.format(Locale.ROOT, "%-7s %-29s %12.0f %10.2f %10d %12d %10d %10s %8s", run,
                    system.id(), sendRatePerSec, backlogMillis / 1000, faults.lost(), faults.duplicates(),
                    faults.reordered(), cpu, wall);
        };
    }
}
