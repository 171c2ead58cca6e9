package org.gcs.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The validated options of {@code gcs bench}.
 *
 * @param scenarios the scenarios to run, in order
 * @param runs runs per system and scenario
 * @param warmupMessages warm-up messages per run (paced ones in a paced scenario), or -1 for each scenario's
 *        default
 * @param unpacedWarmupMessages paced scenarios: warm-up messages sent unpaced before the paced warm-up, or -1
 *        for the scenario's default
 * @param measuredMessages measured messages per run, or -1 for each scenario's default
 * @param messageBytes payload bytes of every message
 * @param latencyRatePerSec messages per second offered in the paced scenarios (latency and failover)
 * @param json whether stdout holds only the results, one JSON line (the tables go to stderr)
 * @param outDir where to write per-run CSV and the summary, or null
 * @param inProcess whether to run the nodes as threads of this JVM instead of child JVMs
 * @param jvmOptions extra options of every child JVM
 * @param stallTimeout how long a run may go without progress before it fails
 * @param systems the systems to run (empty: every system of each scenario)
 * @param gcsSettings {@code key=value} overrides of GCS settings (empty: the bench's defaults)
 * @param relayTcpNoDelay whether cross-site-throughput also runs RELAY2 with TCP_NODELAY on its bridge
 *        ({@link BenchSystem#RELAY2_NODELAY}; cross-site-latency always does)
 * @param gcsSendsInFlight GCS sender: at most this many {@code sendAsync} calls not yet admitted; 0 for the
 *        blocking {@code send}
 * @param protections the protections whose systems run ({@code --security}); raw UDP runs whatever they are
 * @param wanGrid the WAN scenarios' points and offered load
 */
public record BenchSettings(List<Scenario> scenarios, int runs, long warmupMessages, long unpacedWarmupMessages,
                            long measuredMessages,
                            int messageBytes, double latencyRatePerSec, boolean json, Path outDir, boolean inProcess,
                            List<String> jvmOptions, Duration stallTimeout, List<BenchSystem> systems,
                            List<String> gcsSettings, boolean relayTcpNoDelay,
                            int gcsSendsInFlight, Set<Protection> protections, WanGrid wanGrid) {
    /** Copies the lists. */
    public BenchSettings {
        scenarios = List.copyOf(scenarios);
        jvmOptions = List.copyOf(jvmOptions);
        systems = List.copyOf(systems);
        gcsSettings = List.copyOf(gcsSettings);
        protections = Set.copyOf(protections);
    }

    /** The same with both protections ({@code --security both}, the default) and the default WAN grid. */
    public BenchSettings(List<Scenario> scenarios, int runs, long warmupMessages, long unpacedWarmupMessages,
                         long measuredMessages, int messageBytes, double latencyRatePerSec, boolean json, Path outDir,
                         boolean inProcess, List<String> jvmOptions, Duration stallTimeout, List<BenchSystem> systems,
                         List<String> gcsSettings, boolean relayTcpNoDelay, int gcsSendsInFlight) {
        this(scenarios, runs, warmupMessages, unpacedWarmupMessages, measuredMessages, messageBytes,
                latencyRatePerSec, json, outDir, inProcess, jvmOptions, stallTimeout, systems, gcsSettings,
                relayTcpNoDelay, gcsSendsInFlight, Set.of(Protection.SEALED, Protection.PLAIN), WanGrid.DEFAULT);
    }

    /**
     * @param scenario a scenario
     * @return the systems to run in it, GCS (or the only system) first: its default systems, then the optional ones
     *         asked for ({@code --relay-tcp-nodelay} or {@code --system}), less those {@code --system} leaves out
     *         and those of a protection {@code --security} leaves out
     */
    public List<BenchSystem> systemsFor(Scenario scenario) {
        List<BenchSystem> all = new ArrayList<>(scenario.systems());
        for (BenchSystem optional : scenario.optionalSystems()) {
            if (systems.contains(optional) || (optional.bridgeTcpNoDelay() && relayTcpNoDelay)) {
                all.add(optional);
            }
        }
        return all.stream().filter(s -> systems.isEmpty() || systems.contains(s))
                .filter(s -> s.protection() == Protection.NONE || protections.contains(s.protection())).toList();
    }

    /**
     * @param scenario a scenario
     * @return its warm-up messages per run
     */
    public long warmupFor(Scenario scenario) {
        return warmupMessages >= 0 ? warmupMessages : scenario.defaultWarmupMessages();
    }

    /**
     * @param scenario a scenario
     * @return its warm-up messages sent unpaced before the paced ones (0 when the scenario is not paced)
     */
    public long unpacedWarmupFor(Scenario scenario) {
        if (rateFor(scenario) <= 0) {
            return 0;
        }
        return unpacedWarmupMessages >= 0 ? unpacedWarmupMessages : scenario.defaultUnpacedWarmupMessages();
    }

    /**
     * @param scenario a scenario
     * @param point its WAN point, or null
     * @return its warm-up messages sent unpaced before the paced ones at that point: {@code --unpaced-warmup} if
     *     given, else the scenario's default (scaled to the point on the WAN, {@link WanWorkload#unpacedWarmup})
     */
    public long unpacedWarmupFor(Scenario scenario, WanPoint point) {
        if (point == null || !WanWorkload.paced(scenario)) {
            return unpacedWarmupFor(scenario); // unpaced scenarios: 0; wan-failover: its own counts
        }
        return unpacedWarmupMessages >= 0 ? unpacedWarmupMessages
                : WanWorkload.unpacedWarmup(scenario, point, messageBytes);
    }

    /**
     * @param scenario a scenario
     * @return its measured messages per run
     */
    public long measuredFor(Scenario scenario) {
        return measuredMessages >= 0 ? measuredMessages : scenario.defaultMeasuredMessages();
    }

    /**
     * @param scenario a scenario
     * @return the rate its sender offers, 0 for unpaced
     */
    public double rateFor(Scenario scenario) {
        boolean paced = scenario.kind() == Scenario.Kind.LATENCY || scenario.kind() == Scenario.Kind.FAILOVER
                || scenario.kind() == Scenario.Kind.OUTAGE;
        return paced ? latencyRatePerSec : 0;
    }
}
