package org.gcs.tools.netns;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A small emulated internet that this object creates and removes, in which some sites sit behind a NAT router: one
 * internet router namespace that forwards between the subnets {@code 10.79.<i>.0/24} it is directly connected to
 * (sites numbered from 1, {@code i} = site index + 1), and per site either
 * <ul>
 *   <li>{@link Nat#NONE}: a site namespace on the internet, veth {@code 10.79.<i>.1} (router) &lt;-&gt;
 *       {@code 10.79.<i>.2} (site), default route via the router; or</li>
 *   <li>a NAT: a NAT router namespace with forwarding, veth {@code 10.79.<i>.1} (internet router) &lt;-&gt;
 *       {@code 10.79.<i>.2} (the NAT's public address) and veth {@code 192.168.<i>.1} (NAT) &lt;-&gt;
 *       {@code 192.168.<i>.2} (site); the site's default route goes via the NAT, the NAT's via the internet
 *       router, and the NAT rewrites what leaves its public device with {@code iptables MASQUERADE}.</li>
 * </ul>
 * A process inside a site binds {@link #siteAddress}; the internet sees its traffic come from {@link #publicAddress}.
 * Inside a site, traffic stays on the namespace's loopback, where IP multicast is on ({@link Netns#addNamespace}).
 *
 * <p>Both NAT kinds are Linux connection tracking: every datagram the site sends opens (or refreshes) a conntrack
 * entry that holds the mapping from the site's {@code address:port} to the public one, and the only datagrams let
 * in are the replies to such an entry, i.e. those from the exact {@code address:port} the site sent to
 * (address-and-port-dependent filtering). Entries expire by the kernel's UDP conntrack timeouts (30 s without
 * replies, 120 s for a flow seen both ways for a while), so a process must keep sending to keep its mapping.
 * <ul>
 *   <li>{@link Nat#PORT_PRESERVING}: {@code MASQUERADE} without {@code --random} keeps the source port when it is
 *       free, and a socket that already has a mapping gets the same one for every further destination: the mapping
 *       is endpoint-independent, so a peer told the public {@code address:port} that a third party saw can reach
 *       it once the site has sent to that peer (hole punching).</li>
 *   <li>{@link Nat#SYMMETRIC}: {@code MASQUERADE --random} draws a random public port for every new connection,
 *       i.e. for every destination {@code address:port}: what is called a symmetric NAT. The port a third party saw
 *       is useless to anybody else, and hole punching with it fails; such a site needs a relay or a peer that can
 *       be reached directly.</li>
 * </ul>
 * The NAT router also drops every datagram from the internet that is addressed to itself ({@code iptables -A INPUT
 * -i <public device> -j DROP}), as a home router's firewall does. What it drops are the datagrams that match no
 * mapping (a reply is translated and forwarded to the site, it never reaches {@code INPUT}). Without that rule
 * Linux keeps a conntrack entry for such a datagram, and when the site then sends to that peer for the first time
 * the entry holds the tuple the mapping would need, so MASQUERADE picks another port: hole punching between two
 * port-preserving NATs failed whenever one side's first datagram arrived before the other side had sent (measured:
 * the second site showed a random port to the first, and neither heard the other), and any datagram sent to a port
 * before the site used it made the NAT give the site another port.
 *
 * <p>{@link #restartNat} and {@link #changePublicAddress} make a NAT forget all its mappings and filter state; they
 * flush the NAT's conntrack table over netlink (what {@code conntrack -F} does, with a short Python helper, so the
 * {@code conntrack} tool is not needed). The kernel also drops MASQUERADE's entries by itself when the public
 * device goes down or loses an address, but asynchronously and only the translated entries.
 *
 * <p>Names start with {@value #PREFIX} and this process's id: runs do not collide, and what a killed run left
 * behind is removed by the next one. Closing removes every namespace (with their devices and rules), also when
 * building failed half-way; a shutdown hook closes the network when the JVM exits first (Ctrl-C).
 */
public final class NatNetwork implements AutoCloseable {
    /** How a site reaches the internet. */
    public enum Nat {
        /** No NAT: the site has a public address and anybody can reach it. */
        NONE,
        /**
         * A NAT that keeps the site's source port when it is free, with one mapping per socket for every
         * destination (endpoint-independent mapping), letting in only replies from where the site sent to.
         */
        PORT_PRESERVING,
        /**
         * A NAT that draws a random public port for every destination (address-and-port-dependent mapping), letting
         * in only replies from where the site sent to.
         */
        SYMMETRIC
    }

    /** The prefix of every namespace this class makes. */
    public static final String PREFIX = "gcs-nat-";
    /** The most sites a network has. */
    private static final int MAX_SITES = 50;
    /** The last host number a NAT's public address can move to in its /24. */
    private static final int LAST_PUBLIC_HOST = 254;
    /**
     * Flushes the IPv4 conntrack table of the namespace it runs in: a netlink message {@code IPCTNL_MSG_CT_DELETE}
     * without attributes to the ctnetlink subsystem, as {@code conntrack -F} sends; fails unless it is acknowledged.
     */
    private static final String FLUSH_CONNTRACK = String.join("\n",
            "import socket, struct, sys",
            "s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 12)  # NETLINK_NETFILTER",
            "s.bind((0, 0))",
            "body = struct.pack('=BBH', socket.AF_INET, 0, 0)  # nfgenmsg",
            "# NFNL_SUBSYS_CTNETLINK << 8 | IPCTNL_MSG_CT_DELETE, NLM_F_REQUEST | NLM_F_ACK",
            "s.send(struct.pack('=IHHII', 16 + len(body), (1 << 8) | 2, 1 | 4, 1, 0) + body)",
            "answer = s.recv(4096)",
            "kind, error = struct.unpack('=H', answer[4:6])[0], struct.unpack('=i', answer[16:20])[0]",
            "if kind != 2 or error != 0:",
            "    sys.exit('conntrack flush refused: type %d, error %d' % (kind, error))");

    private final String devicePrefix;
    private final String internetNamespace;
    private final List<Nat> nats;
    private final List<String> siteNamespaces = new ArrayList<>();
    private final List<String> natNamespaces = new ArrayList<>();
    private final int[] publicHosts;
    private final List<String> created = new ArrayList<>();
    private final Consumer<String> log;
    private final Thread shutdownHook = new Thread(this::remove, "nat-network-cleanup");
    private boolean closed;

    private NatNetwork(long pid, List<Nat> nats, Consumer<String> log) {
        this.devicePrefix = "nt" + pid; // device names have at most 15 characters: nt + pid (<= 7) + 3
        this.internetNamespace = PREFIX + pid + "-inet";
        this.nats = List.copyOf(nats);
        this.publicHosts = new int[nats.size()];
        for (int i = 1; i <= nats.size(); i++) {
            siteNamespaces.add(PREFIX + pid + "-site" + i);
            natNamespaces.add(nats.get(i - 1) == Nat.NONE ? null : PREFIX + pid + "-nat" + i);
            publicHosts[i - 1] = 2;
        }
        this.log = log;
    }

    /**
     * Builds the network.
     *
     * @param sites how each site reaches the internet, one entry per site (1 to 50 sites)
     * @param log where to say what is built
     * @return the network; close it to remove everything
     * @throws IOException not thrown by this implementation (the host's tools fail with
     *     {@link IllegalStateException}); part of the signature so that building may start helpers one day
     * @throws IllegalArgumentException if there are no sites, too many, or a null entry
     * @throws IllegalStateException if a tool is missing or fails (what was built is removed)
     */
    public static NatNetwork create(List<Nat> sites, Consumer<String> log) throws IOException {
        if (sites.isEmpty() || sites.size() > MAX_SITES) {
            throw new IllegalArgumentException("sites must be 1.." + MAX_SITES + ", got " + sites.size());
        }
        if (sites.stream().anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException("a site's NAT is null: " + sites);
        }
        if (sites.stream().anyMatch(nat -> nat != Nat.NONE) && HostCommands.locate("iptables") == null) {
            throw new IllegalStateException("a site behind a NAT needs the 'iptables' command (package iptables);"
                    + " install it, e.g. 'apt-get install iptables'.");
        }
        Netns.removeLeftovers(PREFIX, log);
        NatNetwork net = new NatNetwork(ProcessHandle.current().pid(), sites, log);
        Runtime.getRuntime().addShutdownHook(net.shutdownHook);
        try {
            net.build();
        } catch (RuntimeException e) {
            net.close();
            throw e;
        }
        log.accept(net.describe());
        return net;
    }

    private void build() {
        Netns.addNamespace(internetNamespace);
        created.add(internetNamespace);
        Netns.forward(internetNamespace);
        for (int site = 0; site < nats.size(); site++) {
            int i = site + 1;
            String siteNs = siteNamespaces.get(site);
            Netns.addNamespace(siteNs);
            created.add(siteNs);
            String internetSide = "10.79." + i + ".1";
            if (nats.get(site) == Nat.NONE) {
                Netns.veth(internetNamespace, devicePrefix + "i" + i, internetSide + "/24", siteNs,
                        devicePrefix + "s" + i, siteAddress(site) + "/24");
                HostCommands.run("ip", "-n", siteNs, "route", "add", "default", "via", internetSide);
                continue;
            }
            String natNs = natNamespaces.get(site);
            Netns.addNamespace(natNs);
            created.add(natNs);
            Netns.forward(natNs);
            String publicDevice = publicDevice(site);
            Netns.veth(internetNamespace, devicePrefix + "i" + i, internetSide + "/24", natNs, publicDevice,
                    publicAddress(site) + "/24");
            String natLanSide = "192.168." + i + ".1";
            Netns.veth(natNs, devicePrefix + "l" + i, natLanSide + "/24", siteNs, devicePrefix + "s" + i,
                    siteAddress(site) + "/24");
            HostCommands.run("ip", "-n", siteNs, "route", "add", "default", "via", natLanSide);
            HostCommands.run("ip", "-n", natNs, "route", "add", "default", "via", internetSide);
            List<String> masquerade = new ArrayList<>(List.of("ip", "netns", "exec", natNs, "iptables", "-w", "-t",
                    "nat", "-A", "POSTROUTING", "-o", publicDevice, "-j", "MASQUERADE"));
            if (nats.get(site) == Nat.SYMMETRIC) {
                masquerade.add("--random");
            }
            HostCommands.run(masquerade.toArray(new String[0]));
            HostCommands.run("ip", "netns", "exec", natNs, "iptables", "-w", "-A", "INPUT", "-i", publicDevice,
                    "-j", "DROP");
        }
    }

    private String describe() {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "NAT network: %d sites (%s..) around the internet router %s:", nats.size(), siteNamespaces.get(0),
                internetNamespace));
        for (int site = 0; site < nats.size(); site++) {
            line.append(site == 0 ? " " : "; ").append("site ").append(site + 1).append(' ')
                    .append(nats.get(site)).append(" at ").append(siteAddress(site));
            if (nats.get(site) != Nat.NONE) {
                line.append(" behind ").append(publicAddress(site));
            }
        }
        return line.toString();
    }

    /** @return the number of sites */
    public int sites() {
        return nats.size();
    }

    /**
     * @param site a site's index, from 0
     * @return how it reaches the internet
     */
    public Nat nat(int site) {
        return nats.get(site);
    }

    /**
     * @param site a site's index, from 0
     * @return its namespace, where its processes run
     */
    public String siteNamespace(int site) {
        return siteNamespaces.get(site);
    }

    /**
     * @param site a site's index, from 0
     * @return the address a process inside the site binds to: its public {@code 10.79.<site+1>.2} without a NAT,
     *     its private {@code 192.168.<site+1>.2} behind one
     */
    public String siteAddress(int site) {
        return (nats.get(site) == Nat.NONE ? "10.79." : "192.168.") + (site + 1) + ".2";
    }

    /**
     * @param site a site's index, from 0
     * @return where the site's traffic appears on the internet now: {@link #siteAddress} without a NAT, else the NAT
     *     router's current public address ({@code 10.79.<site+1>.2} at first, then {@code .3}, {@code .4}, ...
     *     after each {@link #changePublicAddress})
     */
    public synchronized String publicAddress(int site) {
        return nats.get(site) == Nat.NONE ? siteAddress(site) : "10.79." + (site + 1) + "." + publicHosts[site];
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
     * Restarts a site's NAT router: it forgets every mapping and all its filter state, so that the site's next
     * datagrams open new mappings (a port-preserving NAT gives the same ports again when they are free, a symmetric
     * one new random ports) and datagrams sent to the old ones are dropped. Its public address stays. The public
     * device goes down (which drops the default route, and makes the kernel drop MASQUERADE's entries for it) and
     * up again, and the NAT's conntrack table is flushed while it is down.
     *
     * @param site a site's index, from 0, behind a NAT
     * @throws IllegalArgumentException if the site has no NAT
     * @throws IllegalStateException if the network is closed or a tool fails
     */
    public synchronized void restartNat(int site) {
        String natNs = natNamespace(site);
        String publicDevice = publicDevice(site);
        HostCommands.run("ip", "-n", natNs, "link", "set", publicDevice, "down");
        forgetConnections(natNs);
        HostCommands.run("ip", "-n", natNs, "link", "set", publicDevice, "up");
        HostCommands.run("ip", "-n", natNs, "route", "replace", "default", "via", "10.79." + (site + 1) + ".1");
    }

    /**
     * Gives a site's NAT router a new public address, as a router restart with a new lease would: the next host
     * number of its {@code 10.79.<site+1>.0/24} ({@code .3}, then {@code .4}, ...; the internet router reaches it
     * through the same subnet). Every mapping and all filter state are forgotten; nothing reaches the old address
     * any more, and {@link #publicAddress} returns the new one.
     *
     * @param site a site's index, from 0, behind a NAT
     * @throws IllegalArgumentException if the site has no NAT
     * @throws IllegalStateException if the network is closed, the subnet has no address left or a tool fails
     */
    public synchronized void changePublicAddress(int site) {
        String natNs = natNamespace(site);
        if (publicHosts[site] >= LAST_PUBLIC_HOST) {
            throw new IllegalStateException("site " + (site + 1) + "'s NAT has used every address of its subnet");
        }
        String publicDevice = publicDevice(site);
        HostCommands.run("ip", "-n", natNs, "addr", "del", publicAddress(site) + "/24", "dev", publicDevice);
        forgetConnections(natNs);
        publicHosts[site]++;
        HostCommands.run("ip", "-n", natNs, "addr", "add", publicAddress(site) + "/24", "dev", publicDevice);
        HostCommands.run("ip", "-n", natNs, "route", "replace", "default", "via", "10.79." + (site + 1) + ".1");
        log.accept("NAT network: site " + (site + 1) + "'s NAT moved to " + publicAddress(site));
    }

    private String natNamespace(int site) {
        if (closed) {
            throw new IllegalStateException("the NAT network is closed");
        }
        String natNs = natNamespaces.get(site);
        if (natNs == null) {
            throw new IllegalArgumentException("site " + (site + 1) + " has no NAT");
        }
        return natNs;
    }

    private String publicDevice(int site) {
        return devicePrefix + "p" + (site + 1);
    }

    /**
     * Flushes a namespace's conntrack table, synchronously. If the kernel refuses (no ctnetlink), says so and leaves
     * it to the kernel's own flush of MASQUERADE's entries, which the device going down or losing its address has
     * already scheduled.
     */
    private void forgetConnections(String namespace) {
        String python = HostCommands.locate("python3");
        try {
            HostCommands.run("ip", "netns", "exec", namespace, python == null ? "python3" : python, "-c",
                    FLUSH_CONNTRACK);
        } catch (IllegalStateException e) {
            log.accept("NAT network: could not flush the conntrack table of " + namespace + " (" + e.getMessage()
                    + "); relying on the kernel's own, asynchronous flush of MASQUERADE's entries");
        }
    }

    /** Removes every namespace (with their devices and rules). Idempotent. */
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
        for (String ns : created) {
            HostCommands.runQuietly("ip", "netns", "del", ns);
        }
    }
}
