package org.gcs.examples.lab.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.gcs.examples.lab.LabUnavailableException;
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

    private static boolean labAvailable() {
        try {
            HostCommands.requireRootAndTools("test");
            return true;
        } catch (LabUnavailableException e) {
            return false;
        }
    }

    private static double connectRttMs(NamespaceBottleneck bottleneck) {
        String out = HostCommands.run("ip", "netns", "exec", bottleneck.senderNamespace(), DelayLine.python(), "-c",
                CONNECT_RTT_SCRIPT);
        return Double.parseDouble(out.lines().reduce((a, b) -> b).orElseThrow().trim());
    }

    @Test
    void shouldAddTheDelayInBothDirectionsAndRemoveEverythingOnClose(@TempDir Path dir) throws IOException {
        assumeTrue(labAvailable(), "needs root, ip, tc, sysctl, python3 and /dev/net/tun");
        List<String> log = new ArrayList<>();
        double withoutDelayMs;
        try (NamespaceBottleneck plain = NamespaceBottleneck.create(10_000_000, 64 * 1024, "reno", 0, dir,
                log::add)) {
            withoutDelayMs = connectRttMs(plain);
        }
        double withDelayMs;
        String senderNamespace;
        try (NamespaceBottleneck delayed = NamespaceBottleneck.create(10_000_000, 64 * 1024, "reno", 25, dir,
                log::add)) {
            senderNamespace = delayed.senderNamespace();
            withDelayMs = connectRttMs(delayed);
            assertThat(delayed.queueStatistics()).contains("tbf");
        }
        assertThat(withoutDelayMs).as("round trip without the delay line, ms").isLessThan(20);
        assertThat(withDelayMs).as("round trip through 25 ms each way, ms").isBetween(50.0, 150.0);
        assertThat(log).anyMatch(line -> line.contains("25 ms one-way delay"));
        assertThat(HostCommands.run("ip", "netns", "list")).doesNotContain(senderNamespace);
        assertThat(dir.resolve("delay-line.log")).content().contains("ready");
    }
}
