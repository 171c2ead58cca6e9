package org.gcs.lab.nat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The properties file of one site's node in the {@code nat} scenario: a one-member site whose LAN cluster forms on
 * its namespace's loopback (JGroups over TCP), its WAN socket bound to the site's address, the seed (the public site,
 * none for that site itself) and the shared key, then the node settings: the scenario's short timers, unless the
 * command's {@code --set} gives them.
 *
 * @param site the site's name
 * @param wanBindHost the address the WAN socket binds to (the site's own address, behind its NAT if it has one)
 * @param wanPort the WAN port
 * @param seed {@code host:port} of the delegate every other site contacts first, or null for none
 * @param clusterKeyHex the cluster key, hexadecimal
 * @param lanPort the LAN cluster's TCP port on the loopback
 */
record NatNodeConfig(String site, String wanBindHost, int wanPort, String seed, String clusterKeyHex, int lanPort) {
    /**
     * Writes the file.
     *
     * @param file where
     * @param nodeSettings settings by properties key (timers, --set)
     * @return the file
     * @throws IOException if it cannot be written
     */
    Path write(Path file, Map<String, String> nodeSettings) throws IOException {
        List<String> lines = new ArrayList<>(List.of(
                "# written by gcs lab nat for its " + site + " agent",
                "site = " + site,
                "member.name = " + site + "-1",
                "wan.bind = " + wanBindHost + ":" + wanPort));
        if (seed != null) {
            lines.add("seeds = " + seed);
        }
        lines.addAll(List.of(
                "cluster.key.hex = " + clusterKeyHex,
                "lan.transport = tcp",
                "lan.bind.address = 127.0.0.1",
                "lan.tcp.port = " + lanPort,
                "lan.tcp.initial.hosts = 127.0.0.1:" + lanPort));
        nodeSettings.forEach((key, value) -> lines.add(key + " = " + value));
        lines.add("");
        Files.writeString(file, String.join("\n", lines), StandardCharsets.UTF_8);
        return file;
    }
}
