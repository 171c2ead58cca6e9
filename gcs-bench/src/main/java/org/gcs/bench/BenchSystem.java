package org.gcs.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A system a benchmark run measures. Each GCS-against-JGroups system comes in two protections
 * ({@link Protection}), so that GCS as shipped is compared with JGroups sealed and GCS with its protection lowered
 * with plain JGroups.
 */
public enum BenchSystem {
    /** GCS through its public API ({@code org.gcs.GcsNode}), as shipped: AES-GCM on the LAN and on the WAN. */
    GCS("gcs", "GCS", Family.GCS, Protection.SEALED),
    /**
     * GCS with its protection at the lowest setting: {@code lan.protection=none}, {@code wan.protection=integrity}
     * (a WAN datagram is always authenticated); the like-for-like counterpart of plain JGroups.
     */
    GCS_PLAIN("gcs-plain", "GCS, LAN unencrypted, WAN integrity only", Family.GCS, Protection.PLAIN),
    /**
     * Plain JGroups: one JChannel per node with the protocol stack of GCS's LAN without GCS's own pieces
     * ({@code JGroupsStacks.lan} lists them).
     */
    JGROUPS("jgroups", "JGroups", Family.JGROUPS, Protection.PLAIN),
    /** The same with SYM_ENCRYPT and SERIALIZE above the transport ({@code JGroupsStacks.seal}). */
    JGROUPS_SEALED("jgroups-sealed", "JGroups, SYM_ENCRYPT + SERIALIZE", Family.JGROUPS, Protection.SEALED),
    /**
     * JGroups with RELAY2 on top of the same LAN stack; site masters bridged over a TCP cluster with JGroups'
     * {@code tcp.xml} settings, Nagle's algorithm on.
     */
    RELAY2("jgroups-relay2", "JGroups RELAY2", Family.RELAY2, Protection.PLAIN),
    /** The same RELAY2 with SYM_ENCRYPT and SERIALIZE in the LAN stack and in the bridge stack. */
    RELAY2_SEALED("jgroups-relay2-sealed", "JGroups RELAY2, SYM_ENCRYPT + SERIALIZE", Family.RELAY2,
            Protection.SEALED),
    /**
     * The same RELAY2 with {@code TCP_NODELAY} on the bridge (Nagle's algorithm off), as JGroups'
     * {@code tcp-low-latency.xml}.
     */
    RELAY2_NODELAY("jgroups-relay2-nodelay", "JGroups RELAY2 with TCP_NODELAY", Family.RELAY2_NODELAY,
            Protection.PLAIN),
    /** RELAY2 with TCP_NODELAY, SYM_ENCRYPT and SERIALIZE in the LAN stack and in the bridge stack. */
    RELAY2_NODELAY_SEALED("jgroups-relay2-nodelay-sealed", "JGroups RELAY2 with TCP_NODELAY, SYM_ENCRYPT + SERIALIZE",
            Family.RELAY2_NODELAY, Protection.SEALED),
    /** Raw UDP datagrams through Netty, the physical ceiling of loopback. */
    UDP("udp", "Netty UDP", Family.UDP, Protection.NONE),
    /**
     * GCS with the group joined in total order: {@code org.gcs.order.TotalOrderMember} over the same nodes as
     * {@link #GCS}, which joins the group in FIFO order.
     */
    GCS_TOTAL("gcs-total", "GCS total order", Family.GCS_TOTAL, Protection.SEALED),
    /**
     * Plain JGroups, every node of every site in one cluster (the LAN stack of {@link #JGROUPS}): the FIFO
     * counterpart of {@link #JGROUPS_SEQUENCER}.
     */
    JGROUPS_FIFO("jgroups-fifo", "JGroups one cluster, FIFO", Family.JGROUPS_FIFO, Protection.PLAIN),
    /**
     * JGroups in total order: the same one cluster with SEQUENCER just below GMS, where JGroups' own
     * {@code sequencer.xml} says to put it when messages and views are to be totally ordered.
     */
    JGROUPS_SEQUENCER("jgroups-sequencer", "JGroups one cluster, SEQUENCER", Family.JGROUPS_SEQUENCER,
            Protection.PLAIN),
    /**
     * GCS as shipped with {@code wan.transport = hop-by-hop}: a reliable, back-pressured link per tree edge. Reported
     * beside GCS; the ratios compare the default transport ({@link #GCS}).
     */
    GCS_HOP_BY_HOP("gcs-hop-by-hop", "GCS hop-by-hop transport", Family.GCS_HOP_BY_HOP, Protection.SEALED),
    /**
     * JGroups' RELAY3 (5.3 and later) on the LAN stack of {@link #RELAY2}, with the same TCP bridge (Nagle on);
     * it relays multicasts to every site but does not retransmit them across sites (its manual, JGRP-2738).
     */
    RELAY3("jgroups-relay3", "JGroups RELAY3", Family.RELAY3, Protection.PLAIN),
    /** RELAY3 with SYM_ENCRYPT and SERIALIZE in the LAN stack and in the bridge stack. */
    RELAY3_SEALED("jgroups-relay3-sealed", "JGroups RELAY3, SYM_ENCRYPT + SERIALIZE", Family.RELAY3,
            Protection.SEALED);

    /**
     * The systems of the total-order scenarios, in the order they run: GCS fifo first, as every scenario's GCS, and
     * GCS fifo with its protection lowered, the like-for-like counterpart of the (plain) JGroups cluster. The
     * orderings' quotients ({@link OrderingRatios}) compare each system with itself, so they need no counterpart.
     */
    static final List<BenchSystem> ORDERING_SYSTEMS = List.of(GCS, GCS_PLAIN, GCS_TOTAL, JGROUPS_FIFO,
            JGROUPS_SEQUENCER);

    /** What a system is, whatever its protection. */
    private enum Family {
        GCS, GCS_TOTAL, GCS_HOP_BY_HOP, JGROUPS, RELAY2, RELAY2_NODELAY, RELAY3, UDP, JGROUPS_FIFO, JGROUPS_SEQUENCER
    }

    /**
     * The systems of the WAN scenarios: GCS as shipped on both transports and with its protection lowered, RELAY2
     * with Nagle on and off and RELAY3, each plain and sealed.
     */
    static final List<BenchSystem> WAN_SYSTEMS = List.of(GCS, GCS_PLAIN, GCS_HOP_BY_HOP, RELAY2, RELAY2_SEALED,
            RELAY2_NODELAY, RELAY2_NODELAY_SEALED, RELAY3, RELAY3_SEALED);

    private final String id;
    private final String title;
    private final Family family;
    private final Protection protection;

    BenchSystem(String id, String title, Family family, Protection protection) {
        this.id = id;
        this.title = title;
        this.family = family;
        this.protection = protection;
    }

    /** @return the name used on the command line, in JSON and in CSV */
    public String id() {
        return id;
    }

    /** @return the human-readable name */
    public String title() {
        return title;
    }

    /** @return how the system protects its traffic */
    public Protection protection() {
        return protection;
    }

    /** @return true for the JGroups systems that run SYM_ENCRYPT and SERIALIZE in every stack */
    public boolean jgroupsSealed() {
        return !gcs() && protection == Protection.SEALED;
    }

    /** @return true for JGroups with RELAY2 or RELAY3 on top (site masters bridged over TCP) */
    public boolean relayed() {
        return family == Family.RELAY2 || family == Family.RELAY2_NODELAY || family == Family.RELAY3;
    }

    /** @return true for JGroups' RELAY3 (the bridge of RELAY2, Nagle on) */
    public boolean relay3() {
        return family == Family.RELAY3;
    }

    /** @return true if this system turns Nagle's algorithm off on RELAY2's bridge */
    public boolean bridgeTcpNoDelay() {
        return family == Family.RELAY2_NODELAY;
    }

    /** @return true for GCS, whatever the group's ordering and protection */
    public boolean gcs() {
        return family == Family.GCS || family == Family.GCS_TOTAL || family == Family.GCS_HOP_BY_HOP;
    }

    /** @return true for GCS with the group in FIFO order (the GCS a scenario's ratios compare), either protection */
    public boolean gcsFifo() {
        return family == Family.GCS;
    }

    /** @return true for the systems that deliver in one agreed order, checked at the end of every run */
    public boolean totalOrder() {
        return family == Family.GCS_TOTAL || family == Family.JGROUPS_SEQUENCER;
    }

    /** @return true for JGroups with every node of every site in one cluster (no RELAY2) */
    public boolean oneCluster() {
        return family == Family.JGROUPS_FIFO || family == Family.JGROUPS_SEQUENCER;
    }

    /** @return GCS settings this system sets beyond the bench's ({@code key=value}), e.g. its transport */
    public List<String> gcsSystemSettings() {
        return family == Family.GCS_HOP_BY_HOP ? List.of("wan.transport=hop-by-hop") : List.of();
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
