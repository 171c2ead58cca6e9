package org.gcs.alm.swim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * SWIM with Lifeguard in a virtual-time network ({@link SwimNetwork}): 20–60 ms one-way delay, 5 % independent
 * loss per message, default settings (T = 1 s, probe timeout 500 ms, k = 3, α = 4, β = 6, λ = 4), fixed seeds.
 * Prints a table of the runs once all are done: messages sent per member per second, when every member up had
 * declared a crashed member dead, distinct false suspicions (member, incarnation) and how many members reported
 * them, false deaths, and the updates waiting to be gossiped per member at the end (the backlog).
 *
 * <p>At 2048 members and 5 % loss the group raises more than one false suspicion per second (a probe fails when
 * the Ping or Ack and all three indirect paths are lost, about 6e-4 of probes); gossiping each Suspect and its
 * refutation to everyone then needs more piggy-back room than 8 updates on ~3 messages per member per second, and
 * the backlog grows. The assertions hold there too, but that is the regime where dissemination is thinnest.
 */
class SwimSimulationTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000 * MS;
    private static final double LOSS = 0.05;
    private static final SwimSettings SETTINGS = SwimSettings.DEFAULTS;
    private static final List<String> ROWS = Collections.synchronizedList(new ArrayList<>());

    private static SwimNetwork network(int members, long seed) {
        return new SwimNetwork(members, SETTINGS, 20 * MS, 60 * MS, LOSS, seed);
    }

    /** Messages per member per second over a run of {@code durationNs}, all members up. */
    private static double messageRate(int members, long durationNs, long seed) {
        SwimNetwork network = network(members, seed);
        network.runUntil(durationNs);
        double rate = network.sentMessages() / (double) members / (durationNs / (double) S);
        row(members, durationNs, rate, "-", network);
        assertThat(network.falseDeaths()).as("false deaths at n = %d", members).isZero();
        return rate;
    }

    @Test
    void shouldSendAboutTheSameMessagesPerMemberWhateverTheGroupSize() {
        double small = messageRate(64, 180 * S, 1);
        // 2048 members: two minutes of virtual time, not three, to keep the wall time well under 30 s on 2 busy cores
        double large = messageRate(2048, 120 * S, 2);
        assertThat(small).as("per member per second: a Ping and an Ack, plus the indirect probes").isBetween(1.5, 4.0);
        assertThat(large).isLessThanOrEqualTo(2 * small);
    }

    /** Crashes one member after a warm-up and waits until every member up has declared it dead. */
    private static void detectCrash(int members, long seed) {
        SwimNetwork network = network(members, seed);
        long crashAtNs = 30 * S;
        network.runUntil(crashAtNs);
        String crashed = network.id(members / 2);
        network.crash(crashed);
        long minNs = SuspicionTimers.minTimeoutNs(SETTINGS.suspicionMultiplier(), members, SETTINGS.probeIntervalNs());
        long boundNs = 3 * (minNs + 3 * SETTINGS.probeIntervalNs());
        long endNs = crashAtNs + boundNs;
        for (long t = crashAtNs; t < endNs && network.deathsDeclared(crashed).size() < members - 1; t += 100 * MS) {
            network.runUntil(t);
        }
        Map<String, Long> declared = network.deathsDeclared(crashed);
        long lastNs = declared.values().stream().mapToLong(Long::longValue).max().orElse(Long.MAX_VALUE);
        long firstNs = declared.values().stream().mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE);
        String detection = declared.size() == members - 1
                ? String.format("%.1f s (first %.1f s; bound %.1f s)", (lastNs - crashAtNs) / (double) S,
                        (firstNs - crashAtNs) / (double) S, boundNs / (double) S)
                : declared.size() + " of " + (members - 1) + " by the bound";
        row(members, network.nowNs(), network.sentMessages() / (double) members / (network.nowNs() / (double) S),
                detection, network);
        assertThat(declared).as("members that declared %s dead", crashed).hasSize(members - 1);
        assertThat(lastNs - crashAtNs).isLessThanOrEqualTo(boundNs);
        assertThat(network.falseDeaths()).isZero();
    }

    /**
     * Every member takes a new incarnation at once (as GCS's sites do when their memberships change, or as a
     * thousand joins do), which leaves each member about n updates of membership news to gossip λ · ceil(log10(n + 1))
     * times, far more than 8 updates on ~3 messages a second carry for a minute. A crash just after must still be
     * detected everywhere within 3 suspicion minima, and the refutations of false suspicions must still come in
     * time: news of failure goes first ({@link DisseminationQueue}). Without that, at 512 members: detection in 49 to
     * 77 s, and 34 false deaths in seed 1.
     */
    @Test
    void shouldDetectACrashAndRemoveNoLiveMemberWhileABacklogOfMembershipNewsDrains() {
        int members = 512;
        for (long seed = 1; seed <= 2; seed++) {
            SwimNetwork network = network(members, seed);
            network.runUntil(20 * S);
            for (int i = 0; i < members; i++) {
                network.member(network.id(i)).raiseIncarnation(1);
            }
            network.runUntil(22 * S);
            String crashed = network.id(members / 2 + 7);
            network.crash(crashed);
            long boundNs = 3 * SuspicionTimers.minTimeoutNs(SETTINGS.suspicionMultiplier(), members,
                    SETTINGS.probeIntervalNs());
            network.runUntil(22 * S + boundNs);
            assertThat(network.deathsDeclared(crashed)).as("members that declared %s dead within %d s (seed %d)",
                    crashed, boundNs / S, seed).hasSize(members - 1);
            assertThat(network.falseDeathReports()).as("seed %d", seed).isEmpty();
            assertThat(network.averagePendingGossip()).as("the membership news, still draining").isGreaterThan(100);
        }
    }

    @Test
    void shouldDeclareACrashedMemberDeadEverywhereWithinThreeTimesTheSuspicionMinimum() {
        detectCrash(64, 3);
        detectCrash(512, 4);
        detectCrash(2048, 5);
    }

    @Test
    void shouldNeverDeclareALiveMemberDeadAtFivePercentLoss() {
        for (int members : new int[] {64, 512}) {
            SwimNetwork network = network(members, 6 + members);
            long durationNs = 600 * S;
            network.runUntil(durationNs);
            row(members, durationNs, network.sentMessages() / (double) members / (durationNs / (double) S), "-",
                    network);
            assertThat(network.falseDeaths()).as("false deaths at n = %d", members).isZero();
            for (int i = 0; i < members; i++) {
                assertThat(network.member(network.id(i)).liveMembers()).hasSize(members - 1);
            }
        }
    }

    private static void row(int members, long durationNs, double rate, String detection, SwimNetwork network) {
        ROWS.add(String.format("| %5d | %3.0f %% | %5.0f s | %13.2f | %-36s | %5d (%6d reports) | %12d | %7.1f |",
                members, LOSS * 100, durationNs / (double) S, rate, detection, network.falseSuspicions(),
                network.falseSuspicionEvents(), network.falseDeaths(), network.averagePendingGossip()));
    }

    @AfterAll
    static void printTable() {
        System.out.println("|     N | loss | virtual | msgs/member/s | crash declared dead by all members   "
                + "| false suspicions       | false deaths | backlog |");
        ROWS.forEach(System.out::println);
    }
}
