package org.gcs.internal.node;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BiConsumer;
import org.gcs.GcsClosedException;
import org.gcs.internal.engine.SendRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries the application's send requests from its threads to the engine on the event loop: the requests that
 * arrive while one hand-over is queued on the loop travel with it, and they share a clock read, where every send
 * was a loop task and a clock read of its own (a read costs 30 to 40 ns on a virtual machine's kvm-clock;
 * docs/performance.md, "CPU per message, round 10"). The engine gets the requests in the order they were offered.
 *
 * <p>Any thread offers; the hand-over runs on the loop. It takes at most {@link #MAX_PER_TURN} requests and queues
 * itself again for the rest, so the loop's other work is not held up, and reads the clock again every
 * {@link #MAX_PER_CLOCK_READ} requests, so no request is handed to the engine with a time more than that many
 * submissions old. A request offered after the loop shut down is refused, and so is any request still queued then.
 */
final class SendIntake {
    private static final Logger LOG = LoggerFactory.getLogger(SendIntake.class);

    /** The most requests one hand-over gives the engine before it queues itself behind the loop's other tasks. */
    static final int MAX_PER_TURN = 256;
    /** The most requests handed to the engine with one clock read. */
    static final int MAX_PER_CLOCK_READ = 32;

    /** Takes a request to the engine, with the monotonic clock; on the loop. */
    interface Engine {
        void submit(SendRequest request, long nowNs);
    }

    private final NodeLoop loop;
    private final Engine engine;
    private final BiConsumer<SendRequest, GcsClosedException> refused;
    private final ConcurrentLinkedQueue<SendRequest> queued = new ConcurrentLinkedQueue<>();
    /** True from the offer that queues a hand-over on the loop until that hand-over starts taking requests. */
    private final AtomicBoolean handOverQueued = new AtomicBoolean();

    /**
     * @param loop the event loop that runs the engine
     * @param engine takes each request on the loop
     * @param refused takes each request the loop will never run (it shut down), on the thread that found it so
     */
    SendIntake(NodeLoop loop, Engine engine, BiConsumer<SendRequest, GcsClosedException> refused) {
        this.loop = loop;
        this.engine = engine;
        this.refused = refused;
    }

    /**
     * Hands a request to the engine on the loop, after the ones offered before it.
     *
     * @throws GcsClosedException if the loop has shut down; the request, and every other one still queued, went to
     *     {@code refused} first
     */
    void offer(SendRequest request) {
        queued.add(request);
        queueHandOver();
    }

    private void queueHandOver() {
        if (handOverQueued.get() || !handOverQueued.compareAndSet(false, true)) {
            return; // a queued hand-over that has not started yet will take the request
        }
        try {
            loop.run(this::handOver);
        } catch (GcsClosedException closed) {
            handOverQueued.set(false); // first: a request offered from now on queues (and refuses) for itself
            SendRequest request;
            while ((request = queued.poll()) != null) {
                refused.accept(request, closed);
            }
            throw closed;
        }
    }

    private void handOver() {
        handOverQueued.set(false); // first: a request offered from now on is taken here or queues a hand-over
        long nowNs = NodeClock.nowNs();
        SendRequest request;
        for (int taken = 0; taken < MAX_PER_TURN && (request = queued.poll()) != null; taken++) {
            if (taken > 0 && taken % MAX_PER_CLOCK_READ == 0) {
                nowNs = NodeClock.nowNs();
            }
            try {
                engine.submit(request, nowNs);
            } catch (RuntimeException e) {
                LOG.error("protocol task failed; continuing", e);
            }
        }
        if (!queued.isEmpty()) {
            try {
                queueHandOver();
            } catch (GcsClosedException ignored) {
                // shutting down: the rest was refused
            }
        }
    }
}
