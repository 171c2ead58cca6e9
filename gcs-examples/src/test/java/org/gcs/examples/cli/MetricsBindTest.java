package org.gcs.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.util.Collections;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code --metrics-bind}: the endpoint listens on loopback by default and on every interface with {@code 0.0.0.0}
 * (what a node in a container needs, its port published by Docker).
 */
class MetricsBindTest {
    @Test
    void shouldListenOnEveryInterfaceOnlyWhenAsked() throws IOException {
        InetAddress external = externalAddress().orElse(null);
        Assumptions.assumeTrue(external != null, "this machine has no non-loopback IPv4 address");
        try (MetricsExposure everywhere = MetricsExposure.start("0.0.0.0", 0, false);
                MetricsExposure loopback = MetricsExposure.start("127.0.0.1", 0, false)) {
            int open = URI.create(everywhere.metricsUrl()).getPort();
            int local = URI.create(loopback.metricsUrl()).getPort();

            connect(external, open);
            connect(InetAddress.getLoopbackAddress(), local);
            assertThatThrownBy(() -> connect(external, local)).isInstanceOf(IOException.class);
            assertThat(everywhere.describe()).containsExactly("metrics: http://127.0.0.1:" + open + "/metrics");
        }
    }

    private static void connect(InetAddress address, int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 2_000);
        }
    }

    private static Optional<InetAddress> externalAddress() throws SocketException {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (nic.isUp() && !nic.isLoopback()) {
                for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                    if (address instanceof Inet4Address) {
                        return Optional.of(address);
                    }
                }
            }
        }
        return Optional.empty();
    }
}
