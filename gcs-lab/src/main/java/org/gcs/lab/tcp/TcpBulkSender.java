package org.gcs.lab.tcp;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * One bulk TCP transfer, as greedy as the kernel allows: connects to a {@link TcpSink} and writes a buffer after
 * another until {@link #stop()}. The congestion control is the kernel's own (the default of the namespace, usually
 * CUBIC); this class only keeps the socket's send buffer full and counts the bytes it handed to the kernel.
 */
final class TcpBulkSender implements Runnable {
    private static final int WRITE_BYTES = 64 * 1024;
    private static final int CONNECT_TIMEOUT_MS = 5_000;

    private final InetSocketAddress sink;
    private final AtomicLong sentBytes;
    private final Consumer<IOException> onFailure;
    private volatile Socket socket;
    private volatile boolean stopped;

    /**
     * @param sink where the {@link TcpSink} listens
     * @param sentBytes the counter to add written bytes to (shared across transfers)
     * @param onFailure called with the error if the transfer ends before {@link #stop()}
     */
    TcpBulkSender(InetSocketAddress sink, AtomicLong sentBytes, Consumer<IOException> onFailure) {
        this.sink = sink;
        this.sentBytes = sentBytes;
        this.onFailure = onFailure;
    }

    @Override
    public void run() {
        byte[] buffer = new byte[WRITE_BYTES];
        try (Socket s = new Socket()) {
            socket = s;
            if (stopped) {
                return;
            }
            s.connect(sink, CONNECT_TIMEOUT_MS);
            OutputStream out = s.getOutputStream();
            while (!stopped) {
                out.write(buffer);
                sentBytes.addAndGet(buffer.length);
            }
        } catch (IOException e) {
            if (!stopped) {
                onFailure.accept(e);
            }
        }
    }

    /** Ends the transfer: closes the socket, which also unblocks a write waiting for buffer space. */
    void stop() {
        stopped = true;
        Socket s = socket;
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing is all we wanted
            }
        }
    }
}
