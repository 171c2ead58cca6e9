package org.gcs.internal.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gcs.internal.flow.VirtualFlowNet.MS;
import static org.gcs.internal.flow.VirtualFlowNet.S;
import static org.gcs.internal.flow.VirtualFlowNet.link;

import java.util.List;
import org.gcs.emulator.LossProfile;
import org.gcs.internal.flow.VirtualFlowNet.Delivery;
import org.gcs.internal.flow.VirtualFlowNet.Message;
import org.gcs.internal.flow.VirtualFlowNet.Site;
import org.junit.jupiter.api.Test;

/**
 * A receiving delegate that lost its state of a flow while the sending delegate kept it as a receiver: what
 * happens after a WAN partition healed between the two sides' site timeouts (docs/architecture.md,
 * "Partitions"). The receiving delegate timed out the sending site and dropped its receiver
 * ({@code DelegateRole.onTick}); the sending delegate had not yet timed out the receiving site, so it never
 * removed it. After the heal the receiving delegate builds a fresh {@link MetaFlowReceiver} for the same epoch.
 * {@code PartitionHealBetweenTimeoutsScenario} (module gcs-testcontainers) shows the same with containers.
 */
class ReceiverLostFlowStateTest {

    @Test
    void shouldContinueAfterTheLastAcknowledgedMessageWhenTheReceiverStartsAfresh() {
        VirtualFlowNet net = new VirtualFlowNet(61);
        net.addSite("b", link(20 * MS, LossProfile.none()), link(20 * MS, LossProfile.none()));
        Site c = net.addSite("c", link(40 * MS, LossProfile.none()), link(40 * MS, LossProfile.none()));
        net.workload(1500, 2, 64);
        net.at(3 * S, () -> net.replaceReceiver("c")); // the sender is not told (no resync): it never saw c go

        assertThat(net.runUntil(net::everythingDeliveredAndStable, 120 * S))
                .as("the flow goes on to the end: c's fresh receiver delivers, acknowledges, the sender releases")
                .isTrue();

        List<Delivery> atOld = c.deliveries.stream().filter(d -> d.generation() == 0).toList();
        List<Delivery> atNew = c.currentDeliveries();
        assertThat(atOld).isNotEmpty();
        assertThat(atNew).isNotEmpty();
        int firstNew = net.appended.indexOf(net.appendedFrom(atNew.get(0).firstSeq()).get(0));
        assertThat(atOld.size()).as("no hole between what the old receiver delivered and the new one's first")
                .isGreaterThanOrEqualTo(firstNew);
        assertInOrder(atOld, net.appended.subList(0, atOld.size()));
        assertInOrder(atNew, net.appended.subList(firstNew, net.appended.size()));
    }

    private static void assertInOrder(List<Delivery> deliveries, List<Message> expected) {
        assertThat(deliveries).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(deliveries.get(i).member() + "#" + deliveries.get(i).memberSeq())
                    .isEqualTo(expected.get(i).member() + "#" + expected.get(i).memberSeq());
        }
    }
}
