package org.gcs.sim.order;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.order.DeliveryLog;
import org.gcs.order.OrderChecker;
import org.gcs.order.Ordering;
import org.gcs.order.TotalOrderMember;
import org.gcs.sim.SimNetwork;
import org.gcs.sim.SimNode;

/**
 * Simulated members of one total-order group: each {@link SimNode} wrapped in a {@link TotalOrderMember} ticked by the
 * virtual clock, with a {@link DeliveryLog} each. The logs are the group's state: every member but the first gets the
 * log of a member before it by state transfer, and {@link OrderChecker} checks that it holds every position once.
 */
final class TotalOrderHarness {
    static final long MS = 1_000_000L;
    static final long S = 1_000_000_000L;
    static final String G = "g";

    final SimNetwork net;
    final List<SimNode> nodes = new ArrayList<>();
    final Map<SimNode, TotalOrderMember> members = new HashMap<>();
    final Map<SimNode, DeliveryLog> logs = new HashMap<>();
    final Map<SimNode, Long> sent = new HashMap<>();
    long refused;
    final java.util.Set<SimNode> paused = new java.util.HashSet<>();
    final java.util.Set<SimNode> left = new java.util.HashSet<>();

    TotalOrderHarness(SimNetwork net) {
        this.net = net;
    }

    /** Starts a node, wraps it, joins the group with total order and records its deliveries. */
    SimNode start(String site, String name) {
        SimNode node = net.start(site, name);
        nodes.add(node);
        TotalOrderMember member = new TotalOrderMember(node, net::nowNs, node.id().hashCode() * 31L + nodes.size());
        members.put(node, member);
        DeliveryLog log = new DeliveryLog(node.id(), G);
        logs.put(node, log);
        member.onOrdered(log);
        member.provideState(log); // every log is the group's state: the checker checks each transfer exactly
        member.join(G, Ordering.TOTAL, log);
        tick(node, member);
        return node;
    }

    private void tick(SimNode node, TotalOrderMember member) {
        net.clock().after(TotalOrderMember.TICK_MS * MS, () -> {
            if (node.alive()) {
                if (!paused.contains(node)) {
                    member.tick();
                }
                tick(node, member);
            }
        });
    }

    /** Sends one message from a live node: its name and a counter, so that every payload differs. */
    void send(SimNode node) {
        long k = sent.getOrDefault(node, 0L) + 1;
        byte[] payload = ByteBuffer.allocate(64).putLong(k).putInt(node.id().hashCode()).array();
        try {
            members.get(node).sendAsync(G, payload);
            sent.put(node, k);
        } catch (org.gcs.SendQueueFullException blocked) {
            refused++;
        } catch (org.gcs.NotJoinedException gone) {
            left.add(node); // its state transfer failed: it left the group (StateReceiver.onStateFailed)
        }
    }

    /** @return the nodes alive */
    List<SimNode> alive() {
        return nodes.stream().filter(SimNode::alive).toList();
    }

    /** @return the nodes alive, not paused and still in the group */
    List<SimNode> active() {
        return nodes.stream().filter(n -> n.alive() && !paused.contains(n) && !left.contains(n)).toList();
    }

    void pause(SimNode node) {
        paused.add(node);
        net.pause(node);
    }

    void resume(SimNode node) {
        paused.remove(node);
        net.resume(node);
    }

    /** The member leaves the group (and stays up). */
    void leave(SimNode node) {
        left.add(node);
        members.get(node).leave(G);
    }

    /** @return the current agreed view size of a node, 0 if none */
    int viewSize(SimNode node) {
        return members.get(node).view(G).map(v -> v.size()).orElse(0);
    }

    /** @return the states the members received, over every incarnation */
    long statesReceived() {
        return logs.values().stream().flatMap(log -> log.states().stream()).filter(java.util.Objects::nonNull)
                .count();
    }

    OrderChecker.Result check() {
        return OrderChecker.check(new ArrayList<>(logs.values()));
    }
}
