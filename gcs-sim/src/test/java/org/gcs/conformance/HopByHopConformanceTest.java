package org.gcs.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.gcs.sim.maxplus.FixedWindowTreeRecurrence;
import org.gcs.cc.link.BackupBuffer;
import org.gcs.cc.link.LinkAck;
import org.gcs.cc.link.LinkData;
import org.gcs.cc.link.LinkInput;
import org.gcs.cc.link.LinkReceiver;
import org.gcs.cc.link.LinkRelay;
import org.gcs.cc.link.LinkSender;
import org.gcs.cc.link.LinkSettings;
import org.gcs.cc.link.OutputSlots;
import org.junit.jupiter.api.Test;

/**
 * Model conformance (spec §4.5): GCS's hop-by-hop forwarding, the very {@link LinkSender}, {@link LinkReceiver} and
 * {@link LinkRelay} that {@code HopByHopTransport} runs on every edge, drives a 7-site binary tree whose connections
 * are H = 2 FIFO routers in series with deterministic service draws, a fixed window instead of AIMD, no loss and
 * instantaneous acknowledgements ({@link LinkSettings#withModelTimers}); the time every packet is copied out at every
 * node must equal seed 001's (max,+) recurrence ({@link FixedWindowTreeRecurrence}) for the same draws, for 500
 * packets. Small buffers (B_IN = 5, B_OUT = 4, W = 3) make every term of the recurrence bind somewhere. The engine's
 * wrapper around these parts (copy-out in turn over several inputs, replay queues) is not in the model and not here.
 */
class HopByHopConformanceTest {
    private static final int[] MOTHER = {-1, 0, 0, 1, 1, 2, 2};
    private static final int ROUTERS = 2;
    private static final int PACKETS = 500;
    private static final long MS = 1_000_000L;

    @Test
    void shouldCopyOutEveryPacketWhenTheRecurrenceSays() {
        assertConforms(5, 4, 3, 1);
        assertConforms(8, 20, 6, 2);
    }

    private static void assertConforms(int inputPackets, int outputPackets, int window, long seed) {
        long[][][] serviceNs = serviceDraws(seed);
        double[][][] service = new double[MOTHER.length][][];
        for (int v = 1; v < MOTHER.length; v++) {
            service[v] = new double[ROUTERS][PACKETS];
            for (int h = 0; h < ROUTERS; h++) {
                for (int m = 0; m < PACKETS; m++) {
                    service[v][h][m] = serviceNs[v][h][m];
                }
            }
        }
        double[][] expected = FixedWindowTreeRecurrence.copyOutTimes(MOTHER, inputPackets, outputPackets, window,
                service, PACKETS);
        long[][] actual = new TreeHarness(inputPackets, outputPackets, window, serviceNs).run();
        for (int v = 0; v < MOTHER.length; v++) {
            for (int m = 0; m < PACKETS; m++) {
                int node = v;
                int packet = m;
                assertThat((double) actual[v][m]).as("copy-out of packet %d at node %d (B_IN %d, B_OUT %d, W %d)",
                        packet, node, inputPackets, outputPackets, window).isCloseTo(expected[v][m],
                        org.assertj.core.data.Offset.offset(1_000.0));
            }
        }
    }

    /** Service times between 1 and 20 ms, whole nanoseconds, per (node, router, packet). */
    private static long[][][] serviceDraws(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[][][] draws = new long[MOTHER.length][][];
        for (int v = 1; v < MOTHER.length; v++) {
            draws[v] = new long[ROUTERS][PACKETS];
            for (int h = 0; h < ROUTERS; h++) {
                for (int m = 0; m < PACKETS; m++) {
                    draws[v][h][m] = random.nextLong(MS, 20 * MS);
                }
            }
        }
        return draws;
    }

    /** The tree of links in virtual time: FIFO routers, instantaneous acknowledgements, a saturated root. */
    private static final class TreeHarness {
        private final long[][][] serviceNs;
        private final LinkSender<Integer>[] senders; // senders[v]: the mother's end of the connection into v
        private final LinkReceiver<Integer>[] receivers;
        private final LinkRelay<Integer>[] relays;
        private final long[][] routerFreeNs;
        private final long[][] copyOutNs;
        private final PriorityQueue<long[]> events = new PriorityQueue<>((a, b) -> a[0] != b[0]
                ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        private long eventOrder;
        private int sourceNext;

        @SuppressWarnings("unchecked")
        TreeHarness(int inputPackets, int outputPackets, int window, long[][][] serviceNs) {
            this.serviceNs = serviceNs;
            int nodes = MOTHER.length;
            LinkSettings settings = LinkSettings.DEFAULTS.withBuffers(outputPackets, inputPackets)
                    .withFixedWindow(window, OutputSlots.UNACKED).withModelTimers();
            senders = new LinkSender[nodes];
            receivers = new LinkReceiver[nodes];
            relays = new LinkRelay[nodes];
            routerFreeNs = new long[nodes][ROUTERS];
            copyOutNs = new long[nodes][PACKETS];
            for (int v = 0; v < nodes; v++) {
                relays[v] = new LinkRelay<>(3_600_000_000_000L, new BackupBuffer<>(1));
                if (v > 0) {
                    senders[v] = new LinkSender<>(settings);
                    receivers[v] = new LinkReceiver<>(settings);
                }
            }
        }

        long[][] run() {
            pump(0);
            while (!events.isEmpty()) {
                long now = events.peek()[0];
                while (!events.isEmpty() && events.peek()[0] == now) {
                    long[] e = events.poll();
                    arrive((int) e[2], (int) e[3], (int) e[4], e[5], now);
                }
                pump(now);
            }
            return copyOutNs;
        }

        /** A frame (link seq, packet m) leaves router h of the connection into v at {@code now}. */
        private void arrive(int v, int h, int m, long linkSeq, long now) {
            if (h + 1 < ROUTERS) {
                enterRouter(v, h + 1, m, linkSeq, now);
            } else {
                receivers[v].onData(new LinkData<>(linkSeq, m), now);
            }
        }

        private void enterRouter(int v, int h, int m, long linkSeq, long now) {
            long departure = Math.max(now, routerFreeNs[v][h]) + serviceNs[v][h][m];
            routerFreeNs[v][h] = departure;
            events.add(new long[] {departure, eventOrder++, v, h, m, linkSeq});
        }

        /** Copies out, sends and acknowledges at one instant until nothing moves (acknowledgements take no time). */
        private void pump(long now) {
            boolean moved = true;
            List<LinkData<Integer>> frames = new ArrayList<>();
            while (moved) {
                moved = false;
                for (int u = 0; u < MOTHER.length; u++) {
                    int node = u;
                    LinkInput<Integer> input = u == 0 ? source() : receivers[u];
                    moved |= relays[u].copyOut(input, p -> outputsOf(node), m -> copyOutNs[node][m] = now,
                            now) > 0;
                }
                for (int v = 1; v < MOTHER.length; v++) {
                    frames.clear();
                    senders[v].poll(now, frames);
                    for (LinkData<Integer> frame : frames) {
                        enterRouter(v, 0, frame.payload(), frame.seq(), now);
                        moved = true;
                    }
                    LinkAck ack = receivers[v].pollAck(now);
                    if (ack != null) {
                        senders[v].onAck(ack, now);
                        moved = true;
                    }
                }
            }
        }

        private List<LinkSender<Integer>> outputsOf(int u) {
            List<LinkSender<Integer>> outputs = new ArrayList<>();
            for (int d = u + 1; d < MOTHER.length; d++) {
                if (MOTHER[d] == u) {
                    outputs.add(senders[d]);
                }
            }
            return outputs;
        }

        /** The root's saturated source: packets 0 … PACKETS − 1, always ready. */
        private LinkInput<Integer> source() {
            return new LinkInput<>() {
                @Override
                public Integer peek() {
                    return sourceNext < PACKETS ? sourceNext : null;
                }

                @Override
                public Integer take(long nowNs) {
                    return sourceNext++;
                }
            };
        }
    }
}
