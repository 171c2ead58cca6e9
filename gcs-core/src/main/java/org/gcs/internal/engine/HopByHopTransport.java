package org.gcs.internal.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.gcs.cc.link.BackupBuffer;
import org.gcs.cc.link.LinkAck;
import org.gcs.cc.link.LinkData;
import org.gcs.cc.link.LinkInput;
import org.gcs.cc.link.LinkReceiver;
import org.gcs.cc.link.LinkRelay;
import org.gcs.cc.link.LinkSender;
import org.gcs.cc.link.LinkSettings;
import org.gcs.internal.flow.ReceiverRtts;
import org.gcs.internal.wire.DropReason;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.HopAck;
import org.gcs.internal.wire.WanPacket.HopData;
import org.gcs.HopLinkStatus;

/**
 * The hop-by-hop transport (seeds 001 and 003; architecture §5b): one reliable, back-pressured link per directed
 * tree edge, over the authenticated WAN socket, built from gcs-cc's {@code link} parts.
 *
 * <ul>
 *   <li>The sending delegate's first transmissions wait in a source queue and are copied out like relayed packets:
 *       to every next hop's output buffer at once, or not yet. The queue is bounded by the members' send windows
 *       (a packet stays unstable until every receiving site acknowledges it end to end), which is how
 *       back-pressure reaches the senders.</li>
 *   <li>A frame from a neighbour enters that neighbour's input buffer; its copy-out ({@link LinkRelay}) goes to the
 *       next hops of the group's tree away from that neighbour, to the local site's receiver and to the backup
 *       buffer, and only then returns the credit upstream.</li>
 *   <li>Each link instance has an epoch: this delegate's term in the high bits and a counter. A neighbour whose
 *       delegate changed gets a new link (frames from 1 again), and every new outgoing link first carries this
 *       delegate's backup buffer, the packets of it that the current tree sends that way (seed 001 §II-D);
 *       receivers drop what they already have by flow sequence.</li>
 *   <li>Repairs stay end to end (NAK, point to point, as plain Data): the fallback for what a stall timeout or a
 *       failure loses.</li>
 * </ul>
 * Sans-IO like the rest of the engine: the delegate brings the frames and the time, and this class sends through
 * {@link OverlayMembership}.
 */
final class HopByHopTransport implements DataTransport {
    /** The link header a HopData adds to a Data: link epoch and link sequence number. */
    static final int FRAMING_BYTES = 16;
    private static final int EPOCH_COUNTER_BITS = 20;

    private final String site;
    private final TreeOverlay overlay;
    private final OverlayMembership sites;
    private final ProtocolMetrics metrics;
    private final LinkSettings linkSettings;
    private final long stallTimeoutNs;
    private final BackupBuffer<Hop> backup;
    private final long epochBase;
    private final Map<String, Peer> peers = new TreeMap<>();
    private final SourceQueue source = new SourceQueue();
    private final LinkRelay<Hop> sourceRelay;
    private final List<LinkData<Hop>> frames = new ArrayList<>();
    private final RelayedSequences relayed = new RelayedSequences();
    private LocalDelivery localDelivery = (data, nowNs) -> { };
    private QueueObserver queueObserver = (peer, waitingPackets, nowNs) -> { };
    private int epochCounter;
    private int turn;
    private long latestNs;

    /**
     * A packet in a buffer, with the neighbour it came from ("" for this site's own): a new link's backup replay
     * must not send a packet back the way it came.
     */
    private record Hop(Data data, String fromSite) {
    }

    /** A neighbour: the link to it and the link from it. */
    private final class Peer {
        final String name;
        LinkSender<Hop> out;
        long outEpoch;
        LinkReceiver<Hop> in;
        long inEpoch = -1;
        LinkRelay<Hop> relay;
        /** Packets a new link carries before anything else: the backup, then what the link it replaces had not delivered. */
        final ArrayDeque<Hop> replay = new ArrayDeque<>();
        long replayedPackets;
        /** Retransmissions and stall drops of the link instances this peer's current ones replaced. */
        long retransmissionsBefore;
        long stallDropsBefore;
        /**
         * What the replaced link from this neighbour had delivered in order and this delegate had not copied out yet:
         * it acknowledged those packets, so no upstream keeps them for it; they go out before the new link's.
         */
        final ArrayDeque<Hop> carried = new ArrayDeque<>();
        /** Packets from this neighbour dropped because this delegate had copied them out already (replays). */
        long duplicatesDropped;
        /** The most packets waiting in the output buffer after a pump since {@link #takeWaitingPeaks} last ran. */
        int waitingPeak;
        /**
         * The input copy-out takes from: the carried packets, then the current link's; packets this delegate copied
         * out before (a backup replay from upstream) are dropped here, so they go no further.
         */
        final LinkInput<Hop> input = new LinkInput<>() {
            @Override
            public Hop peek() {
                Hop head = carried.isEmpty() ? in.peek() : carried.peekFirst();
                while (head != null && relayed.copiedBefore(head.data())) {
                    pollHead(latestNs);
                    duplicatesDropped++;
                    head = carried.isEmpty() ? in.peek() : carried.peekFirst();
                }
                return head;
            }

            @Override
            public Hop take(long nowNs) {
                Hop head = pollHead(nowNs);
                relayed.copied(head.data());
                return head;
            }

            private Hop pollHead(long nowNs) {
                return carried.isEmpty() ? in.take(nowNs) : carried.pollFirst();
            }
        };

        Peer(String name) {
            this.name = name;
        }

        LinkSender<Hop> output() {
            if (out == null) {
                out = new LinkSender<>(linkSettings);
                outEpoch = epochBase | (epochCounter++ & ((1L << EPOCH_COUNTER_BITS) - 1));
                replay.clear();
                queueBackupReplay(this);
            }
            return out;
        }

        /** Moves replay packets into the output buffer while it has room; relays see it full until none is left. */
        void drainReplay() {
            while (out != null && !replay.isEmpty() && out.hasRoom()) {
                out.offer(replay.pollFirst());
                replayedPackets++;
            }
        }
    }

    /** The sending delegate's own first transmissions, waiting for room in the output buffers. */
    private static final class SourceQueue implements LinkInput<Hop> {
        private final ArrayDeque<Hop> packets = new ArrayDeque<>();

        @Override
        public Hop peek() {
            return packets.peekFirst();
        }

        @Override
        public Hop take(long nowNs) {
            Hop head = packets.pollFirst();
            if (head == null) {
                throw new IllegalStateException("no packet waiting");
            }
            return head;
        }
    }

    /**
     * @param site this site
     * @param term this delegate's term (the high bits of its link epochs)
     * @param overlay the tree plans
     * @param sites the other sites, and the WAN
     * @param metrics the protocol's counters
     * @param linkSettings every link's settings
     * @param stallTimeoutNs how long a copy-out may wait for a full output before it drops for it
     * @param backupPackets B_back
     */
    HopByHopTransport(String site, long term, TreeOverlay overlay, OverlayMembership sites, ProtocolMetrics metrics,
                      LinkSettings linkSettings, long stallTimeoutNs, int backupPackets) {
        this.site = site;
        this.overlay = overlay;
        this.sites = sites;
        this.metrics = metrics;
        this.linkSettings = linkSettings;
        this.stallTimeoutNs = stallTimeoutNs;
        this.backup = new BackupBuffer<>(backupPackets);
        this.epochBase = term << EPOCH_COUNTER_BITS;
        this.sourceRelay = new LinkRelay<>(stallTimeoutNs, backup);
    }

    /** Where a relayed packet goes in this site. */
    interface LocalDelivery {
        /**
         * @param data the packet
         * @param nowNs the current time
         */
        void deliver(Data data, long nowNs);
    }

    /** Hears how many packets wait in each outgoing link's output buffer (seed 000 prices them). */
    interface QueueObserver {
        /**
         * @param peer the neighbour the link leads to
         * @param waitingPackets packets in its output buffer not yet sent
         * @param nowNs the current time
         */
        void onQueue(String peer, int waitingPackets, long nowNs);
    }

    /** @param observer hears the output buffers' waiting packets after every pump */
    void observeQueues(QueueObserver observer) {
        this.queueObserver = observer;
    }

    /** @param delivery where a relayed packet goes in this site (the incoming flows) */
    void deliverLocallyTo(LocalDelivery delivery) {
        this.localDelivery = delivery;
    }

    @Override
    public void sendFirst(Data packet, ReceiverRtts receiverSrttNs) {
        boolean viaTree = overlay.inPlan(site);
        if (viaTree) {
            source.packets.addLast(new Hop(packet, ""));
        }
        receiverSrttNs.forEach((receiver, srttNs) -> {
            if (!viaTree || !overlay.inPlan(receiver)) {
                sites.send(receiver, packet.forReceiver(receiver, srttNs, false)); // outside the plan: end to end
            }
        });
        pump(latestNs);
    }

    /** Plain Data between hop-by-hop delegates is a repair or a direct send: the receiver takes it, nobody relays. */
    @Override
    public void relay(String fromSite, Data packet) {
    }

    @Override
    public boolean onLinkFrame(String fromSite, WanPacket frame, long nowNs) {
        latestNs = Math.max(latestNs, nowNs);
        Peer peer = peers.computeIfAbsent(fromSite, Peer::new);
        if (frame instanceof HopData data) {
            if (data.linkEpoch() < peer.inEpoch) {
                metrics.wanDropped(DropReason.STALE); // a frame of a link instance that was replaced
                return true;
            }
            if (data.linkEpoch() != peer.inEpoch) {
                peer.stallDropsBefore += peer.relay == null ? 0 : peer.relay.stallDrops();
                while (peer.in != null && peer.in.peek() != null) {
                    peer.carried.addLast(peer.in.take(nowNs));
                }
                peer.in = new LinkReceiver<>(linkSettings);
                peer.inEpoch = data.linkEpoch();
                peer.relay = new LinkRelay<>(stallTimeoutNs, backup);
            }
            peer.in.onData(new LinkData<>(data.linkSeq(), new Hop(data.data().forwarded(), fromSite)), nowNs);
        } else if (frame instanceof HopAck ack && peer.out != null && ack.linkEpoch() == peer.outEpoch) {
            peer.out.onAck(ack.ack(), nowNs);
        }
        pump(nowNs);
        return true;
    }

    @Override
    public void onTick(long nowNs) {
        latestNs = Math.max(latestNs, nowNs);
        pump(nowNs);
    }

    /** A neighbour's delegate changed: the link to it starts over, with this delegate's backup first. */
    @Override
    public void onPeerRestarted(String peerSite, long nowNs) {
        Peer peer = peers.get(peerSite);
        if (peer != null && peer.out != null) {
            List<Hop> pending = new ArrayList<>(peer.replay);
            pending.addAll(peer.out.unacknowledged());
            peer.retransmissionsBefore += peer.out.retransmissions();
            peer.out = null; // the new delegate knows nothing of our link; its own links to us come with new epochs
            peer.output();
            java.util.Set<Hop> queued = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
            queued.addAll(peer.replay);
            for (Hop hop : pending) {
                if (queued.add(hop)) {
                    peer.replay.addLast(hop); // the old link's undelivered packets that the backup no longer holds
                }
            }
        }
    }

    @Override
    public void forget(String peerSite) {
        peers.remove(peerSite);
    }

    /** @return a snapshot of the links to and from every neighbour, by site name */
    @Override
    public List<HopLinkStatus> linkStatuses() {
        List<HopLinkStatus> statuses = new ArrayList<>(peers.size());
        for (Peer peer : peers.values()) {
            LinkSender<Hop> out = peer.out;
            long stallDrops = peer.stallDropsBefore + (peer.relay == null ? 0 : peer.relay.stallDrops());
            statuses.add(new HopLinkStatus(peer.name, out == null ? 0 : out.bufferedPackets(),
                    out == null ? 0 : out.waitingPackets(), peer.replay.size(),
                    peer.carried.size() + (peer.in == null ? 0 : peer.in.heldPackets()), out == null ? 0 : out.windowPackets(),
                    out == null ? 0 : out.smoothedRttNs(),
                    peer.retransmissionsBefore + (out == null ? 0 : out.retransmissions()), peer.replayedPackets,
                    stallDrops, peer.duplicatesDropped));
        }
        return statuses;
    }

    @Override
    public Map<String, Integer> takeWaitingPeaks() {
        Map<String, Integer> peaks = new TreeMap<>();
        for (Peer peer : peers.values()) {
            if (peer.out != null) {
                peaks.put(peer.name, peer.waitingPeak);
                peer.waitingPeak = peer.out.waitingPackets();
            }
        }
        return peaks;
    }

    /** @return packets in this delegate's backup buffer (B_back at most) */
    @Override
    public int backupPackets() {
        return backup.size();
    }

    @Override
    public int framingBytes() {
        return FRAMING_BYTES;
    }

    /** Copies out what the outputs allow, then sends every link's frames and acknowledgements. */
    private void pump(long nowNs) {
        latestNs = Math.max(latestNs, nowNs);
        for (Peer peer : peers.values()) {
            peer.drainReplay();
        }
        copyOutInTurn(nowNs);
        sendFrames(nowNs);
        for (Peer peer : peers.values()) {
            if (peer.out != null) {
                int waiting = peer.out.waitingPackets();
                peer.waitingPeak = Math.max(peer.waitingPeak, waiting);
                queueObserver.onQueue(peer.name, waiting, nowNs);
            }
        }
    }

    /**
     * One packet from each input in turn (this site's own packets counting as one input), starting one further
     * along at each call, until none moves: inputs that compete for one output share it, and none waits behind
     * another until its stall timeout.
     */
    private void copyOutInTurn(long nowNs) {
        List<Peer> inputs = new ArrayList<>(peers.size());
        for (Peer peer : peers.values()) {
            if (peer.in != null) {
                inputs.add(peer);
            }
        }
        int turns = inputs.size() + 1;
        int first = Math.floorMod(turn++, turns);
        boolean moved = true;
        while (moved) {
            moved = false;
            for (int i = 0; i < turns; i++) {
                int k = (first + i) % turns;
                if (k == inputs.size()) {
                    moved |= sourceRelay.copyOut(source, this::nextHopsOfOwn, hop -> { }, nowNs, 1) > 0;
                } else {
                    Peer peer = inputs.get(k);
                    moved |= peer.relay.copyOut(peer.input, this::nextHopsOfRelayed, this::deliver, nowNs, 1) > 0;
                }
            }
        }
    }

    private void sendFrames(long nowNs) {
        for (Peer peer : peers.values()) {
            if (peer.out != null) {
                frames.clear();
                peer.out.poll(nowNs, frames);
                for (LinkData<Hop> frame : frames) {
                    sites.send(peer.name, new HopData(peer.outEpoch, frame.seq(), frame.payload().data()));
                }
            }
            if (peer.in != null) {
                LinkAck ack = peer.in.pollAck(nowNs);
                if (ack != null) {
                    sites.send(peer.name, new HopAck(peer.inEpoch, ack));
                }
            }
        }
    }

    private void deliver(Hop hop) {
        if (!hop.data().srcSite().equals(site)) {
            localDelivery.deliver(hop.data(), latestNs);
        }
    }

    private List<LinkSender<Hop>> nextHopsOfOwn(Hop hop) {
        return outputs(overlay.nextHops(site, null, sites.memberSites(hop.data().group())));
    }

    private List<LinkSender<Hop>> nextHopsOfRelayed(Hop hop) {
        Data packet = hop.data();
        if (packet.srcSite().equals(site) || packet.hops() >= Data.MAX_HOPS) {
            return List.of(); // our own packet coming back (plans briefly disagree), or a loop
        }
        return outputs(overlay.nextHops(packet.srcSite(), hop.fromSite(), sites.memberSites(packet.group())));
    }

    private List<LinkSender<Hop>> outputs(List<String> hops) {
        List<LinkSender<Hop>> outputs = new ArrayList<>(hops.size());
        for (String hop : hops) {
            outputs.add(peers.computeIfAbsent(hop, Peer::new).output());
        }
        return outputs;
    }

    /**
     * A new link to a neighbour carries, first, the backup packets the current tree sends that way (seed 001 §II-D:
     * the new upstream replays its backup; the receivers drop by flow sequence what they already have).
     */
    private void queueBackupReplay(Peer peer) {
        for (Hop hop : backup.replay()) {
            Data packet = hop.data();
            if (!peer.name.equals(hop.fromSite()) && overlay.nextHops(packet.srcSite(), hop.fromSite(),
                    sites.memberSites(packet.group())).contains(peer.name)) {
                peer.replay.addLast(hop);
            }
        }
    }
}
