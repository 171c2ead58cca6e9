package org.gcs;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.gcs.cc.api.CcSettings;
import org.gcs.driver.WanPipelineHook;

/**
 * The configuration of one {@link GcsNode}. Immutable; build with {@link #builder()} or load with
 * {@link GcsConfigLoader}. Every setter validates at once and {@link GcsConfigBuilder#build()} checks the
 * combination, so a bad configuration fails before anything starts, with a message that says what to change.
 *
 * <p>The settings come in parts, each an immutable record that owns its keys of the properties file, their defaults
 * and checks: {@link #wan()}, {@link #wanSecurity()}, {@link #lan()}, {@link #timers()}, {@link #flowLimits()},
 * {@link #memberStallTimeouts()}, {@link #congestion()}, {@link #overlay()}, {@link #transport()}. The engine reads
 * the parts whole, so a new setting is added to its part, to {@link ConfigKeys} and as a builder setter
 * (CONTRIBUTING.md).
 *
 * <p>Only {@code site} and {@code clusterKey} are required. Every setting's properties key, default, unit and
 * allowed values: {@code docs/configuration.md} ({@link ConfigKeys}). Defaults:
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>setting</th><th>default</th><th>meaning</th></tr>
 * <tr><td>memberName</td><td>host name + random suffix</td><td>unique name within the site</td></tr>
 * <tr><td>delegateEligible</td><td>true</td><td>may this member become the site's delegate</td></tr>
 * <tr><td>wanBind</td><td>0.0.0.0:7700</td><td>UDP address for WAN datagrams (used while delegate)</td></tr>
 * <tr><td>wanAdvertise</td><td>the bind address (127.0.0.1 for 0.0.0.0)</td><td>address other delegates use to
 *     reach this one, when it differs from the bind address (a container, NAT)</td></tr>
 * <tr><td>heartbeatInterval</td><td>1 s</td><td>how often a delegate announces its site to the others</td></tr>
 * <tr><td>siteTimeout</td><td>5 s</td><td>silence after which a remote site counts as gone</td></tr>
 * <tr><td>tickInterval</td><td>5 ms</td><td>protocol timer granularity (acks, NAKs, probes)</td></tr>
 * <tr><td>maxDatagramBytes</td><td>1400</td><td>largest WAN datagram; bigger messages are fragmented</td></tr>
 * <tr><td>maxMessageBytes</td><td>1 MiB</td><td>largest payload accepted by send</td></tr>
 * <tr><td>sendWindowBytes</td><td>4 MiB</td><td>payload bytes a member may have unacknowledged before send blocks (its
 * rate is at most this per time to stability: about an RTT and two ticks); JGroups' MFC gives 5 MB of credits</td></tr>
 * <tr><td>maxPendingSendBytes</td><td>4 MiB</td><td>bytes of sends that may wait for the window</td></tr>
 * <tr><td>deliveryBacklogBytes</td><td>16 MiB</td><td>received bytes waiting for listeners before the LAN is paused</td></tr>
 * <tr><td>memberStallTimeout</td><td>10 s, per group overridable</td><td>how long this member's listeners may hold a
 * group back (the delivery backlog full, so every sender waits) before the member is excluded from the group
 * ({@link ViewListener#onExcluded}); it may join again</td></tr>
 * <tr><td>treeStrategy</td><td>source-spt</td><td>how the overlay multicast tree is built: {@code source-spt} (a
 * shortest-path tree per source, the source's fan-out at most 2; up to 16 sites, then as {@code spt}), {@code spt}
 * (one shortest-path tree from the most central site, fan-out bounded), {@code star} (every source sends to every
 * site), {@code fixed:A-B,B-C} (exactly these edges, for experiments), or a class name</td></tr>
 * <tr><td>maxFanOut</td><td>4</td><td>most children of a site in the tree</td></tr>
 * <tr><td>probeInterval</td><td>500 ms</td><td>how often a delegate probes its links (RTT, loss)</td></tr>
 * <tr><td>treeRefreshInterval</td><td>30 s</td><td>how often the tree is reconsidered for better link costs</td></tr>
 * <tr><td>wanTransport</td><td>end-to-end</td><td>{@code end-to-end}: UDP along the tree, loss repaired by the sending
 * delegate (seeds 004, 002); {@code hop-by-hop}: a reliable, back-pressured link per tree edge with backup buffers
 * (seeds 001, 003)</td></tr>
 * <tr><td>hopBuffers</td><td>50, 50</td><td>B_OUT and B_IN of every hop-by-hop link, in packets</td></tr>
 * <tr><td>hopBackupFailures</td><td>1</td><td>r: consecutive relay failures the backup buffer
 * B_back = r·(B_IN + B_OUT) + B_OUT covers</td></tr>
 * <tr><td>hopStallTimeout</td><td>2 s</td><td>wait for a next hop that acknowledges nothing before dropping for it</td></tr>
 * <tr><td>hopEndToEndRepair</td><td>on, 5 s</td><td>the sending delegate's NAK repair behind the links, and how long
 * acknowledgements may lag before it asks</td></tr>
 * <tr><td>congestionControl</td><td>tfrc end to end, none hop by hop</td><td>{@code tfrc}: TCP-friendly many-to-many
 * rates (seed 004); {@code ormcc}: the congestion representative's AIMD rate (seed 002); {@code none}: the send window
 * (and back-pressure hop by hop) only; {@code cost-benefit}: link prices from the hop-by-hop output buffers and a
 * budget per sender (seed 000, hop by hop only); or the class name of an {@code org.gcs.cc.api.CongestionControl}.
 * TFRC and ORMCC run only end to end</td></tr>
 * <tr><td>congestion parameters</td><td>none</td><td>{@code cc.<scheme>.<parameter>}, e.g. {@code cc.ormcc.beta};
 * each scheme documents its own and their defaults (TfrcSettings, OrmccSettings)</td></tr>
 * <tr><td>initialSendRate</td><td>128 KiB/s</td><td>a sender's rate before its first grant; the start of slow start</td></tr>
 * <tr><td>minSendRate</td><td>2 KiB/s</td><td>the lowest aggregate rate of a site for a group</td></tr>
 * <tr><td>wanProtection</td><td>aes-gcm</td><td>{@code aes-gcm}: WAN datagrams encrypted and authenticated;
 * {@code integrity}: authenticated only (docs/security.md)</td></tr>
 * <tr><td>wanIo</td><td>auto</td><td>the WAN socket's transport: {@code epoll} (Linux: sendmmsg/recvmmsg), {@code nio},
 * or {@code auto} (epoll where available, else nio)</td></tr>
 * <tr><td>replayMaxAge</td><td>60 s</td><td>WAN datagrams sent longer ago (or later) by the receiver's clock are
 * refused as replays; the sites' clocks must agree within it</td></tr>
 * <tr><td>testNode</td><td>false</td><td>a test node may use weak or published example keys</td></tr>
 * </table>
 */
public final class GcsConfig {
    private final String site;
    private final String memberName;
    private final boolean delegateEligible;
    private final boolean testNode;
    private final LanConfig lan;
    private final WanSettings wan;
    private final ClusterKeySetting clusterKey;
    private final WanSecurity wanSecurity;
    private final ProtocolTimers timers;
    private final FlowLimits flowLimits;
    private final MemberStallTimeouts memberStall;
    private final MeterRegistry meterRegistry;
    private final WanPipelineHook wanPipelineHook;
    private final OverlaySettings overlay;
    private final TransportSettings transport;
    private final CongestionSettings congestion;

    GcsConfig(GcsConfigBuilder b, LanConfig lan) {
        this.site = b.site;
        this.memberName = b.memberName != null ? b.memberName : defaultMemberName();
        this.delegateEligible = b.delegateEligible;
        this.testNode = b.testNode;
        this.lan = lan;
        this.wan = b.wan;
        this.clusterKey = b.clusterKey;
        this.wanSecurity = b.wanSecurity;
        this.timers = b.timers;
        this.flowLimits = b.flowLimits;
        this.memberStall = b.memberStall;
        this.meterRegistry = b.meterRegistry != null ? b.meterRegistry : new SimpleMeterRegistry();
        this.wanPipelineHook = b.wanPipelineHook;
        this.overlay = b.overlay;
        this.transport = b.transport;
        this.congestion = b.congestion;
    }

    /** @return a builder with the defaults */
    public static GcsConfigBuilder builder() {
        return new GcsConfigBuilder();
    }

    /** @return a builder holding this configuration's values */
    public GcsConfigBuilder toBuilder() {
        GcsConfigBuilder b = new GcsConfigBuilder();
        b.site = site;
        b.memberName = memberName;
        b.delegateEligible = delegateEligible;
        b.testNode = testNode;
        b.lan = lan.toBuilder();
        b.wan = wan;
        b.clusterKey = clusterKey;
        b.wanSecurity = wanSecurity;
        b.timers = timers;
        b.flowLimits = flowLimits;
        b.memberStall = memberStall;
        b.meterRegistry = meterRegistry;
        b.wanPipelineHook = wanPipelineHook;
        b.overlay = overlay;
        b.transport = transport;
        b.congestion = congestion;
        return b;
    }

    private static String defaultMemberName() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "node";
        }
        String plain = host.replaceAll("[^A-Za-z0-9._-]", "-");
        if (plain.length() > 40) {
            plain = plain.substring(0, 40);
        }
        return plain + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffL);
    }

    /** @return the site (LAN cluster) this node belongs to */
    public String site() {
        return site;
    }

    /** @return this member's name within the site */
    public String memberName() {
        return memberName;
    }

    /** @return whether this member may become the site's delegate */
    public boolean delegateEligible() {
        return delegateEligible;
    }

    /** @return whether this node is a test (weak and example keys allowed) */
    public boolean testNode() {
        return testNode;
    }

    /** @return the LAN settings */
    public LanConfig lan() {
        return lan;
    }

    /** @return the WAN socket, the advertised address, the seeds and the largest datagram */
    public WanSettings wan() {
        return wan;
    }

    /** @return the host or address the WAN socket binds to */
    public String wanBindHost() {
        return wan.bindHost();
    }

    /** @return the UDP port of the WAN socket (0: any free port) */
    public int wanBindPort() {
        return wan.bindPort();
    }

    /** @return the host other delegates use to reach this one, or null to derive it from the bind address */
    public String wanAdvertiseHost() {
        return wan.advertiseHost();
    }

    /** @return the port other delegates use to reach this one (meaningful with {@link #wanAdvertiseHost}) */
    public int wanAdvertisePort() {
        return wan.advertisePort();
    }

    /**
     * @return WAN addresses of other sites' delegates (or delegate candidates) to contact first, unresolved (port 0: a
     *     DNS SRV name)
     */
    public List<InetSocketAddress> seeds() {
        return wan.seeds();
    }

    /** @return the DNS servers that resolve the seeds' names, or empty for the system's */
    public List<InetSocketAddress> dnsServers() {
        return wan.dnsServers();
    }

    /** @return the WAN socket's transport: {@code auto}, {@code epoll} or {@code nio} */
    public String wanIo() {
        return wan.io();
    }

    /** @return the largest WAN datagram in bytes */
    public int maxDatagramBytes() {
        return wan.maxDatagramBytes();
    }

    /** @return a copy of the secret this node sends with (the send key of {@link #clusterKeys()}) */
    public byte[] clusterKey() {
        return clusterKey.keys().sendKey();
    }

    /** @return the key ring of the WAN and the LAN: every key accepted, one used to send */
    public ClusterKeys clusterKeys() {
        return clusterKey.keys();
    }

    /** @return the key file the ring was read from, if any ({@code gcs node} watches it) */
    public Optional<java.nio.file.Path> clusterKeyFile() {
        return Optional.ofNullable(clusterKey.file());
    }

    /** @return how WAN datagrams are protected and how old they may be */
    public WanSecurity wanSecurity() {
        return wanSecurity;
    }

    /** @return how WAN datagrams are protected */
    public WanProtection wanProtection() {
        return wanSecurity.protection();
    }

    /** @return the most a WAN datagram's send time may differ from this node's clock */
    public Duration replayMaxAge() {
        return wanSecurity.replayMaxAge();
    }

    /** @return the protocol's timers */
    public ProtocolTimers timers() {
        return timers;
    }

    /** @return how often a delegate announces its site's state to the other delegates */
    public Duration heartbeatInterval() {
        return timers.heartbeatInterval();
    }

    /** @return the silence after which a remote site is considered gone */
    public Duration siteTimeout() {
        return timers.siteTimeout();
    }

    /** @return the protocol timer granularity */
    public Duration tickInterval() {
        return timers.tickInterval();
    }

    /** @return the byte limits between the application and the protocol */
    public FlowLimits flowLimits() {
        return flowLimits;
    }

    /** @return the largest payload a send accepts */
    public int maxMessageBytes() {
        return flowLimits.maxMessageBytes();
    }

    /** @return payload bytes a member may have in flight (not yet stable) before send blocks */
    public long sendWindowBytes() {
        return flowLimits.sendWindowBytes();
    }

    /** @return payload bytes of sends that may wait for the send window */
    public long maxPendingSendBytes() {
        return flowLimits.maxPendingSendBytes();
    }

    /** @return received payload bytes that may wait for listeners before the LAN receive path pauses */
    public long deliveryBacklogBytes() {
        return flowLimits.deliveryBacklogBytes();
    }

    /** @return the member stall policy's bounds, by default and per group */
    public MemberStallTimeouts memberStallTimeouts() {
        return memberStall;
    }

    /**
     * @return how long this member's listeners may hold a group back before the member is excluded from it, for groups
     *     without their own bound (default 10 s)
     */
    public Duration memberStallTimeout() {
        return memberStall.fallback();
    }

    /**
     * @param group a group
     * @return how long this member's listeners may hold that group back (its delivery backlog full, so every sender
     *     waits for it) before the member is excluded from the group: the group's own bound if one is set, otherwise
     *     {@link #memberStallTimeout()}
     */
    public Duration memberStallTimeout(String group) {
        return memberStall.forGroup(group);
    }

    /** @return where the node registers its meters */
    public MeterRegistry meterRegistry() {
        return meterRegistry;
    }

    /**
     * @return the hook in front of this node's WAN socket (an emulated WAN for tests and demos, see
     *     {@link WanPipelineHook}), if any
     */
    public Optional<WanPipelineHook> wanPipelineHook() {
        return Optional.ofNullable(wanPipelineHook);
    }

    /** @return the overlay tree's settings */
    public OverlaySettings overlay() {
        return overlay;
    }

    /**
     * @return the overlay tree strategy: a built-in name ({@code source-spt}, {@code spt}, {@code star}), a fixed
     *     tree or a class name
     */
    public String treeStrategy() {
        return overlay.treeStrategy();
    }

    /** @return the most children a site may have in the overlay tree */
    public int maxFanOut() {
        return overlay.maxFanOut();
    }

    /** @return how often a delegate probes the links to the other delegates */
    public Duration probeInterval() {
        return overlay.probeInterval();
    }

    /** @return how often the overlay tree is reconsidered for better link costs */
    public Duration treeRefreshInterval() {
        return overlay.treeRefreshInterval();
    }

    /** @return how data crosses the WAN, with the hop-by-hop transport's settings */
    public TransportSettings transport() {
        return transport;
    }

    /** @return how data crosses the WAN: {@code end-to-end} or {@code hop-by-hop} */
    public String wanTransport() {
        return transport.name();
    }

    /** @return B_OUT, the hop-by-hop output buffer per outgoing tree edge, in packets */
    public int hopOutputPackets() {
        return transport.link().outputCapacityPackets();
    }

    /** @return B_IN, the hop-by-hop input buffer per incoming tree edge, in packets */
    public int hopInputPackets() {
        return transport.link().inputCapacityPackets();
    }

    /** @return r, the consecutive relay failures the hop-by-hop backup buffer covers */
    public int hopBackupFailures() {
        return transport.backupFailures();
    }

    /** @return B_back = r·(B_IN + B_OUT) + B_OUT, each delegate's hop-by-hop backup buffer, in packets */
    public int hopBackupPackets() {
        return transport.backupPackets();
    }

    /** @return whether the end-to-end NAK repair runs behind the hop-by-hop links */
    public boolean hopEndToEndRepair() {
        return transport.endToEndRepair();
    }

    /** @return the congestion-control settings: the scheme, its parameters, the initial and lowest rates */
    public CongestionSettings congestion() {
        return congestion;
    }

    /**
     * @return the congestion-control scheme: {@code tfrc} (seed 004's TCP-friendly many-to-many rates), {@code ormcc}
     *     (seed 002), {@code none} (send window only), or a class name
     */
    public String congestionControl() {
        return congestion.controller(transport);
    }

    /** @return the schemes' parameters by full key ({@code cc.<scheme>.<parameter>}), sorted */
    public java.util.Map<String, String> congestionParameters() {
        return congestion.parameters();
    }

    /**
     * @param initialRttNs the RTT the node assumes before measuring one
     * @return the settings the congestion-control scheme is built from
     */
    public CcSettings ccSettings(long initialRttNs) {
        return congestion.ccSettings(initialRttNs);
    }

    /** @return a sender's rate for a group before its first grant, and where slow start begins */
    public long initialSendRateBytesPerSec() {
        return congestion.initialSendRateBytesPerSec();
    }

    /** @return the lowest aggregate rate a site is held to for a group */
    public long minSendRateBytesPerSec() {
        return congestion.minSendRateBytesPerSec();
    }

    @Override
    public String toString() {
        return "GcsConfig[site=" + site + ", member=" + memberName + ", delegateEligible=" + delegateEligible
                + ", wan=" + wan.bindHost() + ":" + wan.bindPort() + ", seeds=" + wan.seeds() + ", lan=" + lan.transport()
                + ", wanHook=" + (wanPipelineHook == null ? "none" : wanPipelineHook) + ", transport=" + transport.name()
                + ", controller=" + congestionControl() + "]";
    }
}
