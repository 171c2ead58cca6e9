package org.gcs.order;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;

/**
 * One member's side of the total-order protocol for one group, sans IO: it is fed the group's FIFO messages and
 * views and the time, and answers with protocol messages to send and events to deliver (docs/architecture.md,
 * "Total order"). A sequencer (the group's most senior member) appends what it received to the agreed order and
 * multicasts it; every member acknowledges what it holds; a position is delivered once every member of the view
 * in effect there holds it, so a sequencer that fails takes nothing delivered with it. The most senior member still
 * present takes over with a higher epoch, re-issuing what it holds, when it and the members it sees are a
 * {@link Quorum} of the view.
 *
 * <p>The sequencer's parts are in {@link SequencerRole}; this class owns the member's chain, acknowledgements and
 * deliveries.
 */
final class TotalOrderGroup {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TotalOrderGroup.class);
    /** How long a newcomer waits, with no order in sight, before it founds the group's order itself. */
    static final long FOUND_AFTER_NS = 1_500_000_000L;
    /** How often a member asks again to be admitted, or for what it misses. */
    static final long ASK_AGAIN_NS = 500_000_000L;
    /** At most this many bytes of a member's own messages may wait to be delivered in one group. */
    static final long MAX_UNDELIVERED_OWN_BYTES = TotalOrderMember.MAX_UNDELIVERED_OWN_BYTES;
    /**
     * Under load a member acknowledges at most this often on average ({@link Pacer}; besides one at a time): with
     * every member acknowledging every order, acknowledgements would otherwise cost the WAN more messages than the
     * data;
     * a pending one leaves with the member's next data message, at the next input or at the next tick
     * ({@link TotalOrderMember#TICK_MS}).
     */
    static final long MIN_ACK_SPACING_NS = 20_000_000L;
    /** At most this many missing messages named in one hello. */
    static final int MAX_MISSING = 64;
    /** Under a stream of data messages, what every member delivered is forgotten every this many deliveries. */
    static final long DISCARD_EVERY_POSITIONS = 256;
    /** How long an acknowledgement or an order may stay unconfirmed before the next one goes out anyway. */
    static final long RESEND_AFTER_NS = 1_000_000_000L;

    /** Where the protocol's output goes. */
    interface Output {
        /** Multicasts a protocol message to the group (FIFO). */
        void send(byte[] payload);

        /** This member was admitted into the order of a lineage (the positions that follow are that lineage's). */
        void admitted(long lineage);

        void message(GroupMessage message, long position);

        void view(GroupView view, long position);

        void blocked(String reason);

        void rejoined(String reason);

        void mismatch(MemberId member, String reason);
    }

    final String group;
    final MemberId self;
    final Output out;
    private final LongSupplier random;
    final Payloads payloads = new Payloads();
    final AckTable acks = new AckTable();
    /** The latest incarnation heard from each member (in any of its protocol messages). */
    final Map<MemberId, Long> hellos = new HashMap<>();
    /** The latest incarnation each member asked to be admitted as (a hello from a member not admitted). */
    final Map<MemberId, Long> newcomers = new HashMap<>();
    Incarnation me;
    OrderChain chain;
    Set<MemberId> raw = Set.of();
    /** Every member this member's FIFO view ever listed: only a sequencer seen there can be found gone. */
    final Set<MemberId> seenInRaw = new HashSet<>();
    long delivered;
    long ackTop;
    long highestEpochNumber;
    /** The last position the sequencer of this member's epoch said every member holds. */
    long committedHint;
    /** The number of the last view delivered here (0 before the first). */
    long deliveredView;
    /** The number of the view that admitted this member: the group had reached it when this member joined. */
    long admissionView;
    private long nextDataSeq = 1;
    private long discardedAt;
    private long undeliveredOwnBytes;
    private long ackBeforeWrap;
    private Epoch ackEpochBeforeWrap;
    private boolean ackInFlight;
    private Epoch ackSentEpoch;
    private long ackSentPosition = -1;
    private long ackSentAtNs;
    private final Pacer ackPacer = new Pacer(MIN_ACK_SPACING_NS);
    private long joinedAtNs;
    private long lastRawChangeNs;
    long lastAskNs;
    private long stalledSinceNs = -1;
    private long stalledAt = -1;
    private boolean sawAdmittedMember;
    boolean blocked;
    private final Set<MemberId> mismatched = new HashSet<>();
    final SequencerRole sequencer = new SequencerRole(this);
    private final OrderIntake intake = new OrderIntake(this);

    TotalOrderGroup(String group, MemberId self, LongSupplier random, Output out) {
        this.group = group;
        this.self = self;
        this.random = random;
        this.out = out;
    }

    /** Announces this member; called once it joined the FIFO group. */
    void start(long nowNs) {
        me = new Incarnation(self, random.getAsLong());
        joinedAtNs = nowNs;
        lastRawChangeNs = nowNs;
        askToJoin(nowNs);
    }

    /**
     * @return the protocol message that carries an application payload (numbers it)
     * @throws org.gcs.SendQueueFullException if this member is not admitted into the order yet (its first view, or
     *     the one that admits it again after {@link OrderedListener#onRejoined}, is not delivered), or if its
     *     messages not yet delivered here would exceed {@link #MAX_UNDELIVERED_OWN_BYTES} (the group is slow or
     *     blocked: memory stays bounded at every member)
     */
    byte[] wrap(byte[] payload) {
        if (chain == null) { // its incarnation may be replaced before it is ordered: what it sent would be lost
            throw new org.gcs.SendQueueFullException("this member is not admitted into the order of total-order"
                    + " group '" + group + "' yet (" + (sawAdmittedMember ? "waiting to be admitted"
                    : "no member has founded it yet") + "): send once its first view is delivered"
                    + " (OrderedListener.onView)");
        }
        if (undeliveredOwnBytes > 0 && undeliveredOwnBytes + payload.length > MAX_UNDELIVERED_OWN_BYTES) {
            throw new org.gcs.SendQueueFullException(undeliveredOwnBytes + " bytes this member sent to total-order"
                    + " group '" + group + "' are not delivered yet (at most " + MAX_UNDELIVERED_OWN_BYTES
                    + (blocked ? "; the group is blocked: its members here hold no majority" : "")
                    + "): wait for them to be delivered, then send again");
        }
        undeliveredOwnBytes += payload.length;
        ackBeforeWrap = ackSentPosition;
        ackEpochBeforeWrap = ackSentEpoch;
        if (ackTop == ackSentPosition && chain.epoch().equals(ackSentEpoch)) {
            return OrderWire.data(me.number(), nextDataSeq++, null, 0, 0, payload); // no news to carry
        }
        ackSentEpoch = chain.epoch(); // the data carries this member's acknowledgement
        ackSentPosition = ackTop;
        return OrderWire.data(me.number(), nextDataSeq++, chain.epoch(), ackTop, delivered, payload);
    }

    /** Gives back the number of a payload {@link #wrap}ped but refused by the FIFO layer. */
    void unwrap(int payloadBytes) {
        nextDataSeq--;
        undeliveredOwnBytes -= payloadBytes;
        if (chain != null) {
            ackSentPosition = ackBeforeWrap;
            ackSentEpoch = ackEpochBeforeWrap;
        }
    }

    void onRawView(GroupView view, long nowNs) {
        raw = Set.copyOf(view.members());
        seenInRaw.addAll(raw);
        lastRawChangeNs = nowNs;
        progress(nowNs, true);
    }

    void onRawMessage(GroupMessage message, long nowNs) {
        OrderWire.Data plain = OrderWire.readPlainData(message.payload());
        if (plain != null) {
            onPlainData(message.sender(), plain, nowNs);
        } else {
            onOtherMessage(message, nowNs);
        }
    }

    /** A data message without an acknowledgement, the bulk of the traffic: a short path, compiled on its own. */
    private void onPlainData(MemberId from, OrderWire.Data data, long nowNs) {
        hellos.put(from, data.incarnation()); // FIFO per sender: the latest heard is the sender's current one
        Incarnation sender = new Incarnation(from, data.incarnation());
        payloads.put(sender, data.seq(), data.payload());
        if (moves(sender, data.seq(), nowNs)) {
            progress(nowNs, false);
        }
    }

    private void onOtherMessage(GroupMessage message, long nowNs) {
        MemberId from = message.sender();
        if (!OrderWire.tagged(message.payload())) {
            if (mismatched.add(from)) {
                out.mismatch(from, from + " sends to group '" + group + "' without total order (it joined it with"
                        + " fifo ordering); all members of a group must join it with one ordering");
            }
            return;
        }
        Object decoded = OrderWire.read(message.payload());
        long incarnation = OrderWire.incarnationOf(decoded);
        if (incarnation != 0) {
            hellos.put(from, incarnation); // FIFO per sender: the latest heard is the sender's current one
        }
        if (decoded instanceof OrderWire.Hello hello) {
            if (!hello.admitted() && !from.equals(self)) {
                newcomers.put(from, hello.incarnation());
            }
            if (hello.admitted() && !from.equals(self)) {
                sawAdmittedMember = true;
            } else if (!hello.admitted() && chain != null && !from.equals(self)) {
                answerNewcomer(nowNs);
            }
            sequencer.onHello(new Incarnation(from, hello.incarnation()), hello.missing(), nowNs);
        } else if (decoded instanceof OrderWire.Data data) {
            payloads.put(new Incarnation(from, data.incarnation()), data.seq(), data.payload());
            if (data.ack() != null) {
                acks.record(from, data.incarnation(), data.ack().epoch(), data.ack().position(),
                        data.ack().delivered());
                highestEpochNumber = Math.max(highestEpochNumber, data.ack().epoch().number());
            }
        } else if (decoded instanceof OrderWire.Ack ack) {
            acks.record(from, ack.incarnation(), ack.epoch(), ack.position(), ack.delivered());
            highestEpochNumber = Math.max(highestEpochNumber, ack.epoch().number());
            if (from.equals(self) && ack.incarnation() == me.number()) {
                ackInFlight = false;
            }
        } else if (decoded instanceof OrderWire.Order order) {
            sawAdmittedMember |= !from.equals(self);
            highestEpochNumber = Math.max(highestEpochNumber, order.epoch().number());
            if (from.equals(self) && order.incarnation() == me.number()) {
                sequencer.ownOrderReturned();
            } else if (from.equals(order.epoch().sequencer())) {
                intake.onOrder(order);
            }
        }
        progress(nowNs, !(decoded instanceof OrderWire.Data));
    }

    /**
     * Whether a data message without an acknowledgement can change anything now; under load most cannot. It can only
     * complete the next payload this member acknowledges (and so perhaps a delivery), or go out now in an order (this
     * member sequencing) or with an acknowledgement the pacer lets go. Anything else waits for the next input or tick.
     */
    private boolean moves(Incarnation sender, long seq, long nowNs) {
        if (chain == null || sequencer.wouldSend(nowNs)) {
            return true;
        }
        if (ackTop > ackSentPosition && ackPacer.ready(nowNs)) {
            return true;
        }
        long next = ackTop + 1;
        return next <= chain.top() && chain.entryAt(next) instanceof ChainEntry.Messages m && m.sender().equals(sender)
                && m.seqAt(next) == seq;
    }

    /** Periodic work: asking again to be admitted or for what is missing, founding, take-over, resends. */
    void tick(long nowNs) {
        if (chain == null) {
            if (nowNs - lastAskNs >= ASK_AGAIN_NS) {
                askToJoin(nowNs);
            }
        } else if (delivered < chain.top() || lastAskNs == Long.MIN_VALUE / 2) {
            if (stalledSinceNs < 0 || delivered != stalledAt) {
                stalledSinceNs = nowNs;
                stalledAt = delivered;
            } else if (nowNs - stalledSinceNs >= ASK_AGAIN_NS && nowNs - lastAskNs >= ASK_AGAIN_NS) {
                askToJoin(nowNs);
            }
        } else {
            stalledSinceNs = -1;
        }
        progress(nowNs, true);
    }

    /** Tells a newcomer that this group already has an order (so that it waits to be admitted, not founds one). */
    private void answerNewcomer(long nowNs) {
        if (nowNs - lastAskNs >= ASK_AGAIN_NS) {
            askToJoin(nowNs);
        }
    }

    private void askToJoin(long nowNs) {
        lastAskNs = nowNs;
        out.send(OrderWire.hello(me.number(), chain != null,
                chain == null ? List.of() : payloads.missing(chain, ackTop + 1, MAX_MISSING)));
    }

    /**
     * Re-evaluates everything after an input: founding, take-over, ordering, acknowledging, delivering.
     *
     * @param membership false after a data message, which changes no member's presence: the take-over and the view
     *     proposal are then left to the next other input or tick (at most {@link TotalOrderMember#TICK_MS} later),
     *     and forgetting what every member delivered waits for {@value #DISCARD_EVERY_POSITIONS} more deliveries;
     *     both cost a pass over the members per message otherwise
     */
    private void progress(long nowNs, boolean membership) {
        if (chain == null) {
            maybeFound(nowNs);
            if (chain == null) {
                return;
            }
        }
        advanceAck();
        if (membership) {
            sequencer.maybeTakeOver(nowNs);
        }
        if (chain == null) {
            return;
        }
        sequencer.order(nowNs, membership);
        advanceAck();
        sendAck(nowNs);
        deliverCommitted();
        if (chain != null && (membership || delivered - discardedAt >= DISCARD_EVERY_POSITIONS)) {
            discardedAt = delivered;
            discardStable();
        }
    }

    private void maybeFound(long nowNs) {
        if (sawAdmittedMember || nowNs - joinedAtNs < FOUND_AFTER_NS
                || nowNs - lastRawChangeNs < ASK_AGAIN_NS || !raw.contains(self)) {
            return;
        }
        for (MemberId member : raw) {
            if (!member.equals(self) && (!newcomers.containsKey(member) || member.compareTo(self) < 0)) {
                return; // a member not heard from yet, or a newcomer with a lower name, which founds
            }
        }
        me = new Incarnation(self, random.getAsLong()); // what it sent before is not ordered in this lineage
        nextDataSeq = 1;
        undeliveredOwnBytes = 0;
        askToJoin(nowNs); // announces the new incarnation before the order that lists it
        sequencer.found(nowNs);
    }

    /** Raises {@link #ackTop} over every position whose payload is held. */
    void advanceAck() {
        long position = ackTop + 1;
        while (position <= chain.top()) {
            ChainEntry entry = chain.entryAt(position);
            if (entry instanceof ChainEntry.Messages m) {
                while (position < m.end() && (position <= delivered || payloads.has(m.sender(), m.seqAt(position)))) {
                    position++;
                }
                if (position < m.end()) {
                    break;
                }
            } else {
                position++;
            }
        }
        ackTop = position - 1;
        acks.record(self, me.number(), chain.epoch(), ackTop, delivered);
    }

    private void sendAck(long nowNs) {
        boolean epochChanged = !chain.epoch().equals(ackSentEpoch);
        boolean news = ackTop > ackSentPosition || epochChanged;
        if (news && (!ackInFlight || nowNs - ackSentAtNs >= RESEND_AFTER_NS)
                && (ackPacer.tryTake(nowNs) || epochChanged)) {
            out.send(OrderWire.ack(me.number(), chain.epoch(), ackTop, delivered));
            ackInFlight = true;
            ackSentEpoch = chain.epoch();
            ackSentPosition = ackTop;
            ackSentAtNs = nowNs;
        }
    }

    private void deliverCommitted() {
        long committed = Math.max(acks.commitFrontier(chain, delivered), committedHint);
        long commit = Math.min(committed, ackTop); // a member left out by a later view may lack what precedes it
        while (delivered < commit) {
            long position = delivered + 1;
            ChainEntry entry = chain.entryAt(position);
            if (entry instanceof ChainEntry.ViewChange view) {
                if (!view.members().contains(me)) {
                    rejoin("view " + view.viewNumber() + " of group '" + group + "' left this member out");
                    return;
                }
                List<MemberId> members = new ArrayList<>();
                view.members().forEach(member -> members.add(member.member()));
                members.sort(null);
                delivered = position;
                deliveredView = view.viewNumber();
                blocked = false;
                out.view(new GroupView(group, view.viewNumber(), members), position);
            } else {
                ChainEntry.Messages m = (ChainEntry.Messages) entry;
                long seq = m.seqAt(position);
                if (position == m.first()) {
                    payloads.discardThrough(m.sender(), m.fromSeq() - 1); // ordered before this member joined
                }
                byte[] payload = payloads.get(m.sender(), seq);
                if (payload == null) {
                    throw new IllegalStateException("no payload at " + position + " (" + m + "), commit " + commit
                            + ", hint " + committedHint + ": " + describe());
                }
                delivered = position;
                if (m.sender().equals(me)) {
                    undeliveredOwnBytes -= payload.length;
                }
                out.message(new GroupMessage(m.sender().member(), group, seq, payload), position);
            }
        }
        for (ChainEntry.ViewChange view : chain.topView().first() > delivered ? chain.viewsAfter(delivered)
                : List.<ChainEntry.ViewChange>of()) {
            if (view.first() <= committed && !view.members().contains(me)) {
                rejoin("view " + view.viewNumber() + " of group '" + group + "' left this member out");
                return;
            }
        }
    }

    private void discardStable() {
        long stable = acks.lowest(chain.topView().members(), chain.epoch());
        long everywhere = acks.lowestDelivered(chain.topView().members());
        for (ChainEntry.Messages gone : chain.discardThrough(Math.min(Math.min(stable, delivered), everywhere))) {
            payloads.discardThrough(gone.sender(), gone.toSeq());
        }
    }

    boolean blocked() {
        return blocked;
    }

    /** Reports once that this member cannot go on for now. */
    void block(String reason) {
        if (!blocked) {
            blocked = true;
            out.blocked(reason);
        }
    }

    /** Leaves the order this member followed and asks, as a new incarnation, to be admitted again. */
    void rejoin(String reason) {
        sequencer.stepDown();
        chain = null;
        committedHint = 0;
        deliveredView = 0;
        admissionView = 0;
        delivered = 0;
        ackTop = 0;
        ackSentPosition = -1;
        ackSentEpoch = null;
        ackInFlight = false;
        blocked = false;
        sawAdmittedMember = true;
        nextDataSeq = 1;
        undeliveredOwnBytes = 0; // what was not ordered is lost with the old incarnation
        me = new Incarnation(self, random.getAsLong());
        out.rejoined(reason);
        askToJoin(lastAskNs);
    }

    /** @return this member's protocol state, for a log line or a status page */
    String describe() {
        if (chain == null) {
            return me + " not admitted" + (sawAdmittedMember ? " (an order exists)" : "");
        }
        ChainEntry.ViewChange top = chain.topView();
        StringBuilder acked = new StringBuilder();
        for (Incarnation member : top.members()) {
            acked.append(' ').append(member.member()).append('=').append(acks.position(member, chain.epoch()))
                    .append(present(member) ? "" : "(absent)");
        }
        return me + " epoch " + chain.epoch().number() + " by " + chain.epoch().sequencer()
                + (sequencer.sequencing() ? " (sequencing)" : "") + ", kept " + chain.start() + ".." + chain.top()
                + ", held " + ackTop + ", delivered " + delivered + ", view " + top.viewNumber() + " acks:" + acked
                + (blocked ? ", blocked" : "");
    }

    /** @return true if the member is present in the FIFO view as the incarnation it last announced */
    boolean present(Incarnation member) {
        if (member.member().equals(self)) {
            return member.equals(me);
        }
        if (!raw.contains(member.member())) {
            return false;
        }
        Long announced = hellos.get(member.member());
        return announced == null || announced == member.number();
    }
}
