package org.gcs.internal.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gcs.internal.wire.LanMessage.LocalData;

/**
 * A member's sending side: the FIFO of send requests waiting for admission, the per-group sequence
 * numbers, and the unstable messages (sent but not yet acknowledged by every receiving site), which the
 * member keeps so that it can re-send them to a new delegate.
 *
 * <p>Admission is a byte window: a request enters when the unstable bytes plus its size fit
 * {@code windowBytes}, or when nothing is unstable (so a message larger than the window still goes, alone).
 * Requests are admitted strictly in submission order, which is the order of the member's messages.
 */
final class SendWindow {
    private final String member;
    private final long incarnation;
    private final long windowBytes;
    private final ArrayDeque<SendRequest> waiting = new ArrayDeque<>();
    private final Map<String, Long> lastSeq = new HashMap<>();
    private final Map<String, ArrayDeque<LocalData>> unstable = new LinkedHashMap<>();
    private long unstableBytes;
    private long waitingBytes;

    SendWindow(String member, long incarnation, long windowBytes) {
        this.member = member;
        this.incarnation = incarnation;
        this.windowBytes = windowBytes;
    }

    /** Queues a request; call {@link #admit} afterwards. */
    void submit(SendRequest request) {
        waiting.add(request);
        waitingBytes += request.payload().length;
    }

    /** Admits waiting requests while the window allows, multicasting each and reporting it admitted. */
    void admit(EngineIo io) {
        while (!waiting.isEmpty()) {
            SendRequest next = waiting.peek();
            int size = next.payload().length;
            if (unstableBytes > 0 && unstableBytes + size > windowBytes) {
                return;
            }
            waiting.poll();
            waitingBytes -= size;
            long seq = lastSeq.merge(next.group(), 1L, Long::sum);
            LocalData data = new LocalData(member, incarnation, next.group(), seq, next.sentEpochMicros(), false,
                    next.payload());
            unstable.computeIfAbsent(next.group(), g -> new ArrayDeque<>()).add(data);
            unstableBytes += size;
            io.lanSend(data);
            io.admitted(next);
        }
    }

    /**
     * Releases the messages of a group up to {@code memberSeq}.
     *
     * @return true if anything was released (more may be admitted)
     */
    boolean release(String group, long memberSeq) {
        ArrayDeque<LocalData> queue = unstable.get(group);
        boolean released = false;
        while (queue != null && !queue.isEmpty() && queue.peek().memberSeq() <= memberSeq) {
            unstableBytes -= queue.poll().payload().length;
            released = true;
        }
        return released;
    }

    /** @return every unstable message, flagged as a re-send, in each group's order */
    List<LocalData> resendCopies() {
        List<LocalData> copies = new ArrayList<>();
        for (ArrayDeque<LocalData> queue : unstable.values()) {
            for (LocalData d : queue) {
                copies.add(new LocalData(d.member(), d.incarnation(), d.group(), d.memberSeq(), d.sentEpochMicros(),
                        true, d.payload()));
            }
        }
        return copies;
    }

    /**
     * Withdraws a request that is still waiting (its sender gave up).
     *
     * @return true if it was waiting and is now withdrawn, false if it was already admitted
     */
    boolean cancel(SendRequest request) {
        boolean removed = waiting.remove(request);
        if (removed) {
            waitingBytes -= request.payload().length;
        }
        return removed;
    }

    /** @return the requests still waiting (removed), for failing them when the node closes */
    List<SendRequest> drainWaiting() {
        List<SendRequest> all = new ArrayList<>(waiting);
        waiting.clear();
        waitingBytes = 0;
        return all;
    }

    /** @return payload bytes sent but not yet stable */
    long unstableBytes() {
        return unstableBytes;
    }

    /** @return payload bytes waiting for admission */
    long waitingBytes() {
        return waitingBytes;
    }

    /** @return true if nothing waits and nothing is unstable */
    boolean idle() {
        return waiting.isEmpty() && unstableBytes == 0 && unstable.values().stream().allMatch(ArrayDeque::isEmpty);
    }
}
