package org.gcs.tools.netns;

import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Builders of the pieces of an emulated network, each one {@code ip} or {@code tc} call (or a few): namespaces,
 * veth pairs with addresses, {@code tbf} queues, forwarding, and the removal of namespaces left behind by a process
 * that is gone. Every method fails with the tool's output ({@link HostCommands#run}).
 */
public final class Netns {
    private static final Pattern BACKLOG = Pattern.compile("\"backlog\":(\\d+)");

    private Netns() {
    }

    /**
     * Creates a namespace with its loopback up; multicast on the loopback is turned on and routed there, so that a
     * LAN cluster on IP multicast (JGroups' UDP bound to 127.0.0.1) forms inside the namespace.
     *
     * @param name the namespace
     */
    public static void addNamespace(String name) {
        HostCommands.run("ip", "netns", "add", name);
        HostCommands.run("ip", "-n", name, "link", "set", "lo", "up", "multicast", "on");
        HostCommands.run("ip", "-n", name, "route", "add", "224.0.0.0/4", "dev", "lo");
    }

    /**
     * Joins two namespaces with a veth pair and brings both ends up.
     *
     * @param nsA the first namespace
     * @param devA its end's name, at most 15 characters
     * @param cidrA its end's address with prefix, e.g. {@code 10.77.1.2/24}
     * @param nsB the second namespace
     * @param devB its end's name
     * @param cidrB its end's address with prefix
     */
    public static void veth(String nsA, String devA, String cidrA, String nsB, String devB, String cidrB) {
        HostCommands.run("ip", "link", "add", devA, "netns", nsA, "type", "veth", "peer", "name", devB, "netns", nsB);
        HostCommands.run("ip", "-n", nsA, "addr", "add", cidrA, "dev", devA);
        HostCommands.run("ip", "-n", nsB, "addr", "add", cidrB, "dev", devB);
        HostCommands.run("ip", "-n", nsA, "link", "set", devA, "up");
        HostCommands.run("ip", "-n", nsB, "link", "set", devB, "up");
    }

    /**
     * Bytes of an Ethernet header: what a {@code tbf} on a veth device charges per packet besides its IP bytes, and
     * what {@link #ingressTbf} adds to every packet it charges (its {@code ifb} sees packets from a TUN device, IP
     * bytes only), so that both kinds of shaper count the same frames and one rate means the same on both.
     */
    public static final int ETHERNET_HEADER_BYTES = 14;

    /**
     * Puts a token bucket filter (drop-tail) on a device's egress; it charges each packet its length on the device.
     *
     * @param namespace the device's namespace
     * @param device the device
     * @param rateBitsPerSec the rate
     * @param burstBytes the bucket's depth
     * @param queueBytes the queue's bound ({@code limit})
     */
    public static void tbf(String namespace, String device, long rateBitsPerSec, long burstBytes, long queueBytes) {
        tbf(namespace, device, rateBitsPerSec, burstBytes, queueBytes, 0);
    }

    private static void tbf(String namespace, String device, long rateBitsPerSec, long burstBytes, long queueBytes,
                            int overheadBytes) {
        HostCommands.run("ip", "netns", "exec", namespace, "tc", "qdisc", "add", "dev", device, "root", "tbf",
                "rate", rateBitsPerSec + "bit", "burst", Long.toString(burstBytes), "limit",
                Long.toString(queueBytes), "overhead", Integer.toString(overheadBytes));
    }

    /**
     * @param namespace a device's namespace
     * @param device the device
     * @return the bytes its root qdisc holds queued now ({@code tc -s -j qdisc show}), 0 if it reports none
     */
    public static long backlogBytes(String namespace, String device) {
        String json = HostCommands.run("ip", "netns", "exec", namespace, "tc", "-s", "-j", "qdisc", "show", "dev",
                device, "root");
        Matcher m = BACKLOG.matcher(json);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    /**
     * Shapes the packets from one source subnet that a device receives: the device's ingress redirects them to an
     * {@code ifb} device of the same namespace, whose egress has a token bucket filter (drop-tail) that charges each
     * packet its IP bytes and an Ethernet header ({@value #ETHERNET_HEADER_BYTES} bytes, as {@link #tbf} on a veth
     * does, so that a packet costs the same in both); what passes comes back to the ingress of the device, so
     * routing and policy rules see it arrive there as before. Several calls on one device add one {@code ifb} and one
     * filter each (the first adds the device's ingress qdisc).
     *
     * @param namespace the device's namespace
     * @param device the device whose ingress is shaped
     * @param sourceCidr the packets shaped: those from this subnet, e.g. {@code 10.77.1.0/24}
     * @param ifbDevice the name of the {@code ifb} device to create (at most 15 characters)
     * @param rateBitsPerSec the rate
     * @param burstBytes the bucket's depth
     * @param queueBytes the queue's bound ({@code limit})
     */
    public static void ingressTbf(String namespace, String device, String sourceCidr, String ifbDevice,
                                  long rateBitsPerSec, long burstBytes, long queueBytes) {
        HostCommands.run("ip", "-n", namespace, "link", "add", ifbDevice, "type", "ifb");
        HostCommands.run("ip", "-n", namespace, "link", "set", ifbDevice, "up");
        tbf(namespace, ifbDevice, rateBitsPerSec, burstBytes, queueBytes, ETHERNET_HEADER_BYTES);
        if (!HostCommands.run("ip", "netns", "exec", namespace, "tc", "qdisc", "show", "dev", device, "ingress")
                .contains("ingress")) {
            HostCommands.run("ip", "netns", "exec", namespace, "tc", "qdisc", "add", "dev", device, "handle",
                    "ffff:", "ingress");
        }
        HostCommands.run("ip", "netns", "exec", namespace, "tc", "filter", "add", "dev", device, "parent", "ffff:",
                "protocol", "ip", "u32", "match", "ip", "src", sourceCidr, "action", "mirred", "egress", "redirect",
                "dev", ifbDevice);
    }

    /**
     * Turns IPv4 forwarding on in a namespace.
     *
     * @param namespace the namespace
     */
    public static void forward(String namespace) {
        HostCommands.run("ip", "netns", "exec", namespace, "sysctl", "-q", "-w", "net.ipv4.ip_forward=1");
    }

    /**
     * Removes the namespaces named {@code PREFIX<pid>-...} whose process is gone (left by a run that was killed).
     *
     * @param prefix the prefix before the owner's process id, e.g. {@code gcs-wan-}
     * @param log where to say what is removed
     */
    public static void removeLeftovers(String prefix, Consumer<String> log) {
        for (String line : HostCommands.run("ip", "netns", "list").split("\n")) {
            String name = line.trim().split("\\s+")[0];
            if (!name.startsWith(prefix)) {
                continue;
            }
            String[] parts = name.substring(prefix.length()).split("-");
            try {
                long pid = Long.parseLong(parts[0]);
                if (ProcessHandle.of(pid).isEmpty()) {
                    log.accept("removing namespace " + name + " left by an earlier run (process " + pid + " is gone)");
                    HostCommands.runQuietly("ip", "netns", "del", name);
                }
            } catch (NumberFormatException ignored) {
                // not ours
            }
        }
    }
}
