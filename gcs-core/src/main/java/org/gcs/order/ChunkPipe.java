package org.gcs.order;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.function.LongConsumer;

/**
 * The chunks of one incoming state transfer, between the thread that receives them and the one that reads the state:
 * at most {@code capacityChunks} wait here (the provider sends no more than that ahead of the reader's
 * acknowledgements), so memory stays bounded however large the state. The reader sees one {@link InputStream}; each
 * chunk it finishes is reported (to acknowledge it), and an abort makes its next read throw.
 */
final class ChunkPipe {
    private final int capacityChunks;
    private final LongConsumer consumed;
    private final ArrayDeque<byte[]> chunks = new ArrayDeque<>();
    private boolean lastQueued;
    private String abortReason;
    private long bytesQueued;

    /**
     * @param capacityChunks the most chunks that may wait
     * @param consumed told the index (from 0) of every chunk the reader finished, on the reader's thread, with no lock
     *     of this pipe held
     */
    ChunkPipe(int capacityChunks, LongConsumer consumed) {
        this.capacityChunks = capacityChunks;
        this.consumed = consumed;
    }

    /**
     * Queues the next chunk.
     *
     * @return false (and nothing queued) if the pipe is full, aborted or already ended: the sender broke the window
     */
    synchronized boolean offer(byte[] chunk, boolean last) {
        if (chunks.size() >= capacityChunks || abortReason != null || lastQueued) {
            return false;
        }
        chunks.add(chunk);
        bytesQueued += chunk.length;
        lastQueued = last;
        notifyAll();
        return true;
    }

    /** Makes the reader's next read throw an {@link IOException} with this reason (the first reason given wins). */
    synchronized void abort(String reason) {
        if (abortReason == null) {
            abortReason = reason;
        }
        chunks.clear();
        notifyAll();
    }

    /** @return bytes of the state queued so far, all chunks counted */
    synchronized long bytesQueued() {
        return bytesQueued;
    }

    /** @return the stream the reader reads the state from */
    InputStream input() {
        return new Input();
    }

    private synchronized byte[] take() throws IOException {
        while (chunks.isEmpty() && abortReason == null && !lastQueued) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the state", e);
            }
        }
        if (abortReason != null) {
            throw new IOException(abortReason);
        }
        return chunks.poll(); // null: the last chunk was read
    }

    /** Reads the chunks in turn, reporting each one finished as soon as its last byte is read. */
    private final class Input extends InputStream {
        private byte[] current;
        private int offset;
        private long index = -1;
        private boolean ended;

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] into, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            while (current == null || offset == current.length) {
                if (current != null) { // an empty chunk is finished at once
                    consumed.accept(index);
                    current = null;
                }
                if (ended) {
                    return -1;
                }
                byte[] chunk = take();
                if (chunk == null) {
                    ended = true;
                    return -1;
                }
                index++;
                current = chunk;
                offset = 0;
            }
            int n = Math.min(len, current.length - offset);
            System.arraycopy(current, offset, into, off, n);
            offset += n;
            if (offset == current.length) {
                consumed.accept(index); // at once, so that the provider may send the next
                current = null;
            }
            return n;
        }
    }
}
