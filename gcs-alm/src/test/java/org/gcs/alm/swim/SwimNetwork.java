package org.gcs.alm.swim;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A deterministic virtual-time network of {@link SwimMember}s for tests: one event queue ordered by time (ties
 * by insertion order), a one-way delay drawn uniformly from [minDelayNs, maxDelayNs] and an independent loss
 * probability per message, all from one seed. Every member knows every other from the start. A crashed member
 * stops sending, receiving and ticking.
 *
 * <p>It records what the tests measure: messages sent per member, suspicions and deaths reported about members
 * that are up (false), and when each member that is up declared each crashed member dead.
 */
final class SwimNetwork {
    private static final class Event {
        final long timeNs;
        final long order;
        final int to;
        final int from;
        /** null for a tick. */
        final SwimMessage message;

        Event(long timeNs, long order, int to, int from, SwimMessage message) {
            this.timeNs = timeNs;
            this.order = order;
            this.to = to;
            this.from = from;
            this.message = message;
        }
    }

    private final class Node implements SwimOutput {
        final int index;
        final String id;
        final SwimMember member;
        boolean crashed;
        long tickAtNs = Long.MAX_VALUE;

        Node(int index, String id, SwimMember member) {
            this.index = index;
            this.id = id;
            this.member = member;
        }

        @Override
        public void send(String to, SwimMessage message) {
            sentMessages++;
            if (loss > 0 && random.nextDouble() < loss) {
                return;
            }
            long delayNs = minDelayNs + random.nextLong(maxDelayNs - minDelayNs + 1);
            events.add(new Event(nowNs + delayNs, order++, indexOf.get(to), index, message));
        }

        @Override
        public void onSuspect(String about) {
            if (!nodes.get(indexOf.get(about)).crashed) {
                falseSuspicionEvents++;
                falseSuspicions.add(about + "@" + member.incarnationOf(about).orElseThrow());
            }
        }

        @Override
        public void onDead(String about) {
            if (!nodes.get(indexOf.get(about)).crashed) {
                falseDeaths++;
                falseDeathReports.add(String.format("%s declared %s dead at %.3f s: incarnation %d believed, %d actual",
                        id, about, nowNs / 1e9, member.incarnationOf(about).orElseThrow(),
                        member(about).incarnation()));
            } else {
                deathsDeclared.computeIfAbsent(about, a -> new HashMap<>()).put(id, nowNs);
            }
        }
    }

    private final long minDelayNs;
    private final long maxDelayNs;
    private final double loss;
    private final SplittableRandom random;
    private final List<Node> nodes = new ArrayList<>();
    private final Map<String, Integer> indexOf = new HashMap<>();
    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.timeNs != b.timeNs
            ? Long.compare(a.timeNs, b.timeNs) : Long.compare(a.order, b.order));
    private long order;
    private long nowNs;
    private long sentMessages;
    private long falseSuspicionEvents;
    private final Set<String> falseSuspicions = new HashSet<>();
    private long falseDeaths;
    private final List<String> falseDeathReports = new ArrayList<>();
    private final Map<String, Map<String, Long>> deathsDeclared = new HashMap<>();

    /**
     * @param members how many members, all knowing each other
     * @param settings their settings
     * @param minDelayNs the shortest one-way delay
     * @param maxDelayNs the longest one-way delay
     * @param loss the probability that a message is lost
     * @param seed the seed of every random choice, the members' included
     */
    SwimNetwork(int members, SwimSettings settings, long minDelayNs, long maxDelayNs, double loss, long seed) {
        this.minDelayNs = minDelayNs;
        this.maxDelayNs = maxDelayNs;
        this.loss = loss;
        this.random = new SplittableRandom(seed);
        List<String> ids = new ArrayList<>(members);
        for (int i = 0; i < members; i++) {
            String id = String.format("site-%04d", i);
            ids.add(id);
            indexOf.put(id, i);
        }
        for (int i = 0; i < members; i++) {
            SwimMember member = new SwimMember(ids.get(i), settings, random.split(), 0);
            for (String other : ids) {
                member.addMember(other);
            }
            Node node = new Node(i, ids.get(i), member);
            nodes.add(node);
            scheduleTick(node);
        }
    }

    /** Runs every event up to and including {@code endNs}; the clock then reads {@code endNs}. */
    void runUntil(long endNs) {
        while (!events.isEmpty() && events.peek().timeNs <= endNs) {
            Event event = events.poll();
            nowNs = event.timeNs;
            Node node = nodes.get(event.to);
            if (node.crashed) {
                continue;
            }
            if (event.message == null) {
                if (event.timeNs != node.tickAtNs) {
                    continue; // superseded by an earlier tick
                }
                node.tickAtNs = Long.MAX_VALUE;
                node.member.onTick(nowNs, node);
            } else {
                node.member.onMessage(nodes.get(event.from).id, event.message, nowNs, node);
            }
            scheduleTick(node);
        }
        nowNs = endNs;
    }

    private void scheduleTick(Node node) {
        long deadlineNs = Math.max(nowNs, node.member.nextDeadlineNs());
        if (deadlineNs < node.tickAtNs) {
            node.tickAtNs = deadlineNs;
            events.add(new Event(deadlineNs, order++, node.index, -1, null));
        }
    }

    /** Crashes a member now: it stops sending, receiving and ticking. */
    void crash(String id) {
        nodes.get(indexOf.get(id)).crashed = true;
    }

    /** @return the id of member {@code i} */
    String id(int i) {
        return nodes.get(i).id;
    }

    /** @return the member with that id */
    SwimMember member(String id) {
        return nodes.get(indexOf.get(id)).member;
    }

    /** @return how many members are up */
    int membersUp() {
        return (int) nodes.stream().filter(n -> !n.crashed).count();
    }

    /** @return the updates waiting to be gossiped, averaged over the members that are up */
    double averagePendingGossip() {
        return nodes.stream().filter(n -> !n.crashed).mapToInt(n -> n.member.pendingGossip()).average().orElse(0);
    }

    /** @return the messages sent since the start, by all members */
    long sentMessages() {
        return sentMessages;
    }

    /** @return how many times a member reported another member that is up as suspect */
    long falseSuspicionEvents() {
        return falseSuspicionEvents;
    }

    /** @return how many distinct suspicions (member, incarnation) of members that are up were reported */
    int falseSuspicions() {
        return falseSuspicions.size();
    }

    /** @return how many times a member declared another member that is up dead */
    long falseDeaths() {
        return falseDeaths;
    }

    /** @return who declared which member that is up dead, when, and the incarnations believed and actual */
    List<String> falseDeathReports() {
        return falseDeathReports;
    }

    /**
     * @param crashed a crashed member
     * @return when each member that is up declared it dead, by member id (members that did not yet are missing)
     */
    Map<String, Long> deathsDeclared(String crashed) {
        return deathsDeclared.getOrDefault(crashed, Map.of());
    }

    /** @return the current virtual time */
    long nowNs() {
        return nowNs;
    }
}
