package org.gcs.lab.membership;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.gcs.lab.ChartWriter;
import org.gcs.lab.Check;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabMath;
import org.gcs.lab.LabPool;
import org.gcs.lab.LabReport;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.lab.LabUnavailableException;
import org.gcs.tools.csv.CsvWriter;

/**
 * {@code membership-scaling}: GCS's overlay membership (the delegates' heartbeats and failure detection: all to all
 * in the default scenario, SWIM in {@link #swim}) in virtual time as the overlay grows, under loss
 * ({@link MembershipScalingRun}): for each end-to-end loss rate of 0, 5 and 20 %
 * per datagram and each site count (16, 64 and 128 by default), N sites of one member each on a full mesh of links of
 * 10–30 ms one way, no application data. Each run forms the overlay, counts every WAN datagram the delegates send over
 * a steady window of 30 s (× scale) and every removal of a live site in it, then crashes one delegate and measures how
 * long the others take to remove it.
 *
 * <p>The runs go to a pool of one thread per core, largest first, as many at once as the heap holds
 * ({@link #runWithinHeap}: a run of 2048 sites needs about 15 GB). Output: {@code NAME.csv} (one row per run),
 * {@code NAME.png} (control datagrams per delegate per second against log2 of the sites, one series per loss rate),
 * summary {@code points} (the same fields as the CSV, and the datagrams per delegate per second by packet kind).
 * Judged: every run forms, and every delegate removes the crashed site within
 * {@value MembershipScalingRun#DETECTION_BOUND_SITE_TIMEOUTS} site timeouts; at 0 and 5 % loss no delegate removes a
 * live site and the latest detection is within {@value #DETECTION_LIMIT_SITE_TIMEOUTS} site timeouts. At 20 % loss
 * false removals and detection times are reported, not judged.
 *
 * <p>The default scenario runs GCS's default settings; {@link #MembershipScalingScenario(String, List, Map)} makes
 * another one with other site counts and engine settings (a membership mode, say), under its own name and files.
 *
 * <p>Not a {@link org.gcs.lab.RunPlan}: its runs drive {@link org.gcs.sim.SimNetwork} directly, as
 * {@code transport-scaling}'s do. It uses the template's {@link LabPool}, {@link Check} and {@link LabReport}.
 */
public final class MembershipScalingScenario implements LabScenario {
    private static final long S = 1_000_000_000L;
    /** The default scenario's name. */
    static final String NAME = "membership-scaling";
    /**
     * The default site counts. Not 256: one run of 256 sites took 320 s of wall time without loss (a virtual second
     * costs about 7 s, as every delegate sends some 1 300 datagrams a second), and at 20 % loss the overlay did not
     * form within a minute of virtual time (seed 1: the coordinator and its successor dropped sites as one-way links),
     * so the nine runs would take well over ten minutes on two cores. 16, 64 and 128 sites took 177 s.
     */
    static final List<Integer> DEFAULT_SITES = List.of(16, 64, 128);
    /** The end-to-end loss rates per datagram. */
    static final double[] LOSS_RATES = {0, 0.05, 0.20};
    /** Loss rates up to this one are judged; above it the run is only reported. */
    static final double JUDGED_LOSS_RATE = 0.05;
    /** The latest detection allowed at judged loss rates, in site timeouts. */
    static final double DETECTION_LIMIT_SITE_TIMEOUTS = 3;
    /** The steady window, before scaling. */
    static final long STEADY_NS = 30 * S;
    private static final List<String> COLUMNS = List.of("sites", "lossRate", "formingSec", "formingWallSec",
            "controlDatagramsPerDelegatePerSecMean", "controlDatagramsPerDelegatePerSecMax",
            "controlBytesPerDelegatePerSecMean", "falseRemovals", "delegatesWithFalseRemovals", "siteTimeoutMs",
            "detectionMaxMs", "detectionMeanMs", "detectionMaxSiteTimeouts", "detectionMeanSiteTimeouts", "wallSec",
            "problem");

    /** The SWIM scenario's name. */
    static final String SWIM_NAME = "membership-scaling-swim";
    /** The SWIM scenario's site counts: the 64 to 2048. */
    static final List<Integer> SWIM_SITES = List.of(64, 256, 1024, 2048);
    /**
     * The most the SWIM scenario's control traffic per delegate may grow from its smallest site count to its largest,
     * at the judged loss rates (issue 38: at most 2× from 64 to 2048 sites).
     */
    static final double SWIM_GROWTH_LIMIT = 2;

    private final String name;
    private final List<Integer> sites;
    private final Map<String, String> settings;
    /** The most the mean control traffic per delegate may grow from the smallest to the largest site count; 0: not judged. */
    private final double growthLimit;

    /**
     * The default scenario: {@value #NAME}, 16, 64 and 128 sites, GCS's default settings with
     * {@code overlay.membership = all-to-all} set (the default until 2026-12-07), whose growth with the sites it shows.
     */
    public MembershipScalingScenario() {
        this(NAME, DEFAULT_SITES, Map.of("overlay.membership", "all-to-all"));
    }

    /**
     * A scenario with other site counts and engine settings.
     *
     * @param name its name on the command line, which also names its files
     * @param sites the site counts, each at least 4
     * @param settings engine settings by properties key (e.g. a membership mode), applied to every node after the
     *     run's own timers, in their order
     */
    public MembershipScalingScenario(String name, List<Integer> sites, Map<String, String> settings) {
        this(name, sites, settings, 0);
    }

    /**
     * {@value #SWIM_NAME}: {@code overlay.membership = swim} on 64 to 2048 sites, judged also on how much a delegate's
     * control traffic grows with the sites (at most {@value #SWIM_GROWTH_LIMIT}×).
     *
     * @return the scenario
     */
    public static MembershipScalingScenario swim() {
        return new MembershipScalingScenario(SWIM_NAME, SWIM_SITES, Map.of("overlay.membership", "swim"),
                SWIM_GROWTH_LIMIT);
    }

    /**
     * @param growthLimit the most the mean control datagrams per delegate per second may grow from the smallest site
     *     count to the largest, at the judged loss rates; 0 to only report it
     */
    MembershipScalingScenario(String name, List<Integer> sites, Map<String, String> settings, double growthLimit) {
        if (sites.isEmpty() || sites.stream().anyMatch(n -> n < MembershipScalingRun.SEED_SITES + 1)) {
            throw new IllegalArgumentException("site counts must be at least " + (MembershipScalingRun.SEED_SITES + 1)
                    + ", got " + sites);
        }
        this.name = name;
        this.sites = sites.stream().sorted().distinct().toList();
        this.settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        this.growthLimit = growthLimit;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "GCS's overlay membership in virtual time on " + sites.get(0) + " to " + sites.get(sites.size() - 1)
                + " sites at 0, 5 and 20 % loss" + (settings.isEmpty() ? "" : " with " + settings)
                + ": control datagrams per delegate, false removals, crash detection";
    }

    @Override
    public Optional<String> fixedDriver() {
        return Optional.of("virtual time");
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        long steadyNs = ctx.scaledNs(STEADY_NS);
        ctx.progress().line(String.format(Locale.ROOT, "%s sites at %s loss%s, a steady window of %.0f s each, on"
                + " %d thread(s)", sites, lossRatesText(), settings.isEmpty() ? "" : ", " + settings, steadyNs / 1e9,
                LabPool.threads(Integer.MAX_VALUE)));
        List<MembershipScalingRun> runs = new ArrayList<>();
        for (int n = sites.size() - 1; n >= 0; n--) { // largest first: the pool packs the runs better
            for (int l = LOSS_RATES.length - 1; l >= 0; l--) {
                runs.add(new MembershipScalingRun(sites.get(n), LOSS_RATES[l], settings, steadyNs, ctx.seed()));
            }
        }
        List<MembershipScalingRun.Outcome> outcomes = runWithinHeap(runs, Runtime.getRuntime().maxMemory(), ctx);
        LabReport report = new LabReport(ctx);
        double[][] datagrams = new double[LOSS_RATES.length][sites.size()];
        List<Map<String, Object>> points = new ArrayList<>();
        try (CsvWriter csv = new CsvWriter(report.file(name + ".csv"), COLUMNS)) {
            for (int n = 0; n < sites.size(); n++) {
                for (int l = 0; l < LOSS_RATES.length; l++) {
                    MembershipScalingRun.Outcome o = outcomes.get(runs.size() - 1 - (n * LOSS_RATES.length + l));
                    datagrams[l][n] = o.controlDatagramsPerDelegatePerSecMean();
                    report.check(checks(o));
                    List<Object> row = row(o);
                    Map<String, Object> point = new LinkedHashMap<>();
                    for (int c = 0; c < COLUMNS.size(); c++) {
                        point.put(COLUMNS.get(c), row.get(c));
                    }
                    point.put("controlDatagramsPerDelegatePerSecByKind", o.controlDatagramsPerDelegatePerSecByKind()
                            .entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey,
                                    e -> LabMath.round(e.getValue(), 2), (a, b) -> a, LinkedHashMap::new)));
                    points.add(point);
                    csv.row(row.toArray());
                    ctx.progress().line(progressLine(o));
                }
            }
        }
        List<Double> growth = new ArrayList<>();
        int last = sites.size() - 1;
        for (int l = 0; l < LOSS_RATES.length; l++) {
            double ratio = datagrams[l][last] / datagrams[l][0];
            growth.add(LabMath.round(ratio, 3));
            ctx.progress().line(String.format(Locale.ROOT, "%2.0f %% loss: control datagrams per delegate per second"
                    + " at %d sites over %d: %.2f", LOSS_RATES[l] * 100, sites.get(last), sites.get(0), ratio));
            if (growthLimit > 0 && LOSS_RATES[l] <= JUDGED_LOSS_RATE && last > 0) {
                report.check(Check.atMost("control datagrams per delegate per second at " + sites.get(last)
                        + " sites over " + sites.get(0) + ", " + MembershipScalingRun.percent(LOSS_RATES[l]) + " loss",
                        ratio, growthLimit).decimals(2));
            }
        }
        return report.chart(name + ".png", chart(datagrams)).putAll("points", points,
                "largestOverSmallest", growth,
                "sites", sites, "lossRates", java.util.Arrays.stream(LOSS_RATES).boxed().toList(),
                "steadySec", LabMath.round(steadyNs / 1e9, 3), "settings", settings,
                "heartbeatIntervalMs", MembershipScalingRun.HEARTBEAT_INTERVAL.toMillis(),
                "siteTimeoutMs", MembershipScalingRun.SITE_TIMEOUT.toMillis()).result();
    }

    /**
     * Runs the runs, largest first, as many at once as the heap holds: thousands of sites take gigabytes each (a run
     * of 2048 sites about 15 GB), two of them at once do not fit where one does, and running out of memory after half
     * an hour helps no one.
     *
     * @param maxHeapBytes the JVM's heap
     * @throws LabUnavailableException if the largest run alone needs more than the heap; the message says how to
     *     give the JVM more
     */
    static List<MembershipScalingRun.Outcome> runWithinHeap(List<MembershipScalingRun> runs, long maxHeapBytes,
                                                            LabContext ctx) throws Exception {
        long largest = runs.stream().mapToLong(MembershipScalingRun::heapBytesNeeded).max().orElse(0);
        if (largest > maxHeapBytes) {
            int sites = runs.stream().mapToInt(MembershipScalingRun::sites).max().orElse(0);
            throw new LabUnavailableException(String.format(Locale.ROOT, "a run of %d sites needs about %.1f GB of"
                    + " heap and the JVM has %.1f GB: give it more, e.g. JAVA_OPTS=\"-Xmx%dg\" ./gcs lab ..., on a"
                    + " machine with that much memory free", sites, largest / 1e9, maxHeapBytes / 1e9,
                    (long) Math.ceil(largest / 1e9) + 1));
        }
        List<MembershipScalingRun.Outcome> outcomes = new ArrayList<>();
        int next = 0;
        while (next < runs.size()) { // runs sorted largest first: each batch as many as fit, on at most the cores
            int end = next;
            long batchBytes = 0;
            while (end < runs.size() && end - next < LabPool.threads(Integer.MAX_VALUE)
                    && batchBytes + runs.get(end).heapBytesNeeded() <= maxHeapBytes) {
                batchBytes += runs.get(end++).heapBytesNeeded();
            }
            if (end - next == 1 && runs.get(next).sites() >= 1024) {
                ctx.progress().line(String.format(Locale.ROOT, "%d sites at %s loss: alone (about %.1f GB of heap),"
                        + " about %d min of wall time", runs.get(next).sites(), MembershipScalingRun.percent(
                        runs.get(next).lossRate()), runs.get(next).heapBytesNeeded() / 1e9,
                        runs.get(next).sites() * (long) runs.get(next).sites() / 100_000));
            }
            outcomes.addAll(LabPool.run(end - next, runs.subList(next, end).stream()
                    .<Callable<MembershipScalingRun.Outcome>>map(run -> run::run).toList()));
            next = end;
        }
        return outcomes;
    }

    /**
     * Every run: no problem (it formed, and every delegate removed the crashed site in time). At judged loss rates
     * also: no false removal, and the latest detection within {@link #DETECTION_LIMIT_SITE_TIMEOUTS} site timeouts.
     */
    static List<Check> checks(MembershipScalingRun.Outcome o) {
        List<Check> checks = new ArrayList<>();
        checks.add(Check.holds(String.valueOf(o.problem()), o.problem() == null));
        if (o.lossRate() <= JUDGED_LOSS_RATE) {
            String where = o.sites() + " sites, " + MembershipScalingRun.percent(o.lossRate()) + " loss";
            checks.add(Check.atMost("false removals at " + where, o.falseRemovals(), 0).decimals(0));
            checks.add(Check.atMost("latest crash detection at " + where + ", in site timeouts",
                    o.detectionMaxSiteTimeouts(), DETECTION_LIMIT_SITE_TIMEOUTS).decimals(2));
        }
        return checks;
    }

    private static List<Object> row(MembershipScalingRun.Outcome o) {
        return java.util.Arrays.asList(o.sites(), o.lossRate(), LabMath.round(o.formingSec(), 2),
                LabMath.round(o.formingWallMs() / 1000.0, 1),
                LabMath.round(o.controlDatagramsPerDelegatePerSecMean(), 2),
                LabMath.round(o.controlDatagramsPerDelegatePerSecMax(), 2),
                LabMath.round(o.controlBytesPerDelegatePerSecMean(), 1), o.falseRemovals(),
                o.delegatesWithFalseRemovals(), o.siteTimeoutMs(), LabMath.round(o.detectionMaxMs(), 1),
                LabMath.round(o.detectionMeanMs(), 1), LabMath.round(o.detectionMaxSiteTimeouts(), 3),
                LabMath.round(o.detectionMeanSiteTimeouts(), 3), LabMath.round(o.wallMs() / 1000.0, 1), o.problem());
    }

    private static String progressLine(MembershipScalingRun.Outcome o) {
        return String.format(Locale.ROOT, "%4d sites, %2.0f %% loss: %8.1f datagrams/delegate/s (max %8.1f), %7.1f"
                + " KB/delegate/s; %d false removals by %d delegates; crash detected in %.0f ms at the latest (%.2f"
                + " site timeouts), %.0f ms mean; formed in %.1f s (%.1f s wall); %.1f s wall in all%s", o.sites(),
                o.lossRate() * 100, o.controlDatagramsPerDelegatePerSecMean(), o.controlDatagramsPerDelegatePerSecMax(),
                o.controlBytesPerDelegatePerSecMean() / 1000, o.falseRemovals(), o.delegatesWithFalseRemovals(),
                o.detectionMaxMs(), o.detectionMaxSiteTimeouts(), o.detectionMeanMs(), o.formingSec(),
                o.formingWallMs() / 1000.0, o.wallMs() / 1000.0, o.problem() == null ? "" : ": " + o.problem());
    }

    private static String lossRatesText() {
        return java.util.Arrays.stream(LOSS_RATES).mapToObj(MembershipScalingRun::percent)
                .collect(Collectors.joining(", "));
    }

    private ChartWriter chart(double[][] datagrams) {
        double[] x = new double[sites.size()];
        for (int n = 0; n < x.length; n++) {
            x[n] = Math.log(sites.get(n)) / Math.log(2);
        }
        ChartWriter chart = ChartWriter.chart("GCS's overlay membership" + (settings.isEmpty() ? "" : " " + settings)
                + ": control traffic of a delegate", "log2 of the sites", "datagrams per delegate per second");
        for (int l = 0; l < LOSS_RATES.length; l++) {
            chart.series(MembershipScalingRun.percent(LOSS_RATES[l]) + " loss", x, datagrams[l], 2.2f);
        }
        return chart;
    }
}
