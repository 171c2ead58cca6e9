package org.gcs.sim;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.alm.overlay.DelegateAddress;

/**
 * The nodes a {@link SimNetwork} started, crashed and stopped ones included: in start order (their age, which a LAN's
 * merge keeps), by WAN address (where a datagram goes), and the incarnation counter that numbers them.
 */
final class SimNodes {
    private final List<SimNode> started = new ArrayList<>();
    private final Map<DelegateAddress, SimNode> byAddress = new HashMap<>();
    private long incarnations;

    /** @return the next node's incarnation, unique in the network */
    long nextIncarnation() {
        return ++incarnations;
    }

    /**
     * Adds a node just started.
     *
     * @return how many nodes were started so far, this one included
     */
    int add(SimNode node) {
        started.add(node);
        byAddress.put(node.address(), node);
        return started.size();
    }

    /** @return whether a node was started with this WAN address */
    boolean contains(DelegateAddress address) {
        return byAddress.containsKey(address);
    }

    /** @return the node with this WAN address, or null */
    SimNode at(DelegateAddress address) {
        return byAddress.get(address);
    }

    /** @return every node started so far */
    List<SimNode> all() {
        return List.copyOf(started);
    }

    /** @return the nodes started so far in other sites than {@code site}, oldest first */
    List<SimNode> outsideSite(String site) {
        List<SimNode> outside = new ArrayList<>();
        for (SimNode other : started) {
            if (!other.site().equals(site)) {
                outside.add(other);
            }
        }
        return outside;
    }

    /** @return the nodes started so far in other LANs than {@code lan}, oldest first */
    List<SimNode> outsideLan(String lan) {
        List<SimNode> outside = new ArrayList<>();
        for (SimNode other : started) {
            if (!other.lan().equals(lan)) {
                outside.add(other);
            }
        }
        return outside;
    }

    /** @return the order in which the nodes were started: their age */
    Comparator<SimNode> byAge() {
        return Comparator.comparingInt(started::indexOf);
    }
}
