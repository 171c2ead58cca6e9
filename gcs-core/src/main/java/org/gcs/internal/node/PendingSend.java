package org.gcs.internal.node;

import java.util.concurrent.CompletableFuture;
import org.gcs.internal.engine.SendRequest;

/**
 * A send on its way through the engine: the request's completion, done when the engine admits it. A blocking send's
 * future completes on the loop, where the waiting caller is woken; an asynchronous send's future is the one the
 * application holds, and completes on the delivery thread, in order with the deliveries ({@link Deliveries}).
 */
final class PendingSend {
    final CompletableFuture<Void> future = new CompletableFuture<>();
    private final boolean onDeliveryThread;
    SendRequest request;

    /** @param onDeliveryThread true for {@code sendAsync}: the future completes on the delivery thread */
    PendingSend(boolean onDeliveryThread) {
        this.onDeliveryThread = onDeliveryThread;
    }

    /** @return the pending send a request completes (its {@link SendRequest#completion()}) */
    static PendingSend of(SendRequest request) {
        return (PendingSend) request.completion();
    }

    /**
     * Completes the send, on the loop: at once for a blocking send, through the delivery thread for an asynchronous
     * one.
     *
     * @param deliveries the node's delivery thread
     * @param error why the send failed, or null when it was admitted
     */
    void complete(Deliveries deliveries, Throwable error) {
        if (onDeliveryThread) {
            deliveries.complete(future, error);
        } else if (error == null) {
            future.complete(null);
        } else {
            future.completeExceptionally(error);
        }
    }
}
