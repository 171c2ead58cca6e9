package org.gcs.bench;

import java.util.Arrays;
import java.util.Optional;

/** A system a benchmark run measures. */
public enum BenchSystem {
    /** GCS through its public API ({@code org.gcs.GcsNode}). */
    GCS("gcs", "GCS"),
    /**
     * Plain JGroups: one JChannel per node with the protocol stack of GCS's LAN without GCS's own pieces
     * ({@code JGroupsStacks.lan} lists them).
     */
    JGROUPS("jgroups", "JGroups"),
    /**
     * JGroups with RELAY2 on top of the same LAN stack; site masters bridged over a TCP cluster with JGroups'
     * {@code tcp.xml} settings, Nagle's algorithm on.
     */
    RELAY2("jgroups-relay2", "JGroups RELAY2"),
    /**
     * The same RELAY2 with {@code TCP_NODELAY} on the bridge (Nagle's algorithm off), as JGroups'
     * {@code tcp-low-latency.xml}.
     */
    RELAY2_NODELAY("jgroups-relay2-nodelay", "JGroups RELAY2 with TCP_NODELAY"),
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

    /** @return true for JGroups with RELAY2 on top (site masters bridged over TCP) */
    public boolean relayed() {
        return this == RELAY2 || this == RELAY2_NODELAY;
    }

    /** @return true if this system turns Nagle's algorithm off on RELAY2's bridge */
    public boolean bridgeTcpNoDelay() {
        return this == RELAY2_NODELAY;
    }

    /** @return the names of all systems, comma-separated */
    public static String names() {
        return String.join(", ", Arrays.stream(values()).map(BenchSystem::id).toList());
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
