package org.gcs.node;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.order.OrderedListener;
import org.gcs.order.StateProvider;
import org.gcs.order.StateReceiver;

/**
 * A test application's state for state transfer: a large blob of bytes that every member generates alike (so it
 * needs no memory), and the list of every message applied, in order. A joiner checks the blob byte by byte while it
 * reads it; comparing the applied lists at the end shows that the state and the later messages hold every message
 * once.
 */
final class BlobState implements OrderedListener, StateProvider, StateReceiver {
    private final long blobBytes;
    private final List<String> applied = new ArrayList<>();
    private final AtomicLong blobRead = new AtomicLong();
    private volatile long statePosition = -1;
    private volatile String failure;
    private volatile boolean firstMember;
    private volatile int readAttempts;

    BlobState(long blobBytes) {
        this.blobBytes = blobBytes;
    }

    /** The blob's byte at an index: the same at every member. */
    static byte blobByte(long index) {
        return (byte) (index * 31 + (index >>> 9) * 7 + (index >>> 17));
    }

    /** A unique payload: the sender's number for it, padded. */
    static byte[] payload(long number, int bytes) {
        return ByteBuffer.allocate(Math.max(bytes, 8)).putLong(number).array();
    }

    private static String id(GroupMessage m) {
        return m.sender() + "#" + ByteBuffer.wrap(m.payload()).getLong();
    }

    @Override
    public synchronized void onMessage(GroupMessage message, long position) {
        applied.add(id(message));
        notifyAll();
    }

    @Override
    public void onView(GroupView view, long position) {
    }

    @Override
    public Snapshot snapshot(String group, long position) {
        List<String> copy;
        synchronized (this) {
            copy = List.copyOf(applied);
        }
        return out -> {
            DataOutputStream data = new DataOutputStream(new BufferedOutputStream(out, 1 << 16));
            data.writeLong(blobBytes);
            byte[] block = new byte[1 << 16];
            for (long written = 0; written < blobBytes; ) {
                int n = (int) Math.min(block.length, blobBytes - written);
                for (int i = 0; i < n; i++) {
                    block[i] = blobByte(written + i);
                }
                data.write(block, 0, n);
                written += n;
            }
            data.writeInt(copy.size());
            for (String id : copy) {
                data.writeUTF(id);
            }
            data.flush();
        };
    }

    @Override
    public void readState(String group, long position, InputStream in) throws IOException {
        readAttempts++;
        blobRead.set(0);
        DataInputStream data = new DataInputStream(new BufferedInputStream(in, 1 << 16));
        long size = data.readLong();
        if (size != blobBytes) {
            throw new IOException("blob of " + size + " bytes, expected " + blobBytes);
        }
        byte[] block = new byte[1 << 16];
        for (long read = 0; read < size; ) {
            int n = data.read(block, 0, (int) Math.min(block.length, size - read));
            if (n < 0) {
                throw new IOException("the state ended after " + read + " of " + size + " blob bytes");
            }
            for (int i = 0; i < n; i++) {
                if (block[i] != blobByte(read + i)) {
                    throw new IOException("blob byte " + (read + i) + " differs");
                }
            }
            read += n;
            blobRead.set(read);
        }
        int count = data.readInt();
        List<String> ids = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ids.add(data.readUTF());
        }
        if (data.read() != -1) {
            throw new IOException("bytes after the state");
        }
        synchronized (this) {
            applied.clear();
            applied.addAll(ids);
        }
        statePosition = position;
        synchronized (this) {
            notifyAll();
        }
    }

    @Override
    public void onFirstMember(String group) {
        firstMember = true;
    }

    @Override
    public void onStateFailed(String group, String reason) {
        failure = reason;
        synchronized (this) {
            notifyAll();
        }
    }

    synchronized List<String> applied() {
        return List.copyOf(applied);
    }

    synchronized int appliedCount() {
        return applied.size();
    }

    long blobRead() {
        return blobRead.get();
    }

    long statePosition() {
        return statePosition;
    }

    String failure() {
        return failure;
    }

    boolean firstMember() {
        return firstMember;
    }

    int readAttempts() {
        return readAttempts;
    }
}
