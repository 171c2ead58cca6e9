package org.gcs.order;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.gcs.GcsNode;
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
import org.gcs.SendQueueFullException;
import org.gcs.TreeListener;
import org.gcs.ViewListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A group member with a choice of {@link Ordering} per group: it runs over any {@link GroupMember} (a real
 * {@link GcsNode} or a simulated one) and, in its {@link Ordering#TOTAL} groups, delivers every sender's messages in
 * one agreed order with the views at agreed positions (docs/architecture.md, "Total order"); its FIFO groups pass
 * through unchanged. The same protocol code runs under Netty and under virtual time.
 *
 * <pre>{@code
 * try (GcsNode node = GcsNode.start(config); TotalOrderMember member = TotalOrderMember.over(node)) {
 *     member.onOrdered(new OrderedListener() {
 *         public void onMessage(GroupMessage m, long position) { apply(m); }
 *         public void onView(GroupView v, long position) { show(v); }
 *     });
 *     member.join("editor", Ordering.TOTAL);
 *     member.sendAsync("editor", edit);
 * }
 * }</pre>
 *
 * <p>All methods are thread-safe. Listeners run one event at a time, in order, on the inner member's delivery
 * thread or on the ordering timer. A message is admitted like a FIFO one; it is delivered (to its sender too) once
 * every member of the view holds it, about three one-way WAN delays after it was sent.
 */
public final class TotalOrderMember implements GroupMember, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TotalOrderMember.class);
    /** How often {@link #over(GcsNode)}'s timer calls {@link #tick()}. */
    public static final long TICK_MS = 20;
    /**
     * Payload bytes of a member's own messages to a total-order group that may wait to be delivered, beyond which
     * {@link #sendAsync} throws {@link SendQueueFullException}: the FIFO layer's default send window (4 MiB).
     */
    public static final long MAX_UNDELIVERED_OWN_BYTES = 4L << 20;

    private final GroupMember inner;
    private final LongSupplier nanoClock;
    private final SplittableRandom random;
    private final Map<String, TotalOrderGroup> totalGroups = new HashMap<>();
    private final MemberListeners listeners = new MemberListeners();
    private final ControlQueue control;
    private final StateTransfers transfers;
    private final Registration innerMessages;
    private final Registration innerViews;
    private ScheduledExecutorService timer;

    /**
     * A member driven by its owner's clock: the owner calls {@link #tick()} every few tens of milliseconds (a
     * simulator from its virtual clock). It starts no thread: a state transfer writes the snapshot into memory at once
     * and reads the state once all of it arrived, on the caller's thread.
     *
     * @param inner the member to run over; this one registers its listeners on it
     * @param nanoClock the time, in nanoseconds (virtual time in a simulator)
     * @param seed seeds the random numbers of this member's incarnations
     */
    public TotalOrderMember(GroupMember inner, LongSupplier nanoClock, long seed) {
        this(inner, nanoClock, seed, false);
    }

    private TotalOrderMember(GroupMember inner, LongSupplier nanoClock, long seed, boolean threaded) {
        this.inner = inner;
        this.nanoClock = nanoClock;
        this.random = new SplittableRandom(seed);
        this.control = new ControlQueue(inner, this::innerClosed);
        MemberTransfersHost host = new MemberTransfersHost(this, inner, listeners, control, totalGroups, random,
                nanoClock);
        this.transfers = new StateTransfers(host, nanoClock, threaded);
        host.attach(transfers);
        this.innerMessages = inner.onMessage(this::onInnerMessage);
        this.innerViews = inner.onView(new ViewListener() {
            @Override
            public void onView(GroupView view) {
                onInnerView(view);
            }

            @Override
            public void onExcluded(String group, String reason) {
                onInnerExcluded(group, reason);
            }
        });
    }

    /**
     * A member over a real node, with its own timer thread calling {@link #tick()} every {@value #TICK_MS} ms.
     * Closing it stops the timer (the node stays open).
     *
     * @param node the node
     * @return the member
     */
    public static TotalOrderMember over(GcsNode node) {
        TotalOrderMember member = new TotalOrderMember(node, System::nanoTime,
                System.nanoTime() ^ node.self().hashCode(), true);
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "gcs-order-" + node.self().name());
            t.setDaemon(true);
            return t;
        });
        member.timer = timer;
        timer.scheduleWithFixedDelay(() -> {
            try {
                member.tick();
            } catch (RuntimeException e) {
                LOG.error("total-order tick failed; continuing", e);
            }
        }, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
        return member;
    }

    /**
     * Joins a group with an ordering. Every member of the group must choose the same one.
     *
     * @param group the group name (see {@link Names})
     * @param ordering its ordering
     */
    public synchronized void join(String group, Ordering ordering) {
        Names.requireValid("group", group);
        if (ordering == Ordering.TOTAL && !totalGroups.containsKey(group) && inner.groups().contains(group)) {
            throw new IllegalStateException("group '" + group + "' was joined with fifo ordering; leave it first");
        }
        if (ordering == Ordering.TOTAL && !totalGroups.containsKey(group)) {
            TotalOrderGroup total = new TotalOrderGroup(group, inner.self(), random::nextLong,
                    new GroupOutput(group, listeners, transfers, control));
            totalGroups.put(group, total);
            inner.join(group);
            total.start(nanoClock.getAsLong());
            inner.view(group).ifPresent(view -> total.onRawView(view, nanoClock.getAsLong()));
        } else if (ordering == Ordering.FIFO) {
            if (totalGroups.containsKey(group)) {
                throw new IllegalStateException("group '" + group + "' was joined with total ordering; leave it first");
            }
            inner.join(group);
            inner.view(group).ifPresent(transfers::fifoView);
        }
    }

    /**
     * Joins a group and receives its state from a current member ({@link StateReceiver}): the events that follow the
     * state are delivered once it is read. This member must not be in the group already. In a total-order group the
     * state is taken at a position of the order; in a FIFO group at a cut of every sender's stream, once every member
     * marked its stream for this joiner (docs/architecture.md, "State transfer in a fifo group"): every member of a
     * FIFO group that gives its state must run a {@code TotalOrderMember}.
     *
     * @param group the group name (see {@link Names})
     * @param ordering its ordering
     * @param receiver reads the state
     */
    public synchronized void join(String group, Ordering ordering, StateReceiver receiver) {
        Names.requireValid("group", group);
        if (inner.groups().contains(group)) {
            throw new IllegalStateException("group '" + group + "' is joined already; leave it first to receive its"
                    + " state");
        }
        transfers.expectState(group, java.util.Objects.requireNonNull(receiver, "receiver"),
                ordering == Ordering.FIFO);
        join(group, ordering);
    }

    /**
     * Gives this member's state of its groups to members that join them and ask for it. Without a
     * provider, this member refuses such requests (the joiner asks another member).
     *
     * @param provider takes a snapshot of a group's state at a point of its order
     */
    public synchronized void provideState(StateProvider provider) {
        transfers.provide(provider);
    }

    /**
     * Sends a message to one member of a group, in any site, without blocking: reliable, in order with this member's
     * other messages to the group, under its congestion control; it travels in the group (every site of it sees its
     * bytes), outside the total order, to {@link #onDirect} listeners of {@code to} only, both members running a
     * {@link TotalOrderMember}.
     *
     * @param group a group both members joined
     * @param to the member
     * @param payload the bytes
     * @return a stage completed when the message is admitted into the send window
     * @throws NotJoinedException if the group was not joined
     * @throws SendQueueFullException if the send window is full (try again later)
     */
    public synchronized CompletionStage<Void> sendTo(String group, MemberId to, byte[] payload) {
        if (!inner.groups().contains(group)) {
            throw new NotJoinedException(group);
        }
        return inner.sendAsync(group, MemberWire.direct(to, transfers.nextDirectSeq(group), payload));
    }

    /**
     * Registers a listener for the messages sent to this member alone ({@link #sendTo}); a message's
     * {@link GroupMessage#sequence()} counts its sender's messages to one member in the group, from 1.
     *
     * @return a handle that removes it
     */
    public Registration onDirect(MessageListener listener) {
        return listeners.addDirect(listener);
    }

    /** Joins a group with {@link Ordering#FIFO}. */
    @Override
    public void join(String group) {
        join(group, Ordering.FIFO);
    }

    /** @return the ordering of a joined group, empty if not joined */
    public synchronized Optional<Ordering> ordering(String group) {
        if (totalGroups.containsKey(group)) {
            return Optional.of(Ordering.TOTAL);
        }
        return inner.groups().contains(group) ? Optional.of(Ordering.FIFO) : Optional.empty();
    }

    @Override
    public synchronized void leave(String group) {
        transfers.left(group);
        totalGroups.remove(group);
        listeners.forget(group);
        inner.leave(group);
    }

    @Override
    public Set<String> groups() {
        return inner.groups();
    }

    @Override
    public MemberId self() {
        return inner.self();
    }

    /**
     * Sends to a group; in a total-order group the message is delivered (here too) at its place in the agreed order.
     *
     * @throws SendQueueFullException in a total-order group: before this member is admitted into the order (until
     *     its first view is delivered, or the view that admits it again after {@link OrderedListener#onRejoined}),
     *     or while {@value #MAX_UNDELIVERED_OWN_BYTES} bytes of its messages wait to be delivered; send again later
     */
    @Override
    public synchronized CompletionStage<Void> sendAsync(String group, byte[] payload) {
        TotalOrderGroup total = totalGroups.get(group);
        if (total == null) {
            return inner.sendAsync(group, payload);
        }
        if (!inner.groups().contains(group)) {
            throw new NotJoinedException(group);
        }
        byte[] wrapped = total.wrap(payload);
        try {
            return inner.sendAsync(group, wrapped);
        } catch (RuntimeException refused) {
            total.unwrap(payload.length);
            throw refused;
        }
    }

    /** Periodic work of the total-order groups (asking again, take-overs, resends); call every few tens of ms. */
    public synchronized void tick() {
        long nowNs = nanoClock.getAsLong();
        control.retry();
        for (TotalOrderGroup total : List.copyOf(totalGroups.values())) {
            total.tick(nowNs);
        }
        transfers.tick(nowNs);
    }

    /**
     * Registers a listener for the events of the total-order groups, with their positions.
     *
     * @return a handle that removes it
     */
    public Registration onOrdered(OrderedListener listener) {
        return listeners.addOrdered(listener);
    }

    @Override
    public Registration onMessage(MessageListener listener) {
        return listeners.addMessages(listener);
    }

    @Override
    public Registration onView(ViewListener listener) {
        return listeners.addViews(listener);
    }

    @Override
    public Registration onTree(TreeListener listener) {
        return inner.onTree(listener);
    }

    /** @return a total-order group's last delivered view (its agreed view), or a FIFO group's current view */
    @Override
    public synchronized Optional<GroupView> view(String group) {
        if (totalGroups.containsKey(group)) {
            return listeners.agreedView(group);
        }
        return inner.view(group);
    }

    @Override
    public Optional<GroupTree> tree(String group) {
        return inner.tree(group);
    }

    @Override
    public boolean isDelegate() {
        return inner.isDelegate();
    }

    @Override
    public Optional<MemberId> delegate() {
        return inner.delegate();
    }

    @Override
    public MemberStatus status() {
        return inner.status();
    }

    /** @return payload bytes held for a total-order group's messages not yet delivered or not yet held everywhere */
    public synchronized long heldBytes(String group) {
        TotalOrderGroup total = totalGroups.get(group);
        return total == null ? 0 : total.payloads.bytes();
    }

    /**
     * @return true while a total-order group cannot go on here because the members this one sees hold no majority
     *     of its last views (a partition's minority side, or a majority lost at once)
     */
    public synchronized boolean blocked(String group) {
        TotalOrderGroup total = totalGroups.get(group);
        return total != null && total.blocked();
    }

    /** @return a total-order group's protocol state in one line (epoch, positions kept, held and delivered, acks) */
    public synchronized String describe(String group) {
        TotalOrderGroup total = totalGroups.get(group);
        if (total == null) {
            return "not a total-order group here";
        }
        String transfer = transfers.describe(group);
        return total.describe() + (transfer.isEmpty() ? "" : "; " + transfer);
    }

    /** Stops the timer of {@link #over(GcsNode)} and unregisters from the inner member (which stays open). */
    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
        innerMessages.close();
        innerViews.close();
    }

    private synchronized void onInnerMessage(GroupMessage message) {
        boolean channel = transfers.isChannel(message.group());
        TotalOrderGroup total = channel ? null : totalGroups.get(message.group());
        if (!channel && total == null) {
            transfers.onFifoMessage(message);
        }
        if (channel || MemberWire.tagged(message.payload())) {
            if (!channel || MemberWire.tagged(message.payload())) {
                transfers.onMessage(message);
            }
            return;
        }
        if (total != null) {
            total.onRawMessage(message, nanoClock.getAsLong());
            return;
        }
        if (OrderWire.tagged(message.payload()) && OrderWire.read(message.payload()) instanceof OrderWire.Hello) {
            String reason = message.sender() + " joined group '" + message.group() + "' with total ordering, this"
                    + " member with fifo; all members of a group must join it with one ordering";
            LOG.error(reason);
            listeners.mismatch(message.group(), message.sender(), reason);
        }
        if (!transfers.holdFifo(message)) {
            listeners.fifoMessage(message);
        }
    }

    private synchronized void onInnerView(GroupView view) {
        if (transfers.isChannel(view.group())) {
            return;
        }
        TotalOrderGroup total = totalGroups.get(view.group());
        if (total != null) {
            total.onRawView(view, nanoClock.getAsLong());
            return;
        }
        transfers.fifoView(view);
        listeners.fifoView(view);
    }

    private synchronized void onInnerExcluded(String group, String reason) {
        if (transfers.isChannel(group)) {
            return;
        }
        transfers.left(group);
        if (totalGroups.remove(group) != null) {
            listeners.forget(group);
        }
        listeners.excluded(group, reason);
    }

    /** The node under this member closed: the timer stops, and nothing more is sent. */
    private void innerClosed() {
        if (timer != null && !timer.isShutdown()) {
            LOG.info("the node under the total-order member {} closed; its ordering timer stops", inner.self());
            timer.shutdown();
        }
    }
}
