package org.gcs.lab;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.Topology;

/**
 * The lab's own topologies (the networks of seed 002's and seed 000's experiments), shipped in this jar under
 * {@value #RESOURCE_DIR}, and the way the lab finds a topology by name: one of these, else a built-in topology of
 * the emulator ({@code ron3}, {@code ron6}), else a file.
 */
public final class LabTopologies {
    /** Where the lab's topologies live on the class path. */
    static final String RESOURCE_DIR = "/org/gcs/lab/topologies/";
    /** The lab's topologies. */
    public static final List<String> NAMES = List.of("ormcc-tracking", "ormcc-multi-bottleneck", "ormcc-star4",
            "ormcc-star16", "ormcc-vs-tfrc", "cost-benefit-two-bottlenecks", "cost-benefit-shared-bottleneck",
            "cost-benefit-chain", "cost-benefit-many-senders", "cost-benefit-randomization");

    private LabTopologies() {
    }

    /**
     * @param nameOrPath a lab topology's name, a built-in topology's name or a {@code .topo} file
     * @return the topology
     * @throws IllegalArgumentException if there is no such topology or it is malformed (the message lists the names)
     */
    public static Topology load(String nameOrPath) {
        if (NAMES.contains(nameOrPath)) {
            String resource = RESOURCE_DIR + nameOrPath + ".topo";
            try (InputStream in = LabTopologies.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("lab topology " + resource + " is missing from the jar");
                }
                return Topology.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "classpath:" + resource);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read lab topology " + resource, e);
            }
        }
        try {
            return Topology.load(nameOrPath);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + "; the lab's own: " + String.join(", ", NAMES), e);
        }
    }

    /**
     * @return the topology, if it has every site the scenario needs
     * @throws IllegalArgumentException naming the missing sites (a --topology file without them)
     */
    public static Topology requireSites(Topology topology, String scenario, String... sites) {
        List<String> missing = java.util.Arrays.stream(sites).filter(s -> !topology.sites().contains(s)).toList();
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(scenario + " needs the sites " + List.of(sites) + " in its topology;"
                    + " topology " + topology.name() + " lacks " + missing);
        }
        return topology;
    }

    /** @return a link's bandwidth in bytes per second, +∞ if unlimited */
    public static double bytesPerSec(LinkProfile link) {
        return link.isBandwidthLimited() ? link.bandwidthBitsPerSec() / 8.0 : Double.POSITIVE_INFINITY;
    }

    /** @return the bandwidth of a directed link of the topology in bytes per second */
    public static double bytesPerSec(Topology topology, String from, String to) {
        return bytesPerSec(topology.link(from, to).orElseThrow(() -> new IllegalArgumentException("topology "
                + topology.name() + " has no link " + from + " -> " + to)));
    }
}
