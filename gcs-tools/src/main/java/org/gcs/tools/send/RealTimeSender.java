package org.gcs.tools.send;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.gcs.tools.threads.Threads;

/**
 * A sender loop in real time ({@link System#nanoTime()}), on the thread that runs it ({@link #run()}) or on a thread
 * of its own ({@link #start}). It offers what its {@link Pacing} calls for, one message after another, and in between
 * parks until the next message is due, an outstanding message is admitted, the deadline comes or {@link #stop()}:
 * it never spins.
 *
 * <p>It ends ({@link #end()}) at the deadline ({@link #stopAt}), after a number of messages ({@link #stopAfter}),
 * on {@link #stop()}, when its thread is interrupted (the interrupt stays set), or at the first failed send (thrown,
 * or a stage completed exceptionally) that came before {@link #stop()}: a failure after a stop is the expected end of
 * a closing node or socket, not an error. Messages still outstanding when it ends may be admitted later, and are
 * counted then.
 */
public final class RealTimeSender implements Runnable {
    /** Why a sender loop ended. */
    public enum End {
        /** The deadline came. */
        DEADLINE,
        /** It offered the number of messages it was bounded to (a blocking send: they were all admitted). */
        COUNT,
        /** {@link #stop()} was called. */
        STOPPED,
        /** Its thread was interrupted. */
        INTERRUPTED,
        /** A send failed: see {@link #failure()}. */
        FAILED
    }

    private final Pacing pacing;
    private final SendCounter counter;
    private final Offers offers;
    private boolean hasDeadline;
    private long deadlineNs;
    private long maxMessages = Long.MAX_VALUE;
    private volatile Thread runner;
    private volatile boolean stopped;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private volatile End end;

    /**
     * A loop without bounds: it runs until {@link #stop()}, an interrupt or a failure unless given some.
     *
     * @param pacing how many messages to offer when
     * @param send sends one message
     * @param counter where the offers and admissions are counted
     */
    public RealTimeSender(Pacing pacing, MessageSend send, SendCounter counter) {
        this.pacing = pacing;
        this.counter = counter;
        this.offers = new Offers(send, counter, this::completed);
    }

    /**
     * Bounds the loop in time; call before it runs.
     *
     * @param deadlineNs the {@link System#nanoTime()} at which to end
     * @return this loop
     */
    public RealTimeSender stopAt(long deadlineNs) {
        this.hasDeadline = true;
        this.deadlineNs = deadlineNs;
        return this;
    }

    /**
     * Bounds the loop in messages; call before it runs.
     *
     * @param messages how many messages to offer at most, zero or more
     * @return this loop
     */
    public RealTimeSender stopAfter(long messages) {
        if (messages < 0) {
            throw new IllegalArgumentException("messages must not be negative, got " + messages);
        }
        this.maxMessages = messages;
        return this;
    }

    /**
     * Runs the loop on a daemon thread of its own.
     *
     * @param threadName the thread's name
     * @return the started thread
     */
    public Thread start(String threadName) {
        return Threads.startDaemon(this, threadName);
    }

    /** Runs the loop on this thread until it ends; a loop runs once. */
    @Override
    public void run() {
        if (runner != null) {
            throw new IllegalStateException("a sender loop runs once");
        }
        runner = Thread.currentThread();
        End result;
        try {
            result = loop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result = End.INTERRUPTED;
        } catch (Exception e) {
            result = failed(e) ? End.FAILED : End.STOPPED;
        }
        end = result;
    }

    private End loop() throws Exception {
        long due = 0;
        while (true) {
            long nowNs = System.nanoTime();
            End ended = ended(nowNs);
            if (ended != null) {
                return ended;
            }
            if (due == 0) {
                due = pacing.offer(nowNs, offers.outstanding());
                if (due == 0) {
                    park(nowNs);
                    continue;
                }
            }
            offers.offerNext();
            due--;
        }
    }

    private End ended(long nowNs) {
        if (stopped) {
            return End.STOPPED;
        }
        if (failure.get() != null) {
            return End.FAILED;
        }
        if (Thread.currentThread().isInterrupted()) {
            return End.INTERRUPTED;
        }
        if (offers.offered() >= maxMessages) {
            return End.COUNT;
        }
        if (hasDeadline && nowNs - deadlineNs >= 0) {
            return End.DEADLINE;
        }
        return null;
    }

    /** Parks until the next message is due, the deadline, an admission, a stop or an interrupt, what comes first. */
    private void park(long nowNs) {
        long untilNs = pacing.nextDueNs(nowNs);
        boolean timed = untilNs - nowNs > 0; // else only an admission lets the next message go
        if (hasDeadline && (!timed || untilNs - deadlineNs > 0)) {
            untilNs = deadlineNs;
            timed = true;
        }
        if (timed) {
            LockSupport.parkNanos(this, untilNs - nowNs);
        } else {
            LockSupport.park(this);
        }
    }

    private void completed(Throwable sendFailure) {
        if (sendFailure != null) {
            failed(sendFailure);
        }
        Thread thread = runner;
        if (thread != null && thread != Thread.currentThread()) {
            LockSupport.unpark(thread);
        }
    }

    /** @return true if the failure counts (it came before a stop) */
    private boolean failed(Throwable sendFailure) {
        if (stopped) {
            return false;
        }
        failure.compareAndSet(null, sendFailure);
        return true;
    }

    /** Ends the loop before its next message, waking it if it waits; a send in progress is not interrupted. */
    public void stop() {
        stopped = true;
        Thread thread = runner;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    /** @return true once {@link #stop()} was called */
    public boolean stopRequested() {
        return stopped;
    }

    /** @return what this loop offered and got admitted */
    public SendCounter counter() {
        return counter;
    }

    /** @return the first failed send that came before {@link #stop()}, or null */
    public Throwable failure() {
        return failure.get();
    }

    /** @return why the loop ended, or null while it has not run or still runs */
    public End end() {
        return end;
    }
}
