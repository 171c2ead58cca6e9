package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.gcs.emulator.Topology;
import org.junit.jupiter.api.Test;

/**
 * A quiet member is ticked every 100 ms instead of every tick interval (5 ms), a delegate every interval; a member
 * that receives or sends is ticked within an interval, so its {@code Held} reports and its send window work as before:
 * everything is delivered in order, and the sender's messages all become stable. The ticks a quiet member skips
 * would have done nothing: with and without skipping them, every message reaches every node at the same instant.
 */
class SimQuietTickTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;

    @Test
    void quietMembersTickRarelyAndBusyOnesAsBefore() {
        SimNetwork net = new SimNetwork(Topology.load("ron3"), SimOptions.defaults().withSeed(7));
        SimNode bostonDelegate = net.start("boston", "boston-1");
        SimNode bostonMember = net.start("boston", "boston-2");
        SimNode ottawaDelegate = net.start("ottawa", "ottawa-1");
        SimNode ottawaMember = net.start("ottawa", "ottawa-2");
        List<SimNode> nodes = List.of(bostonDelegate, bostonMember, ottawaDelegate, ottawaMember);
        nodes.forEach(n -> n.join("g"));
        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.view("g").map(v -> v.size() == 4).orElse(false)),
                20 * S)).isTrue();
        assertThat(bostonDelegate.isDelegate()).isTrue();
        assertThat(ottawaDelegate.isDelegate()).isTrue();
        net.runFor(S);

        // idle for 10 s: the members tick about 100 times, the delegates about 2 000 times
        long[] before = nodes.stream().mapToLong(SimNode::ticks).toArray();
        net.runFor(10 * S);
        long[] idle = new long[nodes.size()];
        for (int i = 0; i < idle.length; i++) {
            idle[i] = nodes.get(i).ticks() - before[i];
        }
        assertThat(idle[0]).as("boston's delegate").isBetween(1_990L, 2_000L);
        assertThat(idle[2]).as("ottawa's delegate").isBetween(1_990L, 2_000L);
        assertThat(idle[1]).as("boston's quiet member").isBetween(99L, 101L);
        assertThat(idle[3]).as("ottawa's quiet member").isBetween(99L, 101L);

        // boston's member sends 200 messages, one every 50 ms: ottawa's member ticks for each one it holds
        long receiverBefore = ottawaMember.ticks();
        int count = 200;
        for (int k = 1; k <= count; k++) {
            bostonMember.send("g", ByteBuffer.allocate(100).putInt(k).array());
            net.runFor(50 * MS);
        }
        assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.delivered().size() == count), 30 * S)).isTrue();
        assertThat(net.runUntil(() -> bostonMember.status().unstableBytes() == 0
                && bostonMember.status().waitingBytes() == 0, 10 * S))
                .as("every message of the sender became stable: the receiving members reported them held").isTrue();
        for (SimNode n : nodes) {
            assertThat(DeliveryChecker.problems(n.id(), n.delivered(), Map.of(bostonMember.id(), (long) count)))
                    .as("deliveries at %s", n.name()).isEmpty();
        }
        long receiverTicks = ottawaMember.ticks() - receiverBefore;
        assertThat(receiverTicks).as("a tick per message held").isGreaterThanOrEqualTo(count);
        assertThat(receiverTicks).as("far fewer than one every 5 ms (2 000)").isLessThan(count * 3L);

        // quiet again
        net.runFor(S);
        long quietFrom = ottawaMember.ticks();
        long senderFrom = bostonMember.ticks();
        net.runFor(10 * S);
        assertThat(ottawaMember.ticks() - quietFrom).isBetween(99L, 101L);
        assertThat(bostonMember.ticks() - senderFrom).isBetween(99L, 101L);
    }

    @Test
    void skippingQuietTicksChangesNoDelivery() {
        Run quiet = Run.of(SimOptions.defaults().withSeed(11));
        Run everyTick = Run.of(SimOptions.defaults().withSeed(11).withQuietTicks(false));
        assertThat(quiet.deliveries).as("every message at all 9 nodes").hasSize(9 * quiet.sent)
                .hasSizeGreaterThan(9_000);
        assertThat(quiet.deliveries).as("node, sender, sequence and virtual time of every delivery")
                .containsExactlyElementsOf(everyTick.deliveries);
        assertThat(quiet.memberTicks).as("the members skipped ticks while quiet (they are busy about half the time)")
                .isLessThan(everyTick.memberTicks * 3 / 4);
    }

    /**
     * Three sites of ron3 (two of its links lose packets), a delegate and two members each; the members send bursts
     * of up to 150 messages of up to 8 kB, more than the rate admits, with idle gaps of up to a second between them,
     * so they turn quiet and busy again, and the delegates split their sites' rate by the members' decaying demand.
     */
    private record Run(List<String> deliveries, long memberTicks, int sent) {
        static Run of(SimOptions options) {
            SimNetwork net = new SimNetwork(Topology.load("ron3"), options);
            List<SimNode> nodes = new ArrayList<>();
            List<SimNode> members = new ArrayList<>();
            for (String site : List.of("boston", "ottawa", "chicago")) {
                for (int i = 1; i <= 3; i++) {
                    SimNode node = net.start(site, site + "-" + i);
                    nodes.add(node);
                    if (i > 1) {
                        members.add(node);
                    }
                }
            }
            List<String> deliveries = new ArrayList<>();
            nodes.forEach(n -> {
                n.join("g");
                n.onMessage(m -> deliveries.add(n.name() + " " + m.sender() + " " + m.sequence() + " " + net.nowNs()));
            });
            assertThat(net.runUntil(() -> nodes.stream().allMatch(n -> n.view("g").map(v -> v.size() == 9)
                    .orElse(false)), 20 * S)).isTrue();
            long ticksBefore = members.stream().mapToLong(SimNode::ticks).sum();
            Random random = new Random(5);
            int sent = 0;
            for (int burst = 0; burst < 40; burst++) {
                SimNode sender = members.get(random.nextInt(members.size()));
                int messages = 1 + random.nextInt(150);
                for (int k = 0; k < messages; k++) {
                    sender.send("g", new byte[50 + random.nextInt(8_000)]);
                    sent++;
                    net.runFor(random.nextInt(3) * MS);
                }
                net.runFor((1 + random.nextInt(1_000)) * MS);
            }
            int all = 9 * sent;
            assertThat(net.runUntil(() -> deliveries.size() >= all, 300 * S)).as("all delivered").isTrue();
            return new Run(deliveries, members.stream().mapToLong(SimNode::ticks).sum() - ticksBefore, sent);
        }
    }
}
