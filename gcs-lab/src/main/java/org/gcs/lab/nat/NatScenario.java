package org.gcs.lab.nat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigLoader;
import org.gcs.emulator.LinkEmulationKeys;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabProgress;
import org.gcs.lab.LabResult;
import org.gcs.lab.LabScenario;
import org.gcs.lab.LabUnavailableException;
import org.gcs.tools.netns.HostCommands;
import org.gcs.tools.netns.NatNetwork;
import org.gcs.tools.netns.NatNetwork.Nat;

/**
 * {@code nat}: GCS sites behind NATs, in network namespaces ({@link NatNetwork}): {@code boston} on the public
 * network, the seed of the others; {@code paris} and {@code oslo} behind port-preserving NATs; {@code tokyo} behind a
 * symmetric NAT (a new public port for every destination). Every NAT lets in only replies from the exact address and
 * port its inside sent to. One {@code gcs lab-nat-agent} process per site runs the site's only member, its delegate.
 *
 * <p>Phases: (1) start every agent and wait until every site lists the three others as live and every site is in
 * every view of the group; (2) every site sends {@value #RATE_MESSAGES_PER_SEC} sequenced messages a second to the
 * group for at least {@value #SEND_SECONDS} s (scaled by {@code --scale}); (3) meanwhile, paris's NAT gets a new
 * public address, then tokyo's NAT restarts (its mappings forgotten), one at a time: each heals when every site lists
 * every other again and messages sent after the change flow both ways between the changed site and every other;
 * (4) the sending stops and every site must deliver every message of every sender, its own included (a GCS member
 * delivers its own messages); (5) each receiver's count of each sender: missing, duplicates and first deliveries
 * out of FIFO order.
 *
 * <p>The path of every pair comes from the agents' reports just before the first change (and again before the
 * sending stops): relayed if either site names the other among its relayed sites, else punched if both are behind a
 * NAT, else direct; unreachable if they do not both list each other. Expected: boston with every other site direct,
 * paris–oslo punched, and either of them with tokyo relayed.
 *
 * <p>{@link NatRun} runs the phases (every wait has a deadline), {@link NatReport} writes the files and judges the
 * run. The agents are stopped (killed if need be) and the namespaces removed on every exit path. It needs root,
 * {@code ip} and {@code iptables}, and says so without them.
 */
public final class NatScenario implements LabScenario {
    /** The sites, the public one first (the seed of the others). */
    static final List<NatSite> SITES = List.of(new NatSite("boston", Nat.NONE),
            new NatSite("paris", Nat.PORT_PRESERVING), new NatSite("oslo", Nat.PORT_PRESERVING),
            new NatSite("tokyo", Nat.SYMMETRIC));
    /** Every delegate's WAN port, on its site's address. */
    static final int WAN_PORT = 7700;
    /** The LAN cluster's TCP port on each namespace's loopback. */
    static final int LAN_PORT = 7800;
    /** {@code heartbeat.interval} unless {@code --set} gives one. */
    static final long HEARTBEAT_MS = 250;
    /** {@code site.timeout} unless {@code --set} gives one. */
    static final long SITE_TIMEOUT_MS = 3000;
    /** Each site's sending rate. */
    static final int RATE_MESSAGES_PER_SEC = 20;
    /** The least sending time at scale 1, seconds. */
    static final long SEND_SECONDS = 15;
    /** A heal counts if it took at most this many site timeouts. */
    static final int HEAL_BOUND_SITE_TIMEOUTS = 2;

    @Override
    public String name() {
        return "nat";
    }

    @Override
    public String description() {
        return "4 sites in network namespaces, behind no NAT, two port-preserving NATs and a symmetric NAT: which"
                + " pairs are direct, punched or relayed, and nothing lost across NAT changes (needs root)";
    }

    @Override
    public Optional<String> fixedDriver() {
        return Optional.of("namespaces");
    }

    /**
     * @return what this machine lacks for the scenario (root, {@code ip}, {@code iptables}), or empty if nothing
     */
    public static Optional<String> unavailableReason() {
        String what = "gcs lab nat";
        if (!HostCommands.runningAsRoot()) {
            return Optional.of(what + " needs root: it creates network namespaces, veth pairs and iptables NAT rules,"
                    + " and removes them at the end. Run it as root (e.g. with sudo).");
        }
        for (String tool : List.of("ip", "iptables")) {
            if (HostCommands.locate(tool) == null) {
                String pkg = tool.equals("ip") ? "iproute2" : "iptables";
                return Optional.of(what + " needs the '" + tool + "' command (package " + pkg + "); install it,"
                        + " e.g. 'apt-get install " + pkg + "'.");
            }
        }
        return Optional.empty();
    }

    @Override
    public LabResult run(LabContext ctx) throws Exception {
        unavailableReason().ifPresent(missing -> {
            throw new LabUnavailableException(missing);
        });
        LabProgress progress = ctx.progress();
        Path agentDir = Files.createDirectories(ctx.outDir().resolve("agents"));
        Map<String, String> nodeSettings = ctx.nodeSettings().withDefaults(Map.of(
                "heartbeat.interval", HEARTBEAT_MS + "ms", "site.timeout", SITE_TIMEOUT_MS + "ms")).asMap();
        try (NatNetwork network = NatNetwork.create(SITES.stream().map(NatSite::nat).toList(), progress::line);
             NatAgents agents = new NatAgents()) {
            GcsConfig config = writeConfigs(network, agentDir, nodeSettings);
            long siteTimeoutMs = config.siteTimeout().toMillis();
            progress.line(String.format(Locale.ROOT, "sites: %s; heartbeat %d ms, site timeout %d ms",
                    describe(network), config.heartbeatInterval().toMillis(), siteTimeoutMs));
            NatRun run = new NatRun(ctx, network, agents, config.heartbeatInterval().toMillis(), siteTimeoutMs);
            run.startAgents(agentDir);
            run.meet();
            run.send();
            run.drain();
            return NatReport.of(ctx, run.record());
        }
    }

    private static String describe(NatNetwork network) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < SITES.size(); i++) {
            NatSite site = SITES.get(i);
            parts.add(site.name() + " " + label(site.nat()) + " " + network.siteAddress(i)
                    + (site.behindNat() ? " (public " + network.publicAddress(i) + ")" : ""));
        }
        return String.join(", ", parts);
    }

    /** Writes every site's properties file; returns the public site's configuration, as its node will read it. */
    private static GcsConfig writeConfigs(NatNetwork network, Path dir, Map<String, String> nodeSettings)
            throws IOException {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        String keyHex = HexFormat.of().formatHex(key);
        String seed = network.publicAddress(0) + ":" + WAN_PORT;
        GcsConfig first = null;
        for (int i = 0; i < SITES.size(); i++) {
            String site = SITES.get(i).name();
            Path file = new NatNodeConfig(site, network.siteAddress(i), WAN_PORT, i == 0 ? null : seed, keyHex,
                    LAN_PORT).write(dir.resolve(site + ".properties"), nodeSettings);
            GcsConfig config = LinkEmulationKeys.load(GcsConfigLoader.readFile(file), file.toString()).build();
            if (first == null) {
                first = config;
            }
        }
        return first;
    }

    /** @return the NAT's name in the files, e.g. {@code port-preserving} */
    static String label(Nat nat) {
        return nat.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
