package org.gcs.examples.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
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
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.gcs.SendQueueFullException;
import org.gcs.emulator.LinkEmulation;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.LossProfile;
import org.gcs.emulator.Topology;
import org.gcs.order.OrderedListener;
import org.gcs.order.TotalOrderMember;
import org.junit.jupiter.api.Test;

/**
 * Replicas of a {@link ReplicatedMap} on real nodes on loopback converge: three sites of two members, the link
 * emulator dropping {@value #LOSS_PERCENT} % of the WAN datagrams in every direction, every member writing
 * {@value #DEFAULT_OPS} random puts, removes and conditional writes at once on a few keys (so that their order
 * matters), and the delegate of site b killed halfway (its total-order member and its node closed at once, its own
 * writes possibly still unordered). Every surviving replica must then apply every survivor's write and the same
 * writes of the victim, and hold the same bytes, with the same outcome of every write at the same position.
 *
 * <p>Seeded: {@code -Dgcs.kv.seed=N} (the writes each member chooses, and the emulated loss), {@code -Dgcs.kv.ops=N}
 * (writes per member), {@code -Dgcs.kv.victimSite=S} (the site whose delegate is killed, default b). The
 * interleaving of the members is the machine's, so a run is not repeated exactly.
 */
class ReplicatedMapConvergenceTest {
    private static final String G = "kv";
    private static final int LOSS_PERCENT = 8;
    private static final int DEFAULT_OPS = 300;
    private static final int OPS = Integer.getInteger("gcs.kv.ops", DEFAULT_OPS);
    private static final long SEED = Long.getLong("gcs.kv.seed", 20_261_129L);
    private static final int KEYS = 12;
    /** Writes of one member in flight (sent, not yet applied here) at most. */
    private static final int WINDOW = 16;
    /** The site whose delegate is killed; {@code a}'s is usually the sequencer too (its first member founded). */
    private static final String VICTIM_SITE = System.getProperty("gcs.kv.victimSite", "b");
    /** The site timeout is 3 s (LoopbackSites): every wait allows several of them. */
    private static final Duration GENEROUS = Duration.ofSeconds(30);

    /** One member: its node, total-order member, replica, what the replica applied, and its node's meters. */
    private record Replica(GcsNode node, TotalOrderMember order, ReplicatedMap map, List<KvResult> log,
                           MeterRegistry meters) {
        MemberId id() {
            return node.self();
        }

        List<KvResult> applied() {
            synchronized (log) {
                return List.copyOf(log);
            }
        }

        long appliedFrom(Set<String> origins) {
            return applied().stream().filter(r -> origins.contains(r.op().id().origin())).count();
        }

        boolean viewIs(Set<MemberId> members) {
            return map.view().map(v -> Set.copyOf(v.members()).equals(members)).orElse(false);
        }

        String describe() {
            return id() + ": applied " + map.applied() + ", view " + map.view().map(v -> v.viewId() + " "
                    + v.members()).orElse("none") + (order.blocked(G) ? " BLOCKED" : "") + "; " + order.describe(G);
        }
    }

    /** Closes the total-order members (their timers) before the sites close the nodes. */
    private static final class Replicas implements AutoCloseable {
        final List<Replica> list = new ArrayList<>();

        @Override
        public void close() {
            list.forEach(r -> r.order().close());
        }
    }

    @Test
    void survivingReplicasShouldHoldTheSameBytesUnderLossAndADelegateCrash() throws Exception {
        LinkProfile lossy = LinkProfile.IDEAL.withOneWayDelayNs(5_000_000L)
                .withLoss(LossProfile.bernoulli(LOSS_PERCENT / 100.0))
                .withBandwidthBitsPerSec(50_000_000L).withQueueBytes(512 * 1024);
        Topology wan = Topology.builder("kv-lossy3").site("a").site("b").site("c")
                .bidirectionalLink("a", "b", lossy).bidirectionalLink("b", "c", lossy)
                .bidirectionalLink("a", "c", lossy).build();
        CountingEmulation emulation = new CountingEmulation(LinkEmulation.of(wan, SEED));
        try (LoopbackSites sites = new LoopbackSites(); Replicas started = new Replicas()) {
            List<Replica> all = startThreeSitesOfTwo(sites, started, emulation);
            Replica victim = all.stream().filter(r -> r.id().site().equals(VICTIM_SITE) && r.node().isDelegate())
                    .findFirst().orElseThrow();
            boolean victimSequenced = victim.order().describe(G).contains("(sequencing)");
            long viewBefore = all.get(0).map().view().orElseThrow().viewId();
            List<Replica> survivors = all.stream().filter(r -> r != victim).toList();
            Map<MemberId, Long> viewWithoutVictimNs = new ConcurrentHashMap<>();
            for (Replica r : survivors) {
                r.order().onOrdered(new OrderedListener() {
                    @Override
                    public void onMessage(GroupMessage message, long position) {
                    }

                    @Override
                    public void onView(GroupView view, long position) {
                        if (!view.contains(victim.id())) {
                            viewWithoutVictimNs.putIfAbsent(r.id(), System.nanoTime());
                        }
                    }
                });
            }

            long startNs = System.nanoTime();
            CountDownLatch halfway = new CountDownLatch(all.size());
            CountDownLatch killed = new CountDownLatch(1);
            long[] killedAtNs = new long[1];
            long[] lostAtKill = new long[1];
            long[] victimOwnAppliedAtKill = new long[1];
            Thread killer = new Thread(() -> {
                try {
                    if (halfway.await(GENEROUS.toSeconds(), TimeUnit.SECONDS)) {
                        lostAtKill[0] = emulation.droppedByLoss();
                        victimOwnAppliedAtKill[0] = victim.appliedFrom(Set.of(victim.map().origin()));
                        killedAtNs[0] = System.nanoTime();
                        victim.order().close();
                        victim.node().close();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    killed.countDown();
                }
            }, "kv-killer");
            killer.start();
            Counts[] written = writeFromEach(all, victim, halfway, killed);
            Counts counts = written[0];
            killer.join(GENEROUS.toMillis());
            assertThat(killedAtNs[0]).as("the victim was killed once every member wrote half its writes").isPositive();

            Set<MemberId> survivorIds = survivors.stream().map(Replica::id).collect(Collectors.toSet());
            Set<String> survivorOrigins = survivors.stream().map(r -> r.map().origin()).collect(Collectors.toSet());
            long expected = (long) survivors.size() * OPS;
            awaitOrDump("every survivor applied all " + expected + " survivors' writes and a view without "
                    + victim.id(), all, () -> survivors.stream().allMatch(r -> r.appliedFrom(survivorOrigins)
                    == expected && r.viewIs(survivorIds)));
            awaitOrDump("every survivor applied as many writes", all,
                    () -> survivors.stream().map(r -> r.map().applied()).distinct().count() == 1);
            double seconds = (System.nanoTime() - startNs) / 1e9;

            Replica first = survivors.get(0);
            List<KvResult> order = first.applied();
            long fromVictim = first.appliedFrom(Set.of(victim.map().origin()));
            long casWon = order.stream().filter(r -> r.op() instanceof KvOp.CompareAndSet && r.applied()).count();
            long casLost = order.stream().filter(r -> r.op() instanceof KvOp.CompareAndSet && !r.applied()).count();
            long lost = emulation.droppedByLoss();
            long lostMeter = sum(survivors, "gcs.emulator.datagrams.dropped");
            long retransmits = sum(survivors, "gcs.flow.retransmits");
            GroupView last = first.map().view().orElseThrow();
            System.out.printf("replicated map on loopback (seed %d, %d %% WAN loss): %d writes applied at each of %d"
                    + " survivors in %.2f s (%.2f s after the kill of %s, the delegate of site %s%s); the victim sent"
                    + " %d writes, had applied %d of them when it was killed, the survivors applied %d;"
                    + " compare-and-set won %d, lost %d; view %d -> %d %s%n",
                    SEED, LOSS_PERCENT, order.size(), survivors.size(), seconds,
                    (System.nanoTime() - killedAtNs[0]) / 1e9, victim.id(), VICTIM_SITE,
                    victimSequenced ? ", which was the sequencer" : "", written[1].written,
                    victimOwnAppliedAtKill[0], fromVictim, casWon, casLost, viewBefore, last.viewId(), last.members());
            System.out.printf("  the survivors installed a view without the victim %s ms after the kill%n",
                    survivors.stream().map(r -> String.valueOf((viewWithoutVictimNs.get(r.id()) - killedAtNs[0])
                            / 1_000_000)).collect(Collectors.joining(", ")));
            System.out.printf("  WAN datagrams dropped by the emulator %d (%d before the kill; the nodes' meter says"
                    + " %d), sent after the emulated delay %d; retransmits %d; writes refused for a full queue and"
                    + " retried %d; write to own apply, survivors: p50 %d ms, p99 %d ms, max %d ms; digest %s%n",
                    lost, lostAtKill[0], lostMeter, emulation.delayed(), retransmits, counts.refused,
                    counts.percentileMs(50), counts.percentileMs(99), counts.percentileMs(100), first.map().digest());

            assertThat(counts.failed).as("survivors' writes that failed").isZero();
            String digests = survivors.stream().map(r -> r.id() + " " + r.map().digest() + " (" + r.map().size()
                    + " keys)").collect(Collectors.joining(", "));
            for (Replica r : survivors) {
                assertThat(r.map().encode()).as("the bytes of " + r.id() + " against " + first.id() + "; " + digests)
                        .isEqualTo(first.map().encode());
            }
            for (Replica r : survivors) {
                assertThat(r.applied()).as("writes, positions and outcomes at " + r.id() + " against " + first.id())
                        .isEqualTo(order);
                assertThat(r.map().anomalies()).as("anomalies at " + r.id()).isZero();
                assertThat(r.map().stale()).as("stale at " + r.id()).isFalse();
            }
            List<KvResult> victimLog = victim.applied();
            assertThat(order.subList(0, Math.min(victimLog.size(), order.size()))).as("the victim applied a prefix")
                    .isEqualTo(victimLog);
            KvStore replay = new KvStore();
            order.forEach(r -> assertThat(replay.apply(r.op(), r.position())).isEqualTo(r));
            assertThat(replay.encode()).as("the order replayed").isEqualTo(first.map().encode());
            assertThat(casWon).as("conditional writes that won").isPositive();
            assertThat(casLost).as("conditional writes that lost (conflicts)").isPositive();
            assertThat(lost).as("WAN datagrams the emulator dropped").isPositive();
            assertThat(retransmits).as("repairs of the emulated loss").isPositive();
            assertThat(seconds).as("wall time of the writing and convergence, s").isLessThan(60);
        }
    }

    /** Starts a1, a2, b1, b2, c1, c2 with the emulated WAN, a replica on each; awaits one agreed view of all six. */
    private static List<Replica> startThreeSitesOfTwo(LoopbackSites sites, Replicas started,
                                                      CountingEmulation emulation) {
        List<Replica> all = started.list;
        for (String site : List.of("a", "b", "c")) {
            for (int i = 1; i <= 2; i++) {
                MeterRegistry meters = new SimpleMeterRegistry();
                GcsNode node = sites.start(site, site + i,
                        b -> b.wanPipelineHook(emulation).meterRegistry(meters));
                TotalOrderMember order = TotalOrderMember.over(node);
                all.add(new Replica(node, order, null, Collections.synchronizedList(new ArrayList<>()), meters));
            }
        }
        for (int i = 0; i < all.size(); i++) {
            Replica r = all.get(i);
            ReplicatedMap map = ReplicatedMap.join(r.order(), G);
            map.onApplied(r.log()::add);
            all.set(i, new Replica(r.node(), r.order(), map, r.log(), r.meters()));
        }
        Set<MemberId> ids = all.stream().map(Replica::id).collect(Collectors.toSet());
        awaitOrDump("one agreed view of all six members", all, () -> all.stream().allMatch(r -> r.viewIs(ids)));
        return all;
    }

    /** Writes handed to the map, refused for a full queue (and retried), failed, and their latencies. */
    private static final class Counts {
        final List<Long> latenciesNs = Collections.synchronizedList(new ArrayList<>());
        int written;
        int refused;
        int failed;

        void add(Counts other) {
            latenciesNs.addAll(other.latenciesNs);
            written += other.written;
            refused += other.refused;
            failed += other.failed;
        }

        long percentileMs(int p) {
            List<Long> sorted;
            synchronized (latenciesNs) {
                sorted = latenciesNs.stream().sorted().toList();
            }
            return sorted.isEmpty() ? -1 : sorted.get(Math.max(0, (int) Math.ceil(p / 100.0 * sorted.size()) - 1))
                    / 1_000_000;
        }
    }

    /**
     * Every member writes {@link #OPS} writes from its own thread, all at once. Each counts down {@code halfway} once
     * it wrote half, writes another quarter, then waits for {@code killed} before the last quarter, so that the kill
     * falls among writes in flight and some are written after it. The victim writes on until it is killed, and stops
     * there. Returns the survivors' counts and the victim's.
     */
    private static Counts[] writeFromEach(List<Replica> all, Replica victim, CountDownLatch halfway,
                                          CountDownLatch killed) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(all.size());
        try {
            List<Future<Counts>> writing = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                Replica r = all.get(i);
                SplittableRandom random = new SplittableRandom(SEED * 31 + i);
                writing.add(pool.submit(() -> write(r, random, r == victim, halfway, killed)));
            }
            Counts survivors = new Counts();
            Counts ofVictim = new Counts();
            for (int i = 0; i < all.size(); i++) {
                Counts c = writing.get(i).get(2 * GENEROUS.toSeconds(), TimeUnit.SECONDS);
                (all.get(i) == victim ? ofVictim : survivors).add(c);
            }
            return new Counts[] {survivors, ofVictim};
        } finally {
            pool.shutdownNow();
        }
    }

    private static Counts write(Replica r, SplittableRandom random, boolean victim, CountDownLatch halfway,
                                CountDownLatch killed) throws Exception {
        Counts counts = new Counts();
        ArrayDeque<CompletableFuture<KvResult>> inFlight = new ArrayDeque<>();
        try {
            for (int k = 1; k <= OPS && !(victim && killed.getCount() == 0); k++) {
                while (inFlight.size() >= WINDOW) {
                    if (!awaitOldest(inFlight, counts, victim ? killed : null)) {
                        return counts; // the victim, killed while waiting
                    }
                }
                while (true) {
                    try {
                        long sentNs = System.nanoTime();
                        CompletableFuture<KvResult> write = writeOne(r.map(), random, k);
                        write.thenRun(() -> counts.latenciesNs.add(System.nanoTime() - sentNs));
                        inFlight.add(write);
                        counts.written++;
                        break;
                    } catch (SendQueueFullException full) {
                        counts.refused++;
                        if (inFlight.isEmpty()) {
                            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2)); // full of protocol messages
                        } else if (!awaitOldest(inFlight, counts, victim ? killed : null)) {
                            return counts;
                        }
                    }
                }
                if (k == OPS / 2) {
                    halfway.countDown();
                }
                if (k == OPS * 3 / 4 && !killed.await(GENEROUS.toSeconds(), TimeUnit.SECONDS)) {
                    throw new AssertionError("the victim was not killed");
                }
            }
        } catch (RuntimeException closed) {
            if (!victim) {
                throw closed;
            }
            return counts; // the victim's node closed under its write (GcsClosedException)
        }
        while (!victim && !inFlight.isEmpty()) {
            awaitOldest(inFlight, counts, null);
        }
        return counts;
    }

    /**
     * Waits for the oldest write in flight to be applied here (a failure is counted).
     *
     * @param killed for the victim: stop waiting once it is killed (its writes may never be applied)
     * @return false if the victim was killed before its write was applied
     */
    private static boolean awaitOldest(ArrayDeque<CompletableFuture<KvResult>> inFlight, Counts counts,
                                       CountDownLatch killed) throws Exception {
        CompletableFuture<KvResult> oldest = inFlight.peek();
        long deadlineNs = System.nanoTime() + GENEROUS.toNanos();
        while (true) {
            try {
                oldest.get(killed == null ? GENEROUS.toMillis() : 20, TimeUnit.MILLISECONDS);
                break;
            } catch (java.util.concurrent.ExecutionException e) {
                counts.failed++;
                break;
            } catch (java.util.concurrent.TimeoutException e) {
                if (killed == null || System.nanoTime() > deadlineNs) {
                    throw e;
                }
                if (killed.getCount() == 0) {
                    return false;
                }
            }
        }
        inFlight.poll();
        return true;
    }

    /**
     * One random write on one of {@link #KEYS} keys: a put (40 %), a remove (15 %), a compare-and-set from the value
     * this replica reads now (25 %: it loses if another write of the key is ordered first), or a put-if-absent.
     */
    private static CompletableFuture<KvResult> writeOne(ReplicatedMap map, SplittableRandom random, int k) {
        String key = "k" + random.nextInt(KEYS);
        String value = map.origin() + ":" + k;
        int dice = random.nextInt(100);
        if (dice < 40) {
            return map.put(key, value);
        } else if (dice < 55) {
            return map.remove(key);
        } else if (dice < 80) {
            return map.compareAndSet(key, map.get(key).orElse(null), value);
        }
        return map.putIfAbsent(key, value);
    }

    private static long sum(List<Replica> replicas, String meter) {
        double total = 0;
        for (Replica r : replicas) {
            for (Meter m : r.meters().find(meter).meters()) {
                for (Measurement measurement : m.measure()) {
                    total += measurement.getValue();
                }
            }
        }
        return (long) total;
    }

    private static void awaitOrDump(String what, List<Replica> all, Callable<Boolean> done) {
        try {
            await().atMost(GENEROUS).pollInterval(Duration.ofMillis(50)).until(done);
        } catch (ConditionTimeoutException timeout) {
            String state = all.stream().map(r -> "  " + r.describe()).collect(Collectors.joining("\n"));
            System.out.println("not reached within " + GENEROUS.toSeconds() + " s: " + what + "\n" + state);
            throw new AssertionError("not reached within " + GENEROUS.toSeconds() + " s: " + what + "\n" + state,
                    timeout);
        }
    }
}
