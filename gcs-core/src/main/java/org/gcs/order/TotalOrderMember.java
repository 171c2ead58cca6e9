package org.gcs.order;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.gcs.GcsClosedException;
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

    private final GroupMember inner;
    private final LongSupplier nanoClock;
    private final SplittableRandom random;
    private final Map<String, TotalOrderGroup> totalGroups = new HashMap<>();
    private final Map<String, GroupView> orderedViews = new HashMap<>();
    private final List<MessageListener> messageListeners = new CopyOnWriteArrayList<>();
    private final List<ViewListener> viewListeners = new CopyOnWriteArrayList<>();
    private final List<OrderedListener> orderedListeners = new CopyOnWriteArrayList<>();
    private final ArrayDeque<String[]> unsentGroups = new ArrayDeque<>();
    private final ArrayDeque<byte[]> unsentPayloads = new ArrayDeque<>();
    private final Registration innerMessages;
    private final Registration innerViews;
    private ScheduledExecutorService timer;

    /**
     * A member driven by its owner's clock: the owner calls {@link #tick()} every few tens of milliseconds (a
     * simulator from its virtual clock).
     *
     * @param inner the member to run over; this one registers its listeners on it
     * @param nanoClock the time, in nanoseconds (virtual time in a simulator)
     * @param seed seeds the random numbers of this member's incarnations
     */
    public TotalOrderMember(GroupMember inner, LongSupplier nanoClock, long seed) {
        this.inner = inner;
        this.nanoClock = nanoClock;
        this.random = new SplittableRandom(seed);
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
                System.nanoTime() ^ node.self().hashCode());
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
            TotalOrderGroup total = new TotalOrderGroup(group, inner.self(), random::nextLong, new Out(group));
            totalGroups.put(group, total);
            inner.join(group);
            total.start(nanoClock.getAsLong());
            inner.view(group).ifPresent(view -> total.onRawView(view, nanoClock.getAsLong()));
        } else if (ordering == Ordering.FIFO) {
            if (totalGroups.containsKey(group)) {
                throw new IllegalStateException("group '" + group + "' was joined with total ordering; leave it first");
            }
            inner.join(group);
        }
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
        totalGroups.remove(group);
        orderedViews.remove(group);
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
        retryUnsent();
        for (TotalOrderGroup total : List.copyOf(totalGroups.values())) {
            total.tick(nowNs);
        }
    }

    /**
     * Registers a listener for the events of the total-order groups, with their positions.
     *
     * @return a handle that removes it
     */
    public Registration onOrdered(OrderedListener listener) {
        orderedListeners.add(listener);
        return () -> orderedListeners.remove(listener);
    }

    @Override
    public Registration onMessage(MessageListener listener) {
        messageListeners.add(listener);
        return () -> messageListeners.remove(listener);
    }

    @Override
    public Registration onView(ViewListener listener) {
        viewListeners.add(listener);
        return () -> viewListeners.remove(listener);
    }

    @Override
    public Registration onTree(TreeListener listener) {
        return inner.onTree(listener);
    }

    /** @return a total-order group's last delivered view (its agreed view), or a FIFO group's current view */
    @Override
    public synchronized Optional<GroupView> view(String group) {
        if (totalGroups.containsKey(group)) {
            return Optional.ofNullable(orderedViews.get(group));
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
        return total == null ? "not a total-order group here" : total.describe();
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
        TotalOrderGroup total = totalGroups.get(message.group());
        if (total != null) {
            total.onRawMessage(message, nanoClock.getAsLong());
            return;
        }
        if (OrderWire.tagged(message.payload()) && OrderWire.read(message.payload()) instanceof OrderWire.Hello) {
            String reason = message.sender() + " joined group '" + message.group() + "' with total ordering, this"
                    + " member with fifo; all members of a group must join it with one ordering";
            LOG.error(reason);
            orderedListeners.forEach(l -> l.onOrderingMismatch(message.group(), message.sender(), reason));
        }
        for (MessageListener listener : messageListeners) {
            listener.onMessage(message);
        }
    }

    private synchronized void onInnerView(GroupView view) {
        TotalOrderGroup total = totalGroups.get(view.group());
        if (total != null) {
            total.onRawView(view, nanoClock.getAsLong());
            return;
        }
        viewListeners.forEach(l -> l.onView(view));
    }

    private synchronized void onInnerExcluded(String group, String reason) {
        if (totalGroups.remove(group) != null) {
            orderedViews.remove(group);
        }
        viewListeners.forEach(l -> l.onExcluded(group, reason));
    }

    /** Sends a protocol message, keeping it (in order) for the next tick if the send queue is full. */
    private void sendControl(String group, byte[] payload) {
        if (unsentGroups.isEmpty()) {
            try {
                inner.sendAsync(group, payload);
                return;
            } catch (SendQueueFullException full) {
                // kept below
            } catch (GcsClosedException closed) {
                innerClosed();
                return;
            } catch (RuntimeException gone) {
                LOG.debug("total-order message to {} not sent: {}", group, gone.toString());
                return;
            }
        }
        unsentGroups.add(new String[] {group});
        unsentPayloads.add(payload);
    }

    /** The node under this member closed: the timer stops, and nothing more is sent. */
    private void innerClosed() {
        if (timer != null && !timer.isShutdown()) {
            LOG.info("the node under the total-order member {} closed; its ordering timer stops", inner.self());
            timer.shutdown();
        }
        unsentGroups.clear();
        unsentPayloads.clear();
    }

    private void retryUnsent() {
        while (!unsentGroups.isEmpty()) {
            String group = unsentGroups.peek()[0];
            try {
                if (totalGroups.containsKey(group)) {
                    inner.sendAsync(group, unsentPayloads.peek());
                }
            } catch (SendQueueFullException full) {
                return;
            } catch (GcsClosedException closed) {
                innerClosed();
                return;
            } catch (RuntimeException gone) {
                LOG.debug("total-order message to {} not sent: {}", group, gone.toString());
            }
            unsentGroups.poll();
            unsentPayloads.poll();
        }
    }

    /** Where one group's protocol output goes: the inner member and this member's listeners. */
    private final class Out implements TotalOrderGroup.Output {
        private final String group;

        Out(String group) {
            this.group = group;
        }

        @Override
        public void send(byte[] payload) {
            sendControl(group, payload);
        }

        @Override
        public void admitted(long lineage) {
            orderedListeners.forEach(l -> l.onAdmitted(group, lineage));
        }

        @Override
        public void message(GroupMessage message, long position) {
            for (OrderedListener listener : orderedListeners) {
                listener.onMessage(message, position);
            }
            for (MessageListener listener : messageListeners) {
                listener.onMessage(message);
            }
        }

        @Override
        public void view(GroupView view, long position) {
            orderedViews.put(group, view);
            for (OrderedListener listener : orderedListeners) {
                listener.onView(view, position);
            }
            for (ViewListener listener : viewListeners) {
                listener.onView(view);
            }
        }

        @Override
        public void blocked(String reason) {
            LOG.warn("total-order group '{}' blocked: {}", group, reason);
            orderedListeners.forEach(l -> l.onBlocked(group, reason));
        }

        @Override
        public void rejoined(String reason) {
            LOG.warn("total-order group '{}': joined again as a new member: {}", group, reason);
            orderedViews.remove(group);
            orderedListeners.forEach(l -> l.onRejoined(group, reason));
        }

        @Override
        public void mismatch(MemberId member, String reason) {
            LOG.error(reason);
            orderedListeners.forEach(l -> l.onOrderingMismatch(group, member, reason));
        }
    }
}
