package org.gcs.internal.node;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import org.jgroups.Message;
import org.jgroups.protocols.PerDestinationBundler;
import org.jgroups.util.ByteArrayDataOutputStream;

/**
 * The LAN transport's bundler: JGroups' {@link PerDestinationBundler} (its default: a queue and a sending thread per
 * destination, which bundles what queued while that thread was busy), except that what a thread sends down the
 * stack inside {@link #atOnce} is written to the socket at once on that thread.
 *
 * <p>GCS sends all of its own messages so: the light turns its event loop sends itself when its LAN-out thread is
 * idle, and the bundles of that thread ({@link LanSender}). Through the queue each would wake the bundler's thread,
 * one more hand-off on the path of every message; and under load that thread has nothing to add, since its bundles
 * (at most 64 000 bytes) never hold two of GCS's (at most 56 KiB). JGroups' own messages (discovery, acknowledgements,
 * retransmissions, heartbeats) take the queue as before. (JGroups' own {@code DONT_BUNDLE} flag cannot serve: its
 * bundlers ignore it, and its discovery sets it on messages that must take the queue.)
 *
 * <p>A message sent at once may overtake one still in the queue; JGroups' reliable layers (NAKACK2, UNICAST3) put
 * messages back in order at the receiver, as they do for datagrams the network reorders.
 */
final class LanBundler extends PerDestinationBundler {
    private final ReentrantLock atOnceLock = new ReentrantLock();
    private final ByteArrayDataOutputStream atOnceOutput = new ByteArrayDataOutputStream(1024);
    private final LongAdder sentAtOnce = new LongAdder();
    private final ThreadLocal<Boolean> inAtOnce = ThreadLocal.withInitial(() -> Boolean.FALSE);

    /**
     * Runs a send on the calling thread; whatever it sends down to this bundler is written out at once.
     *
     * @param send the send, e.g. a {@code JChannel.send}
     * @return what the send returns
     */
    <T> T atOnce(Callable<T> send) throws Exception {
        inAtOnce.set(Boolean.TRUE);
        try {
            return send.call();
        } finally {
            inAtOnce.set(Boolean.FALSE);
        }
    }

    @Override
    public void send(Message message) throws Exception {
        if (!inAtOnce.get()) {
            super.send(message);
            return;
        }
        if (message.getSrc() == null) {
            message.setSrc(transport.getAddress());
        }
        atOnceLock.lock();
        try {
            // serializes, writes to the socket and loops back (unless DONT_LOOPBACK), as the queue's thread would
            atOnceOutput.position(0); // the queue's sends rewind their buffer the same way
            sendSingle(message.dest(), message, atOnceOutput);
            sentAtOnce.increment();
        } finally {
            atOnceLock.unlock();
        }
    }

    /** @return messages written at once on the sending thread so far */
    long sentAtOnce() {
        return sentAtOnce.sum();
    }
}
