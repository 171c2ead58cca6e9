package org.gcs.sim;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gcs.driver.LanMember;

/**
 * The simulated LANs of a {@link SimNetwork}, one per site (or per LAN started with {@code startInLan}): each a
 * reliable FIFO multicast with a fixed delay and a view of its live members in join order, as JGroups gives them. It
 * owns the members of each LAN and their views: joins, crashes noticed after the failure detection time, pauses and
 * merges.
 */
final class SimLans {
    private final SimClock clock;
    private final SimOptions options;
    private final Map<String, Lan> lans = new LinkedHashMap<>();
    private final Map<SimNode, Long> viewsLateNs = new HashMap<>();

    SimLans(SimClock clock, SimOptions options) {
        this.clock = clock;
        this.options = options;
    }

    /** Adds a started node to its LAN and installs the new view. */
    void join(SimNode node) {
        Lan lan = lans.computeIfAbsent(node.lan(), name -> new Lan());
        lan.members.add(node);
        lan.installView(false);
    }

    /** The node crashed: its LAN notices after the failure detection time. */
    void crash(SimNode node) {
        Lan lan = lans.get(node.lan());
        clock.after(options.failureDetectionNs(), () -> {
            lan.members.remove(node);
            lan.installView(false);
        });
    }

    /** The node stopped gracefully: its LAN installs a view without it at once. */
    void leave(SimNode node) {
        Lan lan = lans.get(node.lan());
        lan.members.remove(node);
        lan.installView(false);
    }

    /** The node is paused: its LAN excludes it after the failure detection time if it is still paused then. */
    void pause(SimNode node) {
        Lan lan = lans.get(node.lan());
        clock.after(options.failureDetectionNs(), () -> {
            if (node.process().paused() && lan.members.remove(node)) {
                lan.installView(false);
            }
        });
    }

    /**
     * The node resumed; if its LAN had excluded it, the LAN merges it back {@code mergeAfterNs} later, at its old place
     * by age.
     *
     * @param order the order in which nodes were started (their age)
     */
    void resume(SimNode node, long mergeAfterNs, Comparator<SimNode> order) {
        Lan lan = lans.get(node.lan());
        if (!lan.members.contains(node)) {
            node.process().stalled(); // paused for longer than failure detection
        }
        clock.after(mergeAfterNs, () -> {
            if (node.alive() && !node.process().paused() && !lan.members.contains(node)) {
                lan.members.add(node);
                lan.members.sort(order);
                lan.installView(true);
            }
        });
    }

    /** From now on the views reach the node {@code lateNs} after they reach the rest of its LAN. */
    void delayViewsTo(SimNode node, long lateNs) {
        viewsLateNs.put(node, lateNs);
    }

    /** @return the live members of a LAN, oldest first */
    List<SimNode> members(String lan) {
        Lan l = lans.get(lan);
        return l == null ? List.of() : List.copyOf(l.members);
    }

    /**
     * Multicasts bytes from a node to every live member of its LAN (itself included), in FIFO order. What a node
     * multicast and had not arrived when it died is lost for every member: JGroups does not finish a dead member's
     * multicasts, and a process that dies loses its outgoing queue.
     */
    void multicast(SimNode from, byte[] message) {
        Lan lan = lans.get(from.lan());
        // a resumed node that its LAN has not merged back yet is a partition of its own
        List<SimNode> reached = lan.members.contains(from) ? List.copyOf(lan.members) : List.of(from);
        for (SimNode member : reached) {
            clock.after(options.lanDelayNs(), () -> {
                if (from.alive()) {
                    member.process().receiveLan(message);
                }
            });
        }
    }

    /** One LAN: its members in join order and its view counter. */
    private final class Lan {
        final List<SimNode> members = new ArrayList<>();
        long viewId;

        void installView(boolean merged) {
            viewId++;
            List<LanMember> list = new ArrayList<>();
            for (SimNode member : members) {
                list.add(new LanMember(member.name(), member.incarnation(), member.delegateEligible()));
            }
            long id = viewId;
            for (SimNode member : List.copyOf(members)) {
                long lateNs = viewsLateNs.getOrDefault(member, 0L);
                clock.after(options.lanDelayNs() + lateNs, () -> member.process().receiveView(id, list, merged));
            }
        }
    }
}
