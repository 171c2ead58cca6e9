package org.gcs.examples.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.gcs.GcsNode;
import org.gcs.GroupMember;
import org.gcs.order.DeliveryLog;
import org.gcs.order.OrderChecker;
import org.gcs.order.Ordering;
import org.gcs.order.TotalOrderMember;
import org.gcs.tools.send.RealTimeSender;

/**
 * The members of a demo's group, one per node: with {@link Ordering#FIFO} the nodes themselves; with
 * {@link Ordering#TOTAL} a {@link TotalOrderMember} over every node (its own ordering timer), each recording what it
 * delivers in a {@link DeliveryLog} for {@link OrderChecker}. Closing it closes the wrappers, not the nodes: close it
 * before the cluster.
 */
final class DemoMembers implements AutoCloseable {
    private final String group;
    private final Ordering ordering;
    private final List<GcsNode> nodes;
    /** The total-order member over each node, in node order; empty with fifo. */
    private final List<TotalOrderMember> ordered = new ArrayList<>();
    /** Each total-order member's deliveries, in node order; empty with fifo. */
    private final List<DeliveryLog> logs = new ArrayList<>();

    private DemoMembers(List<GcsNode> nodes, String group, Ordering ordering) {
        this.nodes = List.copyOf(nodes);
        this.group = group;
        this.ordering = ordering;
    }

    /**
     * @param nodes the started nodes
     * @param group the demo's group
     * @param ordering its ordering
     * @return the members over the nodes; with total, each already records its deliveries (before it joins)
     */
    static DemoMembers over(List<GcsNode> nodes, String group, Ordering ordering) {
        DemoMembers members = new DemoMembers(nodes, group, ordering);
        if (ordering == Ordering.TOTAL) {
            for (GcsNode node : nodes) {
                TotalOrderMember member = TotalOrderMember.over(node);
                DeliveryLog log = new DeliveryLog(node.self(), group);
                member.onOrdered(log);
                members.ordered.add(member);
                members.logs.add(log);
            }
        }
        return members;
    }

    /** @return the group's ordering */
    Ordering ordering() {
        return ordering;
    }

    /** @return the member over each node, in node order: the node itself (fifo) or its total-order member */
    List<GroupMember> members() {
        return ordering == Ordering.TOTAL ? List.copyOf(ordered) : List.copyOf(nodes);
    }

    /**
     * Joins the group with the ordering.
     *
     * @param index the member's index in {@link #members()}
     */
    void join(int index) {
        if (ordering == Ordering.TOTAL) {
            ordered.get(index).join(group, Ordering.TOTAL);
        } else {
            nodes.get(index).join(group);
        }
    }

    /**
     * @return true when every member's view of the group holds every member: with total, the agreed views (installed
     *     in the order, so they lag the FIFO views)
     */
    boolean everyoneSeesEveryone() {
        for (GroupMember member : members()) {
            if (member.view(group).map(v -> v.size() != nodes.size()).orElse(true)) {
                return false;
            }
        }
        return true;
    }

    /** @return how many members each member's view lists, e.g. {@code boston/boston-1 sees 5, ...} */
    String viewSizes() {
        StringBuilder sizes = new StringBuilder();
        for (GroupMember member : members()) {
            if (!sizes.isEmpty()) {
                sizes.append(", ");
            }
            sizes.append(member.self()).append(" sees ").append(member.view(group).map(v -> v.size()).orElse(0));
            if (member instanceof TotalOrderMember total && total.blocked(group)) {
                sizes.append(" (blocked)");
            }
        }
        return sizes.toString();
    }

    /**
     * @param index the member's index in {@link #members()}
     * @param ratePerSec messages per second
     * @param messageBytes the payload size
     * @param payloadOfSequence makes the payload of the n-th message
     * @return the member's paced sender: the blocking node send (fifo), or the total-order member's asynchronous
     *     send retried while the node's send queue is full
     */
    RealTimeSender sender(int index, double ratePerSec, int messageBytes, LongFunction<byte[]> payloadOfSequence) {
        if (ordering == Ordering.TOTAL) {
            return PacedSends.toGroupAsync(ordered.get(index), group, ratePerSec, messageBytes, payloadOfSequence);
        }
        return PacedSends.toGroup(nodes.get(index), group, ratePerSec, messageBytes, payloadOfSequence);
    }

    /** @return what {@link OrderChecker} finds in every member's deliveries so far, or null with fifo */
    OrderChecker.Result checkOrder() {
        return ordering == Ordering.TOTAL ? OrderChecker.check(logs) : null;
    }

    /** Stops the total-order members (their timers and listeners); the nodes stay open. */
    @Override
    public void close() {
        ordered.forEach(TotalOrderMember::close);
    }
}
