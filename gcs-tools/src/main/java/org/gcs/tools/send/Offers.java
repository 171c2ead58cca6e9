package org.gcs.tools.send;

import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The offering side of one sender loop: numbers its messages, sends each, counts it and keeps track of the loop's
 * outstanding messages (offered, neither admitted nor failed yet).
 */
final class Offers {
    private final MessageSend send;
    private final SendCounter counter;
    private final Consumer<Throwable> completed;
    private final AtomicLong outstanding = new AtomicLong();
    private long offered;

    /**
     * @param send sends one message
     * @param counter where offers and their outcomes are counted
     * @param completed told of every completion of a stage: null when admitted, else the failure (on any thread); a
     *     send that throws is not told here, its exception goes to the caller of {@link #offerNext()}
     */
    Offers(MessageSend send, SendCounter counter, Consumer<Throwable> completed) {
        this.send = send;
        this.counter = counter;
        this.completed = completed;
    }

    /** @return messages this loop offered */
    long offered() {
        return offered;
    }

    /** @return this loop's messages offered and not yet admitted or failed */
    long outstanding() {
        return outstanding.get();
    }

    /**
     * Offers the next message.
     *
     * @throws Exception what the send threw (the message counts as failed)
     */
    void offerNext() throws Exception {
        long sequence = ++offered;
        counter.offered();
        outstanding.incrementAndGet();
        CompletionStage<?> admission;
        try {
            admission = send.send(sequence);
        } catch (Exception e) {
            outstanding.decrementAndGet();
            counter.failed();
            throw e;
        }
        admission.whenComplete((ignored, failure) -> complete(failure));
    }

    private void complete(Throwable failure) {
        outstanding.decrementAndGet();
        if (failure == null) {
            counter.admitted();
        } else {
            counter.failed();
        }
        completed.accept(failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure);
    }
}
