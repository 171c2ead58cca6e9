package org.gcs.tools.netns;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;

/**
 * A UDP echo for {@link WanNetworkTest}, run in a site namespace as a JVM of its own:
 * {@code server ADDRESS PORT} echoes datagrams (at most 10 000, then ends; the test also kills it);
 * {@code client ADDRESS PORT N TIMEOUT_MS} sends N numbered probes one after the other, each waiting at most the
 * timeout for its echo, and prints one line {@code rtt-us X} per echo and {@code lost K} at the end.
 */
public final class UdpEchoMain {
    private static final int MAX_ECHOES = 10_000;

    private UdpEchoMain() {
    }

    /**
     * @param args server or client, as above
     * @throws IOException if the socket fails
     */
    public static void main(String[] args) throws IOException {
        InetSocketAddress address = new InetSocketAddress(InetAddress.getByName(args[1]), Integer.parseInt(args[2]));
        if (args[0].equals("server")) {
            try (DatagramSocket socket = new DatagramSocket(address)) {
                System.out.println("listening");
                System.out.flush();
                byte[] buffer = new byte[1500];
                for (int i = 0; i < MAX_ECHOES; i++) {
                    DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
                    socket.receive(packet);
                    socket.send(new DatagramPacket(buffer, packet.getLength(), packet.getSocketAddress()));
                }
            }
            return;
        }
        int probes = Integer.parseInt(args[3]);
        int timeoutMs = Integer.parseInt(args[4]);
        int lost = 0;
        try (DatagramSocket socket = new DatagramSocket()) {
            byte[] in = new byte[1500];
            for (long seq = 0; seq < probes; seq++) {
                byte[] out = ByteBuffer.allocate(100).putLong(seq).array();
                long sentNs = System.nanoTime();
                socket.send(new DatagramPacket(out, out.length, address));
                long deadlineNs = sentNs + timeoutMs * 1_000_000L;
                boolean echoed = false;
                while (!echoed) {
                    int leftMs = (int) Math.max(1, (deadlineNs - System.nanoTime()) / 1_000_000);
                    if (System.nanoTime() >= deadlineNs) {
                        break;
                    }
                    socket.setSoTimeout(leftMs);
                    DatagramPacket packet = new DatagramPacket(in, in.length);
                    try {
                        socket.receive(packet);
                    } catch (SocketTimeoutException e) {
                        break;
                    }
                    echoed = ByteBuffer.wrap(in).getLong() == seq; // a late echo of an earlier probe is ignored
                }
                if (echoed) {
                    System.out.println("rtt-us " + (System.nanoTime() - sentNs) / 1000);
                } else {
                    lost++;
                }
            }
        }
        System.out.println("lost " + lost);
    }
}
