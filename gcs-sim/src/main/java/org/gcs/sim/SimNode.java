package org.gcs.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.gcs.GroupMessage;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.Names;
import org.gcs.alm.overlay.DelegateAddress;
import org.gcs.emulator.EmulatedLink;
import org.gcs.internal.engine.EngineIo;
import org.gcs.internal.engine.EngineSettings;
import org.gcs.internal.engine.LanView;
import org.gcs.internal.engine.NodeEngine;
import org.gcs.internal.engine.ProtocolMetrics;
import org.gcs.internal.engine.SendRequest;
import org.gcs.internal.wire.LanBundle;
import org.gcs.internal.wire.LanCodec;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.MalformedDatagramException;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.WanEnvelope;

/**
 * One simulated node: a real {@link NodeEngine} driven by the {@link SimNetwork}'s virtual clock. It records
 * what it delivers so that tests and the lab can check exactly-once, in-order delivery.
 */
public final class SimNode {
    private final SimNetwork network;
    private final String lan;
    private final String site;
    private final String name;
    private final long incarnation;
    private final boolean delegateEligible;
    private final DelegateAddress address;
    private final NodeEngine engine;
    private long handoverRequests;
    private final SimWanPort wan;
    private final List<GroupMessage> delivered = new ArrayList<>();
    private final List<Long> deliveredAtNs = new ArrayList<>();
    private final List<GroupView> views = new ArrayList<>();
    private final List<GroupTree> trees = new ArrayList<>();
    private final List<Consumer<GroupMessage>> listeners = new ArrayList<>();
    private boolean alive = true;
    /** Stopped as by SIGSTOP: no ticks, and what arrives meanwhile is lost (see {@link SimNetwork#pause}). */
    private boolean paused;

    SimNode(SimNetwork network, String lan, String site, String name, long incarnation, boolean delegateEligible,
            DelegateAddress address, List<DelegateAddress> seeds, SimOptions options) {
        Names.requireValid("site", site);
        Names.requireValid("member", name);
        this.network = network;
        this.lan = lan;
        this.site = site;
        this.name = name;
        this.incarnation = incarnation;
        this.delegateEligible = delegateEligible;
        this.address = address;
        EngineSettings settings = new EngineSettings(site, name, incarnation, delegateEligible, options.heartbeatNs(),
                options.siteTimeoutNs(), options.maxDatagramBytes(), options.sendWindowBytes(), options.flowSettings(),
                seeds, address, options.treeStrategy(), options.maxFanOut(), options.probeIntervalNs(),
                options.treeRefreshNs(), network.congestionControl(), options.seed() * 1_000_003L + incarnation,
                options.transport());
        this.engine = new NodeEngine(settings, new Io(), new ProtocolMetrics() {
            @Override
            public void handoverRequested(String member, long nowNs) {
                handoverRequests++;
            }
        });
        long senderId = new java.util.SplittableRandom(options.seed() * 1_000_003L + incarnation).nextLong();
        this.wan = new SimWanPort(network, site, name, address, senderId);
    }

    /** @return WAN datagrams this node dropped for a reason (replays, stale send times) */
    public long wanDropped(DropReason reason) {
        return wan.dropped(reason);
    }

    /** @return the member identity */
    public MemberId id() {
        return new MemberId(site, name);
    }

    /** @return the site */
    public String site() {
        return site;
    }

    /** @return the member name */
    public String name() {
        return name;
    }

    long incarnation() {
        return incarnation;
    }

    boolean delegateEligible() {
        return delegateEligible;
    }

    DelegateAddress address() {
        return address;
    }

    /** @return false once crashed or stopped */
    public boolean alive() {
        return alive;
    }

    /** @return true while this node is its site's delegate */
    public boolean isDelegate() {
        return alive && engine.isDelegate();
    }

    /** @return how often this node, as delegate, asked a member to hand over again (a hand-over it missed) */
    public long handoverRequests() {
        return handoverRequests;
    }

    /** Joins a group. */
    public void join(String group) {
        engine.join(Names.requireValid("group", group), network.nowNs());
    }

    /** Leaves a group. */
    public void leave(String group) {
        engine.leave(group, network.nowNs());
    }

    /**
     * Sends a message (queued behind earlier sends if the window is full).
     *
     * @return a handle telling when the message was admitted
     */
    public Send send(String group, byte[] payload) {
        if (!engine.joinedGroups().contains(group)) {
            throw new IllegalStateException(id() + " has not joined " + group);
        }
        Send send = new Send();
        engine.submit(new SendRequest(group, payload, network.nowNs() / 1000, send), network.nowNs());
        return send;
    }

    /** Adds a listener called on every delivery. */
    public void onMessage(Consumer<GroupMessage> listener) {
        listeners.add(listener);
    }

    /**
     * Stops or resumes keeping the deliveries, installed views and trees for {@link #delivered()}, {@link #views()}
     * and {@link #trees()} (listeners are called either way; {@link #view} and {@link #tree} still answer). Large runs count with a listener instead:
     * 511 members keeping 8 000 messages of 1 KB each hold 4 GB, and the views of 512 sites forming a group one site
     * at a time hold 67 million member ids.
     *
     * @param keep whether to keep what is delivered and installed from now on
     */
    public void keepHistory(boolean keep) {
        keepHistory = keep;
    }

    private boolean keepHistory = true;

    /** @return every message delivered so far, in delivery order (while {@link #keepHistory kept}) */
    public List<GroupMessage> delivered() {
        return delivered;
    }

    /**
     * @return payload bytes of messages from other members delivered between two virtual times
     */
    public long deliveredBytesBetween(long fromNs, long toNs) {
        long bytes = 0;
        for (int i = 0; i < delivered.size(); i++) {
            long at = deliveredAtNs.get(i);
            if (at >= fromNs && at < toNs && !delivered.get(i).sender().equals(id())) {
                bytes += delivered.get(i).payload().length;
            }
        }
        return bytes;
    }

    /** @return every view installed so far */
    public List<GroupView> views() {
        return views;
    }

    /** @return the current view of a group */
    public Optional<GroupView> view(String group) {
        return engine.view(group);
    }

    /** @return the current multicast tree of a joined group */
    public Optional<GroupTree> tree(String group) {
        return engine.tree(group);
    }

    /** @return every tree reported so far, in order */
    public List<GroupTree> trees() {
        return trees;
    }

    /** @return the version of the tree plan this node knows, 0 if none */
    public long treeVersion() {
        return engine.treeVersion();
    }

    /** @return the congestion state of this site's flows while this node is the delegate */
    public List<org.gcs.FlowStatus> flows() {
        return alive ? engine.flows() : List.of();
    }

    /** @return what the congestion monitors of the incoming flows measure while this node is the delegate */
    public List<org.gcs.ReceivingFlowStatus> receivingFlows() {
        return alive ? engine.receivingFlows() : List.of();
    }

    /** @return the hop-by-hop links to and from each tree neighbour while this node is the delegate (none end to end) */
    public List<org.gcs.internal.engine.HopLinkStatus> hopLinks() {
        return alive ? engine.hopLinks() : List.of();
    }

    /**
     * @return this member's admission state per group it sends to (cost-benefit: {@code budgetDollars},
     *     {@code salaryPeriodSeconds}, {@code priceDollarsPerPacket}); empty for schemes without such state
     */
    public java.util.Map<String, java.util.Map<String, Double>> admissionStates() {
        return engine.admissionStates();
    }

    /**
     * The peak occupancy of each outgoing hop-by-hop link's output buffer (the packets not yet sent, which seed 000
     * prices) since the previous call: the "maximum buffer size over the last sampling period" of seed 000's Fig. 5.
     *
     * @return the peaks by neighbour site while this node is the delegate (empty end to end)
     */
    public java.util.Map<String, Integer> takeHopWaitingPeaks() {
        return alive ? engine.takeHopWaitingPeaks() : java.util.Map.of();
    }

    /**
     * @return packets this delegate received again and dropped: by its incoming flows (flow sequence), and on the
     *     hop-by-hop transport before copy-out (packets it had relayed before, such as a backup replay)
     */
    public long duplicatesDropped() {
        if (!alive) {
            return 0;
        }
        long relayed = 0;
        for (org.gcs.internal.engine.HopLinkStatus link : engine.hopLinks()) {
            relayed += link.duplicatesDropped();
        }
        return engine.flowDuplicates() + relayed;
    }

    /** @return the rate the delegate granted this node for a group (+∞ before the first grant or if unlimited) */
    public double grantFor(String group) {
        return engine.grant(group).flatMap(g -> g.shares().stream()
                        .filter(s -> s.member().equals(name) && s.incarnation() == incarnation).findFirst())
                .map(s -> s.rateBytesPerSec() == Long.MAX_VALUE ? Double.POSITIVE_INFINITY : (double) s.rateBytesPerSec())
                .orElse(Double.POSITIVE_INFINITY);
    }

    /** @return payload bytes of this node's sends still waiting for admission */
    public long waitingBytes() {
        return engine.waitingBytes();
    }

    /** @return payload bytes sent and not yet stable */
    public long unstableBytes() {
        return engine.unstableBytes();
    }

    /** @return true if everything this node sent is stable */
    public boolean sendIdle() {
        return engine.sendIdle();
    }

    /** @return the live remote sites this node knows while delegate */
    public List<String> remoteSites() {
        return engine.remoteSites();
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

    /**
     * @return the site names this node, if it is the delegate, sees announced by two delegates at once (its own
     *     included while a peer warns of it)
     */
    public java.util.Set<String> conflictedSites() {
        return engine.conflictedSites(network.nowNs());
    }

    /** @return the simulated LAN this node is in (its site's name unless started with {@code startInLan}) */
    String lan() {
        return lan;
    }

    void kill() {
        alive = false;
    }

    void setPaused(boolean paused) {
        this.paused = paused;
    }

    /** Tells the engine it was stalled, as the Netty driver does when its tick comes seconds late. */
    void stalled() {
        engine.onStalled(network.nowNs());
    }

    boolean paused() {
        return paused;
    }

    void tickLoop() {
        if (!alive) {
            return;
        }
        if (!paused) {
            engine.onTick(network.nowNs());
        }
        network.clock().after(network.options().tickNs(), this::tickLoop);
    }

    void receiveLan(byte[] bytes) {
        if (!alive || paused) {
            return;
        }
        try {
            // as LanInbox reads what JGroups delivers: a bundle's messages one by one, anything else as one message
            if (LanBundle.isBundle(bytes, 0, bytes.length)) {
                LanBundle.forEach(bytes, 0, bytes.length, this::receiveOneLanMessage);
            } else {
                receiveOneLanMessage(bytes, 0, bytes.length);
            }
        } catch (MalformedDatagramException e) {
            throw new IllegalStateException("simulated LAN carried a malformed message", e);
        }
    }

    private void receiveOneLanMessage(byte[] bytes, int offset, int length) {
        try {
            engine.onLanMessage(LanCodec.decode(bytes, offset, length), network.nowNs());
        } catch (MalformedDatagramException e) {
            throw new IllegalStateException("simulated LAN carried a malformed message", e);
        }
    }

    void receiveView(LanView view) {
        if (alive && !paused) {
            engine.onLanView(view, network.nowNs());
        }
    }

    void receiveWan(DelegateAddress from, byte[] datagram) {
        if (!alive || paused) {
            return;
        }
        WanEnvelope envelope = wan.receive(datagram);
        if (envelope != null) {
            engine.onWanDatagram(from, envelope, network.nowNs());
        }
    }

    /** @return this node's WAN side: its codec and its emulated links */
    SimWanPort wan() {
        return wan;
    }

    /** @return this node's link towards a site, if it has sent there */
    Optional<EmulatedLink> existingLink(String toSite) {
        return wan.existingLink(toSite);
    }

    /** A send's admission, as observed by the caller. */
    public static final class Send {
        private boolean admitted;
        private long admittedAtNs = -1;

        /** @return true once the message entered the send window */
        public boolean admitted() {
            return admitted;
        }

        /** @return the virtual time of admission, or -1 while waiting */
        public long admittedAtNs() {
            return admittedAtNs;
        }
    }

    private final class Io implements EngineIo {
        @Override
        public void lanSend(LanMessage message) {
            network.lanMulticast(SimNode.this, LanCodec.encode(message));
        }

        @Override
        public void wanSend(String toSite, DelegateAddress to, WanEnvelope envelope) {
            SimNode target = network.nodeAt(to);
            if (target != null) {
                wan.send(target, envelope);
            }
        }

        @Override
        public void deliver(GroupMessage message, long sentEpochMicros) {
            if (keepHistory) {
                delivered.add(message);
                deliveredAtNs.add(network.nowNs());
            }
            for (Consumer<GroupMessage> listener : listeners) {
                listener.accept(message);
            }
        }

        @Override
        public void viewChanged(GroupView view) {
            if (keepHistory) {
                views.add(view);
            }
        }

        @Override
        public void treeChanged(GroupTree tree) {
            if (keepHistory) {
                trees.add(tree);
            }
        }

        @Override
        public void admitted(SendRequest request) {
            Send send = (Send) request.completion();
            send.admitted = true;
            send.admittedAtNs = network.nowNs();
        }

        @Override
        public void delegateChanged(MemberId delegate, boolean self) {
        }
    }

    @Override
    public String toString() {
        return "SimNode[" + id() + (alive ? "" : " dead") + (isDelegate() ? " delegate" : "") + "]";
    }
}
