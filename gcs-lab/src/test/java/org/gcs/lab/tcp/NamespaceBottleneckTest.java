package org.gcs.lab.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gcs.lab.LabUnavailableException;
import org.gcs.tools.netns.HostCommands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tcp-friendliness bottleneck on the real kernel: namespaces, routes, the tbf and the user-space delay line.
 * Needs root, iproute2, python3 and TUN devices (as the scenario does); skipped where they are missing.
 */
class NamespaceBottleneckTest {
    /**
     * Times a TCP connection attempt from the sender namespace to a closed port of the receiver: the SYN goes out,
     * the receiver's kernel answers with a reset, so the attempt fails after one round trip.
     */
    private static final String CONNECT_RTT_SCRIPT = String.join("\n",
            "import socket, time",
            "s = socket.socket()",
            "s.settimeout(5)",
            "t = time.monotonic()",
            "try:",
            "    s.connect(('" + NamespaceBottleneck.RECEIVER_ADDRESS + "', 9))",
            "except ConnectionRefusedError:",
            "    print('%.3f' % ((time.monotonic() - t) * 1000))");

    /**
     * Accepts one TCP connection on the receiver, answers with the segment size its end of the connection uses
     * (TCP_MAXSEG: payload bytes per full segment, after the options), then exits.
     */
    private static final String MSS_SERVER_SCRIPT = String.join("\n",
            "import socket",
            "l = socket.socket()",
            "l.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)",
            "l.bind(('" + NamespaceBottleneck.RECEIVER_ADDRESS + "', 5002))",
            "l.listen(1)",
            "print('listening', flush=True)",
            "c, _ = l.accept()",
            "c.sendall(b'%d' % c.getsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG))",
            "c.close()");
    /** Connects from the sender and prints its own segment size, then the receiver's. */
    private static final String MSS_CLIENT_SCRIPT = String.join("\n",
            "import socket",
            "s = socket.create_connection(('" + NamespaceBottleneck.RECEIVER_ADDRESS + "', 5002), timeout=5)",
            "print(s.getsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG), s.recv(16).decode())");

    private static boolean labAvailable() {
        try {
            HostCommands.missingForNamespaces("test").ifPresent(missing -> {
                throw new LabUnavailableException(missing);
            });
            return true;
        } catch (LabUnavailableException e) {
            return false;
        }
    }

    private static double connectRttMs(NamespaceBottleneck bottleneck) {
        String out = HostCommands.run("ip", "netns", "exec", bottleneck.senderNamespace(), python(), "-c",
                CONNECT_RTT_SCRIPT);
        return Double.parseDouble(out.lines().reduce((a, b) -> b).orElseThrow().trim());
    }

    /** @return the payload bytes per full segment at the sender's and at the receiver's end of one connection */
    private static String segmentSizes(NamespaceBottleneck bottleneck) throws IOException, InterruptedException {
        Process server = new ProcessBuilder(NamespaceBottleneck.inside(bottleneck.receiverNamespace(),
                List.of(python(), "-c", MSS_SERVER_SCRIPT))).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(),
                StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("listening"); // blocks until the server listens
            String sizes = HostCommands.run("ip", "netns", "exec", bottleneck.senderNamespace(), python(),
                    "-c", MSS_CLIENT_SCRIPT);
            assertThat(server.waitFor(10, TimeUnit.SECONDS)).as("the server exits after one connection").isTrue();
            return sizes.lines().reduce((a, b) -> b).orElseThrow().trim();
        } finally {
            server.destroyForcibly();
        }
    }

    @Test
    void shouldGiveTcpTheRequestedSegmentSize(@TempDir Path dir) throws Exception {
        assumeTrue(labAvailable(), "needs root, ip, tc, sysctl, python3 and /dev/net/tun");
        List<String> log = new ArrayList<>();
        try (NamespaceBottleneck kernelDefault = NamespaceBottleneck.create(10_000_000, 64 * 1024, "reno", 0, 0, dir,
                log::add)) {
            assertThat(segmentSizes(kernelDefault)).as("the kernel's segments behind a 1500-byte MTU")
                    .isEqualTo("1448 1448");
        }
        try (NamespaceBottleneck small = NamespaceBottleneck.create(10_000_000, 64 * 1024, "reno", 1000, 0, dir,
                log::add)) {
            assertThat(segmentSizes(small)).as("segments of 1000 payload bytes both ways").isEqualTo("1000 1000");
        }
        assertThat(log).anyMatch(line -> line.contains("1000-byte segments"));
    }

    @Test
    void shouldRefuseASegmentLargerThanTheMtuAllows(@TempDir Path dir) {
        assertThatThrownBy(() -> NamespaceBottleneck.create(10_000_000, 64 * 1024, "reno", 1449, 0, dir, line -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 1448");
    }

    @Test
    void shouldAddTheDelayInBothDirectionsAndRemoveEverythingOnClose(@TempDir Path dir) throws IOException {
        assumeTrue(labAvailable(), "needs root, ip, tc, sysctl, python3 and /dev/net/tun");
        List<String> log = new ArrayList<>();
        double withoutDelayMs;
        try (NamespaceBottleneck plain = NamespaceBottleneck.create(10_000_000, 64 * 1024, "reno", 0, 0, dir,
                log::add)) {
            withoutDelayMs = connectRttMs(plain);
        }
        double withDelayMs;
        String senderNamespace;
        try (NamespaceBottleneck delayed = NamespaceBottleneck.create(10_000_000, 64 * 1024, "reno", 0, 25, dir,
                log::add)) {
            senderNamespace = delayed.senderNamespace();
            withDelayMs = connectRttMs(delayed);
            assertThat(delayed.queueStatistics()).contains("tbf");
        }
        assertThat(withoutDelayMs).as("round trip without the delay line, ms").isLessThan(20);
        assertThat(withDelayMs).as("round trip through 25 ms each way, ms").isBetween(50.0, 150.0);
        assertThat(log).anyMatch(line -> line.contains("25 ms one-way delay"));
        assertThat(HostCommands.run("ip", "netns", "list")).doesNotContain(senderNamespace);
        try (var logs = Files.list(dir)) {
            assertThat(logs.filter(f -> f.getFileName().toString().startsWith("delay-line")).toList())
                    .singleElement().satisfies(f -> assertThat(f).content().contains("ready"));
        }
    }

    private static String python() {
        String python = HostCommands.locate("python3");
        return python == null ? "python3" : python;
    }
}
