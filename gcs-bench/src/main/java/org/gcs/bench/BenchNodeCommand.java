package org.gcs.bench;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gcs bench-node}: one node of a {@code gcs bench} run, started by the bench in a child JVM (not by hand;
 * hidden from {@code gcs --help}). It prints {@link NodeLine}s on standard output and reads commands from standard
 * input ({@link NodeAgent}); the end of input (the parent stopped it or died) ends it within seconds
 * ({@link StdinCommands}), and {@code --exit-after-sec} ends it in any case.
 */
@Command(name = "bench-node", hidden = true, mixinStandardHelpOptions = true,
        description = "One node of a 'gcs bench' run (started by 'gcs bench', not by hand).")
public final class BenchNodeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--system", required = true, description = "gcs, gcs-total, jgroups, jgroups-fifo,"
            + " jgroups-sequencer, jgroups-relay2, jgroups-relay2-nodelay or udp.")
    String system;

    @Option(names = "--run-id", required = true, description = "The run's id (part of cluster names).")
    String runId;

    @Option(names = "--sites", required = true, split = ",", description = "The run's sites, in order.")
    List<String> sites;

    @Option(names = "--site", required = true, description = "This node's site.")
    String site;

    @Option(names = "--member", required = true, description = "This node's name.")
    String member;

    @Option(names = "--members-per-site", defaultValue = "1", description = "Members in every site.")
    int membersPerSite;

    @Option(names = "--sender", description = "This node sends the workload.")
    boolean sender;

    @Option(names = "--record-latency", description = "Record latencies of measured messages.")
    boolean recordLatency;

    @Option(names = "--settle", description = "Sender: after the warm-up, wait for the parent's 'measure'.")
    boolean settle;

    @Option(names = "--mcast-address", defaultValue = "239.7.9.9", description = "LAN multicast address.")
    String mcastAddress;

    @Option(names = "--mcast-port", defaultValue = "0", description = "This site's LAN multicast port.")
    int mcastPort;

    @Option(names = "--wan-port", defaultValue = "0", description = "GCS: this node's WAN port.")
    int wanPort;

    @Option(names = "--seed-ports", split = ",", description = "GCS: the other sites' WAN ports.")
    List<Integer> seedPorts = List.of();

    @Option(names = "--bridge-ports", split = ",", description = "RELAY2: every site's bridge port, in site order.")
    List<Integer> bridgePorts = List.of();

    @Option(names = "--site-addresses", split = ",",
            description = "Every site's WAN address, in site order (default: every site on 127.0.0.1).")
    List<String> siteAddresses = List.of();

    @Option(names = "--udp-port", defaultValue = "0", description = "UDP: the sink's port.")
    int udpPort;

    @Option(names = "--cluster-key-hex", defaultValue = "", description = "GCS: the cluster key in hex.")
    String clusterKeyHex;

    @Option(names = "--size", defaultValue = "1000", description = "Payload bytes.")
    int size;

    @Option(names = "--warmup", defaultValue = "0", description = "Warm-up messages.")
    long warmup;

    @Option(names = "--unpaced-warmup", defaultValue = "0",
            description = "How many warm-up messages go unpaced first when --rate is set.")
    long unpacedWarmup;

    @Option(names = "--brisk-warmup", defaultValue = "0",
            description = "How many warm-up messages go next at the brisk rate when --rate is set.")
    long briskWarmup;

    @Option(names = "--messages", defaultValue = "1", description = "Measured messages.")
    long messages;

    @Option(names = "--rate", defaultValue = "0", description = "Messages per second offered, 0 for unpaced.")
    double rate;

    @Option(names = "--gcs-set", description = "GCS: KEY=VALUE overriding a setting, repeatable.")
    List<String> gcsSettings = List.of();

    @Option(names = "--gcs-sends-in-flight", defaultValue = "0",
            description = "GCS: sendAsync calls not yet admitted, at most; 0 for the blocking send.")
    int gcsSendsInFlight;

    @Option(names = "--exit-after-sec", defaultValue = "0",
            description = "Halt after this many seconds whatever happens (0: never).")
    long exitAfterSec;

    /** Where commands come from; standard input unless the bench runs the node in its own JVM. */
    NodeAgent.Commands commands;

    /**
     * Runs the node.
     *
     * @return 0 after a clean stop, 1 if the node failed, 2 for bad options
     */
    @Override
    public Integer call() throws InterruptedException {
        NodeSpec node = nodeSpec();
        if (exitAfterSec > 0) {
            Thread guard = new Thread(() -> {
                try {
                    TimeUnit.SECONDS.sleep(exitAfterSec);
                    Runtime.getRuntime().halt(3);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "bench-node-lifetime");
            guard.setDaemon(true);
            guard.start();
        }
        NodeAgent.Commands input = commands != null ? commands : new StdinCommands(System.in);
        PrintWriter out = spec.commandLine().getOut();
        PhaseMeter meter = commands == null ? PhaseMeter.forThisProcess() : null;
        return new NodeAgent(node, endpoint(node), out, input, meter).run();
    }

    /**
     * @return the node described by the options
     * @throws ParameterException if they do not describe a node
     */
    NodeSpec nodeSpec() {
        BenchSystem bench = BenchSystem.byId(system).orElseThrow(() -> new ParameterException(spec.commandLine(),
                "--system must be one of " + BenchSystem.names() + ", got " + system));
        if (!sites.contains(site)) {
            throw new ParameterException(spec.commandLine(), "--site " + site + " is not one of --sites " + sites);
        }
        if (size < BenchPayload.HEADER_BYTES) {
            throw new ParameterException(spec.commandLine(), "--size must be at least " + BenchPayload.HEADER_BYTES);
        }
        if (bench.relayed() && bridgePorts.size() != sites.size()) {
            throw new ParameterException(spec.commandLine(), "--bridge-ports needs one port per site");
        }
        if (!siteAddresses.isEmpty() && siteAddresses.size() != sites.size()) {
            throw new ParameterException(spec.commandLine(), "--site-addresses needs one address per site");
        }
        if ((bench.gcs() || bench.jgroupsSealed()) && clusterKeyHex.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--cluster-key-hex is required for " + bench.id());
        }
        return new NodeSpec(bench, runId, sites, site, member, membersPerSite, sender, recordLatency, mcastAddress,
                mcastPort, wanPort, seedPorts, bridgePorts, udpPort, clusterKeyHex, size, warmup,
                Math.min(unpacedWarmup, warmup), briskWarmup, messages, rate,
                bench.gcs() ? gcsSettings : List.of(), bench.gcs() ? gcsSendsInFlight : 0, settle, siteAddresses, "");
    }

    private static BenchEndpoint endpoint(NodeSpec node) {
        if (node.system().gcs()) {
            return new GcsEndpoint(node);
        }
        if (node.system() == BenchSystem.UDP) {
            return new UdpEndpoint(node);
        }
        return new JGroupsEndpoint(node, node.system().relayed());
    }
}
