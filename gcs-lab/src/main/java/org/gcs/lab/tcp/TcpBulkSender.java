package org.gcs.lab.tcp;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.function.Consumer;
import org.gcs.tools.send.Greedy;
import org.gcs.tools.send.MessageSend;
import org.gcs.tools.send.RealTimeSender;
import org.gcs.tools.send.SendCounter;

/**
 * One bulk TCP transfer, as greedy as the kernel allows: connects to a {@link TcpSink} and writes a buffer after
 * another until {@link #stop()}. The congestion control is the kernel's own (the default of the namespace, usually
 * CUBIC); this class only keeps the socket's send buffer full (a greedy sender loop whose blocking send is one write)
 * and counts the bytes it handed to the kernel.
 */
final class TcpBulkSender implements Runnable {
    /** The bytes of one write: what one message of the {@link SendCounter} given to this transfer counts. */
    static final int WRITE_BYTES = 64 * 1024;
    private static final int CONNECT_TIMEOUT_MS = 5_000;

    private final InetSocketAddress sink;
    private final Consumer<Throwable> onFailure;
    private final byte[] buffer = new byte[WRITE_BYTES];
    private final RealTimeSender writes;
    private volatile OutputStream out;
    private volatile Socket socket;

    /**
     * @param sink where the {@link TcpSink} listens
     * @param written the counter of writes, of {@link #WRITE_BYTES} each (shared across transfers)
     * @param onFailure called with the error if the transfer ends before {@link #stop()}
     */
    TcpBulkSender(InetSocketAddress sink, SendCounter written, Consumer<Throwable> onFailure) {
        this.sink = sink;
        this.onFailure = onFailure;
        this.writes = new RealTimeSender(new Greedy(1), MessageSend.blocking(write -> out.write(buffer)), written);
    }

    @Override
    public void run() {
        try (Socket s = new Socket()) {
            socket = s;
            if (writes.stopRequested()) {
                return;
            }
            s.connect(sink, CONNECT_TIMEOUT_MS);
            out = s.getOutputStream();
            writes.run();
            if (writes.failure() != null) {
                onFailure.accept(writes.failure());
            }
        } catch (IOException e) {
            if (!writes.stopRequested()) {
                onFailure.accept(e);
            }
        }
    }

    /** Ends the transfer: closes the socket, which also unblocks a write waiting for buffer space. */
    void stop() {
        writes.stop();
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
