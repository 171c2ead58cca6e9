package org.gcs.internal.node;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.gcs.internal.engine.LanView;
import org.gcs.internal.wire.LanBundle;
import org.gcs.internal.wire.LanCodec;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.LocalData;
import org.gcs.internal.wire.LanMessage.RemoteData;
import org.gcs.internal.wire.LanOutgoing;
import org.gcs.internal.wire.MalformedDatagramException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves LAN messages from a JGroups receive thread to the event loop, one loop task per JGroups batch instead of
 * one per message. On the receive thread each message is decoded (malformed ones are counted and dropped) and
 * takes its delivery room from {@link DeliveryPermits}; on the loop the {@link Handler} gets the messages one by
 * one, in the order they were added, each with the room it holds and the batch's time: the monotonic clock is read
 * once per batch when the loop takes it up, not once per message (a read costs 30 to 40 ns on a virtual machine's
 * kvm-clock, and a bundle carries dozens of messages; docs/performance.md, "CPU per message, round 10").
 *
 * <p>A receive thread never waits for room while it holds room for messages it has not posted: when room runs
 * out in the middle of a batch, the messages collected so far go to the loop first (their delivery frees room),
 * then the thread waits.
 */
final class LanInbox {
    private static final Logger LOG = LoggerFactory.getLogger(LanInbox.class);

    /** Takes the decoded messages, on the loop. */
    interface Handler {
        /**
         * @param message the message
         * @param permitBytes the delivery room the message holds; the handler gives back what it does not pass on
         * @param sender the member JGroups says sent it, or null if its address names none
         * @param nowNs the monotonic clock ({@link NodeClock#nowNs}), read when the loop took up the batch
         */
        void handle(LanMessage message, long permitBytes, LanView.LanMember sender, long nowNs);
    }

    private final DeliveryPermits permits;
    private final Executor loop;
    private final Handler handler;
    private final Runnable malformed;

    /**
     * @param permits the delivery room
     * @param loop the event loop that runs the handler
     * @param handler takes each message on the loop
     * @param malformed counts a message that does not decode
     */
    LanInbox(DeliveryPermits permits, Executor loop, Handler handler, Runnable malformed) {
        this.permits = permits;
        this.loop = loop;
        this.handler = handler;
        this.malformed = malformed;
    }

    /** @return an empty batch for the messages of one JGroups delivery; confined to the calling thread */
    Batch open() {
        return new Batch(true);
    }

    /**
     * @return an empty batch for this member's own multicasts, confined to the calling thread, which may be the loop:
     *     a message that finds no delivery room goes without (it is not counted in the backlog) instead of waiting.
     *     Own messages are bounded without it: a member's data by its send window, a delegate's by the LAN-out
     *     watermarks that pause its WAN intake.
     */
    Batch openOwn() {
        return new Batch(false);
    }

    /** @return the delivery room a message takes: its payload, at least 1 byte, for data; none for control */
    static long deliveryBytes(LanMessage message) {
        if (message instanceof LocalData data) {
            return Math.max(1, data.payload().length);
        } else if (message instanceof RemoteData data) {
            return Math.max(1, data.payload().length);
        }
        return 0;
    }

    private record Entry(LanMessage message, long permitBytes, LanView.LanMember sender) {
    }

    /** The messages of one JGroups delivery: {@link #add} each in order, then {@link #post}. */
    final class Batch {
        private final boolean waitForRoom;
        private ArrayList<Entry> entries = new ArrayList<>();
        private boolean closing;

        private Batch(boolean waitForRoom) {
            this.waitForRoom = waitForRoom;
        }

        /**
         * Decodes a message (or each message of a {@link LanBundle}, in order) and takes its delivery room, waiting
         * for room (after posting the messages added so far) if there is none ({@link #openOwn}: going without
         * instead). Does nothing once the node is closing.
         *
         * @param sender the member JGroups says sent it, or null if its address names none
         */
        void add(byte[] bytes, int offset, int length, LanView.LanMember sender) {
            if (closing) {
                return;
            }
            if (LanBundle.isBundle(bytes, offset, length)) {
                try {
                    LanBundle.forEach(bytes, offset, length, new LanBundle.SliceConsumer() {
                        @Override
                        public void expect(int count) {
                            entries.ensureCapacity(entries.size() + count);
                        }

                        @Override
                        public void accept(byte[] b, int o, int l) {
                            addOne(b, o, l, sender);
                        }
                    });
                } catch (MalformedDatagramException e) {
                    malformed.run();
                }
                return;
            }
            addOne(bytes, offset, length, sender);
        }

        /**
         * Adds this member's own copy of what it just sent: data messages as they are (no decoding of what was just
         * encoded), any other message by decoding its bytes.
         *
         * @param bytes the bundle or lone message sent
         * @param carried the messages it carries, in order; null to decode them all from {@code bytes}
         * @param self this member
         */
        void addSent(byte[] bytes, List<LanOutgoing> carried, LanView.LanMember self) {
            if (carried == null) {
                add(bytes, 0, bytes.length, self);
                return;
            }
            for (LanOutgoing outgoing : carried) {
                if (outgoing.message() != null) {
                    add(outgoing.message(), self);
                } else {
                    byte[] encoded = outgoing.bytes();
                    add(encoded, 0, encoded.length, self);
                }
            }
        }

        private void addOne(byte[] bytes, int offset, int length, LanView.LanMember sender) {
            if (closing) {
                return;
            }
            LanMessage message;
            try {
                message = LanCodec.decode(bytes, offset, length);
            } catch (MalformedDatagramException e) {
                malformed.run();
                return;
            }
            add(message, sender);
        }

        /**
         * As {@link #add(byte[], int, int, LanView.LanMember)}, for a message already decoded (the sender's own copy
         * of a message it sent).
         */
        void add(LanMessage message, LanView.LanMember sender) {
            if (closing) {
                return;
            }
            long permit = deliveryBytes(message);
            if (!permits.tryAcquire(permit)) {
                if (!waitForRoom) {
                    entries.add(new Entry(message, 0, sender));
                    return;
                }
                post();
                if (!permits.acquire(permit)) {
                    closing = true;
                    return;
                }
            }
            entries.add(new Entry(message, permit, sender));
        }

        /** Hands the messages added since the last post to the loop as one task. */
        void post() {
            if (entries.isEmpty()) {
                return;
            }
            List<Entry> batch = entries;
            entries = new ArrayList<>();
            try {
                loop.execute(() -> handleAll(batch));
            } catch (RejectedExecutionException e) {
                for (Entry entry : batch) {
                    permits.release(entry.permitBytes());
                }
                closing = true;
            }
        }
    }

    private void handleAll(List<Entry> batch) {
        long nowNs = NodeClock.nowNs();
        for (Entry entry : batch) {
            try {
                handler.handle(entry.message(), entry.permitBytes(), entry.sender(), nowNs);
            } catch (RuntimeException e) {
                LOG.error("protocol task failed; continuing", e);
            }
        }
    }
}
