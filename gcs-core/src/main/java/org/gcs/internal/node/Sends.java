package org.gcs.internal.node;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.gcs.GcsException;
import org.gcs.MessageTooLargeException;
import org.gcs.NotJoinedException;
import org.gcs.internal.engine.NodeEngine;
import org.gcs.internal.engine.SendRequest;

/**
 * The application's sends: checks them, bounds what waits ({@link PendingSends}), hands them to the engine on the
 * loop ({@link SendIntake}) and waits for the engine to admit them into the send window (blocking), or completes a
 * stage on the delivery thread when it does (asynchronous). A blocking send that times out or is interrupted is
 * withdrawn if the engine has not admitted it yet.
 */
final class Sends {
    private final int maxMessageBytes;
    private final NodeLoop loop;
    private final NodeEngine engine;
    private final GroupMemberships memberships;
    private final PendingSends pendingSends;
    private final Deliveries deliveries;
    private final SendIntake intake;

    Sends(int maxMessageBytes, NodeLoop loop, NodeEngine engine, GroupMemberships memberships,
          PendingSends pendingSends, Deliveries deliveries) {
        this.maxMessageBytes = maxMessageBytes;
        this.loop = loop;
        this.engine = engine;
        this.memberships = memberships;
        this.pendingSends = pendingSends;
        this.deliveries = deliveries;
        this.intake = new SendIntake(loop, engine::submit, (request, closed) -> {
            pendingSends.release(request.payload().length);
            PendingSend.of(request).future.completeExceptionally(closed);
        });
    }

    /** A blocking send (see {@link org.gcs.GcsNode#send(String, byte[], Duration)}); null waits without bound. */
    void send(String group, byte[] payload, Duration timeout) throws InterruptedException, TimeoutException {
        validate(group, payload);
        if (deliveries.onDeliveryThread()) {
            throw new IllegalStateException("send() would block the delivery thread, which also releases the send"
                    + " window: inside a listener use sendAsync()");
        }
        long deadline = timeout == null ? Long.MAX_VALUE : PendingSends.deadline(timeout.toNanos(), TimeUnit.NANOSECONDS);
        if (!pendingSends.reserve(payload.length, deadline)) {
            throw new TimeoutException("send to '" + group + "' not admitted within " + timeout);
        }
        PendingSend pending = submit(group, payload, false);
        try {
            if (timeout == null) {
                pending.future.get();
            } else {
                pending.future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
        } catch (ExecutionException e) {
            throw unwrap(e);
        } catch (TimeoutException e) {
            if (withdraw(pending)) {
                throw new TimeoutException("send to '" + group + "' not admitted within " + timeout
                        + " (the send window is full: receivers are slow or a site is unreachable)");
            }
        } catch (InterruptedException e) {
            if (withdraw(pending)) {
                throw e;
            }
            Thread.currentThread().interrupt(); // admitted meanwhile: it will be sent; keep the interrupt status
        }
    }

    /** An asynchronous send (see {@link org.gcs.GcsNode#sendAsync}). */
    CompletionStage<Void> sendAsync(String group, byte[] payload) {
        validate(group, payload);
        pendingSends.reserveNow(payload.length);
        return submit(group, payload, true).future.minimalCompletionStage();
    }

    /** @return true if the send was still waiting and is now withdrawn (it will not be sent) */
    private boolean withdraw(PendingSend pending) throws InterruptedException {
        if (loop.call(() -> engine.cancel(pending.request))) {
            pendingSends.release(pending.request.payload().length);
            return true;
        }
        return false;
    }

    private void validate(String group, byte[] payload) {
        if (payload == null) {
            throw new IllegalArgumentException("payload must not be null (send an empty array for no payload)");
        }
        if (!memberships.contains(group)) {
            throw new NotJoinedException(group, memberships.exclusion(group));
        }
        if (payload.length > maxMessageBytes) {
            throw new MessageTooLargeException(payload.length, maxMessageBytes);
        }
    }

    private PendingSend submit(String group, byte[] payload, boolean async) {
        byte[] copy = payload.clone();
        PendingSend pending = new PendingSend(async);
        SendRequest request = new SendRequest(group, copy, NodeClock.nowEpochMicros(), pending);
        pending.request = request;
        intake.offer(request); // if the node is closed, the request's room goes back before this throws
        return pending;
    }

    private static RuntimeException unwrap(ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        return new GcsException("send failed: " + cause, cause);
    }
}
