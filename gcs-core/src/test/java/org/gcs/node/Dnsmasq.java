package org.gcs.node;

import static org.assertj.core.api.Assertions.fail;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * A DNS server of the test's own (dnsmasq, Debian's {@code dnsmasq-base}) on 127.0.0.1 at a free port, answering only
 * for {@code gcs.test}: A records from a hosts file the test rewrites (dnsmasq rereads it when it changes) and the SRV
 * records given at start. Its log goes to {@code target/dnsmasq-<port>.log}.
 */
final class Dnsmasq implements AutoCloseable {
    static final String DOMAIN = "gcs.test";
    private static final Path BINARY = Path.of(System.getProperty("gcs.dnsmasq", "/usr/sbin/dnsmasq"));

    private final Process process;
    private final Path hostsFile;
    private final int port;

    private Dnsmasq(Process process, Path hostsFile, int port) {
        this.process = process;
        this.hostsFile = hostsFile;
        this.port = port;
    }

    /**
     * Starts dnsmasq, or skips the calling test where it is not installed (fails instead with
     * {@code -Dgcs.requireDnsmasq=true}, as {@code .ci/run} sets it).
     *
     * @param dir a directory of the test's own, for the hosts file
     * @param hosts the first A records, {@code address name} per line
     * @param srvRecords SRV records as dnsmasq writes them: {@code _gcs._udp.gcs.test,a.gcs.test,7701}
     */
    static Dnsmasq start(Path dir, List<String> hosts, List<String> srvRecords) throws IOException {
        if (!Files.isExecutable(BINARY)) {
            String message = BINARY + " is missing: apt-get install dnsmasq-base (Debian) to run this test";
            if (Boolean.getBoolean("gcs.requireDnsmasq")) {
                fail(message + " (gcs.requireDnsmasq=true)");
            }
            Assumptions.assumeTrue(false, message);
        }
        Path hostsDir = Files.createDirectories(dir.resolve("hosts"));
        Path hostsFile = hostsDir.resolve("gcs-test-hosts");
        Files.write(hostsFile, hosts);
        int port;
        try (DatagramSocket probe = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0))) {
            port = probe.getLocalPort();
        }
        List<String> command = new ArrayList<>(List.of(BINARY.toString(), "--keep-in-foreground",
                "--conf-file=/dev/null", "--no-resolv", "--no-hosts", "--no-poll", "--listen-address=127.0.0.1",
                "--bind-interfaces", "--port=" + port, "--pid-file=" + dir.resolve("dnsmasq.pid"),
                "--hostsdir=" + hostsDir, "--local=/" + DOMAIN + "/", "--user=" + System.getProperty("user.name"),
                "--log-facility=-", "--log-queries"));
        for (String srv : srvRecords) {
            command.add("--srv-host=" + srv);
        }
        Path log = Path.of("target", "dnsmasq-" + port + ".log");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Dnsmasq dns = new Dnsmasq(process, hostsFile, port);
        await().atMost(Duration.ofSeconds(10)).until(() -> dns.answers("localhost-check." + DOMAIN) || !process.isAlive());
        if (!process.isAlive()) {
            fail("dnsmasq exited at start: " + Files.readString(log));
        }
        return dns;
    }

    /** @return {@code 127.0.0.1:port}, for {@code dns.servers} */
    String server() {
        return "127.0.0.1:" + port;
    }

    /** Replaces the A records (dnsmasq sees the change through inotify). */
    void setHosts(List<String> hosts) throws IOException {
        Path next = hostsFile.resolveSibling(hostsFile.getFileName() + ".next");
        Files.write(next, hosts);
        Files.move(next, hostsFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** @return the first IPv4 address an A query for {@code name} gets now, or null */
    String addressOf(String name) throws IOException {
        byte[] reply = query(name);
        if (reply == null || (reply[3] & 0x0f) != 0 || ((reply[6] & 0xff) << 8 | (reply[7] & 0xff)) == 0) {
            return null;
        }
        return InetAddress.getByAddress(java.util.Arrays.copyOfRange(reply, reply.length - 4, reply.length))
                .getHostAddress();
    }

    /** @return whether the server answers at all (any reply, NXDOMAIN included) */
    private boolean answers(String name) throws IOException {
        return query(name) != null;
    }

    private byte[] query(String name) throws IOException {
        ByteBuffer question = ByteBuffer.allocate(512).putShort((short) 7).putShort((short) 0x0100).putShort((short) 1)
                .putShort((short) 0).putShort((short) 0).putShort((short) 0);
        for (String label : name.split("\\.")) {
            byte[] bytes = label.getBytes(StandardCharsets.US_ASCII);
            question.put((byte) bytes.length).put(bytes);
        }
        question.put((byte) 0).putShort((short) 1).putShort((short) 1);
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.setSoTimeout(500);
            socket.send(new DatagramPacket(question.array(), question.position(),
                    new InetSocketAddress("127.0.0.1", port)));
            DatagramPacket reply = new DatagramPacket(new byte[512], 512);
            socket.receive(reply);
            return java.util.Arrays.copyOf(reply.getData(), reply.getLength());
        } catch (SocketTimeoutException e) {
            return null;
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
