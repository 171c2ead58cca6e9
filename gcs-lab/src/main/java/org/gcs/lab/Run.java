package org.gcs.lab;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.gcs.FlowStatus;
import org.gcs.GroupMember;
import org.gcs.sim.SimNetwork;

/**
 * A run in progress, as a plan's actions and columns see it: its driver and nodes, its traffic, the time of the
 * current sample since the traffic started, the current phase, and what it recorded so far.
 */
public final class Run {
    private final LabContext ctx;
    private final RunPlan plan;
    private final LabDriver driver;
    private final RunRecord record;
    private final Map<String, GroupMember> nodes = new LinkedHashMap<>();
    private Map<String, Optional<FlowStatus>> flows;
    private long nowNs;

    Run(LabContext ctx, RunPlan plan, LabDriver driver) {
        this.ctx = ctx;
        this.plan = plan;
        this.driver = driver;
        this.record = new RunRecord(new SampleTable(plan.columns.stream().map(RunPlan.Column::name).toList()));
    }

    /** @return the driver */
    public LabDriver driver() {
        return driver;
    }

    /**
     * @return the simulated network (links, filters, queues)
     * @throws IllegalStateException on the real driver (a plan that needs it says {@link RunPlan#virtualOnly})
     */
    public SimNetwork network() {
        return driver.simulation().orElseThrow(() -> new IllegalStateException(
                "the simulated network is not there on the " + driver.name() + " driver"));
    }

    void started(RunPlan.Member member, GroupMember node) {
        nodes.put(member.key(), node);
    }

    /** @return a node by its key ({@code site/name}) */
    public GroupMember node(String key) {
        GroupMember node = nodes.get(key);
        if (node == null) {
            throw new IllegalArgumentException("no node " + key + " in " + nodes.keySet());
        }
        return node;
    }

    /** @return the node of a member */
    public GroupMember node(String site, String name) {
        return node(site + "/" + name);
    }

    /** @return the named flow of the run, created (without a sender) on first use */
    public Traffic traffic(String name) {
        return record.traffic().computeIfAbsent(name, n -> new Traffic(driver, plan.messageBytes));
    }

    void at(long driverNowNs) {
        this.nowNs = driverNowNs;
    }

    /** @return the time of the current sample, in the driver's time */
    public long nowNs() {
        return nowNs;
    }

    /** @return when the traffic started, in the driver's time */
    public long t0() {
        return record.t0();
    }

    /** @return the time since the traffic started, ns */
    public long atNs() {
        return nowNs - record.t0();
    }

    /** @return the time since the traffic started, s */
    public double atSec() {
        return atNs() / 1e9;
    }

    /** @return the current phase */
    public Phase phase() {
        return record.phases().get(phaseIndex());
    }

    /** @return the index of the current phase */
    public int phaseIndex() {
        return record.phases().size() - 1;
    }

    /** @return the time since the current phase started, s */
    public double phaseSec() {
        return (nowNs - phase().startNs()) / 1e9;
    }

    /** @return the site's flow to the group now, if its delegate has one (read once per sample's columns) */
    public Optional<FlowStatus> flow(String site, String group) {
        if (flows == null) {
            return driver.flow(site, group);
        }
        return flows.computeIfAbsent(site + "\n" + group, k -> driver.flow(site, group));
    }

    /** While the template reads a sample's columns, the flows are read once each; nothing acts meanwhile. */
    void reading(boolean on) {
        flows = on ? new HashMap<>() : null;
    }

    /** @return what the run recorded so far */
    public RunRecord record() {
        return record;
    }

    /** Leaves a note in the record (a final reading, a value an action chose). */
    public void note(String key, Object value) {
        record.note(key, value);
    }

    /** Prints a progress line stamped with the time since the traffic started. */
    public void say(String text) {
        ctx.progress().at(atSec(), text);
    }

    /** @return the progress output */
    public LabProgress progress() {
        return ctx.progress();
    }
}
