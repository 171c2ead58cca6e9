package org.gcs.lab.nat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.gcs.lab.LabContext;
import org.gcs.lab.LabProgress;
import org.gcs.lab.tcp.AgentProcess;
import org.gcs.tools.netns.NatNetwork;

/**
 * The phases of one {@code nat} run on a built network ({@link NatScenario} has the plan): start the agents, wait
 * until the sites see each other, send while the NATs change one at a time, stop and wait until everything is
 * delivered. Every wait has a deadline; the progress lines say what every site sees, sent and delivered.
 */
final class NatRun {
    /** The group every agent joins and sends to. */
    static final String GROUP = "nat";
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;
    private static final long AGENT_START_TIMEOUT_NS = 60 * S;
    private static final long MESH_TIMEOUT_NS = 30 * S;
    private static final long DRAIN_TIMEOUT_NS = 30 * S;
    /** The first NAT change, after the sending started. */
    private static final long FIRST_CHANGE_AFTER_NS = 4 * S;
    /** The least time between two NAT changes. */
    private static final long CHANGE_GAP_NS = 5 * S;
    /** The time after a heal (or its deadline) before the next change or the end of the sending. */
    private static final long SETTLE_NS = 3 * S;
    /** How long a change may take to heal before the run gives up on it, in site timeouts. */
    static final int HEAL_DEADLINE_SITE_TIMEOUTS = 4;
    /** The most messages one agent sends: two minutes at the rate. */
    private static final int MAX_MESSAGES = NatScenario.RATE_MESSAGES_PER_SEC * 120;

    /** A NAT change the run makes. */
    private record Change(String event, String site) {
    }

    private static final List<Change> CHANGES = List.of(new Change("changePublicAddress", "paris"),
            new Change("restartNat", "tokyo"));

    private final List<NatSite> sites = NatScenario.SITES;
    private final LabContext ctx;
    private final LabProgress progress;
    private final NatNetwork network;
    private final NatAgents agents;
    private final long heartbeatMs;
    private final long siteTimeoutMs;
    private final long launchNs = System.nanoTime();
    private final List<String> publicAtStart = new ArrayList<>();
    private final List<NatEvent> events = new ArrayList<>();
    private Long agentsUpMs;
    private Long meshMs;
    private long sendStartNs;
    private double sendSeconds;
    private List<PairPath> paths = List.of();
    private List<PairPath> pathsAtEnd = List.of();
    private Map<String, Long> sent = Map.of();
    private Long drainMs;

    /**
     * @param ctx the scenario's context (progress, scale)
     * @param network the built network, one site per entry of {@link NatScenario#SITES}
     * @param agents where the agents go
     * @param heartbeatMs the nodes' heartbeat interval
     * @param siteTimeoutMs the nodes' site timeout: a change not healed within {@value #HEAL_DEADLINE_SITE_TIMEOUTS}
     *     of them is given up
     */
    NatRun(LabContext ctx, NatNetwork network, NatAgents agents, long heartbeatMs, long siteTimeoutMs) {
        this.ctx = ctx;
        this.progress = ctx.progress();
        this.network = network;
        this.agents = agents;
        this.heartbeatMs = heartbeatMs;
        this.siteTimeoutMs = siteTimeoutMs;
        for (int i = 0; i < sites.size(); i++) {
            publicAtStart.add(network.publicAddress(i));
        }
    }

    /**
     * Starts every site's agent with its properties file ({@code SITE.properties} in {@code dir}) and waits until
     * every one reported.
     *
     * @throws IllegalStateException if one did not report within 60 s
     */
    void startAgents(Path dir) throws IOException, InterruptedException {
        for (int i = 0; i < sites.size(); i++) {
            String site = sites.get(i).name();
            List<String> command = AgentProcess.agentCommand("lab-nat-agent");
            command.addAll(List.of("--config", dir.resolve(site + ".properties").toString(), "--group", GROUP,
                    "--rate-messages-per-sec", Integer.toString(NatScenario.RATE_MESSAGES_PER_SEC),
                    "--max-messages", Integer.toString(MAX_MESSAGES)));
            agents.start(site, network.inside(i, command), dir.resolve(site + ".log"));
        }
        OptionalLong up = agents.awaitAll(r -> r.keySet().containsAll(names()), launchNs + AGENT_START_TIMEOUT_NS,
                this::status);
        if (up.isEmpty()) {
            throw new IllegalStateException("not every agent reported within " + AGENT_START_TIMEOUT_NS / S
                    + " s; see " + dir);
        }
        agentsUpMs = (up.getAsLong() - launchNs) / MS;
        progress.at(seconds(up.getAsLong()), "every agent runs its site's node (" + agentsUpMs + " ms)");
    }

    /** Phase 1: every site sees every other and every view holds every site, or the deadline. */
    void meet() throws InterruptedException {
        long start = System.nanoTime();
        OptionalLong met = agents.awaitAll(r -> NatConditions.allSeeEachOther(sites, r)
                && NatConditions.fullViews(sites, r), start + MESH_TIMEOUT_NS, this::status);
        if (met.isPresent()) {
            meshMs = Math.max(0, (met.getAsLong() - start) / MS);
            progress.at(seconds(met.getAsLong()), "every site lists the " + (sites.size() - 1) + " others and the"
                    + " group's view has every site (" + meshMs + " ms)");
        } else {
            progress.at(seconds(System.nanoTime()), "not every site sees every other after "
                    + MESH_TIMEOUT_NS / S + " s: " + sightings(agents.latest()) + "; sending anyway");
        }
    }

    /** Phases 2 and 3: send, change the NATs one at a time, measure each heal, stop sending. */
    void send() throws InterruptedException {
        agents.commandAll("send");
        sendStartNs = System.nanoTime();
        progress.at(seconds(sendStartNs), "every site sends " + NatScenario.RATE_MESSAGES_PER_SEC
                + " messages/s to group " + GROUP);
        long nextChangeNs = sendStartNs + FIRST_CHANGE_AFTER_NS;
        agents.runUntil(nextChangeNs, this::status);
        paths = classify(agents.latest());
        paths.forEach(p -> progress.line("path " + NatReport.describe(p)));
        for (Change change : CHANGES) {
            agents.runUntil(nextChangeNs, this::status);
            nextChangeNs = change(change);
        }
        long stopNs = Math.max(sendStartNs + ctx.scaledNs(NatScenario.SEND_SECONDS * S), nextChangeNs);
        agents.runUntil(stopNs, this::status);
        pathsAtEnd = classify(agents.latest());
        sent = agents.sentCounts("send-stop");
        sendSeconds = (System.nanoTime() - sendStartNs) / 1e9;
        progress.at(seconds(System.nanoTime()), "sending stopped; sent " + sent);
    }

    /**
     * Makes one NAT change, marks every sender, waits for the heal.
     *
     * @return when the next change may come: a settling time after the heal or its deadline
     */
    private long change(Change change) throws InterruptedException {
        int index = names().indexOf(change.site());
        String before = network.publicAddress(index);
        long atNs = System.nanoTime();
        if (change.event().equals("changePublicAddress")) {
            network.changePublicAddress(index);
        } else {
            network.restartNat(index);
        }
        long doneNs = System.nanoTime();
        String after = network.publicAddress(index);
        Map<String, Long> marks = agents.sentCounts("mark");
        progress.at(seconds(atNs), change.event() + "(" + change.site() + "): public address " + before
                + (after.equals(before) ? " kept, mappings forgotten" : " -> " + after) + " (the change took "
                + (doneNs - atNs) / MS + " ms); sent so far " + marks);
        long deadlineNs = doneNs + HEAL_DEADLINE_SITE_TIMEOUTS * siteTimeoutMs * MS;
        OptionalLong healed = agents.awaitAll(r -> NatConditions.healed(sites, change.site(), marks, r),
                deadlineNs, this::status);
        Long healMs = healed.isPresent() ? Math.max(0, (healed.getAsLong() - doneNs) / MS) : null;
        NatEvent event = new NatEvent(change.event(), change.site(), before, after, (atNs - sendStartNs) / 1e9,
                (doneNs - atNs) / MS, healMs);
        events.add(event);
        progress.at(seconds(System.nanoTime()), event.label() + (healMs != null ? " healed in " + healMs + " ms"
                : " did not heal within " + (deadlineNs - doneNs) / S + " s: " + sightings(agents.latest())));
        return Math.max((healed.isPresent() ? healed.getAsLong() : deadlineNs) + SETTLE_NS, atNs + CHANGE_GAP_NS);
    }

    /** Phase 4: wait until every site delivered every message, or the deadline. */
    void drain() throws InterruptedException {
        long start = System.nanoTime();
        OptionalLong done = agents.awaitAll(r -> NatConditions.allDelivered(sites, sent, r),
                start + DRAIN_TIMEOUT_NS, this::status);
        if (done.isPresent()) {
            drainMs = Math.max(0, (done.getAsLong() - start) / MS);
            progress.at(seconds(done.getAsLong()), "every site delivered every message (" + drainMs
                    + " ms after the sending stopped)");
        } else {
            progress.at(seconds(System.nanoTime()), "not every message was delivered within "
                    + DRAIN_TIMEOUT_NS / S + " s of the end of the sending");
        }
    }

    /** @return what the run measured, with every site's latest report */
    NatRunRecord record() {
        List<NatRunRecord.SiteAddresses> addresses = new ArrayList<>();
        for (int i = 0; i < sites.size(); i++) {
            addresses.add(new NatRunRecord.SiteAddresses(sites.get(i), network.siteAddress(i), publicAtStart.get(i),
                    network.publicAddress(i)));
        }
        return new NatRunRecord(addresses, heartbeatMs, siteTimeoutMs, agentsUpMs, meshMs, sendSeconds, paths,
                pathsAtEnd, List.copyOf(events), new LinkedHashMap<>(sent), drainMs, agents.latest(),
                agents.errors());
    }

    private List<PairPath> classify(Map<String, NatAgentReport> latest) {
        List<PairPath> result = new ArrayList<>();
        for (int i = 0; i < sites.size(); i++) {
            for (int j = i + 1; j < sites.size(); j++) {
                NatSite a = sites.get(i);
                NatSite b = sites.get(j);
                result.add(PairPath.classify(a, b, latest.get(a.name()), latest.get(b.name())));
            }
        }
        return result;
    }

    /** A progress line: what every site sees, what each sent, and the least any site delivered of each. */
    private void status(Map<String, NatAgentReport> latest) {
        List<String> sends = new ArrayList<>();
        List<String> delivered = new ArrayList<>();
        for (NatSite sender : sites) {
            NatAgentReport own = latest.get(sender.name());
            sends.add(sender.name() + " " + (own == null ? "-" : own.sentMessages()));
            long least = Long.MAX_VALUE;
            for (NatSite receiver : sites) {
                NatAgentReport report = latest.get(receiver.name());
                least = Math.min(least, report == null ? 0 : report.tally(sender.name()).distinct());
            }
            delivered.add(sender.name() + " " + least);
        }
        progress.at(seconds(System.nanoTime()), "sees: " + sightings(latest) + "; sent: "
                + String.join(", ", sends) + "; delivered everywhere: " + String.join(", ", delivered));
    }

    private String sightings(Map<String, NatAgentReport> latest) {
        List<String> parts = new ArrayList<>();
        for (NatSite site : sites) {
            NatAgentReport report = latest.get(site.name());
            parts.add(site.name() + " " + (report == null ? "-" : report.remoteSites().size() + "/"
                    + (sites.size() - 1) + (report.relayedSites().isEmpty() ? ""
                    : " (relayed " + report.relayedSites() + ")")));
        }
        return String.join(", ", parts);
    }

    private double seconds(long atNs) {
        return (atNs - launchNs) / 1e9;
    }

    private List<String> names() {
        return sites.stream().map(NatSite::name).toList();
    }
}
