package org.gcs.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.ContainerNetwork;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Network;
import org.testcontainers.junit.jupiter.Testcontainers;

/**
 * Three sites of two nodes each, every site on its own Docker network (its LAN), every node also on a shared WAN
 * network (any member may become its site's delegate); every node sends 100 check messages once the group has all
 * six members. Every node must receive all 600 exactly once and in per-sender order.
 */
@Testcontainers(disabledWithoutDocker = true)
class CrossSiteDeliveryIT {
    private static final String KEY = "gcs-it-cluster-key-0123456789";
    private static final String GROUP = "it";
    private static final int SITES = 3;
    private static final int MEMBERS_PER_SITE = 2;
    private static final int MESSAGES_PER_SENDER = 100;
    private static final Pattern FROM = Pattern.compile(" from=(\\S+)");
    private static final Pattern DUP = Pattern.compile(" dup=(\\d+)");
    private static final Pattern OOO = Pattern.compile(" ooo=(\\d+)");

    private final List<Network> networks = new ArrayList<>();
    private final List<GcsContainer> nodes = new ArrayList<>();

    @AfterEach
    void stopAll() {
        nodes.forEach(GcsContainer::stop);
        networks.forEach(Network::close);
    }

    @Test
    void everyMemberReceivesEverythingOnceInPerSenderOrder() {
        requireImage(GcsContainer.defaultImage());
        Network wan = network("10.77.0.0/24");
        List<String> wanAddresses = new ArrayList<>();
        for (int s = 1; s <= SITES; s++) {
            for (int m = 1; m <= MEMBERS_PER_SITE; m++) {
                wanAddresses.add("10.77.0." + (10 * s + m));
            }
        }
        int total = SITES * MEMBERS_PER_SITE;
        for (int s = 1; s <= SITES; s++) {
            Network lan = network("10.77." + (10 + s) + ".0/24");
            String site = "site" + s;
            for (int m = 1; m <= MEMBERS_PER_SITE; m++) {
                String lanAddress = "10.77." + (10 + s) + "." + (10 + m);
                String wanAddress = "10.77.0." + (10 * s + m);
                String ownPrefix = "10.77.0." + s; // this site's WAN addresses: 10.77.0.<10·s + m>
                List<String> seeds = wanAddresses.stream().filter(a -> !a.startsWith(ownPrefix))
                        .map(a -> a + ":" + GcsContainer.WAN_PORT).toList();
                GcsContainer node = new GcsContainer(site, site + "-" + m)
                        .withNetwork(lan)
                        .withCreateContainerCmdModifier(cmd -> cmd.withIpv4Address(lanAddress))
                        .withLanAddress(lanAddress)
                        .withWanAddress(wanAddress)
                        .withSeeds(seeds.toArray(String[]::new))
                        .withGroups(GROUP)
                        .withClusterKey(KEY)
                        .withCheckTraffic(20, MESSAGES_PER_SENDER, total);
                nodes.add(node);
                node.start();
                DockerClientFactory.instance().client().connectToNetworkCmd()
                        .withNetworkId(wan.getId())
                        .withContainerId(node.getContainerId())
                        .withContainerNetwork(new ContainerNetwork()
                                .withIpamConfig(new ContainerNetwork.Ipam().withIpv4Address(wanAddress)))
                        .exec();
            }
        }
        Awaitility.await("every node has every message").atMost(Duration.ofMinutes(3))
                .pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> nodes.forEach(n -> assertComplete(n, total)));
    }

    private static void assertComplete(GcsContainer node, int senders) {
        String line = node.lastStatusLine().orElse("");
        assertThat(field(DUP, line)).as("duplicates at %s: %s", node.memberName(), line).isEqualTo("0");
        assertThat(field(OOO, line)).as("out of order at %s: %s", node.memberName(), line).isEqualTo("0");
        String[] from = field(FROM, line).split(",");
        assertThat(from).as("senders seen at %s: %s", node.memberName(), line).hasSize(senders);
        for (String sender : from) {
            assertThat(sender).as("at %s", node.memberName())
                    .endsWith(":" + MESSAGES_PER_SENDER + "/" + MESSAGES_PER_SENDER);
        }
    }

    private static String field(Pattern pattern, String line) {
        Matcher m = pattern.matcher(line);
        return m.find() ? m.group(1) : "";
    }

    private Network network(String subnet) {
        Network network = Network.builder().createNetworkCmdModifier(cmd -> cmd.withIpam(
                new com.github.dockerjava.api.model.Network.Ipam().withConfig(
                        new com.github.dockerjava.api.model.Network.Ipam.Config().withSubnet(subnet)))).build();
        networks.add(network);
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
}
