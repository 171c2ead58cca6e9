package org.gcs.tools.send;

import java.util.concurrent.CompletionException;

/**
 * A sender loop driven by an external clock: whoever owns the time (the simulator, from a task it schedules) calls
 * {@link #step} now and then, and each step offers what the {@link Pacing} calls for at that time. Sends are
 * asynchronous; a message is outstanding until its stage completes. Not thread-safe: steps and sends run on the
 * clock's thread.
 */
public final class SteppedSender {
    private final Pacing pacing;
    private final SendCounter counter;
    private final Offers offers;
    private boolean stopped;

    /**
     * @param pacing how many messages to offer at each step
     * @param send sends one message
     * @param counter where the offers and admissions are counted
     */
    public SteppedSender(Pacing pacing, MessageSend send, SendCounter counter) {
        this.pacing = pacing;
        this.counter = counter;
        this.offers = new Offers(send, counter, failure -> {
        });
    }

    /**
     * Asks the pacing how many messages to offer at {@code nowNs} and offers them; nothing once stopped.
     *
     * @param nowNs the clock's time
     * @throws CompletionException wrapping what a send threw, if that was a checked exception (an unchecked one is
     *     thrown as it is); the step ends there
     */
    public void step(long nowNs) {
        if (stopped) {
            return;
        }
        long due = pacing.offer(nowNs, offers.outstanding());
        try {
            for (long i = 0; i < due; i++) {
                offers.offerNext();
            }
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new CompletionException(e);
        }
    }

    /** Stops offering; messages offered before may still be admitted (and counted). */
    public void stop() {
        stopped = true;
    }

    /** @return true once {@link #stop()} was called */
    public boolean stopped() {
        return stopped;
    }

    /** @return what this loop offered and got admitted */
    public SendCounter counter() {
        return counter;
    }
}
