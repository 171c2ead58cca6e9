package org.gcs.tools.local;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.gcs.GcsNode;

/**
 * The seeds of a node that joins sites already running on this machine: the loopback WAN address of every node
 * started so far in another site, as each bound it ({@link GcsNode#wanAddress()}, usually a free port).
 */
public final class LoopbackSeeds {
    private static final String LOOPBACK = "127.0.0.1";

    private LoopbackSeeds() {
    }

    /**
     * @param site the site of the node about to start
     * @param started the nodes started so far, in any site
     * @return {@code 127.0.0.1:port} of each started node outside {@code site}, in the order given
     */
    public static List<InetSocketAddress> outside(String site, Collection<? extends GcsNode> started) {
        List<InetSocketAddress> seeds = new ArrayList<>();
        for (GcsNode node : started) {
            if (!node.self().site().equals(site)) {
                seeds.add(new InetSocketAddress(LOOPBACK, node.wanAddress().getPort()));
            }
        }
        return seeds;
    }
}
