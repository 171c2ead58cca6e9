package org.gcs.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.awaitility.core.ConditionTimeoutException;
import org.gcs.GcsNode;
import org.gcs.GroupMessage;
import org.gcs.MemberId;
import org.gcs.SendQueueFullException;
import org.gcs.order.DeliveryLog;
import org.gcs.order.OrderChecker;
import org.gcs.order.Ordering;
import org.gcs.order.TotalOrderMember;
import org.junit.jupiter.api.Test;

/**
 * Total order ({@link TotalOrderMember}) over real nodes on loopback: three sites of two members, one
 * {@link Ordering#TOTAL} group, every member sending at once. Every member delivers every message in one order
 * ({@link OrderChecker}); when the sequencer, or a site's delegate, goes away in the middle of the sending, the
 * survivors still deliver every survivor's message in one order.
 *
 * <p>A member is "killed" by closing its {@link TotalOrderMember} (its timer) and then its {@link GcsNode} at once,
 * with sends of its own still in flight: {@link LoopbackCluster} has no way to crash a node, and closing one leaves
 * its JGroups LAN cluster gracefully (its site sees it go at once, the other sites through its delegate, or through
 * the site timeout when it was the delegate).
 */
class LoopbackTotalOrderTest {
    private static final String G = "g";
    private static final int PER_SENDER = Integer.getInteger("gcs.test.totalOrderPerSender", 200);
    /** Site timeout on loopback is 3 s (LoopbackCluster): every wait below allows several of them. */
    private static final Duration GENEROUS = Duration.ofSeconds(30);

    /**
     * What a node handed to its listeners from each sender (the FIFO layer under the total order, protocol messages
     * included), and when it last did: shows a member whose delivery thread falls behind.
     */
    private static final class RawReceptions {
        private final Map<MemberId, long[]> bySender = new ConcurrentHashMap<>();

        void accept(GroupMessage message) {
            long[] countAndLast = bySender.computeIfAbsent(message.sender(), s -> new long[2]);
            synchronized (countAndLast) {
                countAndLast[0]++;
                countAndLast[1] = System.nanoTime();
            }
        }

        @Override
        public String toString() {
            long now = System.nanoTime();
            return new TreeMap<>(bySender).entrySet().stream().map(e -> {
                synchronized (e.getValue()) {
                    return e.getKey() + "=" + e.getValue()[0] + " (last " + (now - e.getValue()[1]) / 1_000_000
                            + " ms ago)";
                }
            }).collect(Collectors.joining(", "));
        }
    }

    /** One node with its total-order member and the log of what it delivered. */
    private record Member(GcsNode node, TotalOrderMember order, DeliveryLog log, RawReceptions raw) {
        MemberId id() {
            return node.self();
        }

        String describe() {
            return id() + ": " + order.describe(G) + "; agreed view " + order.view(G).map(v -> v.viewId() + " "
                    + v.members()).orElse("none") + "; messages delivered " + log.messages()
                    + (order.blocked(G) ? " BLOCKED" : "") + "; payload bytes held " + order.heldBytes(G)
                    + "\n      node: unstable " + node.status().unstableBytes() + " B, waiting "
                    + node.status().waitingBytes() + " B; received from " + raw;
        }

        boolean sequencing() {
            return order.describe(G).contains("(sequencing)");
        }

        void kill() {
            order.close();
            node.close();
        }
    }

    /** The total-order members of a test, closed (their timers stopped) before the cluster closes their nodes. */
    private static final class Members implements AutoCloseable {
        final List<Member> list = new ArrayList<>();

        @Override
        public void close() {
            list.forEach(m -> m.order().close());
        }
    }

    @Test
    void shouldDeliverEveryMessageInOneOrderAtEveryMember() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster(); Members started = new Members()) {
            List<Member> members = startThreeSitesOfTwo(cluster, started);
            long startNs = System.nanoTime();
            int refused = sendFromEach(members, null, null, null);
            long expected = (long) members.size() * PER_SENDER;
            awaitOrDump("every member delivered all " + expected + " messages", members, members,
                    () -> members.stream().allMatch(m -> m.log().messages() == expected));
            double seconds = (System.nanoTime() - startNs) / 1e9;

            OrderChecker.Result result = OrderChecker.check(logs(members));
            System.out.printf("total order on loopback: %d members x %d messages, %d events in one order in %.2f s"
                    + " (%.0f msg/s delivered per member; sends refused for a full queue and retried: %d)%n",
                    members.size(), PER_SENDER, result.events(), seconds, expected / seconds, refused);
            assertThat(result.problems()).isEmpty();
            assertThat(result.ok()).isTrue();
            assertSameMessageSequence(members);
            for (Member m : members) {
                assertThat(distinctMessages(m, ids(members))).as("distinct messages at " + m.id()).isEqualTo(expected);
            }
        }
    }

    @Test
    void shouldKeepOneOrderWhenTheSequencerIsKilled() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster(); Members started = new Members()) {
            List<Member> members = startThreeSitesOfTwo(cluster, started);
            awaitOrDump("one member sequencing", members, members,
                    () -> members.stream().filter(Member::sequencing).count() == 1);
            Member sequencer = members.stream().filter(Member::sequencing).findFirst().orElseThrow();
            killMidSendingAndCheck(members, sequencer, "sequencer");
            List<Member> survivors = without(members, sequencer);
            awaitOrDump("one survivor sequencing", survivors, members,
                    () -> survivors.stream().filter(Member::sequencing).count() == 1);
        }
    }

    @Test
    void shouldKeepOneOrderWhenASitesDelegateIsKilled() throws Exception {
        try (LoopbackCluster cluster = new LoopbackCluster(); Members started = new Members()) {
            List<Member> members = startThreeSitesOfTwo(cluster, started);
            awaitOrDump("one member sequencing", members, members,
                    () -> members.stream().filter(Member::sequencing).count() == 1);
            Member sequencer = members.stream().filter(Member::sequencing).findFirst().orElseThrow();
            Member delegate = members.stream()
                    .filter(m -> !m.id().site().equals(sequencer.id().site()) && m.node().isDelegate())
                    .findFirst().orElseThrow();
            killMidSendingAndCheck(members, delegate, "delegate of site " + delegate.id().site());
            assertThat(sequencer.sequencing()).as("the sequencer " + sequencer.id() + " still sequences").isTrue();
        }
    }

    /**
     * Every member sends; once each sent half its messages the victim stops sending and is killed while the others
     * go on. Every survivor must then deliver every survivor's message, agree on a view without the victim, and every
     * log (the victim's too) must pass the checker.
     */
    private static void killMidSendingAndCheck(List<Member> members, Member victim, String role) throws Exception {
        List<Member> survivors = without(members, victim);
        CountDownLatch halfway = new CountDownLatch(members.size());
        CountDownLatch killed = new CountDownLatch(1);
        long startNs = System.nanoTime();
        long[] killedAtNs = new long[1];
        Thread killer = new Thread(() -> {
            try {
                if (halfway.await(GENEROUS.toSeconds(), TimeUnit.SECONDS)) {
                    killedAtNs[0] = System.nanoTime();
                    victim.kill();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                killed.countDown();
            }
        }, "killer");
        killer.start();
        int refused = sendFromEach(members, victim, halfway, killed);
        assertThat(killed.await(GENEROUS.toSeconds(), TimeUnit.SECONDS)).as("victim killed").isTrue();
        assertThat(killedAtNs[0]).as("every sender reached half its messages").isPositive();

        Set<MemberId> survivorIds = ids(survivors);
        long expected = (long) survivors.size() * PER_SENDER;
        awaitOrDump("every survivor delivered all " + expected + " survivors' messages and a view without "
                + victim.id(), survivors, members, () -> survivors.stream().allMatch(m ->
                distinctMessages(m, survivorIds) == expected
                        && m.order().view(G).map(v -> Set.copyOf(v.members()).equals(survivorIds)).orElse(false)));
        awaitOrDump("every survivor delivered as many messages", survivors, members,
                () -> survivors.stream().map(m -> m.log().messages()).distinct().count() == 1);
        double seconds = (System.nanoTime() - startNs) / 1e9;
        double afterKill = (System.nanoTime() - killedAtNs[0]) / 1e9;

        OrderChecker.Result result = OrderChecker.check(logs(members));
        long fromVictim = distinctMessages(survivors.get(0), Set.of(victim.id()));
        System.out.printf("total order on loopback, %s %s killed: %d events in one order in %.2f s (the survivors"
                + " had everything %.2f s after the kill); %d of the victim's %d messages delivered; sends refused and"
                + " retried: %d; now %s%n", role, victim.id(), result.events(), seconds, afterKill, fromVictim,
                PER_SENDER / 2, refused,
                survivors.stream().filter(Member::sequencing).map(m -> m.id() + " sequences").findFirst()
                        .orElse("no member sequences"));
        assertThat(result.problems()).isEmpty();
        assertThat(result.ok()).isTrue();
        assertSameMessageSequence(survivors);
        for (Member m : survivors) {
            assertThat(m.log().messages()).as("messages at " + m.id() + " (no duplicates)")
                    .isEqualTo(expected + fromVictim);
        }
    }

    /** Starts a1, a2, b1, b2, c1, c2, each wrapped and joined to {@link #G} with total order; awaits one view. */
    private static List<Member> startThreeSitesOfTwo(LoopbackCluster cluster, Members started) {
        List<Member> members = started.list;
        for (String site : List.of("a", "b", "c")) {
            for (int i = 1; i <= 2; i++) {
                GcsNode node = cluster.start(site, site + i);
                TotalOrderMember order = TotalOrderMember.over(node);
                DeliveryLog log = new DeliveryLog(node.self(), G);
                order.onOrdered(log);
                RawReceptions raw = new RawReceptions();
                node.onMessage(raw::accept);
                members.add(new Member(node, order, log, raw));
            }
        }
        members.forEach(m -> m.order().join(G, Ordering.TOTAL));
        Set<MemberId> all = ids(members);
        awaitOrDump("one agreed view of all six members", members, members, () -> members.stream()
                .allMatch(m -> m.order().view(G).map(v -> Set.copyOf(v.members()).equals(all)).orElse(false)));
        return members;
    }

    /**
     * Every member sends {@link #PER_SENDER} unique payloads from its own thread, all at once; a full send queue is
     * waited out, never dropped. With a victim: each sender counts down {@code halfway} once it sent half its
     * messages, the victim stops there, the others send another quarter and then wait for {@code killed} before the
     * last quarter (so that the kill falls among sends in flight, and some are sent only after it).
     */
    private static int sendFromEach(List<Member> members, Member victim, CountDownLatch halfway,
                                    CountDownLatch killed) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(members.size());
        try {
            List<Future<Integer>> sending = new ArrayList<>();
            for (Member m : members) {
                int count = m == victim ? PER_SENDER / 2 : PER_SENDER;
                sending.add(pool.submit(() -> send(m, count, halfway, killed)));
            }
            int refused = 0;
            for (Future<Integer> f : sending) {
                refused += f.get(GENEROUS.toSeconds(), TimeUnit.SECONDS);
            }
            return refused;
        } finally {
            pool.shutdownNow();
        }
    }

    private static int send(Member m, int count, CountDownLatch halfway, CountDownLatch killed) throws Exception {
        ArrayDeque<CompletableFuture<Void>> inFlight = new ArrayDeque<>();
        int refused = 0;
        for (int k = 1; k <= count; k++) {
            byte[] payload = payload(m.id(), k);
            while (true) {
                try {
                    inFlight.add(m.order().sendAsync(G, payload).toCompletableFuture());
                    break;
                } catch (SendQueueFullException full) {
                    refused++;
                    CompletableFuture<Void> oldest = inFlight.poll();
                    if (oldest != null) {
                        oldest.get(GENEROUS.toSeconds(), TimeUnit.SECONDS); // the queue drains as sends complete
                    } else {
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2)); // full of protocol messages: retry
                    }
                }
            }
            while (!inFlight.isEmpty() && inFlight.peek().isDone()) {
                inFlight.poll().join();
            }
            if (k == PER_SENDER / 2 && halfway != null) {
                halfway.countDown();
            }
            if (k == PER_SENDER * 3 / 4 && killed != null
                    && !killed.await(GENEROUS.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError("the victim was not killed");
            }
        }
        return refused;
    }

    /** @return a payload no other send has: the sender's name and the message's number, padded to 64 bytes */
    private static byte[] payload(MemberId sender, int k) {
        byte[] name = sender.toString().getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(64).putInt(k).putInt(name.length).put(name).array();
    }

    /** @return the distinct messages from these senders a member delivered, over all its incarnations */
    private static long distinctMessages(Member m, Set<MemberId> senders) {
        return m.log().incarnations().stream().flatMap(List::stream)
                .filter(e -> !e.isView() && senders.contains(e.sender()))
                .map(e -> e.sender() + "#" + e.seq() + "#" + e.contentHash())
                .distinct().count();
    }

    /** Every member delivered the same messages at the same positions (position, sender, number, payload hash). */
    private static void assertSameMessageSequence(List<Member> members) {
        List<DeliveryLog.Event> first = messageSequence(members.get(0));
        for (Member m : members) {
            assertThat(messageSequence(m)).as("message sequence of " + m.id() + " against " + members.get(0).id())
                    .isEqualTo(first);
        }
    }

    private static List<DeliveryLog.Event> messageSequence(Member m) {
        return m.log().incarnations().stream().flatMap(List::stream).filter(e -> !e.isView()).toList();
    }

    private static void awaitOrDump(String what, List<Member> watched, List<Member> all, Callable<Boolean> done) {
        try {
            await().atMost(GENEROUS).pollInterval(Duration.ofMillis(50)).until(done);
        } catch (ConditionTimeoutException timeout) {
            String state = all.stream().map(m -> "  " + m.describe()
                    + (watched.contains(m) ? "" : " (killed)")).collect(Collectors.joining("\n"));
            System.out.println("not reached within " + GENEROUS.toSeconds() + " s: " + what + "\n" + state);
            throw new AssertionError("not reached within " + GENEROUS.toSeconds() + " s: " + what + "\n" + state,
                    timeout);
        }
    }

    private static List<DeliveryLog> logs(List<Member> members) {
        return members.stream().map(Member::log).toList();
    }

    private static Set<MemberId> ids(List<Member> members) {
        return members.stream().map(Member::id).collect(Collectors.toCollection(HashSet::new));
    }

    private static List<Member> without(List<Member> members, Member gone) {
        return members.stream().filter(m -> m != gone).toList();
    }
}
