package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.fail;

import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.ContainerNetwork;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Network;

/**
 * The ITs' topology: {@code sites} sites of {@code membersPerSite} GCS containers, one Docker network per site
 * (10.N.(10+s).0/24, its LAN) and one WAN network (10.N.0.0/24) that every member joins after it started (any
 * member may become its site's delegate). Member m of site s is {@code site<s>-<m>} at 10.N.(10+s).(10+m) on
 * its LAN and 10.N.0.(10·s+m) on the WAN. Each IT class uses its own N, so that two of them can run at once on
 * one engine. Closing stops the containers and removes the networks.
 */
final class Sites implements AutoCloseable {
    static final String KEY = "gcs-it-cluster-key-0123456789";
    static final String GROUP = "it";
    private static final Pattern FIELD = Pattern.compile(" ([a-z]+)=(\\S+)");

    final int net;
    final Network wan;
    final List<Network> lans = new ArrayList<>();
    final List<GcsContainer> nodes = new ArrayList<>();

    private Sites(int net, Network wan) {
        this.net = net;
        this.wan = wan;
    }

    /**
     * Starts every node, site by site, member by member (the first member of a site becomes its delegate).
     *
     * @param net the second octet of every address (one per IT class, 77 to 99)
     * @param customize applied to every node before it starts, e.g. to add check traffic
     */
    static Sites start(int net, int sites, int membersPerSite, UnaryOperator<GcsContainer> customize) {
        return start(net, sites, membersPerSite, customize, node -> { });
    }

    /**
     * Like {@link #start(int, int, int, UnaryOperator)}, and calls {@code onWan} with each node as soon as it is on
     * the WAN network, before the next node starts (e.g. to shape a delegate's WAN link before any traffic).
     */
    static Sites start(int net, int sites, int membersPerSite, UnaryOperator<GcsContainer> customize,
                       Consumer<GcsContainer> onWan) {
        requireImage(GcsContainer.defaultImage());
        Sites topology = new Sites(net, network("10." + net + ".0.0/24"));
        try {
            for (int s = 1; s <= sites; s++) {
                Network lan = network("10." + net + "." + (10 + s) + ".0/24");
                topology.lans.add(lan);
                for (int m = 1; m <= membersPerSite; m++) {
                    onWan.accept(topology.startNode(lan, sites, membersPerSite, s, m, customize));
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
        node.start();
        DockerClientFactory.instance().client().connectToNetworkCmd()
                .withNetworkId(wan.getId())
                .withContainerId(node.getContainerId())
                .withContainerNetwork(new ContainerNetwork()
                        .withIpamConfig(new ContainerNetwork.Ipam().withIpv4Address(wanAddress)))
                .exec();
        return node;
    }

    /** @return the WAN address of member m of site s */
    String wanAddress(int s, int m) {
        return "10." + net + ".0." + (10 * s + m);
    }

    /** Kills a node's container at once (SIGKILL, as {@code docker kill}). */
    void kill(GcsContainer node) {
        DockerClientFactory.instance().client().killContainerCmd(node.getContainerId()).exec();
    }

    /**
     * @param node a node
     * @param name a field of {@code gcs node}'s status line without spaces in its value, e.g. {@code dup},
     *     {@code ooo}, {@code from}, {@code sent}, {@code unstable}, {@code rtx} or {@code flows}
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
        for (String entry : field(node, "from").split(",")) {
            if (entry.startsWith(sender + ":")) {
                return entry.substring(sender.length() + 1);
            }
        }
        return "";
    }

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
