package org.gcs.lab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run measured, for the scenario's summary, checks and charts: when its traffic started, its phases, its
 * sample table, its traffic (rates and means) and the notes its actions left (final readings).
 */
public final class RunRecord {
    private final SampleTable table;
    private final List<Phase> phases = new ArrayList<>();
    private final Map<String, Traffic> traffic = new LinkedHashMap<>();
    private final Map<String, Object> notes = new LinkedHashMap<>();
    private long t0;
    private double wallSeconds;

    RunRecord(SampleTable table) {
        this.table = table;
    }

    /** @return when the traffic started, in the driver's time: the origin of the table's times */
    public long t0() {
        return t0;
    }

    void t0(long ns) {
        this.t0 = ns;
    }

    /** @return the sample table */
    public SampleTable table() {
        return table;
    }

    /** @return the phases, in the driver's time */
    public List<Phase> phases() {
        return phases;
    }

    /** @return a phase by its index */
    public Phase phase(int index) {
        return phases.get(index);
    }

    /** @return the rows of a phase (by index) */
    public List<SampleTable.Row> rows(int phase) {
        return table.rows(r -> r.phase() == phase);
    }

    /** @return the rows in the measured part of a phase (by index): {@link Phase#measured} */
    public List<SampleTable.Row> measured(int phase) {
        Phase p = phases.get(phase);
        return table.rows(r -> r.phase() == phase && p.measured(t0 + r.atNs()));
    }

    /** @return the traffic by name, in the order it was created */
    public Map<String, Traffic> traffic() {
        return traffic;
    }

    /** @return a flow of the run by name */
    public Traffic traffic(String name) {
        Traffic t = traffic.get(name);
        if (t == null) {
            throw new IllegalArgumentException("no traffic " + name + " in " + traffic.keySet());
        }
        return t;
    }

    /** @return a note an action left, e.g. a final reading; null if none */
    @SuppressWarnings("unchecked")
    public <T> T note(String key) {
        return (T) notes.get(key);
    }

    void note(String key, Object value) {
        notes.put(key, value);
    }

    /** @return the wall time the run took, seconds */
    public double wallSeconds() {
        return wallSeconds;
    }

    void wallSeconds(double seconds) {
        this.wallSeconds = seconds;
    }
}
