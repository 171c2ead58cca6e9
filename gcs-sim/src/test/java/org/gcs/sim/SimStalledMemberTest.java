package org.gcs.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.gcs.GroupMessage;
import org.gcs.MemberId;
import org.gcs.emulator.Topology;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A member whose process stood still long enough to be suspected (3–4.5 s) but that its site did not exclude, in
 * virtual time: its driver reports the stall all the same, so it holds its own messages in case it was excluded
 * ({@code StallHold}). It asks its site whether its LAN view still lists it; the most senior other member confirms,
 * and the hold ends about two seconds after the stall, not at the 30-s bound (before, {@code TotalOrderDelegateCrashIT}
 * saw a whole {@code total} group deliver nothing for those 30 s, waiting for such a member's acknowledgements).
 * Every message it was asked to send meanwhile then arrives everywhere, once and in order.
 */
class SimStalledMemberTest {
    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;
    private static final String G = "g";

    private final Topology twoSites = TwoByTwo.TOPOLOGY;

    @ParameterizedTest(name = "seed {0}, the delegate {1}")
    @CsvSource({"1, false", "2, false", "3, false", "1, true", "2, true", "3, true"})
    void aStalledMemberThatWasNotExcludedSendsAgainOnceItsSiteConfirmsIt(long seed, boolean delegate) {
        SimNetwork net = new SimNetwork(twoSites, SimOptions.defaults().withSeed(seed));
        List<SimNode> nodes = TwoByTwo.start(net, G);
        SimNode stalled = delegate ? net.delegateOf("a").orElseThrow()
                : nodes.stream().filter(n -> n.site().equals("a") && !n.isDelegate()).findFirst().orElseThrow();

        net.noticeStallWithoutExclusion(stalled);
        long stalledAtNs = net.nowNs();
        List<SimNode.Send> sends = new ArrayList<>();
        for (int k = 1; k <= 100; k++) {
            sends.add(stalled.send(G, ByteBuffer.allocate(100).putInt(k).array()));
            net.runFor(10 * MS);
        }
        assertThat(sends).as("nothing admitted in the first second of the hold").noneMatch(SimNode.Send::admitted);

        boolean released = net.runUntil(() -> sends.stream().allMatch(SimNode.Send::admitted), 30 * S);
        long heldNs = net.nowNs() - stalledAtNs;
        assertThat(released).as("every send admitted").isTrue();
        assertThat(heldNs).as("held until the site confirmed it, well before the 30-s bound")
                .isBetween(2 * S, 3 * S);

        boolean done = net.runUntil(() -> nodes.stream().allMatch(n -> from(n, stalled) == sends.size()), 10 * S);
        net.runFor(2 * S); // duplicates would arrive now
        assertThat(done).as("every member has every message of %s", stalled).isTrue();
        assertThat(TwoByTwo.allSee(nodes, G, 4)).as("nobody was excluded").isTrue();
        for (SimNode n : nodes) {
            List<Long> sequences = n.delivered().stream().filter(m -> m.sender().equals(stalled.id()))
                    .map(GroupMessage::sequence).toList();
            assertThat(sequences).as("%s's messages at %s: once, in order", stalled, n)
                    .isEqualTo(LongStream.rangeClosed(1, sends.size()).boxed().toList());
        }
    }

    private static long from(SimNode n, SimNode sender) {
        MemberId id = sender.id();
        return n.delivered().stream().filter(m -> m.sender().equals(id)).count();
    }
}
