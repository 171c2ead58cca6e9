package org.gcs.examples.kv;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.Registration;
import org.gcs.order.OrderedListener;
import org.gcs.order.Ordering;
import org.gcs.order.TotalOrderMember;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A replicated key-value map on a {@link Ordering#TOTAL} group: every member of the group holds a replica, every
 * write is sent to the group, and every replica applies the writes in the group's one agreed order. So replicas that
 * applied the same number of operations hold the same map, and a conditional write ({@link #compareAndSet},
 * {@link #putIfAbsent}) succeeds or fails the same way everywhere, decided by where it falls in that order.
 *
 * <pre>{@code
 * try (GcsNode node = GcsNode.start(config); TotalOrderMember member = TotalOrderMember.over(node)) {
 *     ReplicatedMap map = ReplicatedMap.join(member, "kv");
 *     map.put("colour", "blue");
 *     boolean won = map.putIfAbsent("leader", "boston").join().applied();   // the same answer at every replica
 *     Optional<String> local = map.get("colour");                          // reads this replica only
 * }
 * }</pre>
 *
 * <p>Writes return at once with a future completed when this replica applies the write (with its {@link KvResult});
 * reads read this replica as it is, without waiting for writes in flight. {@link #encode()} and {@link #digest()}
 * give the whole map's deterministic bytes, to compare replicas.
 *
 * <p><b>Limits.</b> GCS's total order has no state transfer yet: a replica starts empty and is complete only if it
 * joined before the first write. A member that the group left out and that joined again
 * ({@link OrderedListener#onRejoined}) misses writes: its replica turns {@link #stale()} and its writes in flight
 * fail. Writes a member sent just before it crashed may be lost (those not yet ordered); the others all apply the
 * same ones.
 *
 * <p>Thread-safe. Listeners of {@link #onApplied} run on the thread that delivers the group's events, one at a time,
 * in the agreed order.
 */
public final class ReplicatedMap implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicatedMap.class);

    private final TotalOrderMember member;
    private final String group;
    private final String origin;
    private final KvStore store = new KvStore();
    private final Map<OpId, CompletableFuture<KvResult>> pending = new HashMap<>();
    private final Map<String, Long> lastNumberByOrigin = new HashMap<>();
    private final List<Consumer<KvResult>> appliedListeners = new CopyOnWriteArrayList<>();
    /** Taken by writers only, never on the delivery path: keeps numbers in send order without a lock cycle. */
    private final Object sendLock = new Object();
    private final Registration ordered;
    private long nextNumber = 1;
    private long applied;
    private long lastPosition;
    private long undecodable;
    private long outOfOrder;
    private GroupView view;
    private boolean stale;
    private boolean closed;

    private ReplicatedMap(TotalOrderMember member, String group, String origin) {
        this.member = member;
        this.group = group;
        this.origin = origin;
        this.ordered = member.onOrdered(new Events());
    }

    /**
     * Joins a group with total order and returns this member's replica of the map. Every member of the group must
     * use it through a {@code ReplicatedMap}.
     *
     * @param member the member, over a node
     * @param group the group
     * @return the replica, empty
     */
    public static ReplicatedMap join(TotalOrderMember member, String group) {
        String origin = member.self() + "~" + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 16));
        ReplicatedMap map = new ReplicatedMap(member, group, origin);
        member.join(group, Ordering.TOTAL);
        return map;
    }

    /**
     * Sets a key's value.
     *
     * @return completed once this replica applied it; its result's {@link KvResult#previous()} is the value it replaced
     * @throws org.gcs.SendQueueFullException if too many writes of this member wait to be ordered: retry later
     */
    public CompletableFuture<KvResult> put(String key, String value) {
        return submit(number -> new KvOp.Put(new OpId(origin, number), key, value));
    }

    /**
     * Removes a key.
     *
     * @return completed once this replica applied it; {@link KvResult#applied()} tells whether the key was present
     */
    public CompletableFuture<KvResult> remove(String key) {
        return submit(number -> new KvOp.Remove(new OpId(origin, number), key));
    }

    /**
     * Sets a key's value only if, at the write's place in the agreed order, the key holds {@code expected}.
     *
     * @param expected the value the key must hold, or null: the key must be absent
     * @return completed once this replica applied it; {@link KvResult#applied()} tells whether it won, the same at
     *     every replica
     */
    public CompletableFuture<KvResult> compareAndSet(String key, String expected, String value) {
        return submit(number -> new KvOp.CompareAndSet(new OpId(origin, number), key, expected, value));
    }

    /** {@link #compareAndSet} with {@code expected} null: sets the key only if it is absent. */
    public CompletableFuture<KvResult> putIfAbsent(String key, String value) {
        return compareAndSet(key, null, value);
    }

    /** @return the key's value in this replica */
    public synchronized Optional<String> get(String key) {
        return Optional.ofNullable(store.get(key));
    }

    /** @return the number of keys in this replica */
    public synchronized int size() {
        return store.size();
    }

    /** @return a copy of this replica's entries, in key order */
    public synchronized NavigableMap<String, String> snapshot() {
        return store.snapshot();
    }

    /** @return this replica's bytes, the same at every replica that applied the same operations */
    public synchronized byte[] encode() {
        return store.encode();
    }

    /** @return the SHA-256 of {@link #encode()}, in hexadecimal */
    public synchronized String digest() {
        return store.digest();
    }

    /** @return the number of operations this replica applied */
    public synchronized long applied() {
        return applied;
    }

    /** @return the position in the agreed order of the last event (operation or view) this replica saw */
    public synchronized long lastPosition() {
        return lastPosition;
    }

    /** @return the last view delivered in the agreed order, empty before the first */
    public synchronized Optional<GroupView> view() {
        return Optional.ofNullable(view);
    }

    /** @return true once this member was left out of the group and joined again: this replica missed writes */
    public synchronized boolean stale() {
        return stale;
    }

    /**
     * @return messages of the group that were not operations (skipped, at every replica alike) plus operations that
     *     came out of their origin's order; 0 unless something is wrong
     */
    public synchronized long anomalies() {
        return undecodable + outOfOrder;
    }

    /** @return this replica's name in the ids of its operations */
    public String origin() {
        return origin;
    }

    /**
     * Registers a listener of every operation this replica applies, from any member, in the agreed order.
     *
     * @return a handle that removes it
     */
    public Registration onApplied(Consumer<KvResult> listener) {
        appliedListeners.add(listener);
        return () -> appliedListeners.remove(listener);
    }

    /** Leaves the group; writes in flight fail. The member stays open. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        ordered.close();
        failPending(new IllegalStateException("the replicated map of group '" + group + "' closed"));
        member.leave(group);
    }

    private CompletableFuture<KvResult> submit(LongFunction<KvOp> make) {
        CompletableFuture<KvResult> result = new CompletableFuture<>();
        OpId id;
        CompletionStage<Void> sent;
        synchronized (sendLock) {
            KvOp op = make.apply(nextNumber);
            byte[] bytes = KvOpCodec.encode(op);
            id = op.id();
            synchronized (this) {
                if (closed) {
                    throw new IllegalStateException("the replicated map of group '" + group + "' is closed");
                }
                pending.put(id, result);
            }
            try {
                sent = member.sendAsync(group, bytes);
            } catch (RuntimeException refused) {
                synchronized (this) {
                    pending.remove(id);
                }
                throw refused;
            }
            nextNumber++;
        }
        sent.whenComplete((ok, failure) -> {
            if (failure != null) {
                CompletableFuture<KvResult> lost;
                synchronized (this) {
                    lost = pending.remove(id);
                }
                if (lost != null) {
                    lost.completeExceptionally(failure);
                }
            }
        });
        return result;
    }

    private void failPending(RuntimeException why) {
        List<CompletableFuture<KvResult>> failed;
        synchronized (this) {
            failed = new ArrayList<>(pending.values());
            pending.clear();
        }
        failed.forEach(f -> f.completeExceptionally(why));
    }

    private void apply(GroupMessage message, long position) {
        KvResult result;
        CompletableFuture<KvResult> mine;
        synchronized (this) {
            lastPosition = position;
            KvOp op;
            try {
                op = KvOpCodec.decode(message.payload());
            } catch (IllegalArgumentException notAnOp) {
                undecodable++;
                LOG.warn("group '{}': message from {} at position {} skipped: {}", group, message.sender(), position,
                        notAnOp.getMessage());
                return;
            }
            Long last = lastNumberByOrigin.put(op.id().origin(), op.id().number());
            if (last != null && last >= op.id().number()) {
                outOfOrder++;
                LOG.error("group '{}': operation {} after number {} of its origin", group, op.id(), last);
            }
            result = store.apply(op, position);
            applied++;
            mine = pending.remove(op.id());
        }
        for (Consumer<KvResult> listener : appliedListeners) {
            listener.accept(result);
        }
        if (mine != null) {
            mine.complete(result);
        }
    }

    /** The group's ordered events, into the replica. */
    private final class Events implements OrderedListener {
        @Override
        public void onMessage(GroupMessage message, long position) {
            if (message.group().equals(group)) {
                apply(message, position);
            }
        }

        @Override
        public void onView(GroupView newView, long position) {
            if (newView.group().equals(group)) {
                synchronized (ReplicatedMap.this) {
                    view = newView;
                    lastPosition = position;
                }
            }
        }

        @Override
        public void onRejoined(String rejoined, String reason) {
            if (rejoined.equals(group)) {
                synchronized (ReplicatedMap.this) {
                    stale = true;
                }
                LOG.warn("group '{}': this replica missed writes and is stale ({})", group, reason);
                failPending(new IllegalStateException("left out of group '" + group + "' and joined again: " + reason
                        + "; the write may be lost"));
            }
        }
    }
}
