package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.GroupMessage;
import org.gcs.MemberId;
import org.gcs.emulator.Topology;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A delegate that hangs (SIGSTOP) for longer than its site's failure detection and then resumes, in virtual time:
 * while it is paused its site elects another delegate and keeps carrying traffic; when it resumes, the site merges
 * it back ({@link SimNetwork#resume}: a merged view in which it is the oldest member, so the delegate again), and
 * it must take the role with a new term. Before the fix it kept its old role and term, which the remote site
 * ignored as stale after following the successor's higher term: nothing crossed the WAN any more.
 *
 * <p>Each case runs with both overlay memberships. With SWIM, the thawed delegate's stale role, whose probes site b
 * ignores, declared b dead, and the role the merge started began without b: its 300 messages never reached b, until
 * a superseded role stopped taking SWIM's verdicts ({@code SwimSites.expire}).
 */
class SimHungDelegateTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;
    private static final String G = "g";

    private final Topology twoSites = TwoByTwo.TOPOLOGY;

    @ParameterizedTest(name = "seed {0}, {1}")
    @CsvSource({"1, all-to-all", "2, all-to-all", "3, all-to-all", "1, swim", "2, swim", "3, swim"})
    void resumedDelegateTakesTheRoleWithANewTermAndTheSiteKeepsWorking(long seed, String membership) {
        SimNetwork net = network(seed, membership);
        List<SimNode> nodes = twoByTwo(net);
        SimNode hung = net.delegateOf("a").orElseThrow();
        SimNode successor = nodes.stream().filter(n -> n.site().equals("a") && n != hung).findFirst().orElseThrow();
        List<SimNode> live = nodes.stream().filter(n -> n != hung).toList();

        Map<MemberId, Long> sent = new HashMap<>();
        traffic(net, live, 50, sent);
        net.pause(hung);
        traffic(net, live, 150, sent); // 1.5 s: the site excludes it after 0.2 s and elects the successor
        assertThat(successor.isDelegate()).as("the successor is delegate while %s hangs", hung).isTrue();
        assertThat(net.runUntil(() -> live.stream().allMatch(n -> count(n, sent) == total(sent)), 30 * S))
                .as("the live members have every live member's messages").isTrue();
        assertExactlyOnceInOrder(live, sent, Map.of());

        net.resume(hung);
        // well within the site timeout (5 s): a resumed delegate with its old term is ignored by site b until b times
        // the successor's term out; only then is the site whole again
        assertThat(net.runUntil(() -> hung.isDelegate() && allSee(nodes, 4), 2 * S))
                .as("the resumed delegate is merged back, delegate again, and every view has four members within 2 s")
                .isTrue();
        Map<MemberId, Long> before = new HashMap<>(sent);
        traffic(net, nodes, 100, sent);
        boolean done = net.runUntil(() -> nodes.stream().allMatch(n -> countAfter(n, before) == totalAfter(sent, before)),
                30 * S);
        net.runFor(2 * S); // duplicates would arrive now
        assertExactlyOnceInOrder(nodes, sent, before);
        assertThat(done).as("every member has every message sent after the resume").isTrue();
    }

    /**
     * JGroups merges a thawed member back only seconds later. Meanwhile the thawed delegate is a site of its own that
     * site b ignores (stale term). It noticed the stall, so it holds its messages until the merge: it admits nothing
     * new (JGroups would deliver to the others, after the merge, what it multicast while the merge ran, ahead of the
     * re-sends of what it sent before; the simulator does not model that, {@code HungDelegateIT} showed it) and keeps
     * what it sent; at the merge it hands everything to the site's delegate, and every message it was asked to send
     * after the thaw arrives everywhere, once, in order.
     */
    @ParameterizedTest(name = "seed {0}, {1}")
    @CsvSource({"1, all-to-all", "2, all-to-all", "3, all-to-all", "1, swim", "2, swim", "3, swim"})
    void aThawedDelegateHoldsItsMessagesUntilTheMergeAndThenTheyArriveEverywhere(long seed, String membership) {
        thawedDelegateHoldsItsMessagesUntilTheMerge(seed, membership, 8 * S);
    }

    /**
     * The same with the merge 12 s after the thaw ({@code HungDelegateIT} measured 8.5 to 13 s): longer than twice
     * the site timeout, after which the thawed delegate's stale role, which site b ignores, takes b for a one-way
     * link and drops it from its views. The role the merge starts must still send to b from its first message on.
     */
    @ParameterizedTest(name = "seed {0}, {1}")
    @CsvSource({"1, all-to-all", "2, all-to-all", "3, all-to-all", "1, swim", "2, swim", "3, swim"})
    void aThawedDelegateMergedBackAfterTwiceTheSiteTimeoutStillSendsToEverySite(long seed, String membership) {
        thawedDelegateHoldsItsMessagesUntilTheMerge(seed, membership, 12 * S);
    }

    private void thawedDelegateHoldsItsMessagesUntilTheMerge(long seed, String membership, long mergeAfterNs) {
        SimNetwork net = network(seed, membership);
        List<SimNode> nodes = twoByTwo(net);
        SimNode hung = net.delegateOf("a").orElseThrow();
        Map<MemberId, Long> sent = new HashMap<>();
        traffic(net, nodes, 50, sent);
        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> count(n, sent) == total(sent)), 30 * S)).isTrue();
        net.pause(hung);
        net.runFor(2 * S);
        net.resume(hung, mergeAfterNs); // longer than the site timeout (5 s)
        List<SimNode.Send> sends = new ArrayList<>();
        for (int k = 1; k <= 300; k++) { // 3 s alone, before the merge
            sends.add(hung.send(G, ByteBuffer.allocate(100).putInt(k).array()));
            sent.merge(hung.id(), 1L, Long::sum);
            net.runFor(10 * MS);
        }
        net.runFor(mergeAfterNs - 4 * S);
        assertThat(sends).as("nothing admitted before the merge").noneMatch(SimNode.Send::admitted);
        net.runFor(2 * S); // the merge
        Map<MemberId, Long> hungOnly = Map.of(hung.id(), sent.get(hung.id()));
        boolean done = net.runUntil(() -> nodes.stream().allMatch(n -> n.delivered().stream()
                .filter(m -> m.sender().equals(hung.id())).count() == sent.get(hung.id())), 30 * S);
        net.runFor(2 * S);
        assertThat(sends).as("everything admitted after the merge").allMatch(SimNode.Send::admitted);
        assertExactlyOnceInOrder(nodes, hungOnly, Map.of());
        assertThat(done).as("every member has every message of %s", hung).isTrue();
    }

    /**
     * JGroups orders neither the views of a merge nor the members' first messages in them ({@code HungDelegateIT}
     * showed it, about once in five runs). Here the merged view reaches the resumed delegate 50 ms after the rest of
     * its site: the successor, delegate no more, hands over at once, and its hand-over reaches the resumed node while
     * it still runs its old role. The new role, started by the merged view a moment later, never got the hand-over
     * and ignored the successor's messages for good: its send window filled and its messages never left the site.
     * Now the role asks the member to hand over again ({@code HandoverRequest}) and everything arrives.
     */
    @ParameterizedTest(name = "seed {0}, {1}")
    @CsvSource({"1, all-to-all", "2, all-to-all", "3, all-to-all", "1, swim", "2, swim", "3, swim"})
    void aHandOverThatOvertakesTheMergedViewIsAskedForAgain(long seed, String membership) {
        handOverOvertakesTheMergedView(seed, membership, 100);
    }

    /**
     * The same, but the members send only 0.2 s of traffic after the merge, all of it inside the new role's first
     * second: the role asks on its tick once the second is up, not only when more data comes.
     */
    @ParameterizedTest(name = "seed {0}, {1}")
    @CsvSource({"1, all-to-all", "2, all-to-all", "3, all-to-all", "1, swim", "2, swim", "3, swim"})
    void aMemberThatSentOnlyInTheRolesFirstSecondIsAskedOnTheTick(long seed, String membership) {
        handOverOvertakesTheMergedView(seed, membership, 20);
    }

    private void handOverOvertakesTheMergedView(long seed, String membership, int roundsAfterMerge) {
        SimNetwork net = network(seed, membership);
        List<SimNode> nodes = twoByTwo(net);
        SimNode hung = net.delegateOf("a").orElseThrow();
        SimNode successor = nodes.stream().filter(n -> n.site().equals("a") && n != hung).findFirst().orElseThrow();
        List<SimNode> live = nodes.stream().filter(n -> n != hung).toList();
        Map<MemberId, Long> sent = new HashMap<>();
        net.pause(hung);
        traffic(net, live, 150, sent);
        assertThat(successor.isDelegate()).as("the successor is delegate while %s hangs", hung).isTrue();

        net.delayViewsTo(hung, 50 * MS);
        net.resume(hung);
        assertThat(net.runUntil(() -> hung.isDelegate() && allSee(nodes, 4), 2 * S))
                .as("the resumed delegate is merged back and delegate again").isTrue();
        Map<MemberId, Long> before = new HashMap<>(sent);
        traffic(net, nodes, roundsAfterMerge, sent);
        boolean done = net.runUntil(() -> nodes.stream().allMatch(n -> countAfter(n, before) == totalAfter(sent, before)),
                30 * S);
        net.runFor(2 * S); // duplicates would arrive now
        assertExactlyOnceInOrder(nodes, sent, before);
        assertThat(done).as("every member has every message sent after the merge, %s's included", successor).isTrue();
        assertThat(hung.handoverRequests()).as("the resumed delegate asked for the lost hand-over")
                .isPositive();
    }

    /**
     * A delegate stopped for 30 s (issue 33, Deliver 6): its LAN replaces it, and when it thaws it speaks with its old
     * term until its LAN merges it back (12 s later here, {@code HungDelegateIT} measured 8.5 to 13 s). That is a
     * superseded delegate, not two LANs with one site name: no node counts or shows a duplicate site, the peer and
     * the thawed delegate count the supersession instead, and every member that was not paused gets every message.
     */
    @ParameterizedTest(name = "seed {0}, {1}")
    @CsvSource({"1, all-to-all", "2, all-to-all", "1, swim", "2, swim"})
    void aDelegatePausedFor30SecondsIsSupersededNotADuplicateSite(long seed, String membership) {
        SimNetwork net = network(seed, membership);
        List<SimNode> nodes = twoByTwo(net);
        SimNode hung = net.delegateOf("a").orElseThrow();
        SimNode peer = net.delegateOf("b").orElseThrow();
        List<SimNode> live = nodes.stream().filter(n -> n != hung).toList();
        Map<MemberId, Long> sent = new HashMap<>();
        traffic(net, nodes, 50, sent);
        List<String> conflictsSeen = new ArrayList<>();

        net.pause(hung);
        for (long t = 0; t < PAUSE_NS; t += S / 4) { // the members of a and b go on sending
            traffic(net, live, 25, sent);
            recordConflicts(nodes, conflictsSeen);
        }
        net.resume(hung, 12 * S);
        for (long t = 0; t < 16 * S; t += S / 4) { // the thawed delegate speaks, then is merged back
            traffic(net, live, 25, sent);
            recordConflicts(nodes, conflictsSeen);
        }
        // the thawed member does not get what its site delivered while it was out (a merge transfers no state)
        boolean done = net.runUntil(() -> live.stream().allMatch(n -> count(n, sent) == total(sent)), 60 * S);

        assertThat(conflictsSeen).as("no node shows a duplicate site").isEmpty();
        assertThat(nodes).as("no node counts a duplicate site").allMatch(n -> n.siteConflicts() == 0);
        assertThat(peer.supersededDelegates()).as("the peer counts the superseded delegate").isPositive();
        assertThat(hung.supersededDelegates()).as("the thawed delegate knows it was superseded").isPositive();
        assertThat(done).as("every live member has every message").isTrue();
        assertExactlyOnceInOrder(live, sent, Map.of());
    }

    private static final long PAUSE_NS = 30 * S;

    private static void recordConflicts(List<SimNode> nodes, List<String> seen) {
        for (SimNode n : nodes) {
            if (!n.conflictedSites().isEmpty()) {
                seen.add(n + " " + n.conflictedSites());
            }
        }
    }

    /** Sites a and b, with the overlay membership under test ({@code overlay.membership}). */
    private SimNetwork network(long seed, String membership) {
        return new SimNetwork(twoSites, SimOptions.defaults().withSeed(seed),
                b -> b.set("overlay.membership", membership));
    }

    private static List<SimNode> twoByTwo(SimNetwork net) {
        return TwoByTwo.start(net, G);
    }

    private static boolean allSee(List<SimNode> nodes, int members) {
        return TwoByTwo.allSee(nodes, G, members);
    }

    private static void traffic(SimNetwork net, List<SimNode> senders, int rounds, Map<MemberId, Long> sent) {
        for (int k = 1; k <= rounds; k++) {
            for (SimNode n : senders) {
                n.send(G, ByteBuffer.allocate(100).putInt(k).array());
                sent.merge(n.id(), 1L, Long::sum);
            }
            net.runFor(10 * MS);
        }
    }

    private static long total(Map<MemberId, Long> sent) {
        return sent.values().stream().mapToLong(Long::longValue).sum();
    }

    private static long totalAfter(Map<MemberId, Long> sent, Map<MemberId, Long> before) {
        return total(sent) - total(before);
    }

    private static long count(SimNode n, Map<MemberId, Long> senders) {
        return n.delivered().stream().filter(m -> senders.containsKey(m.sender())).count();
    }

    private static long countAfter(SimNode n, Map<MemberId, Long> before) {
        return n.delivered().stream().filter(m -> m.sequence() > before.getOrDefault(m.sender(), 0L)).count();
    }

    /**
     * Each receiver got each sender's messages in strictly increasing order (nothing twice, nothing reordered) and,
     * above the sender's count in {@code from}, every one of them without a gap up to what it sent.
     */
    private static void assertExactlyOnceInOrder(List<SimNode> receivers, Map<MemberId, Long> sent,
                                                 Map<MemberId, Long> from) {
        for (SimNode n : receivers) {
            List<String> problems = new ArrayList<>();
            Map<MemberId, Long> last = new HashMap<>();
            for (GroupMessage m : n.delivered()) {
                long previous = last.getOrDefault(m.sender(), 0L);
                long start = from.getOrDefault(m.sender(), 0L);
                if (m.sequence() <= previous) {
                    problems.add(m.sender() + " #" + m.sequence() + " after #" + previous + " (duplicate or reorder)");
                } else if (m.sequence() > start + 1 && m.sequence() != previous + 1) {
                    problems.add(m.sender() + " #" + m.sequence() + " after #" + previous + " (gap)");
                }
                last.put(m.sender(), Math.max(previous, m.sequence()));
            }
            sent.forEach((sender, count) -> {
                long got = last.getOrDefault(sender, 0L);
                if (got != count.longValue() && count > from.getOrDefault(sender, 0L)) {
                    problems.add("has " + got + " of " + count + " from " + sender);
                }
            });
            assertThat(problems).as("deliveries at %s", n).isEmpty();
        }
    }
}

