package org.gcs.internal.node;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SingleThreadEventLoop;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.gcs.GcsClosedException;
import org.gcs.GcsException;
import org.gcs.MemberId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's one Netty event loop ({@code gcs-loop-<member>}): it owns the protocol engine, the WAN channel and the
 * protocol timer, so protocol state needs no locks. Other threads hand it work with {@link #run} or {@link #call};
 * as an {@link Executor} it queues tasks raw (a shut-down loop refuses them with {@link RejectedExecutionException}).
 */
final class NodeLoop implements Executor {
    private static final Logger LOG = LoggerFactory.getLogger(NodeLoop.class);

    private final MemberId self;
    private final EventLoopGroup group;
    private final EventLoop loop;

    /**
     * @param self the node, for its thread's name and for error messages
     * @param socketKind the transport of the channels the loop serves
     */
    NodeLoop(MemberId self, WanSocketKind socketKind) {
        this.self = self;
        this.group = new MultiThreadIoEventLoopGroup(1,
                new DefaultThreadFactory("gcs-loop-" + self.name(), true), socketKind.ioHandlerFactory());
        this.loop = group.next();
    }

    /** @return the group, for the channels this loop serves */
    EventLoopGroup group() {
        return group;
    }

    @Override
    public void execute(Runnable task) {
        loop.execute(task);
    }

    /**
     * Runs a task once the loop's current turn ends (after its I/O and the tasks queued so far; Netty's tail tasks),
     * or as an ordinary task on a loop without turns; at once if the loop has shut down. On the loop.
     */
    void afterThisTurn(Runnable task) {
        try {
            if (loop instanceof SingleThreadEventLoop turnBased) {
                turnBased.executeAfterEventLoopIteration(task);
            } else {
                loop.execute(task);
            }
        } catch (RejectedExecutionException e) {
            task.run();
        }
    }

    /** @return true on the loop's own thread */
    boolean inLoop() {
        return loop.inEventLoop();
    }

    /**
     * Runs a task on the loop later; a task that throws is logged and the loop continues.
     *
     * @throws GcsClosedException if the loop has shut down
     */
    void run(Runnable task) {
        try {
            loop.execute(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    LOG.error("protocol task failed; continuing", e);
                }
            });
        } catch (RejectedExecutionException e) {
            throw new GcsClosedException("node " + self + " is closed");
        }
    }

    /** As {@link #run}, but a closed loop drops the task silently (the node is closing). */
    void runQuietly(Runnable task) {
        try {
            run(task);
        } catch (GcsClosedException ignored) {
            // closing
        }
    }

    /**
     * Runs a task on the loop and waits for its result.
     *
     * @throws GcsException if the task threw
     * @throws GcsClosedException if the loop has shut down
     */
    <T> T call(Callable<T> task) throws InterruptedException {
        try {
            return loop.submit(task).get();
        } catch (ExecutionException e) {
            throw new GcsException("protocol task failed: " + e.getCause(), e.getCause());
        } catch (RejectedExecutionException e) {
            throw new GcsClosedException("node " + self + " is closed");
        }
    }

    /**
     * Runs a task on the loop and waits for it at most {@code timeoutNs}; does nothing if the loop has shut down.
     */
    void runAndWait(Runnable task, long timeoutNs) throws InterruptedException {
        try {
            loop.submit(task).await(timeoutNs, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException ignored) {
            // the loop never started
        }
    }

    /**
     * Runs a task on the loop once, after {@code delayNs}.
     *
     * @return the scheduled task, or null if the loop has shut down (the task never runs)
     */
    ScheduledFuture<?> after(long delayNs, Runnable task) {
        try {
            return loop.schedule(task, delayNs, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            return null;
        }
    }

    /** Runs a task on the loop every {@code periodNs}, first after one period. */
    ScheduledFuture<?> every(long periodNs, Runnable task) {
        return loop.scheduleAtFixedRate(task, periodNs, periodNs, TimeUnit.NANOSECONDS);
    }

    /** Stops the loop (waiting at most 5 s); tasks queued later are refused. */
    void shutdown() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
