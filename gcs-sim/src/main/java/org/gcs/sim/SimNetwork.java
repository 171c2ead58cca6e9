package org.gcs.sim;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.gcs.GcsConfig;
import org.gcs.GcsConfigBuilder;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.emulator.LinkChange;
import org.gcs.emulator.LinkCounters;
import org.gcs.emulator.Topology;

/**
 * The virtual-time driver: sites of {@link SimNode}s, each site a simulated LAN (reliable FIFO multicast with
 * a fixed delay), sites joined by a WAN whose links follow an emulated {@link Topology}. The nodes run the
 * same protocol engine as production nodes ({@link org.gcs.driver.SansIoEngine}), built from a {@link GcsConfig} each
 * through the same path, and exchange real sealed, authenticated datagrams; only time, sockets and the LAN layer are
 * simulated. Runs are repeatable from {@link SimOptions#seed()}.
 *
 * <p>Every node takes GCS's defaults unless the network's node settings say otherwise ({@code nodeSettings}, applied
 * to each node's builder, e.g. {@code b -> b.sendWindowBytes(1 << 20).set("cc.ormcc.beta", "0.7")}); the network sets
 * what is its own: the node's WAN address and seeds, and the simulated cluster key.
 *
 * <pre>{@code
 * SimNetwork net = new SimNetwork(Topology.load("ron3"), SimOptions.defaults());
 * SimNode a = net.start("boston", "a1");
 * SimNode b = net.start("ottawa", "b1");
 * a.join("g"); b.join("g");
 * net.runFor(2_000_000_000L);
 * a.send("g", "hello".getBytes());
 * net.runFor(1_000_000_000L);
 * }</pre>
 */
public final class SimNetwork {
    /** The wall clock (epoch milliseconds) that virtual time 0 stands for: 2025-01-01T00:00:00Z. */
    public static final long EPOCH_MILLIS_AT_ZERO = 1_735_689_600_000L;

    private final Topology topology;
    private final SimOptions options;
    private final SimClock clock = new SimClock();
    private final SimLans lans;
    private final SimWan wan;
    private final SimNodes nodes = new SimNodes();
    private final SimNodeConfigs configs;

    /**
     * A network whose nodes take GCS's default settings.
     *
     * @param topology the emulated WAN (null: ideal links without delay or loss)
     * @param options the seed, the LANs' delay and failure detection
     */
    public SimNetwork(Topology topology, SimOptions options) {
        this(topology, options, UnaryOperator.identity());
    }

    /**
     * @param topology the emulated WAN (null: ideal links without delay or loss)
     * @param options the seed, the LANs' delay and failure detection
     * @param nodeSettings the settings of every node started by site and name, applied to its builder (as a real
     *     node's {@code --set} would be); the node's site, name, WAN address, seeds and key are the network's
     * @throws org.gcs.GcsConfigException if the settings are invalid (checked at once, on a throw-away node)
     */
    public SimNetwork(Topology topology, SimOptions options, UnaryOperator<GcsConfigBuilder> nodeSettings) {
        this(topology, clock -> new SimWan(topology, clock), options, nodeSettings);
    }

    private SimNetwork(Topology topology, Function<SimClock, SimWan> wanOnClock, SimOptions options,
                       UnaryOperator<GcsConfigBuilder> nodeSettings) {
        this.topology = topology;
        this.options = options;
        this.lans = new SimLans(clock, options);
        this.wan = wanOnClock.apply(clock);
        this.configs = new SimNodeConfigs(nodeSettings); // checks the settings
    }

    /**
     * A network whose WAN links are computed per pair of sites rather than listed in a {@link Topology}: for
     * thousands of sites, where a topology's N·(N − 1) links would not fit in memory. Any site name may start.
     *
     * @param links the profile of each directed pair's link
     * @param options the seed, the LANs' delay and failure detection
     * @param nodeSettings the settings of every node, as for {@link #SimNetwork(Topology, SimOptions, UnaryOperator)}
     * @return the network
     * @throws org.gcs.GcsConfigException if the settings are invalid
     */
    public static SimNetwork withLinks(WanLinks links, SimOptions options,
                                       UnaryOperator<GcsConfigBuilder> nodeSettings) {
        Objects.requireNonNull(links, "links");
        return new SimNetwork(null, clock -> new SimWan(links, clock), options, nodeSettings);
    }

    /** @return the virtual clock */
    public SimClock clock() {
        return clock;
    }

    /** @return the current virtual time */
    public long nowNs() {
        return clock.nowNs();
    }

    /** Runs the simulation for {@code durationNs} of virtual time. */
    public void runFor(long durationNs) {
        clock.runUntil(clock.nowNs() + durationNs);
    }

    /**
     * Runs until the condition holds or {@code timeoutNs} of virtual time passed.
     *
     * @return true if the condition held
     */
    public boolean runUntil(java.util.function.BooleanSupplier condition, long timeoutNs) {
        return clock.runUntil(condition, clock.nowNs() + timeoutNs);
    }

    /** Starts an eligible node in a site (creating the site if new). */
    public SimNode start(String site, String name) {
        return start(site, name, true);
    }

    /**
     * Starts a node in a site, seeded with the WAN addresses of every node already started in other sites.
     *
     * @param delegateEligible whether it may become the delegate
     */
    public SimNode start(String site, String name, boolean delegateEligible) {
        return start(site, site, name, delegateEligible, nodes.outsideSite(site));
    }

    /**
     * Starts an eligible node in a site that knows only the given nodes' WAN addresses as seeds: the rest of the
     * overlay it must learn through gossip.
     *
     * @param seeds the nodes whose addresses it is configured with
     */
    public SimNode startSeededBy(String site, String name, List<SimNode> seeds) {
        return start(site, site, name, true, seeds);
    }

    /**
     * Starts an eligible node in a LAN of its own that is configured with the name of a site that may already exist
     * elsewhere: a misconfiguration (two LANs with one {@code site}) that the overlay must detect. It is seeded with
     * the WAN addresses of every node already started in other LANs.
     *
     * @param lan the LAN's name (distinct from every site's own LAN)
     * @param site the site name its members are configured with
     */
    public SimNode startInLan(String lan, String site, String name) {
        return start(lan, site, name, true, nodes.outsideLan(lan));
    }

    /**
     * Starts a node with a configuration of its own (its site, name and every setting; the network's node settings do
     * not apply), seeded with the WAN addresses of every node already started in other sites. The network gives it
     * its WAN address and seeds; it must use the simulated cluster key ({@link #withClusterKey}).
     *
     * @param config the node's configuration
     * @return the node
     */
    public SimNode start(GcsConfig config) {
        List<SimNode> seeds = nodes.outsideSite(config.site());
        DelegateAddress address = SimNodeConfigs.addressOf(config.site(), config.memberName());
        return start(config.site(), SimNodeConfigs.withNetwork(config, address, seeds), address);
    }

    /**
     * @param builder a node's builder
     * @return the builder with the simulated cluster key, as a test node (which the key is)
     */
    public static GcsConfigBuilder withClusterKey(GcsConfigBuilder builder) {
        return SimNodeConfigs.withClusterKey(builder);
    }

    private SimNode start(String lanName, String site, String name, boolean delegateEligible,
                          List<SimNode> seedNodes) {
        DelegateAddress address = SimNodeConfigs.addressOf(site, name);
        return start(lanName, configs.nodeConfig(site, name, delegateEligible, address, seedNodes), address);
    }

    private SimNode start(String lanName, GcsConfig config, DelegateAddress address) {
        String site = config.site();
        if (topology != null && !topology.sites().contains(site)) {
            throw new IllegalArgumentException("site '" + site + "' is not in topology " + topology.sites());
        }
        if (nodes.contains(address)) {
            throw new IllegalArgumentException("a node named " + config.memberName() + " already runs in site " + site);
        }
        SimNode node = new SimNode(this, lanName, config, nodes.nextIncarnation(), address);
        int started = nodes.add(node);
        wan.attach(node.wan());
        lans.join(node);
        SimProcess process = node.process();
        long phase = Math.floorMod((options.seed() * 31 + started * 7_919L) * 104_729L, process.tickNs());
        process.startTicks(phase, options.quietTicks());
        return node;
    }

    /** Crashes a node: it stops at once; its site notices after {@link SimOptions#failureDetectionNs()}. */
    public void crash(SimNode node) {
        node.process().kill();
        lans.crash(node);
    }

    /**
     * Pauses a node as SIGSTOP (or a long GC pause) would: from now on it neither ticks nor takes anything in (what
     * reaches it meanwhile is lost), and its site installs a view without it after
     * {@link SimOptions#failureDetectionNs()} if it is still paused then. It keeps its state for {@link #resume}.
     */
    public void pause(SimNode node) {
        node.process().setPaused(true);
        lans.pause(node);
    }

    /**
     * The node's driver notices that its process stood still long enough to have been suspected, but its site did
     * not exclude it: a pause between the LAN's suspicion time (3 s) and its failure detection, which the Netty driver
     * reports as a stall all the same ({@code SansIoEngine.onStalled}). The node's LAN view stays as it is.
     */
    public void noticeStallWithoutExclusion(SimNode node) {
        node.process().stalled();
    }

    /**
     * Resumes a paused node (SIGCONT). If its site had excluded it, the site merges it back as a JGroups
     * {@code MergeView} does: one view, flagged as merged, with the node at its old place
     * by age, so a resumed delegate is the oldest member again and takes the role back. The node never saw the view
     * that excluded it.
     */
    public void resume(SimNode node) {
        resume(node, 0);
    }

    /**
     * Like {@link #resume(SimNode)}, with the merge {@code mergeAfterNs} later (JGroups' MERGE3 takes seconds to
     * notice the split): until then the resumed node runs on with its old view, as a site of its own. A node that its
     * site had excluded is told it was stalled ({@code SansIoEngine.onStalled}), as the Netty driver tells it.
     */
    public void resume(SimNode node, long mergeAfterNs) {
        node.process().setPaused(false);
        lans.resume(node, mergeAfterNs, nodes.byAge());
    }

    /**
     * From now on the LAN views reach {@code node} {@code lateNs} after they reach the rest of its site, while
     * messages keep their usual delay: JGroups orders neither the views of a merge nor the members' first messages
     * in them, so a member that installed the merged view can reach another with a message before that view does.
     *
     * @param node the node whose views come late
     * @param lateNs how much later
     */
    public void delayViewsTo(SimNode node, long lateNs) {
        lans.delayViewsTo(node, lateNs);
    }

    /** Stops a node gracefully: its site installs a view without it at once. */
    public void stop(SimNode node) {
        node.process().kill();
        lans.leave(node);
    }

    /** @return every node started so far (crashed ones included) */
    public List<SimNode> nodes() {
        return nodes.all();
    }

    /** @return the live nodes of a site, oldest first */
    public List<SimNode> nodes(String site) {
        return lans.members(site);
    }

    /** @return the live delegate of a site, if any */
    public Optional<SimNode> delegateOf(String site) {
        return nodes(site).stream().filter(n -> n.alive() && n.isDelegate()).findFirst();
    }

    /**
     * Changes a directed WAN link from now on, e.g. to move a bottleneck. Each node of {@code fromSite} that
     * already has a link towards {@code toSite} {@linkplain org.gcs.emulator.EmulatedLink#reconfigure
     * reconfigures} it at once: the bytes in its queue stay and drain at the new rate, its cross traffic goes on.
     * Links created later start with the new profile.
     *
     * @param fromSite the sending site
     * @param toSite the receiving site
     * @param profile the new link
     */
    public void setLink(String fromSite, String toSite, org.gcs.emulator.LinkProfile profile) {
        wan.setLink(fromSite, toSite, profile);
    }

    /**
     * Puts scheduled link changes (such as {@link Topology#schedule()}) on the virtual clock: each one calls
     * {@link #setLink} at {@code originNs + atNs} (at once if that time has passed). Changes due at the same time
     * apply in the list's order.
     *
     * @param changes the changes
     * @param originNs the virtual time their {@code atNs} count from
     */
    public void scheduleLinkChanges(List<LinkChange> changes, long originNs) {
        wan.scheduleLinkChanges(changes, originNs);
    }

    /**
     * Sets the filter that decides which WAN datagrams reach their emulated links (none by default: all do).
     *
     * @param filter the filter, or null for none
     */
    public void setWanFilter(WanFilter filter) {
        wan.setFilter(filter);
    }

    /** @return WAN datagrams the {@link WanFilter} refused so far */
    public long filteredDatagrams() {
        return wan.filteredDatagrams();
    }

    /**
     * The bytes queued now in the emulated link from the current live delegate of {@code fromSite} to
     * {@code toSite}, cross traffic included.
     *
     * @return the backlog, or 0 if the site has no live delegate or the delegate has not sent there yet
     */
    public long linkBacklogBytes(String fromSite, String toSite) {
        return delegateOf(fromSite).map(node -> node.wan().linkBacklogBytes(toSite)).orElse(0L);
    }

    /**
     * The counters of the emulated links from {@code fromSite} to {@code toSite}, summed over every node of
     * {@code fromSite} started so far (each node that was delegate has its own link, with its own cross-traffic
     * streams). Cross-traffic counts cover the time up to now.
     *
     * @return the sums; zero if no node of the site has sent there
     */
    public LinkCounters linkCounters(String fromSite, String toSite) {
        return wan.linkCounters(fromSite, toSite);
    }

    /** @return the largest WAN datagram any node sent so far, in bytes */
    public int largestWanDatagramBytes() {
        return wan.largestDatagramBytes();
    }

    /** @return WAN datagrams sent so far that exceeded their sender's {@code max.datagram.bytes} */
    public long wanDatagramsOverLimit() {
        return wan.datagramsOverLimit();
    }

    /** @return the simulated wall clock: {@link #EPOCH_MILLIS_AT_ZERO} plus the virtual time, in epoch milliseconds */
    public long epochMillis() {
        return EPOCH_MILLIS_AT_ZERO + clock.nowNs() / 1_000_000L;
    }

    /**
     * @param tap sees every WAN datagram that arrives at a node, as bytes (to record and replay them in tests), or null
     */
    public void setWanTap(WanTap tap) {
        wan.setTap(tap);
    }

    /**
     * Hands raw bytes to a node's WAN receive path now, as if they came from {@code from} (a replayed or forged
     * datagram in a test).
     *
     * @param target the receiving node
     * @param from the source address the datagram claims
     * @param datagram the bytes
     */
    public void injectWan(SimNode target, org.gcs.alm.overlay.DelegateAddress from, byte[] datagram) {
        target.process().receiveWan(from, datagram.clone());
    }

    SimOptions options() {
        return options;
    }

    /** @return the WAN: link profiles, cross traffic, filter, tap and datagram sizes */
    SimWan wan() {
        return wan;
    }

    /** @return the node with this WAN address, or null */
    SimNode nodeAt(DelegateAddress address) {
        return nodes.at(address);
    }

    /** Multicasts LAN bytes from a node to every live member of its LAN (itself included), in FIFO order. */
    void lanMulticast(SimNode from, byte[] message) {
        lans.multicast(from, message);
    }
}
