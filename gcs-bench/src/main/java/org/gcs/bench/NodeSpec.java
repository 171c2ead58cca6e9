package org.gcs.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Everything one node of a run needs: the system, where it sits in the topology, its ports, its part in the
 * workload. The parent builds it, {@link #toArgs()} turns it into the options of {@code gcs bench-node}, and
 * {@link BenchNodeCommand} turns those back into the same spec.
 *
 * @param system the system under test
 * @param runId a random id shared by the nodes of one run (part of every cluster name)
 * @param sites the run's site names, in order
 * @param site this node's site
 * @param member this node's name, unique in the run
 * @param membersPerSite members in every site
 * @param sender whether this node sends the workload
 * @param recordLatency whether this node records one-way latencies of measured messages
 * @param mcastAddress the IP multicast address of the LAN clusters
 * @param mcastPort this site's LAN multicast port
 * @param wanPort GCS: this node's WAN port on 127.0.0.1 (0 otherwise)
 * @param seedPorts GCS: WAN ports of the other sites' nodes
 * @param bridgePorts RELAY2: the bridge (TCP) port of every site, in site order
 * @param udpPort UDP: the port the sink binds and the source sends to
 * @param clusterKeyHex GCS and sealed JGroups: the cluster key, hex (JGroups: its SYM_ENCRYPT key)
 * @param messageBytes payload bytes of every message
 * @param warmupMessages messages sent before the measured ones (the unpaced ones included)
 * @param unpacedWarmupMessages how many of the warm-up messages go first, as fast as the system admits them, when
 *        the run is paced (so that the JIT compiles the hot path before the paced messages)
 * @param briskWarmupMessages how many of the paced warm-up messages go next, one by one at
 *        {@link LoadGenerator#BRISK_RATE_PER_SEC} msg/s (so that the JIT compiles the paths a lone message takes,
 *        which a burst does not)
 * @param measuredMessages messages measured
 * @param ratePerSec messages per second the sender offers, 0 for as fast as the system takes them
 * @param gcsSettings GCS: {@code key=value} settings overriding the bench's defaults (properties-file keys)
 * @param gcsSendsInFlight GCS sender: at most this many {@code sendAsync} calls not yet admitted; 0 for the
 *        blocking {@code send}
 * @param settles sender: after {@link #settlePoint()} messages, go on warming up until the parent says
 *        {@code measure} (once every node's JIT compilers are quiet, {@link QuietWatch})
 * @param siteAddresses the WAN address of every site, in site order (GCS binds its WAN socket to its site's, RELAY2
 *        its bridge); empty: every site on 127.0.0.1, as in the loopback scenarios
 * @param namespace the network namespace the node's JVM runs in ({@code ip netns exec}); empty: the parent's.
 *        The launcher's business only: not one of {@link #toArgs()}
 */
public record NodeSpec(BenchSystem system, String runId, List<String> sites, String site, String member,
                       int membersPerSite, boolean sender, boolean recordLatency, String mcastAddress, int mcastPort,
                       int wanPort, List<Integer> seedPorts, List<Integer> bridgePorts, int udpPort,
                       String clusterKeyHex, int messageBytes, long warmupMessages, long unpacedWarmupMessages,
                       long briskWarmupMessages, long measuredMessages,
                       double ratePerSec, List<String> gcsSettings, int gcsSendsInFlight, boolean settles,
                       List<String> siteAddresses, String namespace) {
    /** Every site's address in the loopback scenarios. */
    static final String LOOPBACK = "127.0.0.1";

    /** Copies the lists. */
    public NodeSpec {
        siteAddresses = List.copyOf(siteAddresses);
        if (!siteAddresses.isEmpty() && siteAddresses.size() != sites.size()) {
            throw new IllegalArgumentException("one address per site: " + siteAddresses + " for " + sites);
        }
        sites = List.copyOf(sites);
        seedPorts = List.copyOf(seedPorts);
        bridgePorts = List.copyOf(bridgePorts);
        gcsSettings = List.copyOf(gcsSettings);
    }

    /**
     * A node of a loopback scenario: every site on 127.0.0.1, in the parent's namespace, without a brisk warm-up.
     *
     * @see #NodeSpec(BenchSystem, String, List, String, String, int, boolean, boolean, String, int, int, List, List,
     *      int, String, int, long, long, long, long, double, List, int, boolean, List, String)
     */
    public NodeSpec(BenchSystem system, String runId, List<String> sites, String site, String member,
                    int membersPerSite, boolean sender, boolean recordLatency, String mcastAddress, int mcastPort,
                    int wanPort, List<Integer> seedPorts, List<Integer> bridgePorts, int udpPort,
                    String clusterKeyHex, int messageBytes, long warmupMessages, long unpacedWarmupMessages,
                    long measuredMessages, double ratePerSec, List<String> gcsSettings, int gcsSendsInFlight,
                    boolean settles) {
        this(system, runId, sites, site, member, membersPerSite, sender, recordLatency, mcastAddress, mcastPort,
                wanPort, seedPorts, bridgePorts, udpPort, clusterKeyHex, messageBytes, warmupMessages,
                unpacedWarmupMessages, 0, measuredMessages, ratePerSec, gcsSettings, gcsSendsInFlight, settles,
                List.of(), "");
    }

    /**
     * @param siteIndex a site's index in {@link #sites()}
     * @return that site's WAN address (127.0.0.1 in the loopback scenarios)
     */
    public String siteAddress(int siteIndex) {
        return siteAddresses.isEmpty() ? LOOPBACK : siteAddresses.get(siteIndex);
    }

    /** @return this node's site's WAN address, where GCS binds its WAN socket and RELAY2 its bridge */
    public String hostAddress() {
        return siteAddress(siteIndex());
    }

    /**
     * @return GCS: the seeds as {@code host:port}, {@link #seedPorts()} with the address of each port's site (the
     *         ports are the other sites' members', site by site, {@link #membersPerSite()} each)
     */
    public List<String> seedAddresses() {
        List<String> seeds = new ArrayList<>();
        List<Integer> others = new ArrayList<>();
        for (int s = 0; s < sites.size(); s++) {
            if (s != siteIndex()) {
                others.add(s);
            }
        }
        boolean bySite = seedPorts.size() == others.size() * membersPerSite;
        for (int i = 0; i < seedPorts.size(); i++) {
            String host = bySite ? siteAddress(others.get(i / membersPerSite)) : hostAddress();
            seeds.add(host + ":" + seedPorts.get(i));
        }
        return seeds;
    }

    /**
     * @return RELAY2: true to turn Nagle's algorithm off on the bridge (JGroups' tcp.xml keeps it on), as the
     *         system says
     */
    public boolean relayTcpNoDelay() {
        return system.bridgeTcpNoDelay();
    }

    /**
     * @return how many messages the sender sends before it settles when {@link #settles()}: the warm-up of an
     *         unpaced run, the unpaced part of a paced run's warm-up
     */
    public long settlePoint() {
        return ratePerSec > 0 ? unpacedWarmupMessages : warmupMessages;
    }

    /** @return the number of nodes in the run */
    public int totalMembers() {
        return sites.size() * membersPerSite;
    }

    /** @return the index of this node's site in {@link #sites()} */
    public int siteIndex() {
        return sites.indexOf(site);
    }

    /**
     * @param prefix what the cluster is for, e.g. {@code gcs} or {@code jg}
     * @return the name of this site's LAN cluster for this run (of the run's one cluster when
     *         {@link BenchSystem#oneCluster()})
     */
    public String lanClusterName(String prefix) {
        return "bench-" + runId + "-" + prefix + "-" + (system.oneCluster() ? "all" : site);
    }

    /** @return the name of the RELAY2 bridge cluster for this run */
    public String bridgeClusterName() {
        return "bench-" + runId + "-bridge";
    }

    /** @return the options of {@code gcs bench-node} that describe this spec */
    public List<String> toArgs() {
        List<String> args = new ArrayList<>(List.of(
                "--system", system.id(), "--run-id", runId, "--sites", String.join(",", sites), "--site", site,
                "--member", member, "--members-per-site", Integer.toString(membersPerSite),
                "--mcast-address", mcastAddress, "--mcast-port", Integer.toString(mcastPort),
                "--wan-port", Integer.toString(wanPort), "--udp-port", Integer.toString(udpPort),
                "--size", Integer.toString(messageBytes), "--warmup", Long.toString(warmupMessages),
                "--unpaced-warmup", Long.toString(unpacedWarmupMessages),
                "--brisk-warmup", Long.toString(briskWarmupMessages),
                "--messages", Long.toString(measuredMessages), "--rate", Double.toString(ratePerSec)));
        if (!seedPorts.isEmpty()) {
            args.add("--seed-ports");
            args.add(join(seedPorts));
        }
        if (!bridgePorts.isEmpty()) {
            args.add("--bridge-ports");
            args.add(join(bridgePorts));
        }
        if (!siteAddresses.isEmpty()) {
            args.add("--site-addresses");
            args.add(String.join(",", siteAddresses));
        }
        if (clusterKeyHex != null && !clusterKeyHex.isEmpty()) {
            args.add("--cluster-key-hex");
            args.add(clusterKeyHex);
        }
        for (String setting : gcsSettings) {
            args.add("--gcs-set");
            args.add(setting);
        }
        if (sender) {
            args.add("--sender");
        }
        if (system.gcs()) {
            args.add("--gcs-sends-in-flight");
            args.add(Integer.toString(gcsSendsInFlight));
        }
        if (recordLatency) {
            args.add("--record-latency");
        }
        if (settles) {
            args.add("--settle");
        }
        return args;
    }

    private static String join(List<Integer> ports) {
        return ports.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    @Override
    public String toString() {
        return system.id() + " " + site + "/" + member;
    }
}
