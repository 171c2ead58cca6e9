package org.gcs.tools.netns;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * An emulated WAN that this object creates and removes: one network namespace per site and one router namespace,
 * a veth pair between each site and the router (site {@code 10.77.<i>.2}, router {@code 10.77.<i>.1}, sites
 * numbered from 1), a {@code tbf} of the asked rate each way on every pair (the site's uplink and downlink), and
 * a {@link DelayLine} in the router that holds every forwarded packet for half the asked round-trip time and drops
 * packets by a {@link LossModel}. Any site-to-site path crosses the router once each way, so every site-to-site RTT
 * is the one asked (plus queueing). Inside a site, traffic stays on the namespace's loopback, where IP multicast is
 * on ({@link Netns#addNamespace}).
 *
 * <p>Both {@code tbf}s are in the router and queue only packets that the delay line wrote: the uplink shapes what
 * leaves the delay line from the site's subnet ({@link Netns#ingressTbf} on its TUN device), the downlink what the
 * router sends to the site. A packet a local TCP socket sent is charged to that socket until it is freed, across
 * namespaces too, and Linux's TCP Small Queues let a socket have only about two packets not yet freed: with the
 * uplink queue on the site's device or on the router's ingress, a kernel TCP flow kept 4 to 18 packets in flight
 * against a window of 199 while a UDP flow filled that queue, and GCS took 8.6 times one TCP flow's share in
 * {@code wan-fairness}. The delay line copies every packet through user space, which frees the sender's packet as
 * a WAN would. Each site's uplink is thus after the propagation delay rather than before it; the RTT and the
 * queueing a flow sees are the same. The site's device has {@code gso_max_segs 1}, so TCP hands the router packets
 * of one MSS, not 64 KB offload bursts. The delay line runs at every RTT, 0 included, so that the queues are always
 * the same.
 *
 * <p>Both {@code tbf}s charge a packet the same bytes, its IP bytes and an Ethernet header: the uplink's {@code ifb}
 * sees packets without one, so it adds {@value Netns#ETHERNET_HEADER_BYTES} bytes each
 * ({@link Netns#ingressTbf}). Without that the downlink was 1 % slower than the uplink for full-size packets and
 * became a second bottleneck behind it, with a standing queue that the uplink alone never holds (in one run at
 * 100 ms: 9 drops and 44 packets backlogged there at the end, and both flows measured about 170 ms of RTT).
 * {@code wan-fairness} measured that tandem, not an uplink: at 100 ms, one Reno flow and GCS's TFRC, GCS's share
 * was 0.70 with it (median of 3) and 0.97 without it (one run; docs/performance.md has the medians). Only the
 * sending site's uplink holds a queue now ({@link #uplinkBacklogBytes}, {@link #downlinkBacklogBytes}).
 *
 * <p>Queues: the {@code tbf} bound is one bandwidth-delay product at 100 ms ({@link #queueBytes}: 625 000 bytes at
 * 50 Mbit/s), its bucket 10 ms of the rate (at least 3000 bytes). The kernel has no {@code netem}, so delay and loss
 * are in user space; one Python helper serves every link.
 *
 * <p>Names start with {@value #PREFIX} and this process's id: runs do not collide, and what a killed run left
 * behind is removed by the next one. Closing removes every namespace (with their devices and queues), also when
 * building failed half-way; a shutdown hook closes the network when the JVM exits first (Ctrl-C).
 */
public final class WanNetwork implements AutoCloseable {
    /** The prefix of every namespace this class makes. */
    public static final String PREFIX = "gcs-wan-";
    /** The round-trip time the {@code tbf} queue holds one bandwidth-delay product of, in milliseconds. */
    public static final long QUEUE_RTT_MS = 100;

    private final String devicePrefix;
    private final String routerNamespace;
    private final List<String> siteNamespaces = new ArrayList<>();
    private final List<String> created = new ArrayList<>();
    private final long rttMs;
    private final long rateBitsPerSec;
    private final LossModel loss;
    private final Thread shutdownHook = new Thread(this::remove, "wan-network-cleanup");
    private DelayLine delayLine;
    private long[] delayLineCounts;
    private boolean closed;

    private WanNetwork(long pid, int sites, long rttMs, long rateBitsPerSec, LossModel loss) {
        this.devicePrefix = "gw" + pid; // device names have at most 15 characters: gw + pid + 3
        this.routerNamespace = PREFIX + pid + "-router";
        for (int i = 1; i <= sites; i++) {
            siteNamespaces.add(PREFIX + pid + "-site" + i);
        }
        this.rttMs = rttMs;
        this.rateBitsPerSec = rateBitsPerSec;
        this.loss = loss;
    }

    /**
     * Builds the network.
     *
     * @param sites the number of sites, 1 to 200
     * @param rttMs the round-trip time between any two sites, in milliseconds (0: the delay line only forwards)
     * @param rateBitsPerSec each site's uplink and downlink rate
     * @param loss the loss model of the router's delay line
     * @param seed the loss model's seed
     * @param workDir where the delay line's helper and log go
     * @param log where to say what is built
     * @return the network; close it to remove everything
     * @throws IOException if the delay line cannot start
     */
    public static WanNetwork create(int sites, long rttMs, long rateBitsPerSec, LossModel loss, long seed,
                                    Path workDir, Consumer<String> log) throws IOException {
        if (sites < 1 || sites > 200) {
            throw new IllegalArgumentException("sites must be in 1..200, got " + sites);
        }
        if (rttMs < 0 || rateBitsPerSec < 8_000) {
            throw new IllegalArgumentException("rtt must be >= 0 ms and the rate >= 8 kbit/s");
        }
        Netns.removeLeftovers(PREFIX, log);
        WanNetwork wan = new WanNetwork(ProcessHandle.current().pid(), sites, rttMs, rateBitsPerSec, loss);
        Runtime.getRuntime().addShutdownHook(wan.shutdownHook);
        try {
            wan.build(seed, workDir);
        } catch (IOException | RuntimeException e) {
            wan.close();
            throw e;
        }
        log.accept(String.format(Locale.ROOT, "WAN: %d sites (%s..) around %s, RTT %d ms, %.1f Mbit/s up and down per"
                + " site (tbf queue %d bytes, burst %d bytes), %s", sites, wan.siteNamespaces.get(0),
                wan.routerNamespace, rttMs, rateBitsPerSec / 1e6, wan.queueBytes(), wan.burstBytes(), loss));
        return wan;
    }

    private void build(long seed, Path workDir) throws IOException {
        Netns.addNamespace(routerNamespace);
        created.add(routerNamespace);
        Netns.forward(routerNamespace);
        List<String> routerDevices = new ArrayList<>();
        for (int i = 1; i <= siteNamespaces.size(); i++) {
            String site = siteNamespaces.get(i - 1);
            Netns.addNamespace(site);
            created.add(site);
            String siteDevice = devicePrefix + "s" + i;
            String routerDevice = devicePrefix + "r" + i;
            Netns.veth(site, siteDevice, siteAddress(i - 1) + "/24", routerNamespace, routerDevice,
                    routerAddress(i - 1) + "/24");
            HostCommands.run("ip", "-n", site, "route", "add", "default", "via", routerAddress(i - 1));
            HostCommands.run("ip", "-n", site, "link", "set", "dev", siteDevice, "gso_max_segs", "1");
            Netns.tbf(routerNamespace, routerDevice, rateBitsPerSec, burstBytes(), queueBytes());
            routerDevices.add(routerDevice);
        }
        String delayDevice = devicePrefix + "dl";
        delayLine = DelayLine.start(routerNamespace, delayDevice, rttMs / 2, loss, seed, routerDevices, workDir);
        for (int i = 1; i <= siteNamespaces.size(); i++) {
            Netns.ingressTbf(routerNamespace, delayDevice, siteAddress(i - 1) + "/24", devicePrefix + "u" + i,
                    rateBitsPerSec, burstBytes(), queueBytes());
        }
    }

    /**
     * Sets the TCP congestion control of every site's route to the other sites ({@code congctl} on its default
     * route): what TCP connections between sites use unless their socket asks otherwise. A new namespace takes the
     * host's default, which may be a control that ignores random loss (BBR on these machines), and this kernel
     * refuses {@code net.ipv4.tcp_congestion_control} inside a namespace, so a run that compares against loss-based
     * TCP names the control it wants here.
     *
     * @param congestionControl a name from {@code /proc/sys/net/ipv4/tcp_available_congestion_control}
     * @throws IllegalStateException if a namespace refuses it
     */
    public void setTcpCongestionControl(String congestionControl) {
        for (int i = 1; i <= siteNamespaces.size(); i++) {
            HostCommands.run("ip", "-n", siteNamespaces.get(i - 1), "route", "replace", "default", "via",
                    routerAddress(i - 1), "congctl", congestionControl);
        }
    }

    /** @return the {@code tbf} queue bound: one bandwidth-delay product at {@value #QUEUE_RTT_MS} ms, in bytes */
    public long queueBytes() {
        return Math.max(30_000, rateBitsPerSec / 8 * QUEUE_RTT_MS / 1000);
    }

    /** @return the {@code tbf} bucket: 10 ms of the rate, at least 3000 bytes */
    public long burstBytes() {
        return Math.max(3_000, rateBitsPerSec / 8 / 100);
    }

    /** @return the number of sites */
    public int sites() {
        return siteNamespaces.size();
    }

    /**
     * @param site a site's index, from 0
     * @return its namespace
     */
    public String siteNamespace(int site) {
        return siteNamespaces.get(site);
    }

    /**
     * @param site a site's index, from 0
     * @return its address on the WAN, {@code 10.77.<site+1>.2}
     */
    public static String siteAddress(int site) {
        return "10.77." + (site + 1) + ".2";
    }

    /**
     * @param site a site's index, from 0
     * @return the router's address towards it, {@code 10.77.<site+1>.1}
     */
    public static String routerAddress(int site) {
        return "10.77." + (site + 1) + ".1";
    }

    /**
     * @param site a site's index, from 0
     * @return the bytes queued now in its uplink's {@code tbf}
     */
    public long uplinkBacklogBytes(int site) {
        return Netns.backlogBytes(routerNamespace, devicePrefix + "u" + (site + 1));
    }

    /**
     * @param site a site's index, from 0
     * @return the bytes queued now in its downlink's {@code tbf}
     */
    public long downlinkBacklogBytes(int site) {
        return Netns.backlogBytes(routerNamespace, devicePrefix + "r" + (site + 1));
    }

    /**
     * Cuts a site off the WAN, as an outage of its link would: the router drops every packet from the site and every
     * packet to it ({@code iptables} {@code DROP} rules on its side of the site's veth, in the {@code FORWARD} chain,
     * so before the delay line on the way in and after it on the way out). Nothing tells the endpoints: packets
     * vanish, as on a WAN, rather than failing to send as a link taken down would make them. The site's own
     * loopback, its LAN, is not touched.
     *
     * @param site a site's index, from 0
     * @throws IllegalStateException if {@code iptables} is missing or refuses the rule
     */
    public void cutSite(int site) {
        String device = devicePrefix + "r" + (site + 1);
        iptables("-I", "-i", device);
        iptables("-I", "-o", device);
    }

    /**
     * Ends {@link #cutSite}'s outage: removes both rules.
     *
     * @param site a site's index, from 0, cut before
     * @throws IllegalStateException if a rule is not there
     */
    public void restoreSite(int site) {
        String device = devicePrefix + "r" + (site + 1);
        iptables("-D", "-i", device);
        iptables("-D", "-o", device);
    }

    private void iptables(String action, String direction, String device) {
        if (HostCommands.locate("iptables") == null) {
            throw new IllegalStateException("cutting a site's link needs the 'iptables' command (package iptables);"
                    + " install it, e.g. 'apt-get install iptables'.");
        }
        HostCommands.run("ip", "netns", "exec", routerNamespace, "iptables", "-w", action, "FORWARD", direction,
                device, "-j", "DROP");
    }

    /** @return the router namespace */
    public String routerNamespace() {
        return routerNamespace;
    }

    /** @return the round-trip time between sites asked for, in milliseconds */
    public long rttMs() {
        return rttMs;
    }

    /** @return the loss model */
    public LossModel loss() {
        return loss;
    }

    /**
     * @param site a site's index, from 0
     * @param command a command
     * @return the command line that runs it inside the site's namespace
     */
    public List<String> inside(int site, List<String> command) {
        return HostCommands.inside(siteNamespace(site), command);
    }

    /**
     * @return packets the delay line read and dropped, {@code {read, dropped}}, once closed ({@code {-1, -1}}
     *     before, or without a delay line)
     */
    public synchronized long[] delayLineCounts() {
        return delayLineCounts == null ? new long[] {-1, -1} : delayLineCounts.clone();
    }

    /** Stops the delay line and removes every namespace (with their devices and queues). Idempotent. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // the JVM is shutting down (the hook runs or ran), or the hook was never added
        }
        remove();
    }

    private synchronized void remove() {
        if (closed) {
            return;
        }
        closed = true;
        if (delayLine != null) {
            delayLineCounts = delayLine.closeAndCount();
        }
        for (String ns : created) {
            HostCommands.runQuietly("ip", "netns", "del", ns);
        }
    }
}
