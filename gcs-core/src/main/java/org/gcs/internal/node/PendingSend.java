package org.gcs.internal.node;

import java.util.concurrent.CompletableFuture;
import org.gcs.internal.engine.SendRequest;

/** A send on its way through the engine: the request's completion, done when the engine admits it. */
final class PendingSend {
    final CompletableFuture<Void> future = new CompletableFuture<>();
    SendRequest request;

    /** @return the pending send a request completes (its {@link SendRequest#completion()}) */
    static PendingSend of(SendRequest request) {
        return (PendingSend) request.completion();
    }
}
