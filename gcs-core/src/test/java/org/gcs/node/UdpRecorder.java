package org.gcs.node;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * A man in the middle on loopback: one UDP socket that relays between a node ({@code inner}) and whoever else sends
 * to it (the outer peer, learned from its first datagram), and records a copy of every datagram it relays. Runs on
 * its own daemon thread until closed.
 */
final class UdpRecorder implements AutoCloseable {
    /** One relayed datagram and where it went. */
    record Recorded(InetSocketAddress to, byte[] bytes) {
        int type() {
            return bytes[3];
        }
    }

    private final DatagramSocket socket;
    private final InetSocketAddress inner;
    private final List<Recorded> recorded = new ArrayList<>();
    private final Thread thread;
    private volatile InetSocketAddress outer;
    private volatile boolean closed;
    private volatile java.util.function.Consumer<byte[]> innerToOuterTap;
    private volatile InetSocketAddress onlyOuter;

    UdpRecorder(InetSocketAddress inner) throws SocketException {
        this.inner = inner;
        this.socket = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0));
        socket.setSoTimeout(200);
        thread = new Thread(this::relay, "udp-recorder");
        thread.setDaemon(true);
        thread.start();
    }

    /** @return the address the outer peer should use to reach the inner node */
    InetSocketAddress address() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    /** @return copies of what was relayed so far */
    synchronized List<Recorded> recorded() {
        return List.copyOf(recorded);
    }

    /** Sends bytes from this socket (the source address the receivers know). */
    void sendFromHere(byte[] bytes, InetSocketAddress to) throws java.io.IOException {
        socket.send(new DatagramPacket(bytes, bytes.length, to));
    }

    /**
     * From now on hands a copy of every datagram the inner node sends to the outer peer to {@code tap} (on the relay's
     * thread), or stops doing so (null).
     */
    void tapInnerToOuter(java.util.function.Consumer<byte[]> tap) {
        innerToOuterTap = tap;
    }

    /**
     * From now on relays only between the inner node and {@code outer}, and drops what anyone else sends: a link
     * between two nodes, which a third one (that learned the relay's address from gossip) cannot use.
     */
    void onlyBetweenInnerAnd(InetSocketAddress outer) {
        this.onlyOuter = outer;
        this.outer = outer;
    }

    /** @return the outer peer's address, once it sent something */
    InetSocketAddress outer() {
        return outer;
    }

    private void relay() {
        byte[] buffer = new byte[65_535];
        while (!closed) {
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            try {
                socket.receive(packet);
            } catch (SocketTimeoutException e) {
                continue;
            } catch (java.io.IOException e) {
                return;
            }
            InetSocketAddress from = (InetSocketAddress) packet.getSocketAddress();
            InetSocketAddress to;
            if (from.equals(inner)) {
                to = outer;
            } else if (onlyOuter != null && !onlyOuter.equals(from)) {
                continue;
            } else {
                outer = from;
                to = inner;
            }
            if (to == null) {
                continue;
            }
            byte[] copy = java.util.Arrays.copyOfRange(packet.getData(), packet.getOffset(),
                    packet.getOffset() + packet.getLength());
            synchronized (this) {
                recorded.add(new Recorded(to, copy));
            }
            java.util.function.Consumer<byte[]> tap = innerToOuterTap;
            if (tap != null && to == outer) {
                tap.accept(copy);
            }
            try {
                socket.send(new DatagramPacket(copy, copy.length, to));
            } catch (java.io.IOException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        closed = true;
        socket.close();
        thread.join(10_000);
    }
}
