package org.gcs.order;

import java.io.IOException;
import java.io.OutputStream;
import org.gcs.MemberId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A provider's side of one state transfer: writes a {@link StateProvider.Snapshot} to one joiner, on a thread of its
 * own, in chunks of {@value #CHUNK_BYTES} bytes sent to the transfer's channel group, at most
 * {@value #WINDOW_CHUNKS} chunks ahead of the joiner's acknowledgements. The window bounds memory at both ends and
 * paces the transfer to the joiner's reading; the group's congestion control paces it on the network.
 */
final class StateSend {
    private static final Logger LOG = LoggerFactory.getLogger(StateSend.class);
    /** Bytes of state per chunk (one group message). */
    static final int CHUNK_BYTES = 64 * 1024;
    /** Chunks sent and not yet acknowledged by the joiner, at most. */
    static final int WINDOW_CHUNKS = 16;

    /** How the transfer's thread sends (under the member's lock). */
    interface Sink {
        void send(String channel, byte[] payload);
    }

    final String group;
    final MemberId joiner;
    final long transfer;
    final String channel;
    final long position;
    private final StateProvider.Snapshot snapshot;
    private final Sink sink;
    private long ackedIndex = -1;
    private long lastIndex = -1;
    private String abortReason;
    private Thread thread;
    private long lastProgressNs;
    /**
     * True once the provider's own view of the group listed the joiner. Its request came through the group, but this
     * member's view of a newcomer may lag its messages and the ordered view that admitted it: until the view lists
     * the joiner, its absence means nothing.
     */
    private boolean joinerSeen;
    /** Inline mode (virtual time, no threads): the whole snapshot, written at once, and the next chunk to send. */
    private byte[] inlineState;
    private long nextInlineIndex;

    StateSend(String group, MemberId joiner, long transfer, String channel, long position,
            StateProvider.Snapshot snapshot, Sink sink, long nowNs) {
        this.group = group;
        this.joiner = joiner;
        this.transfer = transfer;
        this.channel = channel;
        this.position = position;
        this.snapshot = snapshot;
        this.sink = sink;
        this.lastProgressNs = nowNs;
    }

    /** Starts writing (once the joiner is seen in the channel group). */
    synchronized void start(String threadName, Runnable onWriteFailed) {
        if (thread != null) {
            return;
        }
        thread = new Thread(() -> {
            try (ChunkOut out = new ChunkOut()) {
                snapshot.writeTo(out);
                out.finish();
            } catch (IOException | RuntimeException e) {
                if (!aborted()) {
                    LOG.warn("state of group '{}' for {} not written: {}", group, joiner, e.toString());
                    abort("the provider could not write the state: " + e);
                    onWriteFailed.run();
                }
            }
        }, threadName);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Starts without a thread, for a member driven by a virtual clock: the snapshot is written at once into memory,
     * and its chunks go out within the window as acknowledgements come ({@link #onAck}).
     *
     * @throws IOException if the snapshot could not be written
     */
    synchronized void startInline() throws IOException {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        snapshot.writeTo(bytes);
        inlineState = bytes.toByteArray();
        lastIndex = Math.max(0, (inlineState.length + CHUNK_BYTES - 1) / CHUNK_BYTES - 1);
        pumpInline();
    }

    private void pumpInline() {
        while (inlineState != null && abortReason == null && nextInlineIndex <= lastIndex
                && nextInlineIndex - ackedIndex <= WINDOW_CHUNKS) {
            int from = (int) Math.min(inlineState.length, nextInlineIndex * CHUNK_BYTES);
            int length = Math.min(CHUNK_BYTES, inlineState.length - from);
            byte[] part = java.util.Arrays.copyOfRange(inlineState, from, from + length);
            sink.send(channel, MemberWire.chunk(transfer, position, nextInlineIndex, nextInlineIndex == lastIndex,
                    part, length));
            nextInlineIndex++;
        }
    }

    /**
     * @param joinerInGroup whether this member's view of the group lists the joiner now
     * @return true if the joiner left the group: a view listed it since the transfer began, and this one does not
     */
    synchronized boolean joinerLeft(boolean joinerInGroup) {
        joinerSeen |= joinerInGroup;
        return joinerSeen && !joinerInGroup;
    }

    synchronized boolean started() {
        return thread != null || inlineState != null;
    }

    /** The joiner consumed every chunk up to {@code index}. */
    synchronized void onAck(long index, long nowNs) {
        if (index > ackedIndex) {
            ackedIndex = index;
            lastProgressNs = nowNs;
            notifyAll();
            pumpInline();
        }
    }

    /** @return true once the joiner acknowledged the last chunk */
    synchronized boolean complete() {
        return lastIndex >= 0 && ackedIndex >= lastIndex;
    }

    /** @return nanoseconds since the joiner last acknowledged a chunk (or since the transfer began) */
    synchronized long idleNs(long nowNs) {
        return nowNs - lastProgressNs;
    }

    /** Stops the writing: the writer's next write throws. */
    synchronized void abort(String reason) {
        if (abortReason == null) {
            abortReason = reason;
        }
        notifyAll();
    }

    synchronized boolean aborted() {
        return abortReason != null;
    }

    /** Waits until chunk {@code index} fits in the window; throws if the transfer was aborted meanwhile. */
    private synchronized void awaitWindow(long index) throws IOException {
        while (abortReason == null && index - ackedIndex > WINDOW_CHUNKS) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
        if (abortReason != null) {
            throw new IOException("transfer aborted: " + abortReason);
        }
    }

    private synchronized void markLast(long index) {
        lastIndex = index;
    }

    /** Cuts what the snapshot writes into chunks and sends them within the window. */
    private final class ChunkOut extends OutputStream {
        private final byte[] buffer = new byte[CHUNK_BYTES];
        private int filled;
        private long nextIndex;

        @Override
        public void write(int b) throws IOException {
            if (filled == buffer.length) {
                send(false);
            }
            buffer[filled++] = (byte) b;
        }

        @Override
        public void write(byte[] bytes, int off, int len) throws IOException {
            while (len > 0) {
                if (filled == buffer.length) {
                    send(false);
                }
                int n = Math.min(len, buffer.length - filled);
                System.arraycopy(bytes, off, buffer, filled, n);
                filled += n;
                off += n;
                len -= n;
            }
        }

        /** Sends what is left as the last chunk (empty if the state ended on a chunk's boundary). */
        void finish() throws IOException {
            send(true);
        }

        private void send(boolean last) throws IOException {
            long index = nextIndex++;
            awaitWindow(index);
            byte[] payload = MemberWire.chunk(transfer, position, index, last, buffer, filled);
            if (last) {
                markLast(index);
            }
            sink.send(channel, payload);
            filled = 0;
        }
    }
}
