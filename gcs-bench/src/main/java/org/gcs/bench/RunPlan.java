package org.gcs.bench;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The nodes of one run: sites {@code site-a}, {@code site-b}... with members {@code a1, a2, ...}; the sender is
 * {@code a2} (or the UDP source), latencies are recorded at the members of the other sites. Nodes join their
 * clusters in waves: the first member of every site (together), then the second..., so that the first members are
 * the oldest (the GCS delegates and the RELAY2 site masters). JGroups in one cluster ({@link BenchSystem#oneCluster()})
 * keeps the same names and sender, but every node uses the first site's multicast port and one cluster name.
 *
 * @param scenario the scenario
 * @param system the system of this run
 * @param nodes every node, wave by wave
 * @param point the WAN point of a WAN scenario's run, null otherwise
 */
record RunPlan(Scenario scenario, BenchSystem system, List<NodeSpec> nodes, WanPoint point) {
    /** The multicast address of every LAN cluster of the bench. */
    static final String MCAST_ADDRESS = "239.7.9.9";

    /** Copies the list. */
    RunPlan {
        nodes = List.copyOf(nodes);
    }

    /**
     * @param scenario the scenario
     * @param system one of its systems
     * @param settings the workload
     * @return a plan with fresh ports, cluster names and cluster key
     */
    static RunPlan create(Scenario scenario, BenchSystem system, BenchSettings settings) {
        return create(scenario, system, settings, null, List.of(), List.of());
    }

    /**
     * @param scenario a WAN scenario, or any other with {@code point} null
     * @param system one of its systems
     * @param settings the workload
     * @param point the WAN point (scales the counts, {@link WanWorkload}), or null
     * @param namespaces the network namespace of every site, or empty
     * @param siteAddresses the WAN address of every site, or empty for 127.0.0.1
     * @return a plan with fresh ports, cluster names and cluster key, every node in its site's namespace
     */
    static RunPlan create(Scenario scenario, BenchSystem system, BenchSettings settings, WanPoint point,
                          List<String> namespaces, List<String> siteAddresses) {
        SecureRandom random = new SecureRandom();
        byte[] key = new byte[32];
        random.nextBytes(key);
        String runId = HexFormat.of().formatHex(key, 0, 3);
        String keyHex = system.gcs() || system.jgroupsSealed() ? HexFormat.of().formatHex(key) : "";
        int members = scenario.membersPerSite();
        List<String> sites = new ArrayList<>();
        for (int s = 0; s < scenario.sites(); s++) {
            sites.add(system == BenchSystem.UDP ? "udp" : "site-" + (char) ('a' + s));
        }
        List<Integer> mcastPorts = Ports.multicast(sites.size(), random);
        List<Integer> wanPorts = system.gcs() ? Ports.freeUdp(sites.size() * members) : List.of();
        List<Integer> bridgePorts = system.relayed() ? Ports.freeTcp(sites.size()) : List.of();
        int udpPort = system == BenchSystem.UDP ? Ports.freeUdp(1).get(0) : 0;
        long warmup = settings.warmupFor(scenario);
        long measured = settings.measuredFor(scenario);
        long unpaced = settings.unpacedWarmupFor(scenario, point);
        long brisk = point == null ? 0 : WanWorkload.briskWarmup(scenario, point);
        double rate = settings.rateFor(scenario);
        if (point != null && scenario.kind() != Scenario.Kind.FAILOVER) {   // failover: its own counts and --rate
            double latencyRate = settings.wanGrid().latencyRatePerSec();
            rate = WanWorkload.paced(scenario) ? latencyRate : 0;
            warmup = settings.warmupMessages() >= 0 ? settings.warmupMessages()
                    : WanWorkload.warmup(scenario, point, settings.messageBytes(), latencyRate);
            measured = settings.measuredMessages() >= 0 ? settings.measuredMessages()
                    : WanWorkload.measured(scenario, point, settings.messageBytes(), latencyRate);
        }
        List<String> gcsSettings = new ArrayList<>(system.gcsSystemSettings());
        if (scenario.kind() == Scenario.Kind.OUTAGE) {
            gcsSettings.add("site.timeout=" + Scenario.OUTAGE_GCS_SITE_TIMEOUT);   // before --gcs-set, which wins
        }
        gcsSettings.addAll(settings.gcsSettings());
        List<NodeSpec> nodes = new ArrayList<>();
        for (int m = 0; m < members; m++) {
            for (int s = 0; s < sites.size(); s++) {
                String site = sites.get(s);
                boolean sender = s == 0 && m == Math.min(1, members - 1);
                boolean recordLatency = scenario.kind() == Scenario.Kind.LATENCY && s != 0;
                int wanPort = wanPorts.isEmpty() ? 0 : wanPorts.get(s * members + m);
                List<Integer> seeds = new ArrayList<>();
                for (int other = 0; other < sites.size() && !wanPorts.isEmpty(); other++) {
                    for (int om = 0; om < members && other != s; om++) {
                        seeds.add(wanPorts.get(other * members + om));
                    }
                }
                nodes.add(new NodeSpec(system, runId, sites, site, memberName(system, site, m, sender), members,
                        sender, recordLatency, MCAST_ADDRESS, mcastPorts.get(system.oneCluster() ? 0 : s), wanPort,
                        seeds, bridgePorts, udpPort, keyHex, settings.messageBytes(),
                        unpaced + brisk + warmup, unpaced, brisk, measured,
                        rate, system.gcs() ? gcsSettings : List.of(),
                        system.gcs() ? settings.gcsSendsInFlight() : 0, sender && settles(scenario, settings),
                        siteAddresses, namespaces.isEmpty() ? "" : namespaces.get(s)));
            }
        }
        return new RunPlan(scenario, system, nodes, point);
    }

    /**
     * @return true if the sender's warm-up settles ({@link Scenario#settles()}): only with the scenario's default
     *         warm-up; an explicit {@code --warmup} is sent as given
     */
    private static boolean settles(Scenario scenario, BenchSettings settings) {
        return scenario.settles() && settings.warmupMessages() < 0;
    }

    private static String memberName(BenchSystem system, String site, int index, boolean sender) {
        if (system == BenchSystem.UDP) {
            return sender ? "source" : "sink";
        }
        return site.substring(site.length() - 1) + (index + 1);
    }

    /**
     * @return the first member of every site, which must carry its site's traffic between sites (GCS delegate,
     *         RELAY2 site master) when the scenario has several sites; empty otherwise
     */
    List<String> expectedMasters() {
        if (scenario.sites() < 2 || system.oneCluster()) {
            return List.of();
        }
        return nodes.subList(0, scenario.sites()).stream().map(NodeSpec::member).toList();
    }

    /**
     * @return the nodes grouped by joining wave: the first member of every site, then the second, ...; with RELAY2
     *         the first members (the site masters) join one by one, since two bridges that start together may
     *         found two bridge clusters that take many seconds to merge (setup only: nothing is measured yet); with
     *         JGroups in one cluster every node joins alone, for the same reason
     */
    List<List<NodeSpec>> waves() {
        List<List<NodeSpec>> waves = new ArrayList<>();
        int perWave = scenario.sites();
        for (int i = 0; i < nodes.size(); i += perWave) {
            List<NodeSpec> wave = nodes.subList(i, Math.min(nodes.size(), i + perWave));
            if ((i == 0 && system.relayed()) || system.oneCluster()) {
                wave.forEach(node -> waves.add(List.of(node)));
            } else {
                waves.add(wave);
            }
        }
        return waves;
    }

    /** @return the sending node */
    NodeSpec sender() {
        return nodes.stream().filter(NodeSpec::sender).findFirst().orElseThrow();
    }

    /**
     * @return the nodes that must deliver every measured message: every member (in a failover scenario every member
     *         but the {@link #victim()}), or the UDP sink
     */
    List<NodeSpec> receivers() {
        if (system == BenchSystem.UDP) {
            return nodes.stream().filter(n -> !n.sender()).toList();
        }
        return survivors();
    }

    /** @return every node but the failover scenario's victim (every node in the other scenarios) */
    List<NodeSpec> survivors() {
        Optional<NodeSpec> victim = victim();
        return victim.isEmpty() ? nodes : nodes.stream().filter(n -> n != victim.get()).toList();
    }

    /**
     * @return true if what the receivers lost, duplicated or reordered is counted rather than failing a baseline's
     *     run ({@link DeliveryFaults}): the failover and outage scenarios (GCS must still have no fault)
     */
    boolean countsFaults() {
        return scenario.kind() == Scenario.Kind.FAILOVER || scenario.kind() == Scenario.Kind.OUTAGE;
    }

    /** @return in an outage scenario, the index (from 0) of the site whose link the bench cuts: the last site */
    Optional<Integer> outageSite() {
        return scenario.kind() == Scenario.Kind.OUTAGE ? Optional.of(scenario.sites() - 1) : Optional.empty();
    }

    /**
     * @return in a failover scenario, the node the bench kills: the first member of the sender's site, which carries
     *         its traffic to the other sites (the GCS delegate, the RELAY2 site master); empty otherwise
     */
    Optional<NodeSpec> victim() {
        if (scenario.kind() != Scenario.Kind.FAILOVER) {
            return Optional.empty();
        }
        NodeSpec sender = sender();
        return nodes.stream().filter(n -> n.site().equals(sender.site())).findFirst();
    }
}
