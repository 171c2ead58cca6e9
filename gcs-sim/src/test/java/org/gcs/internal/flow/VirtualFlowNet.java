package org.gcs.internal.flow;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import org.gcs.emulator.EmulatedLink;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.LossProfile;
import org.gcs.internal.wire.MalformedDatagramException;
import org.gcs.internal.wire.WanCodec;
import org.gcs.internal.wire.WanEnvelope;
import org.gcs.internal.wire.WanPacket;
import org.gcs.internal.wire.WanPacket.Ack;
import org.gcs.internal.wire.WanPacket.Data;
import org.gcs.internal.wire.WanPacket.Nak;
import org.gcs.internal.wire.WanPacket.Sync;

/**
 * A virtual-time WAN for one {@link MetaFlowSender} (site {@value #SRC}) and its {@link MetaFlowReceiver}s, one per
 * receiving site, for tests. Every direction of every sender-receiver pair is an {@link EmulatedLink}; packets go
 * through the real {@link WanCodec} (so payload bytes are copied, never shared) and are delivered at the time
 * {@link EmulatedLink#admit} returns. A tick every {@link #TICK_NS} first runs the {@link Workload}, then calls
 * {@code onTick} on the sender and on every live receiver. Everything derives from one seed.
 *
 * <p>A receiving site can be <em>replaced</em> (a new delegate with a new receiver object): packets in flight to
 * the old receiver are lost with it, and once the test tells the sender ({@link #resync}), feedback still in
 * flight from the old receiver is dropped as stale, as the engine does by delegate term.
 */
final class VirtualFlowNet {
    static final long MS = 1_000_000L;
    static final long S = 1_000 * MS;
    static final long TICK_NS = 5 * MS;
    static final String SRC = "a";
    static final String GROUP = "g";
    static final long EPOCH = 3;
    static final int MAX_FRAGMENT_BYTES = 1200;
    private static final byte[] KEY = "virtual-flow-net-cluster-key".getBytes(StandardCharsets.US_ASCII);

    /** A message appended to the flow. */
    record Message(String member, long incarnation, long memberSeq, byte[] payload, long firstSeq, long lastSeq,
                   long appendedNs) {
        int packets() {
            return (int) (lastSeq - firstSeq + 1);
        }

        @Override
        public String toString() {
            return member + "#" + memberSeq + "[" + firstSeq + ".." + lastSeq + ", " + payload.length + " B]";
        }
    }

    /** A message handed over by a receiver. */
    record Delivery(int generation, String member, long incarnation, long memberSeq, long firstSeq, byte[] payload,
                    long timeNs) {
    }

    /** A stable report of the sender. */
    record StableReport(String member, long incarnation, long memberSeq, long timeNs) {
    }

    private record Event(long timeNs, long order, Runnable action) {
    }

    /** One receiving site: its links, its current receiver and what happened there. */
    final class Site {
        final String name;
        final EmulatedLink dataLink;
        final EmulatedLink feedbackLink;
        MetaFlowReceiver receiver;
        int generation;
        int generationKnownToSender;
        /** Feedback (acks, NAKs) of this site never leaves it. */
        boolean feedbackSilent;
        /** First transmissions of data packets to drop on purpose (scripted loss). */
        Predicate<Data> dropFirstTransmission = d -> false;
        /** Syncs to drop on purpose (scripted loss). */
        Predicate<Sync> dropSync = s -> false;
        final List<Delivery> deliveries = new ArrayList<>();
        final List<Long> syncSentNs = new ArrayList<>();
        final List<Long> nakSentNs = new ArrayList<>();
        long retransmitsSent;
        /** When a data packet was last sent to this site (first transmission or repair). */
        long lastDataSentNs = Long.MIN_VALUE / 2;
        long maxAckAccepted;
        long ackedAtResync = -1;

        private Site(String name, LinkProfile data, LinkProfile feedback) {
            this.name = name;
            this.dataLink = new EmulatedLink(data, EmulatedLink.deriveSeed(seed, SRC, name));
            this.feedbackLink = new EmulatedLink(feedback, EmulatedLink.deriveSeed(seed, name, SRC));
            this.receiver = new MetaFlowReceiver(SRC, GROUP, EPOCH, name, settings, TestMonitors.tfrc(), TestMonitors.BLOCKS);
        }

        /** @return what the current receiver delivered */
        List<Delivery> currentDeliveries() {
            return deliveries.stream().filter(d -> d.generation == generation).toList();
        }

        MetaFlowReceiver.Output output() {
            return new ReceiverOut(this, generation);
        }

        void setPaused(boolean paused) {
            receiver.setPaused(paused, output());
        }
    }

    final FlowSettings settings = FlowSettings.defaults(TICK_NS);
    final MetaFlowSender sender = new MetaFlowSender(SRC, GROUP, EPOCH, settings);
    final List<Message> appended = new ArrayList<>();
    final List<StableReport> stable = new ArrayList<>();
    final List<String> trace = new ArrayList<>();
    private final long seed;
    private final WanCodec codec = new WanCodec(KEY);
    private final PriorityQueue<Event> events = new PriorityQueue<>(
            (x, y) -> x.timeNs != y.timeNs ? Long.compare(x.timeNs, y.timeNs) : Long.compare(x.order, y.order));
    private final Map<String, Site> sites = new LinkedHashMap<>();
    private final Map<String, Long> memberSeqs = new HashMap<>();
    private final Map<String, Message> byMemberSeq = new HashMap<>();
    private final SenderOut senderOut = new SenderOut();
    private Workload workload;
    private long now;
    private long order;
    private long unstablePackets;

    VirtualFlowNet(long seed) {
        this.seed = seed;
        schedule(0, this::tick);
    }

    static LinkProfile link(long oneWayDelayNs, LossProfile loss) {
        return new LinkProfile(oneWayDelayNs, 0, loss, 10_000_000L, 128 * 1024, false);
    }

    long now() {
        return now;
    }

    /** Creates a receiving site (not yet a receiver of the flow: see {@link #addReceiver}). */
    Site site(String name, LinkProfile data, LinkProfile feedback) {
        Site s = new Site(name, data, feedback);
        sites.put(name, s);
        return s;
    }

    Site site(String name) {
        return sites.get(name);
    }

    /** Creates the site and makes it a receiver of the flow now. */
    Site addSite(String name, LinkProfile data, LinkProfile feedback) {
        Site s = site(name, data, feedback);
        addReceiver(name);
        return s;
    }

    void addReceiver(String name) {
        trace.add(now + " add " + name);
        sender.addReceiver(name, now, senderOut);
    }

    void removeReceiver(String name) {
        trace.add(now + " remove " + name);
        sender.removeReceiver(name, senderOut);
    }

    /** A new delegate takes over at the site: a fresh receiver; the old one is gone with what is in flight to it. */
    void replaceReceiver(String name) {
        Site s = sites.get(name);
        s.generation++;
        s.receiver = new MetaFlowReceiver(SRC, GROUP, EPOCH, name, settings, TestMonitors.tfrc(), TestMonitors.BLOCKS);
        trace.add(now + " replace " + name);
    }

    /** The sender learns of the site's new delegate: older feedback is stale from now on. */
    void resync(String name) {
        Site s = sites.get(name);
        s.generationKnownToSender = s.generation;
        s.ackedAtResync = s.maxAckAccepted;
        trace.add(now + " resync " + name);
        sender.resyncReceiver(name, now, senderOut);
    }

    /** Appends one message of {@code member} now. */
    Message append(String member, byte[] payload) {
        long memberSeq = memberSeqs.merge(member, 1L, Long::sum);
        long incarnation = member.hashCode() & 0xffff;
        long first = sender.highestSeq() + 1;
        int packets = Math.max(1, (payload.length + MAX_FRAGMENT_BYTES - 1) / MAX_FRAGMENT_BYTES);
        Message m = new Message(member, incarnation, memberSeq, payload.clone(), first, first + packets - 1, now);
        // registered first: with no receivers, append reports the message stable before it returns
        appended.add(m);
        byMemberSeq.put(member + "#" + memberSeq, m);
        unstablePackets += packets;
        trace.add(now + " append " + m);
        long last = sender.append(member, incarnation, memberSeq, now / 1000, payload, MAX_FRAGMENT_BYTES, now,
                senderOut);
        if (last != m.lastSeq()) {
            throw new AssertionError("append returned " + last + ", expected " + m.lastSeq());
        }
        return m;
    }

    long unstablePackets() {
        return unstablePackets;
    }

    /** Runs {@code action} at virtual time {@code timeNs}. */
    void at(long timeNs, Runnable action) {
        schedule(timeNs, action);
    }

    /** Processes events until {@code done} holds (checked after every event) or the deadline passes. */
    boolean runUntil(BooleanSupplier done, long deadlineNs) {
        while (!done.getAsBoolean()) {
            Event e = events.peek();
            if (e == null || e.timeNs > deadlineNs) {
                return false;
            }
            events.poll();
            now = e.timeNs;
            e.action.run();
        }
        return true;
    }

    /** Processes every event up to {@code timeNs} and stops there. */
    void runUntilTime(long timeNs) {
        runUntil(() -> false, timeNs);
        now = Math.max(now, timeNs);
    }

    /** Installs a workload run at every tick. */
    Workload workload(int messages, int perTick, int windowPackets) {
        workload = new Workload(messages, perTick, windowPackets, new SplittableRandom(seed * 31 + 7));
        return workload;
    }

    /** @return true once the workload appended everything and every site's current receiver delivered it all */
    boolean everythingDeliveredAndStable() {
        if (workload != null && !workload.finished()) {
            return false;
        }
        if (stable.size() != appended.size() || sender.bufferedPackets() != 0) {
            return false;
        }
        for (Site s : sites.values()) {
            if (sender.receiverSites().contains(s.name) && s.receiver.nextSeq() <= sender.highestSeq()) {
                return false;
            }
        }
        return true;
    }

    Message message(String member, long memberSeq) {
        return byMemberSeq.get(member + "#" + memberSeq);
    }

    /** @return the appended messages whose first packet is at or after {@code seq}, in order */
    List<Message> appendedFrom(long seq) {
        return appended.stream().filter(m -> m.firstSeq >= seq).toList();
    }

    static byte[] randomPayload(SplittableRandom random, int size) {
        byte[] b = new byte[size];
        random.nextBytes(b);
        return b;
    }

    /** Message sizes: some empty, many small, some exactly at the fragment boundary, a fifth of 2 to 5 fragments. */
    static int randomSize(SplittableRandom random) {
        int p = random.nextInt(100);
        if (p < 2) {
            return 0;
        } else if (p < 42) {
            return random.nextInt(1, 301);
        } else if (p < 77) {
            return random.nextInt(301, MAX_FRAGMENT_BYTES + 1);
        } else if (p < 80) {
            return random.nextBoolean() ? MAX_FRAGMENT_BYTES : MAX_FRAGMENT_BYTES + 1;
        } else {
            return random.nextInt(MAX_FRAGMENT_BYTES + 1, 5 * MAX_FRAGMENT_BYTES + 1);
        }
    }

    // ------------------------------------------------------------------ the workload

    /**
     * Appends a fixed number of messages of two members, up to {@code perTick} per tick, while the packets not
     * yet stable stay within {@code windowPackets} (as the members' send windows would).
     */
    final class Workload {
        private final int messages;
        private final int perTick;
        private final int windowPackets;
        private final SplittableRandom random;
        private int done;
        private byte[] pending;
        private String pendingMember;

        private Workload(int messages, int perTick, int windowPackets, SplittableRandom random) {
            this.messages = messages;
            this.perTick = perTick;
            this.windowPackets = windowPackets;
            this.random = random;
        }

        boolean finished() {
            return done == messages;
        }

        int appendedCount() {
            return done;
        }

        private void onTick() {
            for (int i = 0; i < perTick && done < messages; i++) {
                if (pending == null) {
                    pendingMember = random.nextInt(3) == 0 ? "a-2" : "a-1";
                    pending = randomPayload(random, randomSize(random));
                }
                int packets = Math.max(1, (pending.length + MAX_FRAGMENT_BYTES - 1) / MAX_FRAGMENT_BYTES);
                if (unstablePackets > 0 && unstablePackets + packets > windowPackets) {
                    return; // window full: wait for stable reports
                }
                append(pendingMember, pending);
                pending = null;
                done++;
            }
        }
    }

    // ------------------------------------------------------------------ plumbing

    private void schedule(long timeNs, Runnable action) {
        events.add(new Event(timeNs, order++, action));
    }

    private void tick() {
        if (workload != null) {
            workload.onTick();
        }
        sender.onTick(now, senderOut);
        for (Site s : sites.values()) {
            s.receiver.onTick(now, s.output());
        }
        schedule(now + TICK_NS, this::tick);
    }

    private record InFlight(long arrivalNs, WanEnvelope envelope) {
    }

    /** Encodes, offers to the link and decodes; null if the link dropped it. */
    private InFlight wire(EmulatedLink link, WanEnvelope envelope, String what) {
        byte[] bytes = codec.encode(envelope);
        long arrival = link.admit(bytes.length, now);
        if (EmulatedLink.isDropped(arrival)) {
            trace.add(now + " lost " + what);
            return null;
        }
        try {
            return new InFlight(arrival, codec.decode(bytes, 0, bytes.length));
        } catch (MalformedDatagramException e) {
            throw new AssertionError("the codec rejected its own datagram", e);
        }
    }

    private final class SenderOut implements MetaFlowSender.Output {
        @Override
        public void transmit(String receiverSite, Data packet) {
            Site s = sites.get(receiverSite);
            s.lastDataSentNs = now;
            if (packet.retransmit()) {
                s.retransmitsSent++;
            } else if (s.dropFirstTransmission.test(packet)) {
                trace.add(now + " scripted-drop " + receiverSite + " #" + packet.seq());
                return;
            }
            toReceiver(s, new WanEnvelope(SRC, EPOCH, packet), "data " + receiverSite + " #" + packet.seq()
                    + (packet.retransmit() ? " rtx" : ""));
        }

        @Override
        public void sync(String receiverSite, Sync sync) {
            Site s = sites.get(receiverSite);
            s.syncSentNs.add(now);
            if (s.dropSync.test(sync)) {
                trace.add(now + " scripted-drop sync " + receiverSite);
                return;
            }
            toReceiver(s, new WanEnvelope(SRC, EPOCH, sync), "sync " + receiverSite + " " + sync.startSeq() + ".."
                    + sync.highestSeq());
        }

        @Override
        public void stable(String group, String originMember, long originIncarnation, long memberSeq) {
            stable.add(new StableReport(originMember, originIncarnation, memberSeq, now));
            trace.add(now + " stable " + originMember + "#" + memberSeq);
            Message m = message(originMember, memberSeq);
            if (m != null) {
                unstablePackets -= m.packets();
            }
        }

        private void toReceiver(Site s, WanEnvelope envelope, String what) {
            InFlight inFlight = wire(s.dataLink, envelope, what);
            if (inFlight == null) {
                return;
            }
            int generation = s.generation;
            schedule(inFlight.arrivalNs, () -> {
                if (s.generation != generation) {
                    trace.add(now + " dead " + what);
                    return; // that receiver is gone
                }
                WanPacket p = inFlight.envelope.packet();
                if (p instanceof Data d) {
                    s.receiver.onData(d, now, s.output());
                } else {
                    s.receiver.onSync((Sync) p, now, s.output());
                }
            });
        }
    }

    private final class ReceiverOut implements MetaFlowReceiver.Output {
        private final Site site;
        private final int generation;

        ReceiverOut(Site site, int generation) {
            this.site = site;
            this.generation = generation;
        }

        @Override
        public void feedback(org.gcs.internal.wire.WanPacket.CcFeedback feedback) {
        }

        @Override
        public void deliver(Data first, byte[] payload) {
            site.deliveries.add(new Delivery(generation, first.originMember(), first.originIncarnation(),
                    first.memberSeq(), first.seq(), payload, now));
            trace.add(now + " deliver " + site.name + "/" + generation + " " + first.originMember() + "#"
                    + first.memberSeq() + " " + Arrays.hashCode(payload));
        }

        @Override
        public void ack(Ack ack) {
            toSender(ack, "ack " + site.name + " " + ack.cumulativeSeq());
        }

        @Override
        public void nak(Nak nak) {
            site.nakSentNs.add(now);
            toSender(nak, "nak " + site.name + " " + Arrays.toString(nak.ranges()));
        }

        private void toSender(WanPacket packet, String what) {
            if (site.feedbackSilent) {
                return;
            }
            InFlight inFlight = wire(site.feedbackLink, new WanEnvelope(site.name, generation, packet), what);
            if (inFlight == null) {
                return;
            }
            WanEnvelope received = inFlight.envelope;
            schedule(inFlight.arrivalNs, () -> {
                if (received.fromTerm() < site.generationKnownToSender) {
                    trace.add(now + " stale " + what);
                    return;
                }
                if (received.packet() instanceof Ack a) {
                    site.maxAckAccepted = Math.max(site.maxAckAccepted, a.cumulativeSeq());
                    sender.onAck(site.name, a, now, senderOut);
                } else {
                    sender.onNak(site.name, (Nak) received.packet(), now, senderOut);
                }
            });
        }
    }
}
