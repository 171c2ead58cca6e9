package org.gcs.internal.node;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.gcs.GroupMessage;
import org.gcs.GroupTree;
import org.gcs.GroupView;
import org.gcs.MessageListener;
import org.gcs.Registration;
import org.gcs.TreeListener;
import org.gcs.ViewListener;
import org.gcs.metrics.NodeMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The delivery thread ({@code gcs-deliver-<member>}) and the application's listeners: it calls the message, view and
 * tree listeners one at a time, in order, and completes {@code sendAsync} stages in order with the deliveries. The
 * event loop hands it work in batches ({@link HandOffBatcher}); {@link #deliver}, {@link #viewChanged},
 * {@link #treeChanged}, {@link #excluded} and {@link #flush} are called on the loop only.
 */
final class Deliveries {
    private static final Logger LOG = LoggerFactory.getLogger(Deliveries.class);

    private final NodeLoop loop;
    private final DeliveryBacklog backlog;
    private final DeliveryMeter meter;
    private final ExecutorService executor;
    private final HandOffBatcher<Handed> batcher;
    private final List<MessageListener> messageListeners = new CopyOnWriteArrayList<>();
    private final List<ViewListener> viewListeners = new CopyOnWriteArrayList<>();
    private final List<TreeListener> treeListeners = new CopyOnWriteArrayList<>();
    private volatile Thread thread;

    /**
     * @param memberName names the thread
     * @param loop the event loop that hands over the work
     * @param backlog holds each message's delivery room until its listeners return
     * @param metrics counts deliveries and their latency
     */
    Deliveries(String memberName, NodeLoop loop, DeliveryBacklog backlog, NodeMetrics metrics) {
        this.loop = loop;
        this.backlog = backlog;
        this.meter = DeliveryMeter.of(metrics);
        this.executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "gcs-deliver-" + memberName);
            t.setDaemon(true);
            thread = t;
            return t;
        });
        this.batcher = new HandOffBatcher<>(loop, executor, this::runAll,
                batch -> batch.forEach(Handed::refused));
    }

    Registration onMessage(MessageListener listener) {
        messageListeners.add(listener);
        return () -> messageListeners.remove(listener);
    }

    Registration onView(ViewListener listener) {
        viewListeners.add(listener);
        return () -> viewListeners.remove(listener);
    }

    Registration onTree(TreeListener listener) {
        treeListeners.add(listener);
        return () -> treeListeners.remove(listener);
    }

    /** @return true on the delivery thread (where a blocking send would wait for itself) */
    boolean onDeliveryThread() {
        return Thread.currentThread() == thread;
    }

    /**
     * Queues a message for the listeners, on the loop.
     *
     * @param entry its delivery room, held until the listeners return
     */
    void deliver(GroupMessage message, long sentEpochMicros, DeliveryBacklog.Entry entry) {
        batcher.add(new MessageDelivery(message, sentEpochMicros, entry));
    }

    /** Queues a new view for the view listeners, on the loop. */
    void viewChanged(GroupView view) {
        batcher.add(() -> {
            for (ViewListener listener : viewListeners) {
                try {
                    listener.onView(view);
                } catch (RuntimeException e) {
                    LOG.warn("view listener threw", e);
                }
            }
        });
    }

    /** Queues a new tree for the tree listeners, on the loop. */
    void treeChanged(GroupTree tree) {
        batcher.add(() -> {
            for (TreeListener listener : treeListeners) {
                try {
                    listener.onTree(tree);
                } catch (RuntimeException e) {
                    LOG.warn("tree listener threw", e);
                }
            }
        });
    }

    /** Queues the news that this member was excluded from a group, for the view listeners, on the loop. */
    void excluded(String group, String reason) {
        batcher.add(() -> {
            for (ViewListener listener : viewListeners) {
                try {
                    listener.onExcluded(group, reason);
                } catch (RuntimeException e) {
                    LOG.warn("view listener threw", e);
                }
            }
        });
    }

    /**
     * Completes an application's {@code sendAsync} stage on the delivery thread: in order with the deliveries when
     * called on the loop, at once if the delivery thread is gone.
     */
    void complete(CompletableFuture<Void> stage, Throwable error) {
        if (loop.inLoop()) {
            batcher.add(new Completion(stage, error)); // in order with the deliveries
            return;
        }
        try {
            executor.execute(() -> completeNow(stage, error));
        } catch (RejectedExecutionException closedMeanwhile) {
            completeNow(stage, error);
        }
    }

    /** Hands what the loop queued so far to the delivery thread now; on the loop. */
    void flush() {
        batcher.flush();
    }

    /** Lets the delivery thread finish what it has (waiting at most 2 s); later work is refused. */
    void shutdown() {
        executor.shutdown();
        try {
            executor.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void completeNow(CompletableFuture<Void> future, Throwable error) {
        if (error == null) {
            future.complete(null);
        } else {
            future.completeExceptionally(error);
        }
    }

    /**
     * Runs a batch on the delivery thread, in order; one failing item does not stop the others. The batch's
     * deliveries are metered as one ({@link DeliveryMeter}).
     */
    private void runAll(List<Handed> batch) {
        meter.batchStarted(System.nanoTime());
        try {
            for (Handed item : batch) {
                try {
                    item.run();
                } catch (RuntimeException e) {
                    LOG.error("delivery task failed; continuing", e);
                }
            }
        } finally {
            meter.batchEnded();
        }
    }

    /** Work for the delivery thread, handed over in batches. */
    private interface Handed extends Runnable {
        /** Runs instead of {@link #run} when the delivery thread is gone (the node closed). */
        default void refused() {
        }
    }

    /**
     * A message for the listeners, holding its delivery room until they return (or until the stall policy drops
     * its group, {@link DeliveryBacklog#discard}).
     */
    private final class MessageDelivery implements Handed {
        private final GroupMessage message;
        private final long sentEpochMicros;
        private final DeliveryBacklog.Entry entry;

        MessageDelivery(GroupMessage message, long sentEpochMicros, DeliveryBacklog.Entry entry) {
            this.message = message;
            this.sentEpochMicros = sentEpochMicros;
            this.entry = entry;
        }

        @Override
        public void run() {
            if (!backlog.begin(entry)) {
                return; // this member was excluded from the group meanwhile
            }
            try {
                for (MessageListener listener : messageListeners) {
                    try {
                        listener.onMessage(message);
                    } catch (RuntimeException e) {
                        LOG.warn("message listener threw; the message counts as delivered", e);
                    }
                }
                meter.delivered(message.payload().length, sentEpochMicros);
            } finally {
                backlog.finish(entry);
            }
        }

        @Override
        public void refused() {
            backlog.finish(entry);
        }
    }

    /** Completes a {@code sendAsync} stage on the delivery thread (or at once if that thread is gone). */
    private record Completion(CompletableFuture<Void> future, Throwable error) implements Handed {
        @Override
        public void run() {
            completeNow(future, error);
        }

        @Override
        public void refused() {
            completeNow(future, error);
        }
    }
}
