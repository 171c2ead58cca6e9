package org.gcs.cc.link;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The copy-out of one incoming edge at a relaying delegate (seed 001 §II-B; seed 003 Fig. 4; implementation
 * specification §1.2): the head packet of the edge's input buffer, in link order, is copied to every next hop's
 * output buffer, handed to the local site and kept in the backup buffer, and only then leaves the input buffer, so
 * its credit returns upstream. While a next hop's output buffer is full the head waits (all or nothing, seed 003's
 * rule): back-pressure, which the input buffer's shrinking credit carries to the upstream's output buffer and on to
 * the senders.
 *
 * <p><b>Deadlock.</b> On a consistent tree the waits follow the tree away from the edge a packet came in on (the
 * input from y waits on outputs to z ≠ y); a tree has no cycle, so no cycle of waits forms. Two delegates with
 * different plans can form one for a while (it dissolves when they agree: architecture §5b), and a hung neighbour
 * stops its subtree; so a head that has waited {@code stallTimeoutNs} while the full outputs' neighbours answered
 * nothing at all goes to the next hops with room and is dropped for the full ones (counted), and those stay skipped
 * while they remain full: the end-to-end repair from the sending delegate covers what they missed. A full output
 * whose neighbour still answers (acknowledgements, window updates, answers to window probes, which come at least
 * every {@link LinkSender#MAX_PROBE_INTERVAL_NS}) is a slow or back-pressured link, whose back-pressure must reach
 * the senders: the wait starts over with each answer. Sans-IO, not thread-safe.
 *
 * @param <P> the packet type
 */
public final class LinkRelay<P> {
    private static final long NONE = Long.MAX_VALUE;

    private final long stallTimeoutNs;
    private final BackupBuffer<P> backup;
    private final Set<LinkSender<P>> stalled = new HashSet<>();
    private long waitingSinceNs = NONE;
    private long waitingProgress;
    private long copied;
    private long stallDrops;

    /**
     * @param stallTimeoutNs how long a head may wait for a full output whose neighbour answers nothing before it is
     *     dropped for that output (spec §1.2: 2 s); longer than {@link LinkSender#MAX_PROBE_INTERVAL_NS}
     * @param backup the delegate's backup buffer
     */
    public LinkRelay(long stallTimeoutNs, BackupBuffer<P> backup) {
        if (stallTimeoutNs <= LinkSender.MAX_PROBE_INTERVAL_NS) {
            throw new IllegalArgumentException("stallTimeoutNs must exceed the window-probe interval ("
                    + LinkSender.MAX_PROBE_INTERVAL_NS + " ns), or a live neighbour with a closed window looks hung;"
                    + " got " + stallTimeoutNs);
        }
        this.stallTimeoutNs = stallTimeoutNs;
        this.backup = backup;
    }

    /**
     * Copies out as many head packets as the outputs allow.
     *
     * @param input the incoming edge's input buffer (or the sending delegate's own packets)
     * @param nextHops the output buffers a packet goes to (its group's next hops away from this edge); may be empty
     * @param local the local site's receiver (a relay-only site ignores what it gets)
     * @param nowNs the current time
     * @return how many packets left the input buffer
     */
    public int copyOut(LinkInput<P> input, Function<P, List<LinkSender<P>>> nextHops, Consumer<P> local,
                       long nowNs) {
        return copyOut(input, nextHops, local, nowNs, Integer.MAX_VALUE);
    }

    /**
     * Copies out up to {@code maxPackets} head packets, as far as the outputs allow. A delegate with several inputs
     * competing for one output takes one packet from each in turn, so that no input starves behind another.
     *
     * @param input the incoming edge's input buffer (or the sending delegate's own packets)
     * @param nextHops the output buffers a packet goes to (its group's next hops away from this edge); may be empty
     * @param local the local site's receiver (a relay-only site ignores what it gets)
     * @param nowNs the current time
     * @param maxPackets the most packets to move
     * @return how many packets left the input buffer
     */
    public int copyOut(LinkInput<P> input, Function<P, List<LinkSender<P>>> nextHops, Consumer<P> local,
                       long nowNs, int maxPackets) {
        int moved = 0;
        for (P head = input.peek(); head != null && moved < maxPackets; head = input.peek()) {
            List<LinkSender<P>> outputs = nextHops.apply(head);
            stalled.removeIf(LinkSender::hasRoom);
            boolean blocked = false;
            long progress = 0;
            for (LinkSender<P> out : outputs) {
                if (!out.hasRoom() && !stalled.contains(out)) {
                    blocked = true;
                    progress += out.acknowledgementsReceived();
                }
            }
            if (blocked) {
                if (waitingSinceNs == NONE || progress != waitingProgress) {
                    waitingSinceNs = nowNs; // a full output whose neighbour answers is back-pressure, not a stall
                    waitingProgress = progress;
                }
                if (nowNs - waitingSinceNs < stallTimeoutNs) {
                    break;
                }
            }
            for (LinkSender<P> out : outputs) {
                if (!out.offer(head)) {
                    stalled.add(out); // waited a stall timeout: skipped while full
                    stallDrops++;
                }
            }
            local.accept(head);
            backup.append(head);
            input.take(nowNs);
            waitingSinceNs = NONE;
            copied++;
            moved++;
        }
        return moved;
    }

    /** @return when a waiting head's stall timeout ends, or {@link Long#MAX_VALUE} if none waits */
    public long nextDeadlineNs() {
        return waitingSinceNs == NONE ? NONE : waitingSinceNs + stallTimeoutNs;
    }

    /** @return packets that left the input buffer */
    public long copied() {
        return copied;
    }

    /** @return copies dropped for an output that stayed full a stall timeout (spec §1.2: gcs.hop.stall.drops) */
    public long stallDrops() {
        return stallDrops;
    }
}
