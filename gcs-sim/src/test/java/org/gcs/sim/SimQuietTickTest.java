package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.gcs.emulator.Topology;
import org.junit.jupiter.api.Test;

/**
 * A quiet member is ticked every 100 ms instead of every tick interval (5 ms), a delegate every interval; a member
 * that receives or sends is ticked within an interval, so its {@code Held} reports and its send window work as before:
 * everything is delivered in order, and the sender's messages all become stable.
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
}
