package org.gcs.lab;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.gcs.emulator.Topology;

/**
 * What one run of a scenario is, declared before it runs; {@link RunTemplate} runs it. A plan says
 * <ul>
 *   <li>on which network: the topology, the node settings the scenario uses unless --controller or --set give them,
 *       the seed (the command's unless it says), whether it needs the simulator;</li>
 *   <li>who: the nodes to start, in order ({@link #node}, {@link #relay}), and the groups they join
 *       ({@link #group});</li>
 *   <li>what happens when: at the start of each phase ({@link #phase}), at given times ({@link #at}), and at the
 *       moments every run has ({@link #on}: when the traffic starts, at every sample, at the end, ...);</li>
 *   <li>what is read: the columns of the sample table ({@link #column}), which is the scenario's CSV file, and the
 *       progress line ({@link #progress}).</li>
 * </ul>
 * Times are since the traffic started, the moment the members have seen each other and warmed up.
 */
public final class RunPlan {
    /** Nanoseconds per second. */
    static final long S = 1_000_000_000L;

    /**
     * A member to start: its site and its name (unique in the site).
     *
     * @param site the site
     * @param name the member's name
     */
    public record Member(String site, String name) {
        /** @return {@code site/name}, unique among all members */
        public String key() {
            return site + "/" + name;
        }
    }

    /** A phase to run: its name, length, the part left out of its means, what starts it and its progress line. */
    record PhasePlan(String name, long durationNs, long skipNs, Consumer<Run> start, Function<Run, String> line) {
    }

    /** An action due at a time since the traffic started. */
    record Timed(long offsetNs, Consumer<Run> action) {
    }

    /** A column of the sample table. */
    record Column(String name, Function<Run, Object> reading) {
    }

    /** The moments of a run at which a plan's actions happen (besides its phases' starts and its timed actions). */
    public enum When {
        /** Once the driver is open, before the nodes start (e.g. a filter that counts packets). */
        BEFORE_START,
        /** When the traffic starts: the members see each other and warmed up (senders, link schedules, filters). */
        START,
        /** At every sample, after the timed actions and the traffic's counters, before the columns are read. */
        SAMPLE,
        /** After each phase's last sample. */
        PHASE_END,
        /** After the last sample, the senders stopped, the driver still open (final readings). */
        END
    }

    final Topology topology;
    Map<String, String> settings = Map.of();
    Long seed;
    String virtualOnly;
    int messageBytes = ScenarioSupport.MESSAGE_BYTES;
    long viewTimeoutNs = 60 * S;
    long warmUpNs = 5 * S;
    long stepNs = LabDriver.SAMPLE_STEP_NS;
    boolean keepHistory = true;
    final Set<Member> nodes = new LinkedHashSet<>();
    final Map<String, List<Member>> groups = new LinkedHashMap<>();
    final Map<When, List<Consumer<Run>>> actions = new EnumMap<>(When.class);
    final List<Timed> timed = new ArrayList<>();
    final List<PhasePlan> phases = new ArrayList<>();
    final List<Column> columns = new ArrayList<>();
    long rowEveryNs;
    long progressEveryNs = 5 * S;
    Function<Run, String> progress;

    private RunPlan(Topology topology) {
        this.topology = topology;
    }

    /** @return a plan on a topology */
    public static RunPlan on(Topology topology) {
        return new RunPlan(topology);
    }

    /** The node settings of the run unless --controller or --set give the same key. */
    public RunPlan settings(Map<String, String> scenarioDefaults) {
        this.settings = scenarioDefaults;
        return this;
    }

    /** Runs with another seed than the command's (runs repeated over seeds). */
    public RunPlan seed(long runSeed) {
        this.seed = runSeed;
        return this;
    }

    /**
     * Refuses the real driver before anything starts.
     *
     * @param why the message of the {@link LabUnavailableException} thrown on the real driver
     */
    public RunPlan virtualOnly(String why) {
        this.virtualOnly = why;
        return this;
    }

    /** Sets how long the members may take to see each other (default 60 s). */
    public RunPlan viewTimeout(long ns) {
        this.viewTimeoutNs = ns;
        return this;
    }

    /** Simulated members keep none of their deliveries (runs with a hundred members). */
    public RunPlan keepNoHistory() {
        this.keepHistory = false;
        return this;
    }

    /** Starts a node in a site, joining nothing unless a group names it. */
    public RunPlan node(String site, String name) {
        nodes.add(new Member(site, name));
        return this;
    }

    /** Starts one node named {@code relay} in a site: its site gets a delegate that only relays. */
    public RunPlan relay(String site) {
        return node(site, "relay");
    }

    /** The members of a group, in join order: those not started yet start, in this order, and all join it. */
    public RunPlan group(String group, List<Member> members) {
        nodes.addAll(members);
        groups.put(group, List.copyOf(members));
        return this;
    }

    /** @return the groups declared so far, in join order */
    public Set<String> groupNames() {
        return groups.keySet();
    }

    /** Adds an action at a moment of the run; the actions of one moment run in the order given. */
    public RunPlan on(When when, Consumer<Run> action) {
        actions.computeIfAbsent(when, w -> new ArrayList<>()).add(action);
        return this;
    }

    /** @return the actions at a moment, in order */
    List<Consumer<Run>> actions(When when) {
        return actions.getOrDefault(when, List.of());
    }

    /**
     * Runs an action at a time since the traffic started: at the start for 0, else at the first sample at or after
     * it, before that sample is read.
     */
    public RunPlan at(long offsetNs, Consumer<Run> action) {
        timed.add(new Timed(offsetNs, action));
        return this;
    }

    /**
     * Appends a phase.
     *
     * @param name its name
     * @param durationNs how long it lasts
     * @param skipNs the leading part left out of its means
     * @param start what happens when it starts (joins, leaves, senders), before its first sample
     * @param line its progress line, printed once it started (null for none)
     */
    public RunPlan phase(String name, long durationNs, long skipNs, Consumer<Run> start, Function<Run, String> line) {
        phases.add(new PhasePlan(name, durationNs, skipNs, start, line));
        return this;
    }

    /** One phase, the whole run, measured from {@code measureFromNs}: for runs without a schedule of changes. */
    public RunPlan runFor(long durationNs, long measureFromNs) {
        return phase("run", durationNs, measureFromNs, run -> { }, null);
    }

    /** Appends a column to the sample table: its CSV name and what it reads. */
    public RunPlan column(String name, Function<Run, Object> reading) {
        columns.add(new Column(name, reading));
        return this;
    }

    /** Keeps a row every {@code ns} instead of at every sample. */
    public RunPlan rowEvery(long ns) {
        this.rowEveryNs = ns;
        return this;
    }

    /** Prints a progress line every {@code everyNs} of the experiment's time. */
    public RunPlan progress(long everyNs, Function<Run, String> line) {
        this.progressEveryNs = everyNs;
        this.progress = line;
        return this;
    }
}
