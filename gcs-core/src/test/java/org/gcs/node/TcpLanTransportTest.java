package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.gcs.GcsConfig;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.LanConfig;
import org.gcs.LanTransport;
import org.gcs.MemberId;
import org.junit.jupiter.api.Test;

/** A site whose LAN has no multicast: members find each other through a static TCP member list. */
class TcpLanTransportTest {

    @Test
    void shouldFormASiteOverTcpAndElectTheOldestMember() throws Exception {
        int port1 = freePort();
        int port2 = freePort();
        List<String> hosts = List.of("127.0.0.1:" + port1, "127.0.0.1:" + port2);
        try (GcsNode first = GcsNode.start(config("t1", port1, hosts));
             GcsNode second = GcsNode.start(config("t2", port2, hosts))) {
            List<GroupMessage> atFirst = new CopyOnWriteArrayList<>();
            first.onMessage(atFirst::add);
            first.join("g");
            second.join("g");
            await().atMost(Duration.ofSeconds(15)).until(() -> first.view("g").map(v -> v.size() == 2).orElse(false));
            second.send("g", "over tcp".getBytes(StandardCharsets.UTF_8));
            await().atMost(Duration.ofSeconds(10)).until(() -> atFirst.size() == 1);
            assertThat(first.isDelegate()).isTrue();
            assertThat(second.delegate()).contains(new MemberId("tcpsite", "t1"));
        }
    }

    private static GcsConfig config(String member, int port, List<String> hosts) {
        return GcsConfig.builder().site("tcpsite").memberName(member).clusterKey(LoopbackCluster.KEY)
                .wanBind("127.0.0.1", 0)
                .lan(LanConfig.builder().transport(LanTransport.TCP).bindAddress("127.0.0.1").tcpPort(port)
                        .tcpInitialHosts(hosts).clusterName("gcs-tcp-" + ProcessHandle.current().pid())
                        .joinTimeout(Duration.ofMillis(500)).build())
                .build();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
