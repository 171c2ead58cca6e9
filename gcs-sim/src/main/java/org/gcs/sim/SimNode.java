package org.gcs.sim;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.gcs.GcsConfig;
import org.gcs.GroupMember;
import org.gcs.GroupMessage;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.MemberStatus;
import org.gcs.MessageListener;
import org.gcs.Names;
import org.gcs.NotJoinedException;
import org.gcs.Registration;
import org.gcs.TreeListener;
import org.gcs.ViewListener;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.driver.SansIoEngine;

/**
 * One simulated node: GCS's protocol engine ({@link SansIoEngine}, built from the node's {@link GcsConfig} as a real
 * node's is) driven by the {@link SimNetwork}'s virtual clock. It is a {@link GroupMember} like a real node, and it
 * also records what it delivers, installs and sees, so that tests and the lab can check exactly-once, in-order
 * delivery.
 */
public final class SimNode implements GroupMember {
    private final SimNetwork network;
    private final String lan;
    private final GcsConfig config;
    private final long incarnation;
    private final DelegateAddress address;
    private final SansIoEngine engine;
    private final SimWanPort wan;
    private final SimRecorder recorder = new SimRecorder();
    private final SimEngineIo io;
    private final SimProcess process;

    /**
     * @param network the network
     * @param lan the simulated LAN it is in
     * @param config the node's configuration, its WAN address and seeds as the network names them
     * @param incarnation its incarnation, unique in the network
     * @param address its WAN address
     */
    SimNode(SimNetwork network, String lan, GcsConfig config, long incarnation, DelegateAddress address) {
        this.network = network;
        this.lan = lan;
        this.config = config;
        this.incarnation = incarnation;
        this.address = address;
        this.wan = new SimWanPort(network, network.wan(), config.site(), config.memberName(), address,
                config.maxDatagramBytes());
        this.io = new SimEngineIo(network, this, wan, recorder);
        long seed = network.options().seed() * 1_000_003L + incarnation;
        long senderId = new java.util.SplittableRandom(seed).nextLong();
        this.engine = SansIoEngine.create(config, incarnation, seed, senderId, io);
        this.process = new SimProcess(network, engine, wan, config.tickInterval().toNanos());
    }

    /** @return the node's configuration */
    public GcsConfig config() {
        return config;
    }

    /**
     * @param reason a tag of {@code gcs.wan.datagrams.dropped}, such as {@code replayed} or {@code stale-time}
     * @return WAN datagrams this node dropped for that reason
     */
    public long wanDropped(String reason) {
        return wan.dropped(reason);
    }

    @Override
    public MemberId self() {
        return new MemberId(config.site(), config.memberName());
    }

    /** @return the member identity (the same as {@link #self()}) */
    public MemberId id() {
        return self();
    }

    /** @return the site */
    public String site() {
        return config.site();
    }

    /** @return the member name */
    public String name() {
        return config.memberName();
    }

    long incarnation() {
        return incarnation;
    }

    boolean delegateEligible() {
        return config.delegateEligible();
    }

    DelegateAddress address() {
        return address;
    }

    /** @return how many protocol ticks this node's engine has had (a quiet member's come every 100 ms) */
    public long ticks() {
        return process.ticks();
    }

    /** @return false once crashed or stopped */
    public boolean alive() {
        return process.alive();
    }

    @Override
    public boolean isDelegate() {
        return process.alive() && engine.isDelegate();
    }

    @Override
    public Optional<MemberId> delegate() {
        return engine.delegate();
    }

    /** @return how often this node, as delegate, asked a member to hand over again (a hand-over it missed) */
    public long handoverRequests() {
        return io.handoverRequests();
    }

    /** @return how often this node, as delegate, found two delegates announcing one site name (gcs.sites.conflicts) */
    public long siteConflicts() {
        return io.siteConflicts();
    }

    /**
     * @return how often this node, as delegate, heard a replaced delegate speak for its site again or learned that it
     *     was one itself (gcs.sites.superseded)
     */
    public long supersededDelegates() {
        return io.supersededDelegates();
    }

    @Override
    public void join(String group) {
        engine.join(Names.requireValid("group", group), network.nowNs());
    }

    @Override
    public void leave(String group) {
        engine.leave(group, network.nowNs());
    }

    @Override
    public Set<String> groups() {
        return engine.joinedGroups();
    }

    /**
     * Sends a message (queued behind earlier sends if the window is full).
     *
     * @return a handle telling when the message was admitted
     * @throws NotJoinedException if the group was not joined
     */
    public Send send(String group, byte[] payload) {
        if (!engine.joinedGroups().contains(group)) {
            throw new NotJoinedException(group);
        }
        Send send = new Send();
        engine.send(group, payload, network.nowNs() / 1000, send, network.nowNs());
        return send;
    }

    @Override
    public Send sendAsync(String group, byte[] payload) {
        return send(group, payload);
    }

    @Override
    public Registration onMessage(MessageListener listener) {
        return recorder.onMessage(listener);
    }

    @Override
    public Registration onView(ViewListener listener) {
        return recorder.onView(listener);
    }

    @Override
    public Registration onTree(TreeListener listener) {
        return recorder.onTree(listener);
    }

    /**
     * Stops or resumes keeping the deliveries, installed views and trees for {@link #delivered()}, {@link #views()}
     * and {@link #trees()} (listeners are called either way; {@link #view} and {@link #tree} still answer). Large
     * runs count with a listener instead: 511 members keeping 8 000 messages of 1 KB each hold 4 GB, and the views of
     * 512 sites forming a group one site at a time hold 67 million member ids.
     *
     * @param keep whether to keep what is delivered and installed from now on
     */
    public void keepHistory(boolean keep) {
        recorder.keep(keep);
    }

    /** @return every message delivered so far, in delivery order (while {@link #keepHistory kept}) */
    public List<GroupMessage> delivered() {
        return recorder.delivered();
    }

    /**
     * @return payload bytes of messages from other members delivered between two virtual times
     */
    public long deliveredBytesBetween(long fromNs, long toNs) {
        return recorder.deliveredBytesBetween(id(), fromNs, toNs);
    }

    /** @return every view installed so far */
    public List<GroupView> views() {
        return recorder.views();
    }

    @Override
    public Optional<GroupView> view(String group) {
        return engine.view(group);
    }

    @Override
    public Optional<GroupTree> tree(String group) {
        return engine.tree(group);
    }

    /** @return every tree reported so far, in order */
    public List<GroupTree> trees() {
        return recorder.trees();
    }

    /** @return a snapshot of the engine now; empty flows, links and sites once crashed or stopped */
    @Override
    public MemberStatus status() {
        return process.alive() ? engine.status(network.nowNs()) : MemberStatus.initial(0);
    }

    /** @return the version of the tree plan this node knows, 0 if none */
    public long treeVersion() {
        return engine.status(network.nowNs()).treeVersion();
    }

    /**
     * The peak occupancy of each outgoing hop-by-hop link's output buffer (the packets not yet sent, which seed 000
     * prices) since the previous call: the "maximum buffer size over the last sampling period" of seed 000's Fig. 5.
     *
     * @return the peaks by neighbour site while this node is the delegate (empty end to end)
     */
    public Map<String, Integer> takeHopWaitingPeaks() {
        return process.alive() ? engine.takeHopWaitingPeaks() : Map.of();
    }

    /**
     * @return packets this delegate received again and dropped: by its incoming flows (flow sequence), and on the
     *     hop-by-hop transport before copy-out (packets it had relayed before, such as a backup replay)
     */
    public long duplicatesDropped() {
        return process.alive() ? engine.duplicatesDropped() : 0;
    }

    /** @return payload bytes of this node's sends still waiting for admission */
    public long waitingBytes() {
        return status().waitingBytes();
    }

    /** @return true if everything this node sent is stable */
    public boolean sendIdle() {
        return engine.sendIdle();
    }

    /** @return the live remote sites this node knows while delegate */
    public List<String> remoteSites() {
        return engine.status(network.nowNs()).remoteSites();
    }

    /** @return the smoothed RTT this delegate measured to a site for a group, or -1 */
    public long smoothedRttNs(String group, String toSite) {
        return engine.smoothedRttNs(group, toSite);
    }

    /** @return WAN datagrams this node sent (emulated losses included, those refused by the WAN filter not) */
    public long wanDatagramsSent() {
        return wan.datagramsSent();
    }

    /** @return WAN datagrams the emulated links dropped */
    public long wanDatagramsLost() {
        return wan.datagramsLost();
    }

    /** @return the simulated LAN this node is in (its site's name unless started with {@code startInLan}) */
    String lan() {
        return lan;
    }

    /** @return this node's process: whether it runs, and its engine's ticks and inputs */
    SimProcess process() {
        return process;
    }

    /** @return this node's WAN side: its emulated links */
    SimWanPort wan() {
        return wan;
    }

    /** A send's admission, as observed by the caller: the stage completes when the message enters the window. */
    public static final class Send extends CompletableFuture<Void> {
        private long admittedAtNs = -1;

        /** @return true once the message entered the send window */
        public boolean admitted() {
            return isDone();
        }

        /** @return the virtual time of admission, or -1 while waiting */
        public long admittedAtNs() {
            return admittedAtNs;
        }

        void admit(long nowNs) {
            admittedAtNs = nowNs;
            complete(null);
        }
    }

    @Override
    public String toString() {
        return "SimNode[" + id() + (process.alive() ? "" : " dead") + (isDelegate() ? " delegate" : "") + "]";
    }
}
