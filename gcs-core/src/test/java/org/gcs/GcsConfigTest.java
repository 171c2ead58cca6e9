package org.gcs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class GcsConfigTest {
    private static final String KEY = "0123456789abcdef0123";

    @Test
    void shouldApplyDocumentedDefaults() {
        GcsConfig config = GcsConfig.builder().site("boston").clusterKey(KEY).build();
        assertThat(config.delegateEligible()).isTrue();
        assertThat(config.wanBindHost()).isEqualTo("0.0.0.0");
        assertThat(config.wanBindPort()).isEqualTo(WanSettings.DEFAULT_PORT);
        assertThat(config.heartbeatInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(config.siteTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.maxDatagramBytes()).isEqualTo(1400);
        assertThat(config.memberName()).matches("[A-Za-z0-9._-]+");
        assertThat(config.lan().transport()).isEqualTo(LanTransport.UDP);
        assertThat(config.lan().protection()).isEqualTo(LanProtection.AES_GCM);
        assertThat(config.lan().clusterNameFor("boston")).isEqualTo("gcs-boston");
        assertThat(config.lan().mcastPortFor("boston")).isBetween(46_000, 47_999);
        assertThat(config.lan().mcastPortFor("boston")).isNotEqualTo(config.lan().mcastPortFor("ottawa"));
        assertThat(config.wanPipelineHook()).isEmpty();
        assertThat(config.treeStrategy()).isEqualTo("source-spt");
        assertThat(config.maxFanOut()).isEqualTo(4);
        assertThat(config.probeInterval()).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void shouldValidateCongestionControlSettings() {
        GcsConfig defaults = GcsConfig.builder().site("a").clusterKey(KEY).build();
        assertThat(defaults.congestionControl()).isEqualTo("tfrc");
        assertThat(defaults.initialSendRateBytesPerSec()).isEqualTo(128 * 1024);
        assertThatThrownBy(() -> GcsConfig.builder().congestionControl("bbr")).hasMessageContaining("unknown congestion"
                + " control 'bbr'").hasMessageContaining("[cost-benefit, none, ormcc, tfrc");
        assertThatThrownBy(() -> GcsConfig.builder().site("a").clusterKey(KEY).initialSendRate(4096).minSendRate(8192)
                .build()).hasMessageContaining("must not exceed initialSendRate");
        Properties p = new Properties();
        p.setProperty("site", "a");
        p.setProperty("cluster.key", KEY);
        p.setProperty("congestion.control", "none");
        p.setProperty("initial.send.rate", "256KB");
        GcsConfig loaded = GcsConfigLoader.fromProperties(p, "t").build();
        assertThat(loaded.congestionControl()).isEqualTo("none");
        assertThat(loaded.initialSendRateBytesPerSec()).isEqualTo(256 * 1024);
    }

    @Test
    void shouldTakeCongestionParametersFromTheBuilderAndProperties() {
        GcsConfig built = GcsConfig.builder().site("a").clusterKey(KEY)
                .congestionSettings(org.gcs.cc.tfrc.TfrcSettings.DEFAULTS.withReportTimeoutNs(3_000_000_000L)).build();
        assertThat(built.congestionParameters()).containsEntry("cc.tfrc.report.timeout", "3000000000ns");

        Properties p = new Properties();
        p.setProperty("site", "a");
        p.setProperty("cluster.key", KEY);
        p.setProperty("cc.tfrc.oscillation.damping", "false");
        assertThat(GcsConfigLoader.fromProperties(p, "t").build().congestionParameters())
                .containsEntry("cc.tfrc.oscillation.damping", "false");

        p.setProperty("cc.tfrc.report.timout", "2s");
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(p, "t").build())
                .isInstanceOf(GcsConfigException.class).hasMessageContaining("cc.tfrc.report.timout")
                .hasMessageContaining("cc.tfrc.report.timeout");
        p.remove("cc.tfrc.report.timout");
        p.setProperty("cc.tfrc.report.timeout", "fast");
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(p, "t").build())
                .hasMessageContaining("cc.tfrc.report.timeout must be a duration");
        p.remove("cc.tfrc.report.timeout");
        p.setProperty("cc.bbr.gain", "2");
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(p, "t").build()).hasMessageContaining("cc.bbr.gain")
                .hasMessageContaining("names no built-in congestion control");
        assertThatThrownBy(() -> GcsConfig.builder().congestionParameter("ormcc.beta", "0.7"))
                .hasMessageContaining("cc.<scheme>.<parameter>");
    }

    @Test
    void shouldPairEachTransportWithItsControllers() {
        GcsConfig endToEnd = GcsConfig.builder().site("a").clusterKey(KEY).build();
        assertThat(endToEnd.wanTransport()).isEqualTo("end-to-end");
        GcsConfig hop = GcsConfig.builder().site("a").clusterKey(KEY).wanTransport("hop-by-hop").build();
        assertThat(hop.wanTransport()).isEqualTo("hop-by-hop");
        assertThat(hop.congestionControl()).as("hop by hop defaults to back-pressure only").isEqualTo("none");
        assertThat(hop.hopOutputPackets()).isEqualTo(50);
        assertThat(hop.hopInputPackets()).isEqualTo(50);
        assertThat(hop.hopBackupFailures()).isEqualTo(1);
        assertThat(hop.hopBackupPackets()).as("r(B_in + B_out) + B_out").isEqualTo(150);
        assertThat(hop.hopEndToEndRepair()).isTrue();
        assertThat(hop.toBuilder().wanTransport("end-to-end").build().congestionControl())
                .as("a default controller follows the transport").isEqualTo("tfrc");
        for (String controller : new String[] {"tfrc", "ormcc"}) {
            assertThatThrownBy(() -> GcsConfig.builder().site("a").clusterKey(KEY).wanTransport("hop-by-hop")
                    .congestionControl(controller).build())
                    .isInstanceOf(GcsConfigException.class)
                    .hasMessageContaining("congestion.control = " + controller + " does not run on wan.transport ="
                            + " hop-by-hop")
                    .hasMessageContaining("end-to-end takes tfrc, ormcc, none; hop-by-hop takes none");
        }
        assertThatThrownBy(() -> GcsConfig.builder().wanTransport("tcp"))
                .hasMessage("wan.transport must be end-to-end or hop-by-hop, got 'tcp'");
    }

    @Test
    void shouldValidateHopByHopSettings() throws Exception {
        GcsConfig config = GcsConfig.builder().site("a").clusterKey(KEY).wanTransport("hop-by-hop")
                .hopBuffers(256, 64).hopBackupFailures(2).hopStallTimeout(Duration.ofSeconds(3))
                .hopEndToEndRepair(false, Duration.ofSeconds(10)).build();
        assertThat(config.hopBackupPackets()).isEqualTo(2 * (64 + 256) + 256);
        assertThat(config.hopEndToEndRepair()).isFalse();
        assertThat(config.transport().stallTimeoutNs()).isEqualTo(3_000_000_000L);
        assertThat(config.transport().endToEndRepairDelayNs()).isEqualTo(10_000_000_000L);
        assertThatThrownBy(() -> GcsConfig.builder().hopBuffers(0, 50))
                .hasMessage("hop.output.packets must be between 1 and 1000000, got 0: give a value in that range");
        assertThatThrownBy(() -> GcsConfig.builder().hopStallTimeout(Duration.ofMillis(500)))
                .hasMessageContaining("hop.stall.timeout must be longer than the links' window-probe interval");
        Properties p = new Properties();
        p.load(new StringReader("site=a\ncluster.key=" + KEY + "\nwan.transport=hop-by-hop\nhop.output.packets=100\n"
                + "hop.input.packets=20\nhop.backup.failures=0\nhop.e2e.repair=false\nhop.e2e.repair.delay=1s\n"));
        GcsConfig loaded = GcsConfigLoader.fromProperties(p, "test").build();
        assertThat(loaded.congestionControl()).isEqualTo("none");
        assertThat(loaded.hopBackupPackets()).as("r = 0 keeps only B_out").isEqualTo(100);
        assertThat(loaded.hopEndToEndRepair()).isFalse();
        p.setProperty("hop.backup.packets", "80");
        assertThat(GcsConfigLoader.fromProperties(p, "test").build().hopBackupPackets())
                .as("B_back set directly wins over r").isEqualTo(80);
        Properties bad = new Properties();
        bad.load(new StringReader("site=a\ncluster.key=" + KEY + "\nhop.e2e.repair=maybe\n"));
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(bad, "test"))
                .hasMessageContaining("hop.e2e.repair: 'maybe' is not a boolean; write true or false");
    }

    @Test
    void shouldSelectACongestionControlByClassName() {
        GcsConfig config = GcsConfig.builder().site("a").clusterKey(KEY)
                .congestionControl(org.gcs.cc.none.NoCongestionControl.class.getName()).build();
        assertThat(config.congestionControl()).isEqualTo("org.gcs.cc.none.NoCongestionControl");
        assertThatThrownBy(() -> GcsConfig.builder().congestionControl("java.lang.String"))
                .hasMessageContaining("does not implement org.gcs.cc.api.CongestionControl");
    }

    @Test
    void shouldValidateTreeSettings() {
        assertThat(GcsConfig.builder().site("a").clusterKey(KEY).treeStrategy("star").build().treeStrategy())
                .isEqualTo("star");
        assertThatThrownBy(() -> GcsConfig.builder().treeStrategy("fastest"))
                .isInstanceOf(GcsConfigException.class).hasMessageContaining("spt").hasMessageContaining("star");
        assertThatThrownBy(() -> GcsConfig.builder().maxFanOut(0)).hasMessageContaining("1..64");
        Properties p = new Properties();
        p.setProperty("site", "a");
        p.setProperty("cluster.key", KEY);
        p.setProperty("tree.strategy", "star");
        p.setProperty("tree.max.fanout", "3");
        p.setProperty("probe.interval", "250ms");
        GcsConfig loaded = GcsConfigLoader.fromProperties(p, "t").build();
        assertThat(loaded.treeStrategy()).isEqualTo("star");
        assertThat(loaded.maxFanOut()).isEqualTo(3);
        assertThat(loaded.probeInterval()).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void shouldFailFastWithMessagesThatSayWhatToDo() {
        assertThatThrownBy(() -> GcsConfig.builder().clusterKey(KEY).build())
                .isInstanceOf(GcsConfigException.class).hasMessageContaining("site is required");
        assertThatThrownBy(() -> GcsConfig.builder().site("a").build())
                .hasMessageContaining("clusterKey is required");
        assertThatThrownBy(() -> GcsConfig.builder().clusterKey("short"))
                .hasMessageContaining("at least 16 bytes");
        assertThatThrownBy(() -> GcsConfig.builder().site("bad site"))
                .hasMessageContaining("A-Z a-z 0-9");
        assertThatThrownBy(() -> GcsConfig.builder().wanBind("0.0.0.0", 70_000))
                .hasMessageContaining("0..65535");
        assertThatThrownBy(() -> GcsConfig.builder().seeds("no-port"))
                .hasMessageContaining("host:port");
        assertThatThrownBy(() -> GcsConfig.builder().site("a").clusterKey(KEY).heartbeatInterval(Duration.ofSeconds(3)).build())
                .hasMessageContaining("at least twice heartbeatInterval");
        assertThatThrownBy(() -> GcsConfig.builder().maxDatagramBytes(1000)).hasMessageContaining("1024..65000");
        assertThatThrownBy(() -> LanConfig.builder().transport(LanTransport.TCP).build())
                .hasMessageContaining("lan.tcpInitialHosts");
        org.gcs.driver.WanPipelineHook marsOnly = new org.gcs.driver.WanPipelineHook() {
            @Override
            public void check(String site) {
                if (!site.equals("mars")) {
                    throw new IllegalArgumentException("this hook serves only site mars, not " + site);
                }
            }

            @Override
            public io.netty.channel.ChannelHandler newHandler(org.gcs.driver.WanHookContext context) {
                return new io.netty.channel.ChannelOutboundHandlerAdapter();
            }
        };
        assertThatThrownBy(() -> GcsConfig.builder().site("venus").clusterKey(KEY).wanPipelineHook(marsOnly).build())
                .isInstanceOf(GcsConfigException.class)
                .hasMessageContaining("serves only site mars, not venus");
        assertThat(GcsConfig.builder().site("mars").clusterKey(KEY).wanPipelineHook(marsOnly).build()
                .wanPipelineHook()).containsSame(marsOnly);
    }

    @Test
    void shouldLoadPropertiesWithUnits() throws Exception {
        Properties p = new Properties();
        p.load(new StringReader("""
                site = boston
                member.name = b1
                wan.bind = 127.0.0.1:7701
                seeds = 127.0.0.1:7702, 127.0.0.1:7703
                cluster.key = %s
                heartbeat.interval = 500ms
                site.timeout = 3s
                send.window.bytes = 2MB
                max.datagram.bytes = 1200
                lan.transport = tcp
                lan.tcp.port = 7800
                lan.tcp.initial.hosts = 127.0.0.1:7800, 127.0.0.1:7801
                groups = chat, board
                wan.io = NIO
                """.formatted(KEY)));
        GcsConfig config = GcsConfigLoader.fromProperties(p, "test.properties").build();
        assertThat(config.site()).isEqualTo("boston");
        assertThat(config.wanBindPort()).isEqualTo(7701);
        assertThat(config.seeds()).hasSize(2);
        assertThat(config.heartbeatInterval()).isEqualTo(Duration.ofMillis(500));
        assertThat(config.sendWindowBytes()).isEqualTo(2L << 20);
        assertThat(config.maxDatagramBytes()).isEqualTo(1200);
        assertThat(config.lan().transport()).isEqualTo(LanTransport.TCP);
        assertThat(config.lan().tcpInitialHosts()).containsExactly("127.0.0.1:7800", "127.0.0.1:7801");
        assertThat(GcsConfigLoader.groups(p)).containsExactly("chat", "board");
        assertThat(config.wanIo()).isEqualTo("nio");
    }

    @Test
    void shouldUseEpollWhereAvailableByDefaultAndRefuseAnUnknownWanIo() {
        GcsConfig defaults = GcsConfig.builder().site("boston").clusterKey(KEY).build();
        assertThat(defaults.wanIo()).isEqualTo("auto");
        assertThat(defaults.sendWindowBytes()).isEqualTo(4L << 20);
        assertThat(GcsConfig.builder().site("boston").clusterKey(KEY).wanIo(" Epoll ").build().wanIo()).isEqualTo("epoll");
        assertThatThrownBy(() -> GcsConfig.builder().wanIo("io_uring"))
                .isInstanceOf(GcsConfigException.class)
                .hasMessageContaining("wan.io must be auto, epoll or nio");
    }

    @Test
    void shouldReadTheLanProtectionAndRejectAnUnknownOne() {
        Properties p = new Properties();
        p.setProperty("site", "boston");
        p.setProperty("cluster.key", KEY);
        p.setProperty("lan.protection", " None ");
        assertThat(GcsConfigLoader.fromProperties(p, "t").build().lan().protection()).isEqualTo(LanProtection.NONE);
        p.setProperty("lan.protection", "aes-gcm");
        assertThat(GcsConfigLoader.fromProperties(p, "t").build().lan().protection()).isEqualTo(LanProtection.AES_GCM);
        p.setProperty("lan.protection", "aes");
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(p, "t"))
                .isInstanceOf(GcsConfigException.class).hasMessageContaining("lan.protection must be aes-gcm");
    }

    @Test
    void shouldRejectUnknownKeysAndBadValuesNamingTheSource() {
        Properties typo = new Properties();
        typo.setProperty("site", "a");
        typo.setProperty("heartbeat.intervall", "1s");
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(typo, "node.properties"))
                .isInstanceOf(GcsConfigException.class)
                .hasMessageContaining("node.properties").hasMessageContaining("heartbeat.intervall")
                .hasMessageContaining("valid keys");
        Properties badDuration = new Properties();
        badDuration.setProperty("site.timeout", "five seconds");
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(badDuration, "node.properties"))
                .hasMessageContaining("site.timeout");
    }

    @Test
    void shouldAdvertiseAnotherWanAddressOnlyWhenTold() {
        Properties p = new Properties();
        p.setProperty("site", "a");
        p.setProperty("cluster.key", KEY);
        p.setProperty("wan.bind", "0.0.0.0:7700");
        assertThat(GcsConfigLoader.fromProperties(p, "t").build().wanAdvertiseHost()).isNull();
        p.setProperty("wan.advertise", "10.77.0.5:7701");
        GcsConfig config = GcsConfigLoader.fromProperties(p, "t").build();
        assertThat(config.wanAdvertiseHost()).isEqualTo("10.77.0.5");
        assertThat(config.wanAdvertisePort()).isEqualTo(7701);
        assertThat(config.toBuilder().build().wanAdvertisePort()).isEqualTo(7701);
        p.setProperty("wan.advertise", "10.77.0.5:0");
        assertThatThrownBy(() -> GcsConfigLoader.fromProperties(p, "t")).hasMessageContaining("wan.advertise");
        assertThatThrownBy(() -> GcsConfig.builder().wanAdvertise(" ", 7700))
                .isInstanceOf(GcsConfigException.class).hasMessageContaining("wanAdvertise");
    }
}
