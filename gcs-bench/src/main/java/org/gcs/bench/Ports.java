package org.gcs.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Ports for one run on 127.0.0.1: free UDP and TCP ports (found by binding port 0, all at once, then released for
 * the nodes to bind; another process could take one in between, which fails the run loudly) and multicast ports
 * drawn at random from a range no other GCS command uses.
 */
final class Ports {
    /** Lowest multicast port of a run (below the range GCS derives from site names, 46 000). */
    static final int MCAST_PORT_LOW = 40_000;
    /** Number of multicast ports a run's ports are drawn from. */
    static final int MCAST_PORT_SPREAD = 6_000;

    private Ports() {
    }

    /**
     * @param count how many
     * @return that many distinct free UDP ports of 127.0.0.1
     */
    static List<Integer> freeUdp(int count) {
        List<DatagramSocket> sockets = new ArrayList<>();
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                DatagramSocket socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                sockets.add(socket);
                ports.add(socket.getLocalPort());
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find free UDP ports on 127.0.0.1", e);
        } finally {
            sockets.forEach(DatagramSocket::close);
        }
    }

    /**
     * @param count how many
     * @return that many distinct free TCP ports of 127.0.0.1
     */
    static List<Integer> freeTcp(int count) {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                sockets.add(socket);
                ports.add(socket.getLocalPort());
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find free TCP ports on 127.0.0.1", e);
        } finally {
            for (ServerSocket socket : sockets) {
                try {
                    socket.close();
                } catch (IOException e) {
                    // released anyway when the JVM exits
                }
            }
        }
    }

    /**
     * @param count how many
     * @param random the source of randomness
     * @return that many consecutive multicast ports at a random place of the range
     */
    static List<Integer> multicast(int count, Random random) {
        int base = MCAST_PORT_LOW + random.nextInt(MCAST_PORT_SPREAD - count);
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ports.add(base + i);
        }
        return ports;
    }
}
