package org.gcs.lab.tcp;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.gcs.tools.netns.DelayLine;
import org.gcs.tools.netns.HostCommands;
import org.gcs.tools.netns.LossModel;
import org.gcs.tools.netns.Netns;

/**
 * A real bottleneck that this object creates and removes: three network namespaces in a line, sender — router —
 * receiver, joined by veth pairs, with a token bucket filter ({@code tbf}, drop-tail) on the router's interface
 * towards the receiver. Every packet from sender to receiver, UDP or TCP, shares one rate limit and one queue; the
 * reverse direction (acknowledgements) is not limited. Traffic never leaves the three namespaces.
 *
 * <p>Why a router in the middle: with the {@code tbf} on the sending host's own interface, Linux's TCP Small Queues
 * keep a TCP socket from having more than a couple of packets in that local queue while UDP has no such limit, so
 * the kernel TCP flow starves for reasons no WAN router would cause. Forwarded packets are not charged to the
 * sending socket. The sender's interface also has {@code gso_max_segs 1}, so TCP hands the bottleneck packets of
 * one MSS, as a router sees them, not 64 KB segmentation-offload bursts that drop-tail would drop whole.
 *
 * <p>TCP's segment size can be set ({@code advmss} on both ends' routes, so that each end announces it in its SYN):
 * the TCP-friendliness definitions compare flows of one packet size (thesis App. C.2 "same RTT and packet size",
 * RFC 5348 §1), and the kernel's default MSS (1448 payload bytes behind a 1500-byte MTU) is larger than a GCS
 * message.
 *
 * <p>The kernel here has no {@code netem}, so propagation delay comes from a {@link DelayLine} in the router
 * namespace: every packet, in either direction, waits a fixed one-way delay before it is forwarded.
 * Namespace names carry this process's id, so runs do not collide, and namespaces left behind by a run that was
 * killed are removed by the next run (their owner process is gone).
 */
final class NamespaceBottleneck implements AutoCloseable {
    /** Prefix of the namespaces this class creates. */
    static final String PREFIX = "gcs-tf-";
    /** Address of the sender. */
    static final String SENDER_ADDRESS = "10.213.1.1";
    /** Address of the receiver. */
    static final String RECEIVER_ADDRESS = "10.213.2.1";
    /**
     * The TCP timestamp option with its padding: the MSS a SYN announces counts it, the payload of a segment does
     * not (Linux sends timestamps by default).
     */
    static final int TCP_TIMESTAMP_OPTION_BYTES = 12;
    /** The payload of a full segment behind a 1500-byte MTU with timestamps: 1500 − 20 − 20 − 12. */
    static final int MAX_SEGMENT_PAYLOAD_BYTES = 1448;
    private static final String ROUTER_SENDER_SIDE = "10.213.1.254";
    private static final String ROUTER_RECEIVER_SIDE = "10.213.2.254";

    private final String senderNamespace;
    private final String routerNamespace;
    private final String receiverNamespace;
    private final String devicePrefix;
    private final List<String> created = new ArrayList<>();
    private String bottleneckDevice;
    private DelayLine delayLine;
    private boolean closed;

    private NamespaceBottleneck(long pid) {
        this.senderNamespace = PREFIX + pid + "-snd";
        this.routerNamespace = PREFIX + pid + "-rtr";
        this.receiverNamespace = PREFIX + pid + "-rcv";
        this.devicePrefix = "gtf" + pid; // device names have at most 15 characters: gtf + pid + 2
    }

    /**
     * Creates the namespaces, the links, the routes and the bottleneck.
     *
     * @param rateBitsPerSec the bottleneck's rate
     * @param queueBytes the bottleneck's queue (tbf {@code limit})
     * @param tcpCongestionControl the congestion control of TCP connections opened in the sender namespace, e.g.
     *     {@code reno}
     * @param tcpSegmentPayloadBytes the payload bytes of a full TCP segment between the two ends (the kernel sends
     *     the TCP timestamp option, 12 bytes, on top of it); 0 for the kernel's default from the MTU
     * @param oneWayDelayMs propagation delay added in each direction by the router (0: none)
     * @param workDir where the delay line's helper and log go
     * @param log where to say what is being done
     * @return the bottleneck; close it to remove everything
     */
    static NamespaceBottleneck create(long rateBitsPerSec, long queueBytes, String tcpCongestionControl,
                                      int tcpSegmentPayloadBytes, long oneWayDelayMs, Path workDir,
                                      Consumer<String> log) throws IOException {
        if (tcpSegmentPayloadBytes < 0 || tcpSegmentPayloadBytes > MAX_SEGMENT_PAYLOAD_BYTES) {
            throw new IllegalArgumentException("TCP segment payload must be 0 (the kernel's default) or at most "
                    + MAX_SEGMENT_PAYLOAD_BYTES + " bytes (a 1500-byte MTU), not " + tcpSegmentPayloadBytes);
        }
        Netns.removeLeftovers(PREFIX, log);
        NamespaceBottleneck b = new NamespaceBottleneck(ProcessHandle.current().pid());
        try {
            b.build(rateBitsPerSec, queueBytes, tcpCongestionControl, tcpSegmentPayloadBytes, oneWayDelayMs, workDir);
        } catch (IOException | RuntimeException e) {
            b.close();
            throw e;
        }
        log.accept(String.format(Locale.ROOT, "bottleneck: %s (%s) -> %s -> %s (%s), tbf %.1f Mbit/s with a %d-byte"
                + " queue on the router, %d ms one-way delay each way; TCP: %s, %s", b.senderNamespace,
                SENDER_ADDRESS, b.routerNamespace, b.receiverNamespace, RECEIVER_ADDRESS, rateBitsPerSec / 1e6,
                queueBytes, oneWayDelayMs, tcpCongestionControl, tcpSegmentPayloadBytes == 0
                        ? "the kernel's segment size" : tcpSegmentPayloadBytes + "-byte segments"));
        return b;
    }

    private void build(long rateBitsPerSec, long queueBytes, String tcpCongestionControl, int tcpSegmentPayloadBytes,
                       long oneWayDelayMs, Path workDir) throws IOException {
        for (String ns : List.of(senderNamespace, routerNamespace, receiverNamespace)) {
            HostCommands.run("ip", "netns", "add", ns);
            created.add(ns);
            HostCommands.run("ip", "-n", ns, "link", "set", "lo", "up");
        }
        String senderDevice = devicePrefix + "sr";
        String routerSenderDevice = devicePrefix + "rs";
        String routerReceiverDevice = devicePrefix + "rr";
        String receiverDevice = devicePrefix + "vr";
        link(senderNamespace, senderDevice, SENDER_ADDRESS, routerNamespace, routerSenderDevice, ROUTER_SENDER_SIDE);
        link(routerNamespace, routerReceiverDevice, ROUTER_RECEIVER_SIDE, receiverNamespace, receiverDevice,
                RECEIVER_ADDRESS);
        List<String> mss = tcpSegmentPayloadBytes == 0 ? List.of()
                : List.of("advmss", Integer.toString(tcpSegmentPayloadBytes + TCP_TIMESTAMP_OPTION_BYTES));
        HostCommands.run(concat(List.of("ip", "-n", senderNamespace, "route", "add", "default", "via",
                ROUTER_SENDER_SIDE), mss));
        HostCommands.run(concat(List.of("ip", "-n", receiverNamespace, "route", "add", "default", "via",
                ROUTER_RECEIVER_SIDE), mss));
        HostCommands.run("ip", "-n", senderNamespace, "link", "set", "dev", senderDevice, "gso_max_segs", "1");
        HostCommands.run("ip", "netns", "exec", routerNamespace, "sysctl", "-q", "-w", "net.ipv4.ip_forward=1");
        HostCommands.run("ip", "netns", "exec", senderNamespace, "sysctl", "-q", "-w",
                "net.ipv4.tcp_congestion_control=" + tcpCongestionControl);
        // burst: a few MTU-sized packets at least, 10 ms of the rate at most
        long burstBytes = Math.max(3_000, rateBitsPerSec / 8 / 100);
        HostCommands.run("ip", "netns", "exec", routerNamespace, "tc", "qdisc", "add", "dev", routerReceiverDevice,
                "root", "tbf", "rate", rateBitsPerSec + "bit", "burst", Long.toString(burstBytes), "limit",
                Long.toString(queueBytes));
        this.bottleneckDevice = routerReceiverDevice;
        if (oneWayDelayMs > 0) {
            delayLine = DelayLine.start(routerNamespace, devicePrefix + "dl", oneWayDelayMs, LossModel.NONE, 0,
                    List.of(routerSenderDevice, routerReceiverDevice), workDir);
        }
    }

    private static String[] concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all.toArray(String[]::new);
    }

    private static void link(String nsA, String devA, String addressA, String nsB, String devB, String addressB) {
        HostCommands.run("ip", "link", "add", devA, "netns", nsA, "type", "veth", "peer", "name", devB, "netns", nsB);
        HostCommands.run("ip", "-n", nsA, "addr", "add", addressA + "/24", "dev", devA);
        HostCommands.run("ip", "-n", nsB, "addr", "add", addressB + "/24", "dev", devB);
        HostCommands.run("ip", "-n", nsA, "link", "set", devA, "up");
        HostCommands.run("ip", "-n", nsB, "link", "set", devB, "up");
    }

    /** @return the namespace of the sending end */
    String senderNamespace() {
        return senderNamespace;
    }

    /** @return the namespace of the receiving end */
    String receiverNamespace() {
        return receiverNamespace;
    }

    /**
     * @param namespace one of the two namespaces
     * @param command a command
     * @return the command line that runs it inside the namespace
     */
    static List<String> inside(String namespace, List<String> command) {
        List<String> line = new ArrayList<>();
        String ip = HostCommands.locate("ip");
        line.addAll(List.of(ip == null ? "ip" : ip, "netns", "exec", namespace));
        line.addAll(command);
        return line;
    }

    /** @return the bottleneck queue's counters ({@code tc -s qdisc}), e.g. packets sent and dropped */
    String queueStatistics() {
        return HostCommands.run("ip", "netns", "exec", routerNamespace, "tc", "-s", "qdisc", "show", "dev",
                bottleneckDevice);
    }

    /** Removes the namespaces (and with them the veth pairs and the qdisc). Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (delayLine != null) {
            delayLine.close();
        }
        for (String ns : created) {
            HostCommands.runQuietly("ip", "netns", "del", ns);
        }
    }
}
