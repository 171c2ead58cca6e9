package org.gcs.emulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** RED in front of an emulated link's drop-tail limit: early drops keep the queue short and hit flows by their rate. */
class EmulatedLinkRedTest {
    private static final long MS = 1_000_000L;
    private static final LinkProfile LINK = LinkProfile.IDEAL.withBandwidthBitsPerSec(1_000_000).withQueueBytes(50_000);

    /** Offers 1000-byte packets at {@code factor} × the link's rate for 100 s; returns the mean backlog in bytes. */
    private static double meanBacklog(EmulatedLink link, double factor) {
        long gapNs = Math.round(8_000_000 / factor); // 1000 B at 1 Mbit/s is 8 ms
        double sum = 0;
        int n = 0;
        for (long t = 0; t < 100_000 * MS; t += gapNs) {
            link.admit(1000, t);
            if (t > 10_000 * MS) {
                sum += link.backlogBytes(t);
                n++;
            }
        }
        return sum / n;
    }

    @Test
    void shouldKeepTheQueueNearItsThresholdsWhereDropTailFillsIt() {
        double dropTail = meanBacklog(new EmulatedLink(LINK, 7), 1.2);
        double red = meanBacklog(new EmulatedLink(LINK.withRed(RedQueue.NS2), 7), 1.2);

        assertThat(dropTail).as("drop-tail: the queue stays full").isGreaterThan(45_000);
        assertThat(red).as("RED: about its thresholds, 5 to 30 packets of 1000 B").isBetween(5_000.0, 30_000.0);
    }

    @Test
    void shouldDropEachFlowInProportionToItsRate() {
        EmulatedLink link = new EmulatedLink(LINK.withRed(RedQueue.NS2), 3);
        SplittableRandom random = new SplittableRandom(11);
        long[] offered = new long[2];
        long[] dropped = new long[2];
        long t = 0;
        for (int i = 0; i < 200_000; i++) {
            t += Math.round(-Math.log(1 - random.nextDouble()) * 6 * MS); // 1.33 × the link's rate in all
            int flow = random.nextDouble() < 0.75 ? 0 : 1; // three packets of flow 0 for one of flow 1
            offered[flow]++;
            if (EmulatedLink.isDropped(link.admit(1000, t))) {
                dropped[flow]++;
            }
        }
        double rate0 = dropped[0] / (double) offered[0];
        double rate1 = dropped[1] / (double) offered[1];
        assertThat(rate0).isPositive();
        assertThat(rate1 / rate0).as("drop probability of the small flow over the big one's").isBetween(0.85, 1.15);
        assertThat((double) dropped[0] / dropped[1]).as("drops in proportion to the rates").isBetween(2.5, 3.5);
    }

    @Test
    void shouldLeaveTheLossAndJitterDrawsAsTheyAreWithoutRed() {
        LinkProfile lossy = LINK.withLoss(LossProfile.bernoulli(0.05)).withJitterNs(2 * MS).withAllowReorder(true);
        EmulatedLink plain = new EmulatedLink(lossy, 5);
        EmulatedLink withRedThatNeverDrops = new EmulatedLink(lossy.withRed(new RedQueue(1000, 2000, 0.1, 0.002, 1000)),
                5);
        for (long t = 0; t < 10_000 * MS; t += 10 * MS) {
            assertThat(withRedThatNeverDrops.admit(1000, t)).isEqualTo(plain.admit(1000, t));
        }
    }

    @Test
    void shouldDeriveTheWeightFromTheLinkAsNs2Does() {
        // ns-2 (q_weight_ -1): w_q = 1 - e^(-1/C), C = 125 packets of 1000 B per second at 1 Mbit/s
        RedGate auto = new RedGate(RedQueue.NS2, 9);
        RedGate explicit = new RedGate(new RedQueue(5, 15, 0.1, -Math.expm1(-1.0 / 125), 1000), 9);
        long packetNs = 8 * MS;
        for (int i = 0; i < 20_000; i++) {
            long queued = (i % 400) * 150L;
            assertThat(auto.drop(queued, 0, packetNs)).isEqualTo(explicit.drop(queued, 0, packetNs));
        }
        assertThat(auto.averagePackets()).isEqualTo(explicit.averagePackets());
    }

    @Test
    void shouldParseRedInTopologies() {
        Topology topology = Topology.parse("""
                site a b c
                link a -> b bandwidth=1Mbps queue=50KB aqm=red
                link b -> c bandwidth=1Mbps aqm=red:3:9:0.05:0.01
                link c -> a bandwidth=1Mbps aqm=droptail
                """, "red.topo");

        assertThat(topology.link("a", "b").orElseThrow().red()).isEqualTo(RedQueue.NS2);
        assertThat(topology.link("b", "c").orElseThrow().red()).isEqualTo(new RedQueue(3, 9, 0.05, 0.01, 1000));
        assertThat(RedQueue.parse("red:5:15:0.1:auto")).isEqualTo(RedQueue.NS2);
        assertThat(RedQueue.parse(RedQueue.NS2.text())).isEqualTo(RedQueue.NS2);
        assertThat(topology.link("c", "a").orElseThrow().red()).isNull();
        assertThatThrownBy(() -> Topology.parse("site a b\nlink a -> b bandwidth=1Mbps aqm=blue\n", "bad.topo"))
                .hasMessageContaining("red:MIN:MAX:MAXP:WEIGHT").hasMessageContaining("bad.topo:2");
        assertThatThrownBy(() -> RedQueue.parse("red:15:5:0.1:0.002")).hasMessageContaining("min_th < max_th");
    }
}
