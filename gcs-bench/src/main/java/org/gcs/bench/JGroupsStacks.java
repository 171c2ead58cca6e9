package org.gcs.bench;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.spec.SecretKeySpec;
import org.jgroups.protocols.BARRIER;
import org.jgroups.protocols.FD_ALL3;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.FRAG2;
import org.jgroups.protocols.FRAG4;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.MFC;
import org.jgroups.protocols.PING;
import org.jgroups.protocols.SEQUENCER;
import org.jgroups.protocols.SERIALIZE;
import org.jgroups.protocols.SYM_ENCRYPT;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.UDP;
import org.jgroups.protocols.UFC;
import org.jgroups.protocols.UNICAST3;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.protocols.relay.RELAY;
import org.jgroups.protocols.relay.RELAY2;
import org.jgroups.protocols.relay.RELAY3;
import org.jgroups.protocols.relay.config.RelayConfig;
import org.jgroups.stack.Protocol;

/**
 * The JGroups protocol stacks of the baseline.
 *
 * <ul>
 *   <li>{@link #lan}: plain JGroups with GCS's LAN stack on UDP as the bench's GCS nodes run it
 *       (gcs-core's {@code JGroupsLan}, {@code lan.transport=udp}): the same protocols in the same order
 *       (UDP, PING, MERGE3, FD_SOCK2, FD_ALL3, VERIFY_SUSPECT2, BARRIER, NAKACK2, UNICAST3, STABLE, GMS, MFC, UFC,
 *       FRAG4) with the same settings (UDP multicast bound to 127.0.0.1 with the same socket buffers, the same
 *       merge, failure-detection, retransmission and join timeouts, flow-control credits, fragment size, bundler
 *       and thread-pool settings, diagnostics off), without GCS's own pieces. Those are its only differences,
 *       listed with their reasons in the test's {@code JGroupsStackDifferences} (and in docs/performance.md,
 *       "Systems, same conditions"):
 *       <ul>
 *         <li>MFC: GCS runs its subclass {@code MulticastCredits} (MFC unchanged, same protocol id and settings,
 *             that also tells how many credits are left);</li>
 *         <li>UDP's bundler: GCS's {@code LanBundler} (JGroups' per-destination bundler, the baseline's, that writes
 *             GCS's light sends on the sending thread);</li>
 *         <li>UDP's message processing policy: GCS's {@code LanReceivePolicy} (regular messages up on the receiver
 *             thread) against JGroups' default {@code max};</li>
 *         <li>the members' addresses: GCS's carry the member's name, incarnation and delegate eligibility
 *             ({@code ExtendedUUID}), the baseline's are plain UUIDs;</li>
 *         <li>with {@code lan.protection=aes-gcm}, GCS's default, GCS's {@code LanEncryption} (a SYM_ENCRYPT) and
 *             SERIALIZE directly above UDP; the baseline has no encryption, so {@code --gcs-set
 *             lan.protection=none} compares the stacks without them.</li>
 *       </ul>
 *       Beyond the stack, GCS multicasts its own messages with {@code DONT_LOOPBACK} and takes its own copy at the
 *       send, where the baseline's own messages loop back through JGroups. {@code JGroupsStacksTest} starts both on
 *       loopback and fails when the stacks differ in any other protocol, order or property.</li>
 *   <li>{@link #relay}: RELAY2 on top of that stack with {@code relay_multicasts} on and one site master per site
 *       (its bridge created while it connects, so that the benchmark knows when it is up),
 *       as JGroups documents cross-site replication: every site lists the same bridge cluster, whose stack
 *       ({@link #bridge}) is JGroups' own {@code tcp.xml} (TCP, TCPPING with every site master's address, MERGE3,
 *       FD_SOCK2, FD_ALL3, VERIFY_SUSPECT2, BARRIER, NAKACK2 without multicast retransmission, UNICAST3, STABLE,
 *       GMS, MFC and UFC with 2 MB credits, FRAG2) bound to 127.0.0.1. Like {@code tcp.xml} (JGroups' choice "for
 *       high-throughput requirements") the bridge keeps Nagle's algorithm on ({@code tcp_nodelay=false}) in the
 *       system {@code jgroups-relay2}; {@code jgroups-relay2-nodelay} sets {@code TCP_NODELAY}, as
 *       {@code tcp-low-latency.xml} does. It departs from {@code tcp.xml} only where a run's setup needs it or
 *       while connecting: fixed ports (TCPPING {@code port_range} 0, not 2), no STATE_TRANSFER (nothing transfers
 *       state), platform threads as in the LAN stack (not virtual ones), no local address printed, and JGroups'
 *       defaults for TCPPING's synchronous discovery and TCP's 2 s connect timeout ({@code tcp.xml}: asynchronous
 *       discovery, 300 ms).</li>
 * </ul>
 */
final class JGroupsStacks {
    /**
     * How long the first member of a LAN cluster looks for others before founding the cluster, in GCS's LAN
     * ({@code LanConfig.joinTimeout}) and in the baseline alike: long enough that a loaded machine does not split
     * a site when its members join one after the other.
     */
    static final long LAN_JOIN_TIMEOUT_MS = 2_000;

    private static final String LOOPBACK = "127.0.0.1";

    private JGroupsStacks() {
    }

    /**
     * @param spec the node
     * @return a new LAN stack for the node's site, transport first
     */
    static List<Protocol> lan(NodeSpec spec) throws UnknownHostException {
        InetAddress bind = InetAddress.getByName(LOOPBACK);
        UDP udp = new UDP();
        udp.setMulticastAddress(InetAddress.getByName(spec.mcastAddress()));
        udp.setMulticastPort(spec.mcastPort());
        udp.setUcastRecvBufSize(4_000_000).setMcastRecvBufSize(4_000_000);
        udp.setUcastSendBufSize(1_000_000).setMcastSendBufSize(1_000_000);
        udp.setBindAddress(bind);
        udp.useVirtualThreads(false);
        udp.logDiscardMsgs(false);
        FD_SOCK2 failureDetection = new FD_SOCK2();
        failureDetection.setBindAddress(bind);
        List<Protocol> protocols = new ArrayList<>();
        protocols.add(udp);
        protocols.add(new PING());
        protocols.add(new MERGE3().setMinInterval(2_000).setMaxInterval(6_000));
        protocols.add(failureDetection);
        // as GCS's LAN (JGroupsLan): suspected after 3 s of silence, checked every 0.5 s, 0.5 s to answer
        protocols.add(new FD_ALL3().setTimeout(3_000).setInterval(500));
        protocols.add(new VERIFY_SUSPECT2().setTimeout(500));
        protocols.add(new BARRIER());
        protocols.add(new NAKACK2().setXmitInterval(200));
        protocols.add(new UNICAST3());
        protocols.add(new STABLE());
        protocols.add(new GMS().setJoinTimeout(LAN_JOIN_TIMEOUT_MS).printLocalAddress(false));
        protocols.add(new MFC());
        protocols.add(new UFC());
        protocols.add(new FRAG4());
        return protocols;
    }

    /**
     * The cipher of the sealed baselines. AES-GCM is what GCS uses, but JGroups 5.5's SYM_ENCRYPT cannot run it: its
     * {@code Encrypt.initCipher} passes an {@code IvParameterSpec}, which JDK 17's GCM refuses ("AlgorithmParameterSpec
     * not of GCMParameterSpec"). So the baselines seal with AES-CBC and a random 16-byte IV per message, the
     * strongest cipher JGroups' SYM_ENCRYPT runs as shipped (its default, {@code AES}, is ECB). CBC authenticates
     * nothing, so the sealed baseline still does less work per message than GCS, whose GCM also authenticates.
     */
    static final String SEALED_CIPHER = "AES/CBC/PKCS5Padding";
    private static final int SEALED_IV_BYTES = 16;
    private static final int SEALED_KEY_BYTES = 16;

    /**
     * Seals a stack as GCS seals its LAN: SYM_ENCRYPT ({@link #SEALED_CIPHER}) and SERIALIZE directly above the
     * transport, so that every message (discovery, membership, failure detection and data alike, headers included)
     * travels as one encrypted payload. Used on the LAN stack and on RELAY2's bridge stack of the sealed baselines
     * ({@link Protection#SEALED}).
     *
     * @param stack a stack, transport first; changed in place
     * @param keyHex the run's key, hex; its first {@value #SEALED_KEY_BYTES} bytes are the AES-128 key (GCS's LAN
     *        keys are AES-128 too, derived from the cluster key)
     * @return the same list
     */
    static List<Protocol> seal(List<Protocol> stack, String keyHex) {
        byte[] key = Arrays.copyOf(HexFormat.of().parseHex(keyHex), SEALED_KEY_BYTES);
        SYM_ENCRYPT encrypt = new SYM_ENCRYPT().setSecretKey(new SecretKeySpec(key, "AES"));
        encrypt.symAlgorithm(SEALED_CIPHER);
        encrypt.symIvLength(SEALED_IV_BYTES);
        stack.add(1, encrypt);
        stack.add(2, new SERIALIZE());
        return stack;
    }

    /**
     * Puts JGroups' total order into a LAN stack: SEQUENCER directly below GMS, where JGroups' own
     * {@code sequencer.xml} (5.5) says it goes "if messages and views need to be totally ordered" (its default place
     * is above the flow control, which orders messages only). Above NAKACK2 and UNICAST3, it forwards every
     * multicast to the coordinator, which multicasts it with its own sequence numbers; with GMS above it, views are
     * ordered with the messages, as in GCS's total order. SEQUENCER's settings stay at JGroups' defaults.
     *
     * @param lan a stack from {@link #lan}, transport first; changed in place
     * @return the same list
     */
    static List<Protocol> sequencer(List<Protocol> lan) {
        int gms = -1;
        for (int i = 0; i < lan.size(); i++) {
            if (lan.get(i) instanceof GMS) {
                gms = i;
            }
        }
        if (gms < 0) {
            throw new IllegalArgumentException("no GMS in the stack " + lan);
        }
        lan.add(gms, new SEQUENCER());
        return lan;
    }

    /**
     * @param spec the node (its site, the run's sites and their bridge ports)
     * @return a new RELAY2 (RELAY3 for {@link BenchSystem#relay3()}, which always relays multicasts) for the top of
     *     the node's stack
     */
    static RELAY relay(NodeSpec spec) throws UnknownHostException {
        RELAY relay = spec.system().relay3() ? new RELAY3() : new RELAY2().relayMulticasts(true);
        relay.site(spec.site());
        relay.setMaxSiteMasters(1);
        // the bridge is up when connect returns, so the bench knows when the sites are bridged (setup only)
        relay.asyncRelayCreation(false);
        List<InetSocketAddress> masters = new ArrayList<>();
        for (int s = 0; s < spec.bridgePorts().size(); s++) {
            masters.add(new InetSocketAddress(spec.siteAddress(s), spec.bridgePorts().get(s)));
        }
        for (int s = 0; s < spec.sites().size(); s++) {
            String site = spec.sites().get(s);
            List<Protocol> bridgeStack = new ArrayList<>(Arrays.asList(bridge(spec.siteAddress(s),
                    spec.bridgePorts().get(s), masters, spec.relayTcpNoDelay())));
            if (spec.system().jgroupsSealed()) {
                seal(bridgeStack, spec.clusterKeyHex());
            }
            RelayConfig.BridgeConfig bridge = new RelayConfig.ProgrammaticBridgeConfig(spec.bridgeClusterName(),
                    bridgeStack.toArray(Protocol[]::new));
            relay.addSite(site, new RelayConfig.SiteConfig(site).addBridge(bridge));
        }
        return relay;
    }

    /**
     * @param bindAddress the address of this site master (its site's WAN address)
     * @param bindPort the TCP port of this site master
     * @param masters the TCP addresses of every site master
     * @param tcpNoDelay true to turn Nagle's algorithm off on the bridge connections
     * @return the bridge stack, transport first
     */
    static Protocol[] bridge(String bindAddress, int bindPort, List<InetSocketAddress> masters, boolean tcpNoDelay)
            throws UnknownHostException {
        InetAddress bind = InetAddress.getByName(bindAddress);
        TCP tcp = new TCP();
        tcp.setBindAddress(bind);
        tcp.setBindPort(bindPort);
        tcp.setPortRange(0);
        tcp.tcpNodelay(tcpNoDelay);
        tcp.useVirtualThreads(false);
        tcp.logDiscardMsgs(false);
        FD_SOCK2 failureDetection = new FD_SOCK2();
        failureDetection.setBindAddress(bind);
        return new Protocol[] {
            tcp,
            new TCPPING().setInitialHosts(masters).setPortRange(0),
            new MERGE3().setMinInterval(10_000).setMaxInterval(30_000),
            failureDetection,
            new FD_ALL3().setTimeout(40_000).setInterval(5_000),
            new VERIFY_SUSPECT2().setTimeout(1_500),
            new BARRIER(),
            new NAKACK2().useMcastXmit(false),
            new UNICAST3(),
            new STABLE().setDesiredAverageGossip(50_000).setMaxBytes(4_000_000),
            new GMS().setJoinTimeout(2_000).printLocalAddress(false),
            new MFC().setMaxCredits(2_000_000).setMinThreshold(0.4),
            new UFC().setMaxCredits(2_000_000).setMinThreshold(0.4),
            new FRAG2().setFragSize(60_000),
        };
    }
}
