package org.gcs.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A benchmark scenario: the topology, the systems compared (GCS first, then its baselines) and the default workload.
 * The GCS-against-JGroups scenarios run every system in both protections ({@link Protection}): GCS as shipped and GCS
 * with its protection lowered, JGroups plain and sealed, so that each ratio compares like with like ({@link
 * ScenarioSummary#comparisons()}); {@code --security} narrows that to one protection. With several baselines (RELAY2
 * with and without Nagle's algorithm on its bridge) GCS is compared with the better one ({@link
 * ScenarioSummary#baseline()}). Every scenario has one sender; in a multi-member site it is the second member (not the
 * GCS delegate nor the RELAY2 site master, which are the oldest members), so messages take the whole path. The
 * total-order scenarios compare each system in FIFO and in total order ({@link OrderingRatios}).
 */
public enum Scenario {
    /** 2 sites × 2 processes, unpaced: messages/s and MB/s delivered to every member. */
    CROSS_SITE_THROUGHPUT("cross-site-throughput", Kind.THROUGHPUT, List.of(BenchSystem.GCS, BenchSystem.GCS_PLAIN,
            BenchSystem.RELAY2, BenchSystem.RELAY2_SEALED),
            2, 2, 1_000_000, 300_000, 0,
            "2 sites x 2 processes, one sender in the first site, as fast as the system admits messages"),
    /**
     * 2 sites × 2 processes at a fixed offered load: one-way latency at the other site's members; RELAY2 both with
     * JGroups' default bridge (Nagle's algorithm on) and with TCP_NODELAY.
     */
    CROSS_SITE_LATENCY("cross-site-latency", Kind.LATENCY,
            List.of(BenchSystem.GCS, BenchSystem.GCS_PLAIN, BenchSystem.RELAY2, BenchSystem.RELAY2_NODELAY,
                    BenchSystem.RELAY2_SEALED, BenchSystem.RELAY2_NODELAY_SEALED),
            2, 2, 4_000, 8_000, 1_000,
            "2 sites x 2 processes, one sender in the first site at a fixed rate, latency at the second site"),
    /** One site of 2 processes: GCS against plain JGroups on GCS's LAN stack ({@code JGroupsStacks.lan}). */
    LAN_THROUGHPUT("lan-throughput", Kind.THROUGHPUT, List.of(BenchSystem.GCS, BenchSystem.GCS_PLAIN,
            BenchSystem.JGROUPS, BenchSystem.JGROUPS_SEALED),
            1, 2, 2_000_000, 1_000_000, 0,
            "1 site x 2 processes, one sender, as fast as the system admits messages"),
    /** Raw UDP datagrams through Netty on loopback: the ceiling. */
    UDP_LIMIT("udp-limit", Kind.DATAGRAMS, List.of(BenchSystem.UDP),
            1, 2, 100_000, 400_000, 0,
            "one Netty UDP source and one sink process on 127.0.0.1, as fast as the socket takes datagrams"),
    /**
     * The topology of cross-site-throughput, unpaced, the group in FIFO and in total order: GCS with each ordering
     * and JGroups with every node in one cluster, without and with SEQUENCER. Every member of a total-order system
     * must deliver the same sequence. The warm-up is at least 600 000 messages and goes on until every node's JIT
     * compilers are quiet ({@link #settles()}): with a fixed warm-up, each node JVM was still running C2
     * compilations of a second or more (the FIFO layer's and the order's code) in the measured phase, and the
     * quotient of the two orderings swung from 0.62 to 0.81 between bench runs (docs/performance.md). 400 000
     * measured messages: 100 000 took 2 s once the JIT was done, too short a window for a throughput.
     */
    TOTAL_THROUGHPUT("total-throughput", Kind.THROUGHPUT, BenchSystem.ORDERING_SYSTEMS,
            2, 2, 600_000, 400_000, 0,
            "2 sites x 2 processes (JGroups: one cluster of 4), one sender in the first site, as fast as the system"
                    + " admits messages; fifo and total order"),
    /** The same at a fixed offered load: one-way latency at the second site's members, fifo and total order. */
    TOTAL_LATENCY("total-latency", Kind.LATENCY, BenchSystem.ORDERING_SYSTEMS,
            2, 2, 4_000, 8_000, 1_000,
            "2 sites x 2 processes (JGroups: one cluster of 4), one sender in the first site at a fixed rate, latency"
                    + " at the second site; fifo and total order"),
    /**
     * 3 sites × 2 processes, each site a network namespace of an emulated WAN ({@link org.gcs.tools.netns.WanNetwork}:
     * 50 Mbit/s up and down per site, the RTT and loss of each point of {@link WanGrid}), unpaced: messages/s
     * delivered to every member. Counts are scaled per point ({@link WanWorkload}). Needs root.
     */
    WAN_THROUGHPUT("wan-throughput", Kind.THROUGHPUT, BenchSystem.WAN_SYSTEMS, 3, 2, 0, 0, 0,
            "3 sites x 2 processes on an emulated WAN (a namespace per site, 50 Mbit/s per site, RTT x loss), one"
                    + " sender in the first site, as fast as the system admits messages"),
    /** The same WAN at a fixed offered load ({@link WanWorkload#LATENCY_RATE_PER_SEC}): one-way latency. */
    WAN_LATENCY("wan-latency", Kind.LATENCY, BenchSystem.WAN_SYSTEMS, 3, 2, 0, 0, 0,
            "3 sites x 2 processes on an emulated WAN, one sender in the first site at a fixed low rate, latency at"
                    + " the other sites"),
    /**
     * 3 sites × 2 processes on the emulated WAN at the first point of {@link WanGrid} (by default 20 ms without
     * loss), at a fixed offered load ({@code --rate}); halfway through the measured messages the bench kills
     * (SIGKILL) the first member of the sender's site, the GCS delegate or the RELAY2/RELAY3 site master that
     * carries the sender's traffic to the other sites, and counts what the surviving members lost, duplicated or
     * delivered out of order ({@link DeliveryFaults}). GCS must lose, duplicate and reorder nothing (the run fails
     * otherwise); the baselines' counts are reported. Needs root.
     */
    /**
     * 5 sites × 1 process on the emulated WAN at the first point of {@link WanGrid}, every site's link at
     * {@value #FANOUT_SITE_RATE_BITS_PER_SEC} bit/s, unpaced, the sender in the first site: the sender's uplink is
     * the bottleneck, since it carries a copy of every message for each site its site sends to directly. RELAY2's
     * and RELAY3's site master sends one copy per remote site (4 here); GCS relays along its tree of delegates.
     * Counts are scaled to the star's bound, the site rate over 4 copies ({@link WanWorkload}). Needs root.
     */
    WAN_FANOUT("wan-fanout", Kind.THROUGHPUT, List.of(BenchSystem.GCS, BenchSystem.GCS_PLAIN,
            BenchSystem.GCS_HOP_BY_HOP, BenchSystem.RELAY2, BenchSystem.RELAY2_SEALED, BenchSystem.RELAY3,
            BenchSystem.RELAY3_SEALED), 5, 1, 0, 0, 0,
            "5 sites x 1 process on an emulated WAN (10 Mbit/s per site), the sender in the first site, as fast as the"
                    + " system admits messages: the sender's uplink is the bottleneck"),
    /**
     * 2 sites × 1 process on the emulated WAN, every site's link at {@value #FAIRNESS_SITE_RATE_BITS_PER_SEC} bit/s,
     * the sender in the first site, unpaced, while kernel TCP flows (Reno or CUBIC, 1 or 4) run from the first site
     * to the second over the same uplink for the whole run: the system's share against one TCP flow
     * ({@link CompetingTcp#shareOf}), at every RTT of the grid without loss and every count and congestion control of
     * {@code --tcp-flows} and {@code --tcp}. Needs root.
     */
    WAN_FAIRNESS("wan-fairness", Kind.FAIRNESS, List.of(BenchSystem.GCS, BenchSystem.GCS_PLAIN, BenchSystem.RELAY2,
            BenchSystem.RELAY2_SEALED), 2, 1, 0, 0, 0,
            "2 sites x 1 process on an emulated WAN (10 Mbit/s per site), the sender in the first site, as fast as the"
                    + " system admits messages, sharing its uplink with kernel TCP flows"),
    WAN_FAILOVER("wan-failover", Kind.FAILOVER, List.of(BenchSystem.GCS, BenchSystem.GCS_PLAIN, BenchSystem.RELAY2,
            BenchSystem.RELAY2_SEALED, BenchSystem.RELAY3, BenchSystem.RELAY3_SEALED), 3, 2, 2_000, 20_000, 1_000,
            "3 sites x 2 processes on an emulated WAN, one sender in the first site at a fixed rate; its site's"
                    + " delegate (GCS) or site master (RELAY2, RELAY3) killed halfway through"),
    /**
     * 3 sites × 2 processes on the emulated WAN at every point of {@link WanGrid}, the sender in the first site at
     * wan-latency's offered load ({@link WanWorkload}): {@value #OUTAGE_AFTER_SECONDS} s into the measured phase the
     * bench cuts the last site's link for {@value #OUTAGE_SECONDS} s ({@link org.gcs.tools.netns.WanNetwork#cutSite}:
     * every packet to and from that site vanishes), then restores it and measures the time to deliver the backlog:
     * from the restoration until every receiver has delivered every message sent before it ({@link BacklogWatch}).
     * Both systems are set to keep the cut site through the outage: GCS with {@code site.timeout} at
     * {@value #OUTAGE_GCS_SITE_TIMEOUT} (its default, 5 s, removes the site after 5 s of silence), RELAY2's and
     * RELAY3's bridge with JGroups' own 40-s failure detection. GCS must lose, duplicate and reorder nothing; the
     * baselines' counts are reported. Needs root and iptables.
     */
    WAN_OUTAGE("wan-outage", Kind.OUTAGE, List.of(BenchSystem.GCS, BenchSystem.GCS_PLAIN, BenchSystem.RELAY2,
            BenchSystem.RELAY2_SEALED, BenchSystem.RELAY3, BenchSystem.RELAY3_SEALED), 3, 2, 0, 0, 0,
            "3 sites x 2 processes on an emulated WAN, one sender in the first site at a fixed low rate; the last"
                    + " site's link cut for 10 s, then the time until every member has the backlog");

    /** How long {@link #WAN_OUTAGE} cuts the last site's link, in seconds. */
    static final long OUTAGE_SECONDS = 10;
    /** How far into the measured phase {@link #WAN_OUTAGE} cuts it, in seconds of the offered load. */
    static final long OUTAGE_AFTER_SECONDS = 5;
    /** GCS's {@code site.timeout} in {@link #WAN_OUTAGE}: above the outage, so that the cut site stays a member. */
    static final String OUTAGE_GCS_SITE_TIMEOUT = "30s";

    /** The link rate of every site in {@link #WAN_FANOUT}, up and down, in bits per second. */
    static final long FANOUT_SITE_RATE_BITS_PER_SEC = 10_000_000;
    /**
     * The link rate of every site in {@link #WAN_FAIRNESS}, up and down, in bits per second: the tcp-friendliness
     * lab's bottleneck, low enough that the nodes' CPU is not the limit on two cores.
     */
    static final long FAIRNESS_SITE_RATE_BITS_PER_SEC = 10_000_000;

    /**
     * Unpaced warm-up of the latency scenario. Warm-ups are long because the JIT is slow here: with four JVMs on two
     * cores, C2 was still compiling after 100 000 messages (22-42 % of the CPU samples in the C2 compiler threads, and
     * a fifth of the delegate loop's samples in the interpreter), so a short warm-up measures the JIT, not the
     * systems (docs/performance.md). Both systems get the same number of messages.
     */
    static final long UNPACED_WARMUP_MESSAGES = 500_000;

    /**
     * Unpaced warm-up of total-latency: a fifth of cross-site-latency's, since GCS in total order admits an order of
     * magnitude fewer messages per second than in FIFO order (docs/performance.md) and a run with four systems
     * would otherwise last minutes before it measures anything. JIT warm-up is then shorter than in
     * cross-site-latency: compare these latencies with each other, not with that scenario's.
     */
    static final long ORDERING_UNPACED_WARMUP_MESSAGES = 100_000;

    /** What a scenario measures. */
    public enum Kind {
        /** Messages per second delivered to every member. */
        THROUGHPUT,
        /** One-way latency at a fixed offered load. */
        LATENCY,
        /** Datagrams per second through a socket, loss allowed. */
        DATAGRAMS,
        /** Messages lost, duplicated and reordered when a node carrying traffic between sites crashes. */
        FAILOVER,
        /** Messages per second against kernel TCP flows sharing the bottleneck: the share of one TCP flow. */
        FAIRNESS,
        /** The time to deliver the backlog after a site's link was cut, and what was lost, duplicated or reordered. */
        OUTAGE
    }

    private final String id;
    private final Kind kind;
    private final List<BenchSystem> systems;
    private final int sites;
    private final int membersPerSite;
    private final long defaultWarmupMessages;
    private final long defaultMeasuredMessages;
    private final double defaultRatePerSec;
    private final String topology;

    Scenario(String id, Kind kind, List<BenchSystem> systems, int sites, int membersPerSite,
             long defaultWarmupMessages, long defaultMeasuredMessages, double defaultRatePerSec, String topology) {
        this.id = id;
        this.kind = kind;
        this.systems = systems;
        this.sites = sites;
        this.membersPerSite = membersPerSite;
        this.defaultWarmupMessages = defaultWarmupMessages;
        this.defaultMeasuredMessages = defaultMeasuredMessages;
        this.defaultRatePerSec = defaultRatePerSec;
        this.topology = topology;
    }

    /** @return the name on the command line */
    public String id() {
        return id;
    }

    /** @return what the scenario measures */
    public Kind kind() {
        return kind;
    }

    /** @return the systems compared by default, GCS (or the only system) first */
    public List<BenchSystem> systems() {
        return systems;
    }

    /**
     * @return systems the scenario runs only when asked ({@code --relay-tcp-nodelay} or {@code --system}): RELAY2
     *         with TCP_NODELAY in cross-site-throughput, where JGroups' default bridge (Nagle on, "for
     *         high-throughput requirements") is the baseline
     */
    public List<BenchSystem> optionalSystems() {
        return this == CROSS_SITE_THROUGHPUT ? List.of(BenchSystem.RELAY2_NODELAY, BenchSystem.RELAY2_NODELAY_SEALED)
                : List.of();
    }

    /** @return true if the system is one of this scenario's, by default or when asked */
    public boolean offers(BenchSystem system) {
        return systems.contains(system) || optionalSystems().contains(system);
    }

    /** @return the number of sites */
    public int sites() {
        return sites;
    }

    /** @return processes in every site */
    public int membersPerSite() {
        return membersPerSite;
    }

    /** @return warm-up messages per run unless {@code --warmup} says otherwise */
    public long defaultWarmupMessages() {
        return defaultWarmupMessages;
    }

    /** @return measured messages per run unless {@code --messages} says otherwise */
    public long defaultMeasuredMessages() {
        return defaultMeasuredMessages;
    }

    /**
     * @return warm-up messages sent as fast as possible before the paced warm-up (latency scenarios: so that the
     *         JIT has compiled the hot path; 0 for unpaced scenarios) unless {@code --unpaced-warmup} says
     *         otherwise
     */
    public long defaultUnpacedWarmupMessages() {
        if (kind != Kind.LATENCY || wan()) {
            return 0;
        }
        return ordering() ? ORDERING_UNPACED_WARMUP_MESSAGES : UNPACED_WARMUP_MESSAGES;
    }

    /** @return messages per second the sender offers (0: unpaced) unless {@code --rate} says otherwise */
    public double defaultRatePerSec() {
        return defaultRatePerSec;
    }

    /** @return true for the scenarios that compare FIFO with total order (and check the agreed order) */
    public boolean ordering() {
        return this == TOTAL_THROUGHPUT || this == TOTAL_LATENCY;
    }

    /**
     * @return true if the sender's warm-up goes on past its planned length until every node's JIT compilers are
     *         quiet (at most {@link NodeAgent#SETTLE_TIMEOUT_MS} more), so that compilations stay out of the
     *         measured phase: total-throughput, whose quotient of the two orderings moved between bench runs with
     *         the compilations still running, and the three scenarios that compare CPU per message with JGroups
     *         (cross-site-throughput, lan-throughput, cross-site-latency), where the compilers took 3 to 6 s of
     *         GCS's four JVMs' CPU in a measured phase of 300 000 messages, over a third of GCS's CPU per message,
     *         and 1.2 to 1.4 s of RELAY2's (docs/performance.md, "CPU per message, round 1")
     */
    public boolean settles() {
        return this == TOTAL_THROUGHPUT || this == CROSS_SITE_THROUGHPUT || this == LAN_THROUGHPUT
                || this == CROSS_SITE_LATENCY;
    }

    /**
     * @return true for the scenarios on an emulated WAN of network namespaces ({@code wan-*}; root only), run at
     *         every point of the {@link WanGrid} (or its first only, {@link #firstPointOnly()}); {@code all} leaves
     *         them out
     */
    public boolean wan() {
        return id.startsWith("wan-");
    }

    /**
     * @return for a WAN scenario, true if it runs at the grid's first point only: the failover (about a crash, not
     *         the path) and the fan-out (about the sender's uplink)
     */
    public boolean firstPointOnly() {
        return this == WAN_FAILOVER || this == WAN_FANOUT;
    }

    /** @return for a WAN scenario, every site's link rate, up and down, in bits per second */
    public long siteRateBitsPerSec() {
        return switch (this) {
            case WAN_FANOUT -> FANOUT_SITE_RATE_BITS_PER_SEC;
            case WAN_FAIRNESS -> FAIRNESS_SITE_RATE_BITS_PER_SEC;
            default -> WanGrid.SITE_RATE_BITS_PER_SEC;
        };
    }

    /** @return a one-line description of the topology and workload */
    public String topology() {
        return topology;
    }

    /**
     * @param id a name as {@link #id()} returns it
     * @return the scenario, if the name is known
     */
    public static Optional<Scenario> byId(String id) {
        return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst();
    }

    /** @return the names of all scenarios, comma-separated */
    public static String names() {
        return Arrays.stream(values()).map(Scenario::id).collect(Collectors.joining(", "));
    }
}
