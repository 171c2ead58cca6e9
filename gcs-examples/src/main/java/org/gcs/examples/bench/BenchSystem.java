package org.gcs.examples.bench;

import java.util.Arrays;
import java.util.Optional;

/** A system a benchmark run measures. */
public enum BenchSystem {
    /** GCS through its public API ({@code org.gcs.GcsNode}). */
    GCS("gcs", "GCS"),
    /** Plain JGroups: one JChannel per node with the protocol stack of GCS's LAN. */
    JGROUPS("jgroups", "JGroups"),
    /** JGroups with RELAY2 on top of the same LAN stack; site masters bridged over a TCP cluster. */
    RELAY2("jgroups-relay2", "JGroups RELAY2"),
    /** Raw UDP datagrams through Netty, the physical ceiling of loopback. */
    UDP("udp", "Netty UDP");

    private final String id;
    private final String title;

    BenchSystem(String id, String title) {
        this.id = id;
        this.title = title;
    }

    /** @return the name used on the command line, in JSON and in CSV */
    public String id() {
        return id;
    }

    /** @return the human-readable name */
    public String title() {
        return title;
    }

    /**
     * @param id a name as {@link #id()} returns it
     * @return the system, if the name is known
     */
    public static Optional<BenchSystem> byId(String id) {
        return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst();
    }

    @Override
    public String toString() {
        return id;
    }
}
