package org.gcs.lab.tcp;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The receiving end of {@link TcpBulkSender}: accepts connections one after another, reads and discards what they
 * carry and counts the bytes. Closing it stops the accept loop and the connection being read.
 */
final class TcpSink implements Runnable, AutoCloseable {
    private static final int READ_BYTES = 64 * 1024;

    private final ServerSocket server;
    private final AtomicLong receivedBytes = new AtomicLong();
    private volatile Socket current;
    private volatile boolean closed;

    /**
     * Binds the listening socket.
     *
     * @param bind the address and port to listen on
     * @throws IOException if the port cannot be bound
     */
    TcpSink(InetSocketAddress bind) throws IOException {
        server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(bind);
    }

    @Override
    public void run() {
        byte[] buffer = new byte[READ_BYTES];
        while (!closed) {
            try (Socket connection = server.accept()) {
                current = connection;
                InputStream in = connection.getInputStream();
                for (int n = in.read(buffer); n >= 0 && !closed; n = in.read(buffer)) {
                    receivedBytes.addAndGet(n);
                }
            } catch (IOException e) {
                // the sender closed or reset its end (that is how a transfer stops), or we are closing
            }
        }
    }

    /** @return payload bytes received over all connections so far */
    long receivedBytes() {
        return receivedBytes.get();
    }

    @Override
    public void close() throws IOException {
        closed = true;
        Socket connection = current;
        if (connection != null) {
            connection.close();
        }
        server.close();
    }
}
