package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.github.dockerjava.api.exception.DockerException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.ContainerNetwork;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Network;

/**
 * The ITs' topology: {@code sites} sites of {@code membersPerSite} GCS containers, one Docker network per site
 * (10.N.(10+s).0/24, its LAN) and one WAN network (10.N.0.0/24) that every member joins after it started (any
 * member may become its site's delegate). Member m of site s is {@code site<s>-<m>} at 10.N.(10+s).(10+m) on
 * its LAN and 10.N.0.(10·s+m) on the WAN. Each IT class asks for its own N, so that two of them can run at once on
 * one engine; when an N is taken on the engine (a network left over by a killed run, or another run on the same
 * engine) the next free one is used, so the addresses come from {@link #wanAddress(int, int)}, never from
 * literals. Closing stops the containers and removes the networks.
 */
final class Sites implements AutoCloseable {
    static final String KEY = "gcs-it-cluster-key-0123456789";
    static final String GROUP = "it";
    private static final Pattern FIELD = Pattern.compile(" ([a-z]+)=(\\S+)");
    private static final Pattern FIRST_VIEW = Pattern.compile(" views=[^:]+:(\\d+) members/(\\d+) sites");

    final int net;
    final Network wan;
    final List<Network> lans = new ArrayList<>();
    final List<GcsContainer> nodes = new ArrayList<>();
    private final Map<GcsContainer, String> wanAddresses = new HashMap<>();

    /** The second octets tried after the preferred one when it is taken on the engine. */
    private static final int FIRST_SPARE_NET = 120;
    private static final int LAST_SPARE_NET = 250;

    private Sites(int net, Network wan, List<Network> lans) {
        this.net = net;
        this.wan = wan;
        this.lans.addAll(lans);
    }

    /**
     * Starts every node, site by site, member by member (the first member of a site becomes its delegate).
     *
     * @param net the preferred second octet of every address (one per IT class, 77 to 99; see the class comment)
     * @param customize applied to every node before it starts, e.g. to add check traffic
     */
    static Sites start(int net, int sites, int membersPerSite, UnaryOperator<GcsContainer> customize) {
        return start(net, sites, membersPerSite, customize, (node, wanAddress) -> { });
    }

    /**
     * Like {@link #start(int, int, int, UnaryOperator)}, and calls {@code onWan} with each node and its WAN address
     * as soon as it is on the WAN network, before the next node starts (e.g. to shape a delegate's WAN link before
     * any traffic).
     */
    static Sites start(int net, int sites, int membersPerSite, UnaryOperator<GcsContainer> customize,
                       BiConsumer<GcsContainer, String> onWan) {
        requireImage(GcsContainer.defaultImage());
        Sites topology = createNetworks(net, sites);
        try {
            for (int s = 1; s <= sites; s++) {
                Network lan = topology.lans.get(s - 1);
                for (int m = 1; m <= membersPerSite; m++) {
                    GcsContainer node = topology.startNode(lan, sites, membersPerSite, s, m, customize);
                    onWan.accept(node, topology.wanAddress(s, m));
                }
            }
            return topology;
        } catch (RuntimeException | Error e) { // Error: an assertion of onWan
            topology.close();
            throw e;
        }
    }

    private GcsContainer startNode(Network lan, int sites, int membersPerSite, int s, int m,
                                   UnaryOperator<GcsContainer> customize) {
        String lanAddress = "10." + net + "." + (10 + s) + "." + (10 + m);
        String wanAddress = wanAddress(s, m);
        List<String> seeds = new ArrayList<>();
        for (int other = 1; other <= sites; other++) {
            for (int k = 1; other != s && k <= membersPerSite; k++) {
                seeds.add(wanAddress(other, k) + ":" + GcsContainer.WAN_PORT);
            }
        }
        GcsContainer node = new GcsContainer("site" + s, "site" + s + "-" + m)
                .withNetwork(lan)
                .withCreateContainerCmdModifier(cmd -> cmd.withIpv4Address(lanAddress))
                .withLanAddress(lanAddress)
                .withWanAddress(wanAddress)
                .withSeeds(seeds.toArray(String[]::new))
                .withGroups(GROUP)
                .withClusterKey(KEY);
        node = customize.apply(node);
        nodes.add(node);
        wanAddresses.put(node, wanAddress);
        node.start();
        connectToWan(node);
        return node;
    }

    /**
     * Cuts a node off the WAN network ({@code docker network disconnect}): its datagrams to other sites' members
     * and theirs to it are dropped from now on; its LAN is untouched.
     */
    void disconnectFromWan(GcsContainer node) {
        DockerClientFactory.instance().client().disconnectFromNetworkCmd()
                .withNetworkId(wan.getId())
                .withContainerId(node.getContainerId())
                .exec();
    }

    /** Connects a node to the WAN network at its WAN address (after start, and again after a disconnect). */
    void connectToWan(GcsContainer node) {
        DockerClientFactory.instance().client().connectToNetworkCmd()
                .withNetworkId(wan.getId())
                .withContainerId(node.getContainerId())
                .withContainerNetwork(new ContainerNetwork()
                        .withIpamConfig(new ContainerNetwork.Ipam().withIpv4Address(wanAddresses.get(node))))
                .exec();
    }

    /** @return the WAN address of member m of site s */
    String wanAddress(int s, int m) {
        return "10." + net + ".0." + (10 * s + m);
    }

    /**
     * Asserts, from every node's newest status line, that it received each node's check messages exactly once and
     * in per-sender order: no duplicates, nothing out of order, and {@code CONTIGUOUS/DISTINCT} equal to the
     * sender's count.
     *
     * @param messagesPerSender how many check messages a node sends
     */
    void assertEveryNodeHasEveryMessageOnceInOrder(ToIntFunction<GcsContainer> messagesPerSender) {
        for (GcsContainer node : nodes) {
            String line = node.lastStatusLine().orElse("");
            assertThat(field(node, "dup")).as("duplicates: %s", line).isEqualTo("0");
            assertThat(field(node, "ooo")).as("out of order: %s", line).isEqualTo("0");
            for (GcsContainer sender : nodes) {
                int count = messagesPerSender.applyAsInt(sender);
                assertThat(receivedFrom(node, sender.site() + "/" + sender.memberName()))
                        .as("from %s at %s: %s", sender.memberName(), node.memberName(), line)
                        .isEqualTo(count + "/" + count);
            }
        }
    }

    /**
     * Stops a node's process as a hang would ({@code docker kill --signal SIGSTOP}): the JVM is the container's
     * PID 1, which ignores a SIGSTOP sent from inside the container ({@code kill -STOP 1}), but not one from the
     * engine. Its sockets stay open; what arrives meanwhile waits in (or overflows) their buffers.
     */
    void freeze(GcsContainer node) {
        DockerClientFactory.instance().client().killContainerCmd(node.getContainerId()).withSignal("SIGSTOP").exec();
    }

    /** Lets a node's process that {@link #freeze} stopped go on ({@code docker kill --signal SIGCONT}). */
    void thaw(GcsContainer node) {
        DockerClientFactory.instance().client().killContainerCmd(node.getContainerId()).withSignal("SIGCONT").exec();
    }

    /** Kills a node's container at once (SIGKILL, as {@code docker kill}). */
    void kill(GcsContainer node) {
        DockerClientFactory.instance().client().killContainerCmd(node.getContainerId()).exec();
    }

    /**
     * @param node a node
     * @param name a field of {@code gcs node}'s status line without spaces in its value, e.g. {@code dup},
     *     {@code ooo}, {@code from}, {@code gaps}, {@code sent}, {@code unstable}, {@code rtx} or {@code flows}
     * @return the field of the node's newest status line, or "" if none yet
     */
    static String field(GcsContainer node, String name) {
        return field(node.lastStatusLine().orElse(""), name);
    }

    /**
     * @param statusLine one status line of {@code gcs node}
     * @param name a field, as for {@link #field(GcsContainer, String)}
     * @return its value in that line, or "" if the line has none
     */
    static String field(String statusLine, String name) {
        Matcher m = FIELD.matcher(statusLine);
        while (m.find()) {
            if (m.group(1).equals(name)) {
                return m.group(2);
            }
        }
        return "";
    }

    /** @return {@code contiguous/distinct} of one sender ({@code site/member}) in the node's status, or "" */
    static String receivedFrom(GcsContainer node, String sender) {
        return entry(field(node, "from"), sender);
    }

    /**
     * What a node received from one sender, from its newest status line ({@code from} and {@code gaps} fields).
     *
     * @param contiguous the highest sequence up to which none is missing
     * @param distinct how many distinct sequences arrived
     * @param gaps the maximal ranges of missing sequences below {@code highest}
     * @param highest the highest sequence that arrived
     */
    record Received(long contiguous, long distinct, long gaps, long highest) {
        /** @return the first missing sequence: the start of the lowest gap, if there is a gap */
        long firstMissing() {
            return contiguous + 1;
        }

        /** @return the last missing sequence when there is exactly one gap (it ends where the rest resumes) */
        long lastMissingOfTheOnlyGap() {
            if (gaps != 1) {
                throw new IllegalStateException("not exactly one gap: " + this);
            }
            return contiguous + highest - distinct;
        }
    }

    /** @return what the node received from a sender ({@code site/member}) per its newest status line, if any */
    static Optional<Received> received(GcsContainer node, String sender) {
        return received(node.lastStatusLine().orElse(""), sender);
    }

    /** @return what a status line says was received from a sender ({@code site/member}), if it names it */
    static Optional<Received> received(String statusLine, String sender) {
        String from = entry(field(statusLine, "from"), sender);
        String gaps = entry(field(statusLine, "gaps"), sender);
        if (from.isEmpty() || gaps.isEmpty()) {
            return Optional.empty();
        }
        String[] cd = from.split("/");
        String[] gh = gaps.split("/");
        return Optional.of(new Received(Long.parseLong(cd[0]), Long.parseLong(cd[1]), Long.parseLong(gh[0]),
                Long.parseLong(gh[1])));
    }

    private static String entry(String field, String sender) {
        for (String entry : field.split(",")) {
            if (entry.startsWith(sender + ":")) {
                return entry.substring(sender.length() + 1);
            }
        }
        return "";
    }

    /** @return {@code members/sites} of the first group's view in the node's newest status line, or "" */
    static String view(GcsContainer node) {
        return view(node.lastStatusLine().orElse(""));
    }

    /** @return {@code members/sites} of the first group's view in a status line, or "" */
    static String view(String statusLine) {
        Matcher m = FIRST_VIEW.matcher(statusLine);
        return m.find() ? m.group(1) + "/" + m.group(2) : "";
    }

    /** @return the node's {@code sent} count in its newest status line, 0 before the first */
    static long sent(GcsContainer node) {
        return sent(node.lastStatusLine().orElse(""));
    }

    /** @return the {@code sent} count of a status line, 0 if it has none */
    static long sent(String statusLine) {
        String value = field(statusLine, "sent");
        return value.isEmpty() ? 0 : Long.parseLong(value);
    }

    /** @return every view line ({@code HH:mm:ss view GROUP #ID: ...}) the node logged so far, oldest first */
    static List<String> viewLines(GcsContainer node) {
        return node.getLogs().lines().filter(l -> l.matches("\\d\\d:\\d\\d:\\d\\d view .*")).toList();
    }

    /** @return every status line ({@code status} or {@code final}) the node logged so far, oldest first */
    static List<String> statusLines(GcsContainer node) {
        return node.getLogs().lines().filter(l -> l.contains(" status ") || l.contains(" final "))
                .map(String::trim).toList();
    }

    /**
     * Creates the WAN network and one LAN network per site under the preferred second octet, or, when Docker answers
     * that one of their subnets overlaps a network it already has, under the first free spare octet.
     */
    private static Sites createNetworks(int preferredNet, int sites) {
        List<Integer> taken = new ArrayList<>();
        for (int net : candidateNets(preferredNet)) {
            List<Network> created = new ArrayList<>();
            try {
                created.add(network("10." + net + ".0.0/24"));
                for (int s = 1; s <= sites; s++) {
                    created.add(network("10." + net + "." + (10 + s) + ".0/24"));
                }
                return new Sites(net, created.get(0), created.subList(1, created.size()));
            } catch (DockerException e) {
                created.forEach(Network::close);
                if (!String.valueOf(e.getMessage()).contains("overlaps")) {
                    throw e;
                }
                taken.add(net);
            }
        }
        return fail("every subnet 10.N.0.0/16 the ITs may use is taken on the Docker engine (N in " + taken
                + "): remove left-over networks ('docker network ls', 'docker network prune')");
    }

    private static List<Integer> candidateNets(int preferredNet) {
        List<Integer> nets = new ArrayList<>(List.of(preferredNet));
        for (int net = FIRST_SPARE_NET; net <= LAST_SPARE_NET; net++) {
            if (net != preferredNet) {
                nets.add(net);
            }
        }
        return nets;
    }

    /** Creates a network with the given subnet now (not lazily); Docker rejects a subnet that overlaps another. */
    private static Network network(String subnet) {
        Network network = Network.builder().createNetworkCmdModifier(cmd -> cmd.withIpam(
                new com.github.dockerjava.api.model.Network.Ipam().withConfig(
                        new com.github.dockerjava.api.model.Network.Ipam.Config().withSubnet(subnet)))).build();
        network.getId(); // created now, with its subnet
        return network;
    }

    private static void requireImage(String image) {
        try {
            DockerClientFactory.instance().client().inspectImageCmd(image).exec();
        } catch (NotFoundException e) {
            fail("no image " + image + ": build it with 'docker/build-images.sh' after './mvnw package -DskipTests'"
                    + " (or name another with -D" + GcsContainer.IMAGE_PROPERTY + "=...)");
        }
    }

    @Override
    public void close() {
        nodes.forEach(GcsContainer::stop);
        lans.forEach(Network::close);
        wan.close();
    }
}
