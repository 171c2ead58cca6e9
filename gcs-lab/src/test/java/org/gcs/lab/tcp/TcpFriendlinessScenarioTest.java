package org.gcs.lab.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What {@code tcp-friendliness} compares besides payload: the IP bytes per GCS message and per TCP segment. */
class TcpFriendlinessScenarioTest {
    @Test
    void shouldCountIpBytesOfBothFlowsAsTheBottleneckSeesThem() {
        // 1000 payload + 160 of GCS header, names, sequence numbers and AES-GCM tag + 20 IPv4 + 8 UDP
        assertThat(TcpFriendlinessScenario.GCS_IP_BYTES_PER_MESSAGE).isEqualTo(1188);
        // 1448 payload + 20 IPv4 + 32 TCP with timestamps: the 1500-byte MTU
        assertThat(TcpFriendlinessScenario.TCP_IP_BYTES_PER_SEGMENT).isEqualTo(1500);
    }
}
