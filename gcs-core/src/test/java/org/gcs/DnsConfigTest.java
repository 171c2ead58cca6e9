package org.gcs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * Seeds by DNS name and SRV name, the DNS servers that resolve them, and a site's members found by DNS (issue 38), as
 * a user writes them.
 */
class DnsConfigTest {
    private static final String KEY = "a-cluster-key-of-32-bytes-length!";

    @Test
    void shouldKeepNamesUnresolvedAndMarkSrvNamesWithPortZero() {
        GcsConfig config = GcsConfig.builder().site("a").clusterKey(KEY)
                .seeds("ottawa.example.org:7700", "_gcs._udp.example.org", "10.0.0.5:7701").build();
        assertThat(config.seeds()).extracting(InetSocketAddress::getHostString)
                .containsExactly("ottawa.example.org", "_gcs._udp.example.org", "10.0.0.5");
        assertThat(config.seeds()).extracting(InetSocketAddress::getPort).containsExactly(7700, 0, 7701);
        assertThat(config.seeds()).allMatch(InetSocketAddress::isUnresolved);
    }

    @Test
    void shouldNameTheSettingAndTheFixForAMalformedSeed() {
        assertThatThrownBy(() -> GcsConfig.builder().seeds("ottawa.example.org"))
                .isInstanceOf(GcsConfigException.class)
                .hasMessageContaining("seeds").hasMessageContaining("_gcs._udp.example.org")
                .hasMessageContaining("add the port");
        assertThatThrownBy(() -> GcsConfig.builder().seeds("_gcs.example.org"))
                .hasMessageContaining("is not a DNS SRV name").hasMessageContaining("_service._udp.domain");
    }

    @Test
    void shouldReadDnsServersWithOrWithoutAPort() {
        Properties properties = new Properties();
        properties.setProperty("site", "a");
        properties.setProperty("cluster.key", KEY);
        properties.setProperty("dns.servers", "10.0.0.2, 127.0.0.1:5353, [::1]:53, fd00::2");
        GcsConfig config = GcsConfigLoader.fromProperties(properties, "test.properties").build();
        assertThat(config.dnsServers()).extracting(InetSocketAddress::getPort).containsExactly(53, 5353, 53, 53);
        assertThat(config.dnsServers()).extracting(a -> a.getAddress().getHostAddress())
                .containsExactly("10.0.0.2", "127.0.0.1", "0:0:0:0:0:0:0:1", "fd00:0:0:0:0:0:0:2");
        assertThat(GcsConfig.builder().site("a").clusterKey(KEY).build().dnsServers()).isEmpty();
    }

    @Test
    void shouldRefuseADnsServerGivenByName() {
        assertThatThrownBy(() -> GcsConfig.builder().dnsServers("ns1.example.org"))
                .isInstanceOf(GcsConfigException.class)
                .hasMessageContaining("dns.servers").hasMessageContaining("is not an IP address");
    }

    @Test
    void shouldFindTheMembersByDnsOnlyOverTcpAndByOneWayOnly() {
        assertThat(LanConfig.builder().transport(LanTransport.TCP).dnsQuery("gcs-boston.gcs.svc.cluster.local").build()
                .dnsQuery()).hasValue("gcs-boston.gcs.svc.cluster.local");
        assertThatThrownBy(() -> LanConfig.builder().dnsQuery("gcs-boston.example.org").build())
                .isInstanceOf(GcsConfigException.class).hasMessageContaining("lan.dnsQuery needs lan.transport=TCP");
        assertThatThrownBy(() -> LanConfig.builder().transport(LanTransport.TCP).dnsQuery("gcs-boston.example.org")
                .tcpInitialHosts(java.util.List.of("10.1.0.5:7800")).build())
                .hasMessageContaining("give lan.dnsQuery or lan.tcpInitialHosts, not both");
        assertThatThrownBy(() -> LanConfig.builder().transport(LanTransport.TCP).build())
                .hasMessageContaining("or give lan.dnsQuery");
        assertThatThrownBy(() -> LanConfig.builder().dnsQuery(" ")).hasMessageContaining("must be a DNS name");
    }
}
