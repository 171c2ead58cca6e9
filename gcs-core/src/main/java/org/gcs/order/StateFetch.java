package org.gcs.order;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;

/**
 * A joiner's side of the state transfer of one group: from the view that admits it, it holds every later event,
 * asks the current members for the state one after the other (its own site's first) until one gives it, hands the
 * chunks to the {@link StateReceiver} on a thread of its own, then releases the events after the state's position.
 * In a FIFO group ({@link FifoCut}) it holds the messages from its join on, and releases those after the provider's
 * per-sender cut once it has them all. All methods run under the member's lock, except the reader thread's, which
 * takes it through {@link Host#locked}.
 */
final class StateFetch {
    /** A transfer that receives nothing new for this long is given up, and the next member asked. */
    static final long STALL_NS = 20_000_000_000L;
    /** When every member was asked in vain, the joiner asks them all again after this long... */
    static final long ASK_ROUND_AGAIN_NS = 5_000_000_000L;
    /**
     * ...or after this long when it could ask none of them: its view of the group did not list them yet. A member's
     * view of the others lags the ordered view that admits it (by a round trip between sites or so), and a request
     * to a member the view does not list may not reach it; nothing is sent until the view lists one, so the joiner
     * looks again soon. It looks this often for {@link #ASK_ROUND_AGAIN_NS} after its first request; a view that
     * lists nobody else by then counts as every member gone, as when the joiner looked only once, at that time.
     */
    static final long ASK_UNLISTED_AGAIN_NS = 250_000_000L;
    /** ...until this long after its first request (a partition may hide every member for a while). */
    static final long GIVE_UP_NS = 120_000_000_000L;
    /** A joiner acknowledges its last chunk again after this long without a new one (an acknowledgement may arrive
     * before the provider's site knows the joiner's). */
    static final long ACK_AGAIN_NS = 1_000_000_000L;
    /**
     * A FIFO group's joiner whose view holds only itself for this long takes itself for the group's first member (a
     * node's first views may hold only itself until its site and the other sites are found: two WAN heartbeats and a
     * round trip, with room to spare).
     */
    static final long FIRST_MEMBER_AFTER_NS = 3_000_000_000L;

    /** What the fetch needs from its member. */
    interface Host {
        void send(String group, byte[] payload);

        void joinChannel(String channel);

        void leaveChannel(String channel);

        boolean present(String group, MemberId member);

        /** @return the members of this member's (FIFO) view of the group, empty if none */
        java.util.Set<MemberId> viewMembers(String group);

        void deliverHeld(String group, Held event);

        void failed(String group, String reason);

        /** The state was read: it holds every event up to {@code position}. */
        void stateRead(String group, long position);

        void locked(Runnable action);

        long nowNs();

        long newTransferId();
    }

    /** An event held while the state is on its way: a message or a view, at its position. */
    record Held(GroupMessage message, GroupView view, long position) {
    }

    final String group;
    private final MemberId self;
    private final StateReceiver receiver;
    private final Host host;
    /** False for a member driven by a virtual clock: the state is gathered in memory and read on the spot. */
    private final boolean threaded;
    /** The cut of a FIFO group's transfer; null in a total-order group. */
    private final FifoCut fifo;
    private boolean awaitingFirstView = true;
    /** In a FIFO group: since when this member's views held only itself, -1 before its first view. */
    private long aloneSinceNs = -1;
    private boolean holding;
    private boolean done;
    private long firstViewPosition;
    /** The position the state was taken at, once read: messages up to it are in the state. */
    private long inState = -1;
    private final ArrayDeque<Held> held = new ArrayDeque<>();
    private final List<MemberId> candidates = new ArrayList<>();
    private final List<MemberId> everyCandidate = new ArrayList<>();
    private long firstAskNs;
    private long askRoundAtNs = -1;
    /** True once a member of this round was gone, silent or not ready: another round may do better. */
    private boolean worthAnotherRound;
    /** Members asked in this round, and how many of them answered that they have no state either. */
    private int askedThisRound;
    private int statelessThisRound;
    private final List<String> failures = new ArrayList<>();
    private Attempt attempt;
    private Thread lastReader;

    /** One member asked for the state. */
    private final class Attempt {
        final MemberId provider;
        final long transfer;
        final String channel;
        ChunkPipe pipe;
        java.io.ByteArrayOutputStream gathered;
        long expectedIndex;
        long statePosition = -1;
        long consumedIndex = -1;
        long lastProgressNs;
        long lastAckNs;
        /** In a FIFO group: the receiver read the state, which waits for the cut to be released. */
        boolean read;

        Attempt(MemberId provider, long transfer, long nowNs) {
            this.provider = provider;
            this.transfer = transfer;
            this.channel = "gcs.st." + Long.toHexString(transfer);
            this.lastProgressNs = nowNs;
        }
    }

    StateFetch(String group, MemberId self, StateReceiver receiver, Host host, boolean threaded, boolean fifo) {
        this.group = group;
        this.self = self;
        this.receiver = receiver;
        this.host = host;
        this.threaded = threaded;
        this.fifo = fifo ? new FifoCut() : null;
        this.holding = fifo; // a FIFO group's messages may come before the first view: none is delivered before it
    }

    /**
     * A FIFO group's message, from this member's join on.
     *
     * @return true if it is not to be delivered now: kept while the state is on its way, or dropped when the state
     *     holds it
     */
    boolean holdFifo(GroupMessage message) {
        if (holding) {
            held.add(new Held(message, null, -1));
            return true;
        }
        return fifo.inState(message);
    }

    /** Any message of a FIFO group arrived (the application's or this package's): it marks where a stream begins. */
    void observe(GroupMessage message) {
        fifo.observe(message, m -> host.present(group, m));
        releaseFifo();
    }

    /** A provider's cut arrived in a FIFO group. */
    void onCutVector(MemberId from, MemberWire.CutVector cut) {
        if (attempt != null && attempt.provider.equals(from)) {
            fifo.onVector(cut, attempt.transfer);
            releaseFifo();
        }
    }

    /**
     * @return true if the event is not to be delivered now: kept while the state is on its way, or dropped when it
     *     is a message the state already holds (the provider may be ahead of this member: the state can end beyond
     *     what this member had delivered when it arrived; a view up to there is still delivered, to keep the view
     *     current)
     */
    boolean hold(GroupMessage message, GroupView view, long position) {
        if (holding) {
            held.add(new Held(message, view, position));
            return true;
        }
        return position <= inState && view == null;
    }

    /** @return true while this fetch still holds or waits: this member then has no state to give */
    boolean incomplete() {
        return !done;
    }

    /** The channel of the current attempt, if any. */
    String channel() {
        return attempt == null ? null : attempt.channel;
    }

    /** A view was delivered: the first one admits this member, and the fetch begins. */
    void delivered(GroupView view, long position) {
        if (!awaitingFirstView || view == null || !view.contains(self)) {
            return;
        }
        if (fifo != null && view.size() == 1) {
            aloneSinceNs = aloneSinceNs < 0 ? host.nowNs() : aloneSinceNs;
            return; // the first member of the group, or one that has not found the others yet: see tick
        }
        begin(view.members(), position);
    }

    /** The view that admits this member: it asks its other members for the state, or is the first. */
    private void begin(List<MemberId> members, long position) {
        awaitingFirstView = false;
        firstViewPosition = position;
        candidates.addAll(candidatesAmong(members));
        everyCandidate.addAll(candidates);
        firstAskNs = host.nowNs();
        if (candidates.isEmpty()) {
            firstMember();
            return;
        }
        holding = true;
        askNext(null);
    }

    /** @return the members to ask, in order: this member's own site's first, then by name */
    private List<MemberId> candidatesAmong(java.util.Collection<MemberId> members) {
        return members.stream().filter(m -> !m.equals(self))
                .sorted(Comparator.comparing((MemberId m) -> !m.site().equals(self.site())).thenComparing(m -> m))
                .toList();
    }

    /** No other member holds a state: this member starts the group's, from what it held (if anything). */
    private void firstMember() {
        done = true;
        holding = false;
        receiver.onFirstMember(group);
        while (!held.isEmpty()) {
            host.deliverHeld(group, held.poll());
        }
    }

    /** Gives up the current attempt (if any) for {@code reason} and asks the next candidate, or fails. */
    private void askNext(String reason) {
        if (attempt != null) {
            failures.add(attempt.provider + ": " + reason);
            if (attempt.pipe != null) {
                attempt.pipe.abort("the state transfer from " + attempt.provider + " stopped (" + reason
                        + "); it starts again from another member");
            }
            host.leaveChannel(attempt.channel);
            attempt = null;
        }
        while (!candidates.isEmpty()) {
            MemberId next = candidates.remove(0);
            if (!host.present(group, next)) {
                failures.add(next + ": gone");
                worthAnotherRound = true;
                continue;
            }
            attempt = new Attempt(next, host.newTransferId(), host.nowNs());
            askedThisRound++;
            if (fifo != null) {
                fifo.newAttempt();
            }
            host.joinChannel(attempt.channel);
            host.send(group, MemberWire.stateRequest(next, attempt.transfer, firstViewPosition, attempt.channel));
            return;
        }
        if (fifo != null && askedThisRound > 0 && statelessThisRound == askedThisRound) {
            firstMember(); // FIFO members that joined at once: none has a state to give, so each starts its own
            return;
        }
        boolean noneListedYet = askedThisRound == 0 && host.nowNs() - firstAskNs < ASK_ROUND_AGAIN_NS;
        if ((worthAnotherRound || noneListedYet) && host.nowNs() - firstAskNs < GIVE_UP_NS) {
            worthAnotherRound = false;
            askRoundAtNs = host.nowNs() + (askedThisRound == 0 ? ASK_UNLISTED_AGAIN_NS : ASK_ROUND_AGAIN_NS);
            return;
        }
        done = true;
        holding = false;
        held.clear();
        long askedSeconds = (host.nowNs() - firstAskNs) / 1_000_000_000L;
        String failure = "no member could give the state of group '" + group + "'"
                + (askedSeconds > 0 ? " (asked for " + askedSeconds + " s)" : "") + ": "
                + failures.subList(Math.max(0, failures.size() - everyCandidate.size()), failures.size());
        host.failed(group, failure);
        receiver.onStateFailed(group, failure);
    }

    /** A provider refused (or could no longer give) the state. */
    void refused(MemberId from, long transfer, boolean lasting, String reason) {
        if (attempt != null && attempt.transfer == transfer && attempt.provider.equals(from)) {
            worthAnotherRound |= !lasting;
            statelessThisRound += MemberWire.NO_STATE_YET.equals(reason) ? 1 : 0;
            askNext("refused: " + reason);
        }
    }

    /** A chunk arrived in a channel. */
    void onChunk(MemberId from, MemberWire.Chunk chunk) {
        Attempt a = attempt;
        if (a == null || a.transfer != chunk.transfer() || !a.provider.equals(from)) {
            return;
        }
        if (chunk.index() != a.expectedIndex || chunk.position() < firstViewPosition
                || (a.statePosition >= 0 && chunk.position() != a.statePosition)) {
            askNext("chunk " + chunk.index() + " at position " + chunk.position() + " out of turn");
            return;
        }
        if (!threaded) {
            onChunkInline(a, chunk);
            return;
        }
        if (a.pipe == null) {
            a.statePosition = chunk.position();
            a.pipe = new ChunkPipe(StateSend.WINDOW_CHUNKS + 1, index -> host.locked(() -> consumed(a, index)));
            startReader(a);
        }
        if (!a.pipe.offer(chunk.bytes(), chunk.last())) {
            askNext("more chunks than the window allows");
            return;
        }
        a.expectedIndex++;
        a.lastProgressNs = host.nowNs();
    }

    /** Gathers a chunk in memory (virtual time: no reader thread), and reads the state at the last one. */
    private void onChunkInline(Attempt a, MemberWire.Chunk chunk) {
        if (a.gathered == null) {
            a.statePosition = chunk.position();
            a.gathered = new java.io.ByteArrayOutputStream();
        }
        a.gathered.writeBytes(chunk.bytes());
        a.expectedIndex++;
        consumed(a, chunk.index());
        if (chunk.last()) {
            try {
                receiver.readState(group, a.statePosition, new java.io.ByteArrayInputStream(a.gathered.toByteArray()));
                read(a);
            } catch (IOException | RuntimeException e) {
                askNext("the state could not be read: " + e);
            }
        }
    }

    private void consumed(Attempt a, long index) {
        if (attempt == a) {
            a.consumedIndex = index;
            a.lastProgressNs = host.nowNs();
            a.lastAckNs = a.lastProgressNs;
            host.send(a.channel, MemberWire.chunkAck(a.transfer, index));
        }
    }

    private void startReader(Attempt a) {
        Thread previous = lastReader;
        Thread reader = new Thread(() -> {
            joinQuietly(previous); // one reading at a time, even after an abort
            try (var in = a.pipe.input()) {
                receiver.readState(group, a.statePosition, in);
                in.transferTo(java.io.OutputStream.nullOutputStream()); // acknowledges what the reader left
                host.locked(() -> read(a));
            } catch (IOException | RuntimeException e) {
                host.locked(() -> {
                    if (attempt == a) {
                        askNext("the state could not be read: " + e);
                    }
                });
            }
        }, "gcs-state-" + group);
        reader.setDaemon(true);
        lastReader = reader;
        reader.start();
    }

    private static void joinQuietly(Thread thread) {
        if (thread == null) {
            return;
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The receiver read the whole state: the events after its position are released. */
    private void read(Attempt a) {
        if (attempt != a) {
            return;
        }
        if (fifo != null) {
            a.read = true;
            releaseFifo();
            return;
        }
        host.leaveChannel(a.channel);
        attempt = null;
        holding = false;
        done = true;
        inState = a.statePosition;
        host.stateRead(group, a.statePosition);
        Held latestView = null;
        while (!held.isEmpty() && held.peek().position() <= a.statePosition) {
            Held event = held.poll();
            if (event.view() != null) {
                latestView = event;
            }
        }
        if (latestView != null) {
            host.deliverHeld(group, latestView);
        }
        while (!held.isEmpty()) {
            host.deliverHeld(group, held.poll());
        }
    }

    /**
     * In a FIFO group, once the state was read and its cut arrived, and this member has the stream of every sender the
     * provider waited for: releases the held messages after the cut, or gives the attempt up if a stream begins after
     * it (a message would be missing).
     */
    private void releaseFifo() {
        Attempt a = attempt;
        if (a == null || !a.read || !fifo.ready(a.transfer, m -> host.present(group, m))) {
            return;
        }
        String gap = fifo.gap(m -> host.present(group, m));
        if (gap != null) {
            worthAnotherRound = true; // another member's cut, or a later one, may cover this member's stream
            askNext(gap);
            return;
        }
        host.leaveChannel(a.channel);
        attempt = null;
        holding = false;
        done = true;
        fifo.release(m -> host.present(group, m));
        while (!held.isEmpty()) {
            Held event = held.poll();
            if (!fifo.inState(event.message())) {
                host.deliverHeld(group, event);
            }
        }
    }

    /** Periodic checks: a provider gone or silent is given up; the last acknowledgement is sent again. */
    void tick(long nowNs) {
        if (fifo != null && awaitingFirstView && aloneSinceNs >= 0 && nowNs - aloneSinceNs >= FIRST_MEMBER_AFTER_NS) {
            begin(List.of(self), -1);
        }
        if (fifo != null) {
            releaseFifo(); // a member the provider waited for may have left
        }
        Attempt a = attempt;
        if (a == null && askRoundAtNs >= 0 && nowNs >= askRoundAtNs && !done) {
            askRoundAtNs = -1;
            askedThisRound = 0;
            statelessThisRound = 0;
            everyCandidate.clear();
            everyCandidate.addAll(candidatesAmong(host.viewMembers(group))); // the view may have changed since
            candidates.addAll(everyCandidate);
            askNext(null);
            return;
        }
        if (a == null) {
            return;
        }
        if (!host.present(group, a.provider)) {
            worthAnotherRound = true;
            askNext("left the group");
        } else if (nowNs - a.lastProgressNs >= STALL_NS) {
            worthAnotherRound = true;
            askNext("nothing for " + STALL_NS / 1_000_000_000L + " s");
        } else if (a.consumedIndex >= 0 && nowNs - a.lastAckNs >= ACK_AGAIN_NS) {
            a.lastAckNs = nowNs;
            host.send(a.channel, MemberWire.chunkAck(a.transfer, a.consumedIndex));
        }
    }

    /** The member left the group, or joined it again: the transfer stops. */
    void cancel(String reason) {
        if (attempt != null) {
            if (attempt.pipe != null) {
                attempt.pipe.abort(reason);
            }
            host.leaveChannel(attempt.channel);
            attempt = null;
        }
        holding = false;
        done = true;
        held.clear();
    }

    /** @return held events, for a status line */
    int heldEvents() {
        return held.size();
    }
}
