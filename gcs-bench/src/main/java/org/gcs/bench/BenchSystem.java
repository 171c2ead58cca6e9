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
    UDP("udp", "Netty UDP"),
    /**
     * GCS with the group joined in total order: {@code org.gcs.order.TotalOrderMember} over the same nodes as
     * {@link #GCS}, which joins the group in FIFO order.
     */
    GCS_TOTAL("gcs-total", "GCS total order"),
    /**
     * Plain JGroups, every node of every site in one cluster (the LAN stack of {@link #JGROUPS}): the FIFO
     * counterpart of {@link #JGROUPS_SEQUENCER}.
     */
    JGROUPS_FIFO("jgroups-fifo", "JGroups one cluster, FIFO"),
    /**
     * JGroups in total order: the same one cluster with SEQUENCER just below GMS, where JGroups' own
     * {@code sequencer.xml} says to put it when messages and views are to be totally ordered.
     */
    JGROUPS_SEQUENCER("jgroups-sequencer", "JGroups one cluster, SEQUENCER"),
    /** GCS with {@code wan.transport = hop-by-hop}: a reliable, back-pressured link per tree edge. */
    GCS_HOP_BY_HOP("gcs-hop-by-hop", "GCS hop-by-hop transport"),
    /**
     * JGroups' RELAY3 (5.3 and later) on the LAN stack of {@link #RELAY2}, with the same TCP bridge (Nagle on);
     * it relays multicasts to every site but does not retransmit them across sites (its manual, JGRP-2738).
     */
    RELAY3("jgroups-relay3", "JGroups RELAY3");

    /** The systems of the total-order scenarios, in the order they run: GCS fifo first, as every scenario's GCS. */
    static final java.util.List<BenchSystem> ORDERING_SYSTEMS = java.util.List.of(GCS, GCS_TOTAL, JGROUPS_FIFO,
            JGROUPS_SEQUENCER);

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
        return this == RELAY2 || this == RELAY2_NODELAY || this == RELAY3;
    }

    /** @return true if this system turns Nagle's algorithm off on RELAY2's bridge */
    public boolean bridgeTcpNoDelay() {
        return this == RELAY2_NODELAY;
    }

    /** @return true for GCS, whatever the group's ordering */
    public boolean gcs() {
        return this == GCS || this == GCS_TOTAL || this == GCS_HOP_BY_HOP;
    }

    /** @return true for the systems that deliver in one agreed order, checked at the end of every run */
    public boolean totalOrder() {
        return this == GCS_TOTAL || this == JGROUPS_SEQUENCER;
    }

    /** @return true for JGroups with every node of every site in one cluster (no RELAY2) */
    public boolean oneCluster() {
        return this == JGROUPS_FIFO || this == JGROUPS_SEQUENCER;
    }

    /** The systems of the WAN scenarios: GCS on both transports, RELAY2 with Nagle on and off. */
    static final java.util.List<BenchSystem> WAN_SYSTEMS = java.util.List.of(GCS, GCS_HOP_BY_HOP, RELAY2,
            RELAY2_NODELAY, RELAY3);

    /** @return GCS settings this system sets beyond the bench's ({@code key=value}), e.g. its transport */
    public java.util.List<String> gcsSystemSettings() {
        return this == GCS_HOP_BY_HOP ? java.util.List.of("wan.transport=hop-by-hop") : java.util.List.of();
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
