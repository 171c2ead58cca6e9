package org.gcs;

import static org.gcs.ConfigKey.Section.CONGESTION;
import static org.gcs.ConfigKey.Section.FLOW;
import static org.gcs.ConfigKey.Section.HOP_BY_HOP;
import static org.gcs.ConfigKey.Section.IDENTITY;
import static org.gcs.ConfigKey.Section.LAN;
import static org.gcs.ConfigKey.Section.OVERLAY;
import static org.gcs.ConfigKey.Section.SECURITY;
import static org.gcs.ConfigKey.Section.TIMERS;
import static org.gcs.ConfigKey.Section.WAN;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Every key of a node's properties file, with its default, unit, allowed values and an example: the single list
 * {@link GcsConfigLoader} accepts ({@link GcsConfigLoader#KEYS}) and {@code docs/configuration.md} is generated from
 * ({@link ConfigReference}). A test checks that the committed reference equals the generated one and that every
 * default given here is the code's default.
 */
public final class ConfigKeys {
    private static final String NAME_RULE = "1 to " + Names.MAX_LENGTH + " characters from A-Z a-z 0-9 . _ -";
    /** A duration with its unit: {@code 250ms}, {@code 5s}. */
    private static final String DURATION = "duration";
    /** A size, in bytes without a unit, or with a unit of {@link Quantities#sizeUnits()}. */
    private static final String SIZE = "bytes";
    /** A rate, as a size per second. */
    private static final String RATE = "bytes/s";

    private static final List<ConfigKey> ALL = List.of(
            key("site", IDENTITY, "", "required", "", NAME_RULE, "site = boston",
                    "The site (LAN cluster) this node belongs to. Members of one site find each other on the LAN;"
                            + " two LANs must not share a site name."),
            key("member.name", IDENTITY, "", "host name and a random suffix", "", NAME_RULE + "; unique in the site",
                    "member.name = boston-1", "This member's name within its site."),
            key("delegate.eligible", IDENTITY, "true", "", "", "true, false", "delegate.eligible = false",
                    "false keeps this member from ever becoming its site's delegate (the member that carries the"
                            + " site's WAN traffic)."),
            key("groups", IDENTITY, "", "none", "", "comma-separated group names, each " + NAME_RULE,
                    "groups = chat, whiteboard",
                    "The groups `gcs node` joins at start; it sends standard input to the first. Not used by the"
                            + " Java API, which joins with `GcsNode.join`."),
            key("node.test", IDENTITY, "false", "", "", "true, false", "node.test = true",
                    "Marks a test node, which may use weak and published example keys (such as the ones in"
                            + " gcs-examples). Never on a real deployment."),

            key("wan.bind", WAN, "0.0.0.0:7700", "", "", "host:port; port 0 = any free port",
                    "wan.bind = 127.0.0.1:7701",
                    "The UDP address of the WAN socket, used while this member is its site's delegate."),
            key("wan.advertise", WAN, "", "the bind address (127.0.0.1 for 0.0.0.0)", "", "host:port, port 1-65535",
                    "wan.advertise = 203.0.113.7:7700",
                    "The address other delegates reach this one at, when it is not the bind address (a container,"
                            + " NAT)."),
            key("seeds", WAN, "", "none (a site alone)", "", "comma-separated host:port or DNS SRV names",
                    "seeds = ottawa.example.org:7700, _gcs._udp.example.org",
                    "WAN addresses of other sites' delegates to contact first. A host name is resolved when this"
                            + " member becomes its site's delegate, again every heartbeat while it has no address,"
                            + " and again once a site timeout passes without an answer from any of its addresses (a"
                            + " site restarted on a new address). An SRV name (`_service._udp.domain`, no port) names"
                            + " every delegate its records list."),
            key("dns.servers", WAN, "", "the system's (/etc/resolv.conf)", "",
                    "comma-separated address or address:port (port 53 when none)", "dns.servers = 10.0.0.2",
                    "The DNS servers that resolve the seeds' names and SRV records, and the first of them"
                            + " lan.dns.query."),
            key("wan.transport", WAN, "end-to-end", "", "", "end-to-end, hop-by-hop", "wan.transport = hop-by-hop",
                    "How data crosses the WAN: `end-to-end` (UDP along the multicast tree, loss repaired by the"
                            + " sending delegate) or `hop-by-hop` (a reliable, back-pressured link per tree edge with"
                            + " backup buffers; its `hop.*` keys below). Above 16 sites use hop-by-hop: end to end"
                            + " kept 0.28 of its 8-site throughput at 32 sites (docs/experiments.md,"
                            + " transport-scaling), and a delegate that knows more sites on it logs a WARN."),
            key("wan.io", WAN, "auto", "", "", "auto, epoll, nio", "wan.io = nio",
                    "The WAN socket's I/O: `auto` uses Netty's epoll transport where it works (sendmmsg, and UDP"
                            + " GSO/GRO where the kernel offers it, else recvmmsg), else NIO; `epoll` fails at start"
                            + " where it is unavailable."),
            key("max.datagram.bytes", WAN, "1400", "", SIZE, WanSettings.MIN_DATAGRAM_BYTES + " to 65000",
                    "max.datagram.bytes = 8000",
                    "The largest WAN datagram; larger messages are fragmented. 1400 fits a 1500-byte Ethernet MTU."),

            key("cluster.key", SECURITY, "", "required, unless cluster.key.hex or cluster.key.file", "",
                    "text of at least " + ClusterKeys.MIN_KEY_BYTES + " bytes (UTF-8)",
                    "cluster.key = a long secret that every node shares",
                    "The cluster's shared secret as text, the same on every node; WAN and LAN keys are derived from"
                            + " it. Give only one of cluster.key, cluster.key.hex and cluster.key.file."),
            key("cluster.key.hex", SECURITY, "", "unset", "",
                    "hexadecimal digits, at least " + 2 * ClusterKeys.MIN_KEY_BYTES,
                    "cluster.key.hex = 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
                    "The shared secret as hexadecimal digits, e.g. from `openssl rand -hex 32`."),
            key("cluster.key.file", SECURITY, "", "unset", "", "a path to a key ring file",
                    "cluster.key.file = /etc/gcs/cluster.keys",
                    "A key ring: `key.<id> = <hex>` lines and `send.key = <id>`. `gcs node` reads it again when it"
                            + " changes (rotation without a restart: docs/security.md)."),
            key("wan.protection", SECURITY, "aes-gcm", "", "", "aes-gcm, integrity", "wan.protection = integrity",
                    "`aes-gcm` encrypts and authenticates every WAN datagram; `integrity` only authenticates."),
            key("wan.replay.max.age", SECURITY, "60s", "", DURATION, "1s to 1h", "wan.replay.max.age = 30s",
                    "WAN datagrams older than this by the receiver's clock are refused as replays; the sites' clocks"
                            + " must agree within it."),
            key("lan.protection", SECURITY, "aes-gcm", "", "", "aes-gcm, none", "lan.protection = none",
                    "`aes-gcm`: only holders of the cluster key join the site and LAN traffic is encrypted; `none`"
                            + " turns that off (measurements; logged at WARN)."),

            key("lan.transport", LAN, "udp", "", "", "udp, tcp", "lan.transport = tcp",
                    "`udp`: IP multicast; `tcp`: a static member list (`lan.tcp.initial.hosts`), for networks"
                            + " without multicast."),
            key("lan.bind.address", LAN, "", "JGroups' choice (a site-local or loopback address)", "",
                    "an IP address of this host", "lan.bind.address = 127.0.0.1",
                    "The LAN interface to bind; 127.0.0.1 keeps a site on one machine."),
            key("lan.mcast.address", LAN, LanConfig.DEFAULT_MCAST_ADDRESS, "", "", "an IP multicast address",
                    "lan.mcast.address = 239.7.7.8", "The multicast group of the UDP transport."),
            key("lan.mcast.port", LAN, "", "derived from the site name (" + LanConfig.DERIVED_MCAST_PORT_BASE + " to "
                            + (LanConfig.DERIVED_MCAST_PORT_BASE + LanConfig.DERIVED_MCAST_PORT_RANGE - 1) + ")", "",
                    "1024 to 65535", "lan.mcast.port = 45588",
                    "The multicast port of the UDP transport; sites on one machine get different ones by default."),
            key("lan.tcp.port", LAN, Integer.toString(LanConfig.DEFAULT_TCP_PORT), "", "", "1 to 65535",
                    "lan.tcp.port = 7801", "The listening port of the TCP transport."),
            key("lan.tcp.initial.hosts", LAN, "", "none; with lan.transport = tcp, this or lan.dns.query", "",
                    "comma-separated host:port, this node included",
                    "lan.tcp.initial.hosts = 10.1.0.5:7800, 10.1.0.6:7800", "The site's members (TCP transport)."),
            key("lan.dns.query", LAN, "", "none", "", "a DNS name; with lan.transport = tcp",
                    "lan.dns.query = gcs-boston.default.svc.cluster.local",
                    "A DNS name whose records list the site's members, instead of lan.tcp.initial.hosts (JGroups'"
                            + " DNS_PING): its A records, each member at lan.tcp.port, such as a Kubernetes headless"
                            + " service; or, for a name that starts with `_`, its SRV records. The first of"
                            + " dns.servers answers, or the system's DNS servers."),
            key("lan.cluster.name", LAN, "", "`gcs-<site>`", "", "any non-blank text", "lan.cluster.name = gcs-lab",
                    "The JGroups cluster name."),
            key("lan.join.timeout", LAN, "1s", "", DURATION, "100ms to 60s", "lan.join.timeout = 3s",
                    "How long a new member looks for its site's cluster before it founds one."),

            key("heartbeat.interval", TIMERS, "1s", "", DURATION, "10ms to 60s", "heartbeat.interval = 500ms",
                    "How often a delegate announces its site to the others."),
            key("site.timeout", TIMERS, "5s", "", DURATION, "50ms to 10m, at least twice heartbeat.interval",
                    "site.timeout = 10s", "Silence after which a remote site counts as gone."),
            key("tick.interval", TIMERS, "5ms", "", DURATION, "1ms to 100ms", "tick.interval = 10ms",
                    "The protocol timer's granularity (acknowledgements, NAKs, probes)."),

            key("max.message.bytes", FLOW, "1MB", "", SIZE, "1B to 64MB", "max.message.bytes = 2MB",
                    "The largest payload a send accepts."),
            key("send.window.bytes", FLOW, "4MB", "", SIZE, "at least 1KB", "send.window.bytes = 16MB",
                    "Payload bytes a member may have unacknowledged by some receiving site before send blocks."),
            key("max.pending.send.bytes", FLOW, "4MB", "", SIZE, "at least 1KB and max.message.bytes",
                    "max.pending.send.bytes = 8MB", "Payload bytes of sends that may wait for the send window."),
            key("delivery.backlog.bytes", FLOW, "16MB", "", SIZE, "at least 64KB", "delivery.backlog.bytes = 64MB",
                    "Received bytes that may wait for this member's listeners before its site is held back."),
            key("member.stall.timeout", FLOW, "10s", "", DURATION, "500ms to 1h", "member.stall.timeout = 30s",
                    "How long this member's listeners may hold a group back (delivery backlog full) before the member"
                            + " is excluded from the group, told why, and may join again."),
            key("member.stall.timeout.<group>", FLOW, "", "member.stall.timeout", DURATION, "500ms to 1h",
                    "member.stall.timeout.chat = 2s", "The same bound for one group."),

            key("congestion.control", CONGESTION, "", "tfrc end to end, none hop by hop", "",
                    "end to end: tfrc, ormcc, none; hop by hop: none, cost-benefit; or a class name",
                    "congestion.control = ormcc",
                    "The rate controller: TCP-friendly many-to-many rates (`tfrc`), the congestion representative"
                            + " (`ormcc`), link prices (`cost-benefit`), the send window only (`none`), or the class"
                            + " name of an `org.gcs.cc.api.CongestionControl` (docs/congestion-control.md)."),
            key("cc.<scheme>.<parameter>", CONGESTION, "", "the scheme's defaults", "", "the scheme's parameters",
                    "cc.ormcc.beta = 0.7",
                    "A parameter of a congestion-control scheme (docs/congestion-control.md lists them)."),
            key("initial.send.rate", CONGESTION, "128KB", "", RATE, "at least 1KB", "initial.send.rate = 1MB",
                    "A sender's rate before its first grant, where slow start begins."),
            key("min.send.rate", CONGESTION, "2KB", "", RATE, "128B to initial.send.rate", "min.send.rate = 8KB",
                    "The lowest aggregate rate a site is held to for a group."),

            key("tree.strategy", OVERLAY, "source-spt", "", "",
                    "source-spt, spt, star, fixed:A-B,B-C, or a class name", "tree.strategy = spt",
                    "How the multicast tree is built: a shortest-path tree per source in which the source has at most"
                            + " 2 children (up to 16 sites, then one shared tree), one fan-out-bounded shortest-path"
                            + " tree shared by all sources, a star (every source sends to every site), exactly the"
                            + " given edges, or an `org.gcs.alm.tree.TreeStrategy`."),
            key("tree.max.fanout", OVERLAY, "4", "", "", "1 to 64", "tree.max.fanout = 8",
                    "The most children a site may have in the tree."),
            key("probe.interval", OVERLAY, "500ms", "", DURATION, "10ms to 60s", "probe.interval = 1s",
                    "How often a delegate probes its links (RTT, loss)."),
            key("tree.refresh.interval", OVERLAY, "30s", "", DURATION, "1s to 1h", "tree.refresh.interval = 1m",
                    "How often the tree is reconsidered for better link costs."),

            key("overlay.membership", OVERLAY, "swim", "", "", "swim, all-to-all",
                    "overlay.membership = all-to-all",
                    "How the delegates watch each other. `swim`: SWIM with Lifeguard's refinements; each delegate"
                            + " probes one other per heartbeat.interval and gossips on the probes, so its control"
                            + " traffic does not grow with the sites (docs/architecture.md §5). `all-to-all`: every"
                            + " delegate announces its site to every other one every heartbeat.interval; its control"
                            + " traffic grows with the number of sites, and a delegate that knows more than 64 sites"
                            + " on it logs a WARN (docs/experiments.md, membership-scaling). Every site of an overlay"
                            + " must use the same."),

            key("hop.output.packets", HOP_BY_HOP, "50", "", "packets", "1 to 1000000", "hop.output.packets = 100",
                    "B_OUT: the output buffer of every outgoing tree edge."),
            key("hop.input.packets", HOP_BY_HOP, "50", "", "packets", "1 to 1000000", "hop.input.packets = 100",
                    "B_IN: the input buffer of every incoming tree edge."),
            key("hop.backup.failures", HOP_BY_HOP, "1", "", "", "0 to 1000000", "hop.backup.failures = 2",
                    "r: the consecutive relay failures the backup buffer covers; it holds r(B_IN + B_OUT) + B_OUT"
                            + " packets."),
            key("hop.backup.packets", HOP_BY_HOP, "0", "", "packets", "0 to 1000000; 0 sizes it from r",
                    "hop.backup.packets = 120", "The backup buffer's size set directly (experiments)."),
            key("hop.stall.timeout", HOP_BY_HOP, "2s", "", DURATION, "longer than 1s", "hop.stall.timeout = 5s",
                    "How long a copy-out waits for a next hop that acknowledges nothing before it drops the packet"
                            + " for that hop."),
            key("hop.e2e.repair", HOP_BY_HOP, "true", "", "", "true, false", "hop.e2e.repair = false",
                    "Whether the sending delegate's end-to-end repair runs behind the links as a fallback."),
            key("hop.e2e.repair.delay", HOP_BY_HOP, "5s", "", DURATION, "positive", "hop.e2e.repair.delay = 10s",
                    "How long acknowledgements may lag before the fallback asks a receiving delegate for its gaps."));

    private ConfigKeys() {
    }

    private static ConfigKey key(String name, ConfigKey.Section section, String defaultValue, String defaultNote,
                                 String unit, String allowed, String example, String description) {
        return new ConfigKey(name, section, defaultValue, defaultNote, unit, allowed, example, description);
    }

    /** @return every key and family of keys, in the reference's order */
    public static List<ConfigKey> all() {
        return ALL;
    }

    /** @return the names of the single keys (families excluded), in the reference's order */
    public static Set<String> names() {
        Set<String> names = new LinkedHashSet<>();
        for (ConfigKey key : ALL) {
            if (!key.isFamily()) {
                names.add(key.name());
            }
        }
        return names;
    }

    /**
     * @param name a key
     * @return true if it is one of the single keys or belongs to a family
     */
    public static boolean isKnown(String name) {
        for (ConfigKey key : ALL) {
            if (key.isFamily() ? name.startsWith(key.prefix()) && name.length() > key.prefix().length()
                    : key.name().equals(name)) {
                return true;
            }
        }
        return false;
    }
}
