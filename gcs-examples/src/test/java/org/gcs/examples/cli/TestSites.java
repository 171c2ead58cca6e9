package org.gcs.examples.cli;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Properties files for tests that run {@code gcs node}: one node per site on loopback, a LAN of its own per test
 * run (a random multicast port and a cluster name with the test's name and this JVM's pid), free WAN ports.
 */
final class TestSites {
    private TestSites() {
    }

    /**
     * Writes {@code DIR/SITE.properties}: one node {@code SITE/SITE-1} bound to 127.0.0.1.
     *
     * @param dir where to write
     * @param test the test's name, part of the LAN cluster name and of the cluster key
     * @param site the site
     * @param wanPort the node's WAN port
     * @param seedPort another site's WAN port, 0 for no seed
     * @param groups the groups line, e.g. {@code chat, other}
     * @param extraLines further {@code key = value} lines
     * @return the file
     */
    static Path config(Path dir, String test, String site, int wanPort, int seedPort, String groups,
                       String... extraLines) throws IOException {
        Path file = dir.resolve(site + ".properties");
        Files.writeString(file, String.join("\n",
                "site = " + site,
                "member.name = " + site + "-1",
                "wan.bind = 127.0.0.1:" + wanPort,
                seedPort == 0 ? "" : "seeds = 127.0.0.1:" + seedPort,
                "cluster.key = " + test + "-test-key-0123456789",
                "lan.bind.address = 127.0.0.1",
                "lan.mcast.port = " + (50_000 + ThreadLocalRandom.current().nextInt(10_000)),
                "lan.cluster.name = gcs-" + test + "-test-" + site + "-" + ProcessHandle.current().pid(),
                "groups = " + groups,
                String.join("\n", extraLines),
                ""));
        return file;
    }

    /** @return a free UDP port on loopback (the loader rejects {@code wan.bind} port 0, so tests pick one) */
    static int freeUdpPort() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
