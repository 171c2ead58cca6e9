package org.gcs.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gcs.internal.flow.VirtualFlowNet.MS;
import static org.gcs.internal.flow.VirtualFlowNet.S;
import static org.gcs.internal.flow.VirtualFlowNet.link;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.gcs.emulator.LinkProfile;
import org.gcs.emulator.LossProfile;
import org.gcs.internal.flow.VirtualFlowNet.Delivery;
import org.gcs.internal.flow.VirtualFlowNet.Message;
import org.gcs.internal.flow.VirtualFlowNet.Site;
import org.gcs.internal.flow.VirtualFlowNet.StableReport;
import org.junit.jupiter.api.Test;

/**
 * The meta-flow reliability engine (one {@link MetaFlowSender}, three {@link MetaFlowReceiver}s) over emulated
 * links in virtual time.
 */
class MetaFlowReliabilityTest {

    private static final List<String> RECEIVERS = List.of("b", "c", "d");
    private static final Map<String, Long> DELAY_NS = Map.of("b", 20 * MS, "c", 40 * MS, "d", 60 * MS);
    private static final int MESSAGES = 3000;
    private static final int PER_TICK = 2;
    private static final int WINDOW_PACKETS = 64;
    private static final long DEADLINE_NS = 600 * S;

    // ------------------------------------------------------------------ loss scenarios

    @Test
    void shouldDeliverEverythingInOrderWithoutRepairsWhenNothingIsLost() {
        VirtualFlowNet net = runWorkload(11, LossProfile.none(), LossProfile.none());

        assertCompleteAndExact(net);
        assertThat(net.sender.retransmits()).isZero();
        for (String name : RECEIVERS) {
            assertThat(net.site(name).receiver.naksSent()).as("NAKs of %s", name).isZero();
            assertThat(net.site(name).receiver.duplicates()).as("duplicates at %s", name).isZero();
            assertThat(net.site(name).dataLink.packetsDroppedByQueue()).isZero();
        }
        assertThat(net.sender.packetsSent()).isEqualTo(3L * net.sender.highestSeq());
        for (String name : RECEIVERS) {
            assertThat(net.site(name).syncSentNs).as("only the initial sync to %s, no probes", name).hasSize(1);
            long pathRtt = 2 * DELAY_NS.get(name);
            assertThat(net.sender.smoothedRttNs(name)).as("RTT to %s from echoes minus hold times", name)
                    .isBetween(pathRtt, pathRtt + 5 * MS);
        }
    }

    @Test
    void shouldRepairBernoulliLoss() {
        VirtualFlowNet net = runWorkload(12, LossProfile.bernoulli(0.05), LossProfile.bernoulli(0.05));

        assertCompleteAndExact(net);
        assertRepairsHappened(net);
    }

    @Test
    void shouldRepairBurstyGilbertElliottLoss() {
        VirtualFlowNet net = runWorkload(13, LossProfile.bursty(0.05, 4), LossProfile.bursty(0.05, 4));

        assertCompleteAndExact(net);
        assertRepairsHappened(net);
    }

    @Test
    void shouldRepairTwentyPercentLossInBothDirections() {
        VirtualFlowNet net = runWorkload(14, LossProfile.bernoulli(0.2), LossProfile.bernoulli(0.2));

        assertCompleteAndExact(net);
        assertRepairsHappened(net);
        for (String name : RECEIVERS) {
            assertThat(net.site(name).feedbackLink.packetsDroppedByLoss()).as("feedback lost from %s", name)
                    .isPositive();
        }
    }

    @Test
    void shouldDeliverInOrderWhenJitterReordersPackets() {
        VirtualFlowNet net = new VirtualFlowNet(15);
        for (String name : RECEIVERS) {
            LinkProfile jittery = link(DELAY_NS.get(name), LossProfile.bernoulli(0.02))
                    .withJitterNs(10 * MS).withAllowReorder(true);
            net.addSite(name, jittery, jittery);
        }
        net.workload(MESSAGES, PER_TICK, WINDOW_PACKETS);

        assertThat(net.runUntil(net::everythingDeliveredAndStable, DEADLINE_NS)).isTrue();

        assertCompleteAndExact(net);
    }

    @Test
    void shouldRunDeterministicallyForASeed() {
        VirtualFlowNet first = runWorkload(21, LossProfile.bernoulli(0.05), LossProfile.bursty(0.05, 4));
        VirtualFlowNet second = runWorkload(21, LossProfile.bernoulli(0.05), LossProfile.bursty(0.05, 4));
        VirtualFlowNet other = runWorkload(22, LossProfile.bernoulli(0.05), LossProfile.bursty(0.05, 4));

        assertThat(second.trace).isEqualTo(first.trace);
        assertThat(second.now()).isEqualTo(first.now());
        assertThat(second.sender.retransmits()).isEqualTo(first.sender.retransmits());
        assertThat(other.trace).isNotEqualTo(first.trace);
    }

    // ------------------------------------------------------------------ receivers joining and leaving

    @Test
    void shouldDeliverToALateReceiverExactlyTheMessagesAppendedAfterItWasAdded() {
        VirtualFlowNet net = new VirtualFlowNet(31);
        net.addSite("b", link(20 * MS, LossProfile.bernoulli(0.05)), link(20 * MS, LossProfile.bernoulli(0.05)));
        net.addSite("c", link(40 * MS, LossProfile.bernoulli(0.05)), link(40 * MS, LossProfile.bernoulli(0.05)));
        Site late = net.site("d", link(60 * MS, LossProfile.bernoulli(0.05)), link(60 * MS, LossProfile.bernoulli(0.05)));
        net.workload(1500, PER_TICK, WINDOW_PACKETS);
        long[] startSeq = new long[1];
        net.at(2 * S + 1, () -> {
            startSeq[0] = net.sender.highestSeq() + 1;
            net.addReceiver("d");
        });

        assertThat(net.runUntil(net::everythingDeliveredAndStable, DEADLINE_NS)).isTrue();

        List<Message> afterAdd = net.appendedFrom(startSeq[0]);
        assertThat(afterAdd).hasSizeBetween(100, net.appended.size() - 100);
        assertThat(afterAdd.get(0).appendedNs()).isGreaterThan(2 * S);
        assertDeliveredExactlyOnceInOrder(late.currentDeliveries(), afterAdd);
        assertDeliveredExactlyOnceInOrder(net.site("b").currentDeliveries(), net.appended);
        assertDeliveredExactlyOnceInOrder(net.site("c").currentDeliveries(), net.appended);
        assertAllStableExactlyOnce(net);
        assertThat(late.receiver.nextSeq()).isEqualTo(net.sender.highestSeq() + 1);
    }

    @Test
    void shouldAdvanceTheStablePointWhenASilentReceiverIsRemoved() {
        VirtualFlowNet net = new VirtualFlowNet(32);
        addThreeSites(net, LossProfile.none(), LossProfile.none());
        Site silent = net.site("d");
        silent.feedbackSilent = true;
        SplittableRandom random = new SplittableRandom(32);
        for (int i = 0; i < 40; i++) {
            net.append(i % 2 == 0 ? "a-1" : "a-2", VirtualFlowNet.randomPayload(random, VirtualFlowNet.randomSize(random)));
        }

        net.runUntilTime(3 * S);

        assertThat(net.stable).isEmpty();
        assertThat(net.sender.bufferedPackets()).isEqualTo((int) net.sender.highestSeq());
        assertThat(net.site("b").currentDeliveries()).hasSize(40);
        assertThat(net.site("c").currentDeliveries()).hasSize(40);
        assertThat(silent.syncSentNs).as("probes of the lagging receiver").hasSizeGreaterThan(1);

        net.removeReceiver("d");

        assertThat(net.stable).hasSize(40);
        assertThat(net.stable).allMatch(r -> r.timeNs() == 3 * S);
        assertThat(net.sender.bufferedPackets()).isZero();
        assertThat(net.sender.receiverSites()).containsExactly("b", "c");

        // the flow goes on without it
        int syncsToRemoved = silent.syncSentNs.size();
        net.workload(300, PER_TICK, WINDOW_PACKETS);
        assertThat(net.runUntil(net::everythingDeliveredAndStable, DEADLINE_NS)).isTrue();
        assertDeliveredExactlyOnceInOrder(net.site("b").currentDeliveries(), net.appended);
        assertDeliveredExactlyOnceInOrder(net.site("c").currentDeliveries(), net.appended);
        assertAllStableExactlyOnce(net);
        assertThat(silent.syncSentNs).hasSize(syncsToRemoved);
        assertThat(silent.currentDeliveries()).hasSize(40);
    }

    @Test
    void shouldReportMessagesStableAtOnceWhenThereAreNoReceivers() {
        VirtualFlowNet net = new VirtualFlowNet(33);

        Message m = net.append("a-1", new byte[3000]);

        assertThat(net.stable).containsExactly(new StableReport("a-1", m.incarnation(), 1, 0));
        assertThat(net.sender.bufferedPackets()).isZero();
        assertThat(net.sender.packetsSent()).isZero();
    }

    @Test
    void shouldSkipToTheNewStartWhenARemovedReceiverIsAddedAgain() {
        VirtualFlowNet net = new VirtualFlowNet(34);
        addThreeSites(net, LossProfile.bernoulli(0.05), LossProfile.bernoulli(0.05));
        net.workload(1500, PER_TICK, WINDOW_PACKETS);
        long[] readdStart = new long[1];
        net.at(2 * S, () -> net.removeReceiver("c"));
        net.at(4 * S, () -> {
            readdStart[0] = net.sender.highestSeq() + 1;
            net.addReceiver("c");
        });

        assertThat(net.runUntil(net::everythingDeliveredAndStable, DEADLINE_NS)).isTrue();

        List<Delivery> atC = net.site("c").currentDeliveries();
        List<Delivery> beforeRemoval = atC.stream().filter(d -> d.timeNs() < 4 * S).toList();
        List<Delivery> afterReAdd = atC.stream().filter(d -> d.timeNs() >= 4 * S).toList();
        assertDeliveredExactlyOnceInOrder(beforeRemoval, net.appended.subList(0, beforeRemoval.size()));
        assertDeliveredExactlyOnceInOrder(afterReAdd, net.appendedFrom(readdStart[0]));
        assertThat(beforeRemoval.size()).isLessThan(net.appended.size() - net.appendedFrom(readdStart[0]).size());
        assertDeliveredExactlyOnceInOrder(net.site("b").currentDeliveries(), net.appended);
        assertAllStableExactlyOnce(net);
    }

    @Test
    void shouldContinueFromTheOldCumulativeAckAfterTheReceiverIsReplaced() {
        VirtualFlowNet net = new VirtualFlowNet(35);
        addThreeSites(net, LossProfile.bernoulli(0.05), LossProfile.bernoulli(0.05));
        Site c = net.site("c");
        net.workload(2000, PER_TICK, WINDOW_PACKETS);
        // the delegate of c fails while a data packet is on its way to it (from 3 s on, at the first instant one
        // was sent in the last 10 ms); its successor's first packet reaches the sender one one-way delay later
        Runnable failWhileDataInFlight = new Runnable() {
            @Override
            public void run() {
                if (net.now() - c.lastDataSentNs > 10 * MS) {
                    net.at(net.now() + MS, this);
                    return;
                }
                net.replaceReceiver("c");
                net.at(net.now() + 40 * MS, () -> net.resync("c"));
            }
        };
        net.at(3 * S, failWhileDataInFlight);

        assertThat(net.runUntil(net::everythingDeliveredAndStable, DEADLINE_NS)).isTrue();

        long acked = c.ackedAtResync;
        assertThat(acked).isPositive().isLessThan(net.sender.highestSeq());
        List<Message> expectedAtNew = net.appendedFrom(acked + 1);
        assertThat(expectedAtNew.get(0).firstSeq()).as("acks end on message boundaries").isEqualTo(acked + 1);
        assertDeliveredExactlyOnceInOrder(c.currentDeliveries(), expectedAtNew);
        List<Delivery> atOld = c.deliveries.stream().filter(d -> d.generation() == 0).toList();
        assertDeliveredExactlyOnceInOrder(atOld, net.appended.subList(0, atOld.size()));
        assertThat(atOld.get(atOld.size() - 1).firstSeq()).as("the old receiver delivered what it acked")
                .isGreaterThanOrEqualTo(net.appended.get(net.appended.size() - expectedAtNew.size() - 1).firstSeq());
        assertDeliveredExactlyOnceInOrder(net.site("b").currentDeliveries(), net.appended);
        assertDeliveredExactlyOnceInOrder(net.site("d").currentDeliveries(), net.appended);
        assertAllStableExactlyOnce(net);
        assertThat(net.trace).anyMatch(line -> line.contains(" dead data c"));
    }

    // ------------------------------------------------------------------ probes, pauses

    @Test
    void shouldRecoverALostTailWithTheProbeSync() {
        VirtualFlowNet net = new VirtualFlowNet(41);
        addThreeSites(net, LossProfile.none(), LossProfile.none());
        SplittableRandom random = new SplittableRandom(41);
        List<byte[]> payloads = new ArrayList<>();
        long packets = 0;
        for (int i = 0; i < 30; i++) {
            byte[] p = VirtualFlowNet.randomPayload(random, i == 29 ? 3000 : VirtualFlowNet.randomSize(random));
            payloads.add(p);
            packets += Math.max(1, (p.length + VirtualFlowNet.MAX_FRAGMENT_BYTES - 1) / VirtualFlowNet.MAX_FRAGMENT_BYTES);
        }
        long lastKept = packets - 3;
        Site b = net.site("b");
        b.dropFirstTransmission = d -> d.seq() > lastKept; // the last 3 packets to b are lost, nothing follows
        net.runUntilTime(100 * MS);
        for (byte[] p : payloads) {
            net.append("a-1", p);
        }
        long appendedAt = net.now();
        assertThat(net.sender.highestSeq()).isEqualTo(packets);

        assertThat(net.runUntil(net::everythingDeliveredAndStable, 30 * S)).isTrue();

        assertDeliveredExactlyOnceInOrder(b.currentDeliveries(), net.appended);
        long probe = b.syncSentNs.stream().filter(t -> t > appendedAt).findFirst().orElseThrow();
        assertThat(b.nakSentNs).isNotEmpty();
        assertThat(b.nakSentNs.get(0)).as("b could not see the gap before the probe told it the highest seq")
                .isGreaterThan(probe);
        assertThat(b.retransmitsSent).isGreaterThanOrEqualTo(3);
        assertThat(net.site("c").retransmitsSent).isZero();
        assertThat(net.site("d").retransmitsSent).isZero();
        assertThat(net.site("c").syncSentNs).as("no probes for receivers that acked").hasSize(1);
        assertAllStableExactlyOnce(net);
    }

    @Test
    void shouldStartAReceiverWhoseFirstSyncWasLostFromPacketsBufferedBeforeTheSync() {
        VirtualFlowNet net = new VirtualFlowNet(42);
        Site b = net.site("b", link(20 * MS, LossProfile.none()), link(20 * MS, LossProfile.none()));
        boolean[] dropped = new boolean[1];
        b.dropSync = s -> !dropped[0] && (dropped[0] = true);
        net.addReceiver("b");
        net.addSite("c", link(40 * MS, LossProfile.none()), link(40 * MS, LossProfile.none()));
        net.workload(200, PER_TICK, WINDOW_PACKETS);

        net.runUntilTime(100 * MS);
        assertThat(b.receiver.synced()).isFalse();
        assertThat(b.receiver.bufferedPackets()).as("kept until the sync comes").isPositive();
        assertThat(b.currentDeliveries()).isEmpty();

        assertThat(net.runUntil(net::everythingDeliveredAndStable, DEADLINE_NS)).isTrue();

        assertThat(b.syncSentNs).hasSizeGreaterThanOrEqualTo(2);
        assertThat(b.currentDeliveries().get(0).timeNs()).isGreaterThan(b.syncSentNs.get(1));
        assertDeliveredExactlyOnceInOrder(b.currentDeliveries(), net.appended);
        assertThat(net.sender.retransmits()).isZero();
        assertAllStableExactlyOnce(net);
    }

    @Test
    void shouldHoldDeliveriesAndAcksWhilePausedAndReleaseThemInOrder() {
        VirtualFlowNet net = new VirtualFlowNet(43);
        addThreeSites(net, LossProfile.none(), LossProfile.none());
        Site b = net.site("b");
        VirtualFlowNet.Workload workload = net.workload(1500, PER_TICK, WINDOW_PACKETS);

        net.runUntilTime(2 * S);
        b.setPaused(true);
        int deliveredBeforePause = b.currentDeliveries().size();
        assertThat(deliveredBeforePause).isPositive();

        net.runUntilTime(2 * S + 500 * MS); // acks in flight at the pause have arrived by now
        int stableAfterSettling = net.stable.size();
        int appendedAfterSettling = workload.appendedCount();
        int bufferedAfterSettling = net.sender.bufferedPackets();
        net.runUntilTime(5 * S);

        assertThat(b.currentDeliveries()).hasSize(deliveredBeforePause);
        assertThat(net.stable).as("the sender's stable point stops").hasSize(stableAfterSettling);
        assertThat(workload.appendedCount()).as("the window is full").isEqualTo(appendedAfterSettling);
        assertThat(net.sender.bufferedPackets()).isEqualTo(bufferedAfterSettling).isPositive();
        assertThat(b.receiver.bufferedPackets()).as("b holds what it received").isPositive();
        assertThat(net.site("c").currentDeliveries()).hasSizeGreaterThan(deliveredBeforePause);

        b.setPaused(false);

        assertThat(b.currentDeliveries()).as("released at once").hasSizeGreaterThan(deliveredBeforePause);
        assertThat(b.currentDeliveries().get(deliveredBeforePause).timeNs()).isEqualTo(5 * S);
        assertThat(net.runUntil(net::everythingDeliveredAndStable, DEADLINE_NS)).isTrue();
        assertCompleteAndExact(net);
        assertThat(net.sender.retransmits()).isZero();
    }

    // ------------------------------------------------------------------ helpers

    private static void addThreeSites(VirtualFlowNet net, LossProfile dataLoss, LossProfile feedbackLoss) {
        for (String name : RECEIVERS) {
            net.addSite(name, link(DELAY_NS.get(name), dataLoss), link(DELAY_NS.get(name), feedbackLoss));
        }
    }

    private static VirtualFlowNet runWorkload(long seed, LossProfile dataLoss, LossProfile feedbackLoss) {
        VirtualFlowNet net = new VirtualFlowNet(seed);
        addThreeSites(net, dataLoss, feedbackLoss);
        net.workload(MESSAGES, PER_TICK, WINDOW_PACKETS);
        boolean done = net.runUntil(net::everythingDeliveredAndStable, DEADLINE_NS);
        assertThat(done).as("finished within %d s of virtual time (stable %d of %d, buffered %d)",
                DEADLINE_NS / S, net.stable.size(), net.appended.size(), net.sender.bufferedPackets()).isTrue();
        return net;
    }

    private static void assertCompleteAndExact(VirtualFlowNet net) {
        assertThat(net.appended).hasSizeGreaterThanOrEqualTo(1000);
        assertThat(net.appended).as("some messages span several fragments")
                .anyMatch(m -> m.packets() >= 3).anyMatch(m -> m.payload().length == 0);
        for (String name : RECEIVERS) {
            MetaFlowReceiver r = net.site(name).receiver;
            assertDeliveredExactlyOnceInOrder(net.site(name).currentDeliveries(), net.appended);
            assertThat(r.nextSeq()).isEqualTo(net.sender.highestSeq() + 1);
            assertThat(r.missingCount()).isZero();
            assertThat(r.bufferedPackets()).isZero();
            assertThat(r.overflowDrops()).isZero();
        }
        assertAllStableExactlyOnce(net);
        assertThat(net.sender.bufferedPackets()).isZero();
    }

    private static void assertRepairsHappened(VirtualFlowNet net) {
        assertThat(net.sender.retransmits()).isPositive();
        for (String name : RECEIVERS) {
            Site s = net.site(name);
            assertThat(s.dataLink.packetsDroppedByLoss()).as("data lost to %s", name).isPositive();
            assertThat(s.receiver.naksSent()).as("NAKs of %s", name).isPositive();
            assertThat(s.retransmitsSent).as("retransmits to %s", name).isPositive();
        }
    }

    static void assertDeliveredExactlyOnceInOrder(List<Delivery> deliveries, List<Message> expected) {
        assertThat(deliveries.stream().map(d -> d.member() + "#" + d.memberSeq()).toList())
                .containsExactlyElementsOf(expected.stream().map(m -> m.member() + "#" + m.memberSeq()).toList());
        for (int i = 0; i < expected.size(); i++) {
            Delivery d = deliveries.get(i);
            Message m = expected.get(i);
            assertThat(d.firstSeq()).as("first packet of %s", m).isEqualTo(m.firstSeq());
            assertThat(d.incarnation()).isEqualTo(m.incarnation());
            assertThat(d.payload()).as("payload of %s", m).isEqualTo(m.payload());
        }
    }

    static void assertAllStableExactlyOnce(VirtualFlowNet net) {
        Set<String> seen = new HashSet<>();
        Map<String, Long> lastPerMember = new TreeMap<>();
        for (StableReport r : net.stable) {
            String key = r.member() + "#" + r.memberSeq();
            assertThat(seen.add(key)).as("%s reported stable once", key).isTrue();
            Message m = net.message(r.member(), r.memberSeq());
            assertThat(m).as("%s was appended", key).isNotNull();
            assertThat(r.incarnation()).isEqualTo(m.incarnation());
            Long previous = lastPerMember.put(r.member(), r.memberSeq());
            assertThat(r.memberSeq()).as("stable order of %s", r.member()).isEqualTo(previous == null ? 1 : previous + 1);
        }
        assertThat(seen).hasSize(net.appended.size());
    }
}
