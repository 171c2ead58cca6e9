package org.gcs.examples.cli;

import java.time.Duration;
import java.util.List;
import org.gcs.emulator.Topology;
import org.gcs.order.Ordering;
import org.gcs.tools.cli.NodeSettings;

/**
 * The validated settings of one {@code gcs demo} run.
 *
 * @param topology the emulated WAN, already reduced to the chosen sites
 * @param membersPerSite members started in every site
 * @param duration how long every member sends
 * @param ratePerMember messages per second each member tries to send
 * @param messageBytes payload size of every message
 * @param group the group every member joins and sends to
 * @param ordering the group's delivery order: fifo (each sender's order) or total (one agreed order)
 * @param treeStrategy the overlay tree strategy of the nodes
 * @param seed seed of the link emulator's random loss and jitter
 * @param reportEvery interval of the live rate table
 * @param json whether stdout holds only the results, one JSON line (the tables go to stderr)
 * @param nodeSettings the node settings given with --controller and --set, applied to every node
 */
record DemoSettings(Topology topology, int membersPerSite, Duration duration, double ratePerMember, int messageBytes,
        String group, Ordering ordering, String treeStrategy, long seed, Duration reportEvery, boolean json,
        NodeSettings nodeSettings) {

    /** @return the site names in topology order */
    List<String> sites() {
        return topology.sites();
    }

    /** @return the number of members over all sites */
    int members() {
        return topology.sites().size() * membersPerSite;
    }
}
