package org.gcs.internal.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gcs.cc.api.AdmissionContext;
import org.gcs.cc.api.CongestionControl;
import org.gcs.cc.api.DemandReport;
import org.gcs.cc.api.Price;
import org.gcs.cc.api.RateShare;
import org.gcs.cc.api.SenderAdmission;
import org.gcs.cc.window.AimdWindow;
import org.gcs.WireCost;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.LocalData;

/**
 * A member's sending side: per group, the FIFO of send requests waiting for admission, the congestion controller's
 * {@link SenderAdmission} (TFRC and ORMCC: a token bucket at the share the delegate granted and a demand estimate,
 * seed 004 §2 step 5), the group's sequence numbers and its unstable messages (sent but not yet acknowledged by
 * every receiving site), which the member keeps to re-send them to a new delegate.
 *
 * <p>A request is admitted when (1) the member's unstable bytes plus its size fit the window — a TCP-like
 * window ({@link AimdWindow}) that grows as messages become stable and halves on LAN congestion, bounded by
 * {@code sendWindowBytes} (nothing unstable: any size goes) — and (2) its group's admission lets it go. Sizes given
 * to the admission are bytes on the wire ({@link WireCost}). Each group keeps its own order; groups are served in
 * turn, so a group held back by its rate does not hold back the others.
 */
final class SendWindow {
    private static final long SEGMENT_BYTES = 1400;

    private final String member;
    private final long incarnation;
    private final CongestionControl control;
    private final AimdWindow window;
    private final Map<String, GroupQueue> groups = new LinkedHashMap<>();
    private final Map<String, Price> prices = new java.util.HashMap<>();
    private long unstableBytes;
    private long waitingBytes;

    /**
     * @param windowBytes the largest send window
     * @param control the congestion controller whose admission each group uses
     */
    SendWindow(String member, long incarnation, long windowBytes, CongestionControl control) {
        this.member = member;
        this.incarnation = incarnation;
        this.control = control;
        long initialWindow = Math.min(windowBytes, Math.max(4 * SEGMENT_BYTES, windowBytes / 4));
        this.window = new AimdWindow(initialWindow, Math.min(windowBytes, 2 * SEGMENT_BYTES), windowBytes,
                SEGMENT_BYTES);
    }

    private GroupQueue group(String name, long nowNs) {
        return groups.computeIfAbsent(name, g -> new GroupQueue(g, nowNs));
    }

    /** Queues a request; call {@link #admit} afterwards. */
    void submit(SendRequest request, long nowNs) {
        GroupQueue queue = group(request.group(), nowNs);
        queue.waiting.add(request);
        queue.admission.onQueued(WireCost.messageBytes(request.payload().length), nowNs);
        waitingBytes += request.payload().length;
    }

    /** Admits waiting requests while the window and the groups' rates allow, multicasting each. */
    void admit(EngineIo io, long nowNs) {
        boolean progress = true;
        while (progress) {
            progress = false;
            for (Map.Entry<String, GroupQueue> e : groups.entrySet()) {
                GroupQueue queue = e.getValue();
                SendRequest next = queue.waiting.peek();
                if (next == null) {
                    continue;
                }
                int size = next.payload().length;
                if (unstableBytes > 0 && unstableBytes + size > window.windowBytes()) {
                    return; // the window is shared: nothing more until something becomes stable
                }
                if (!queue.admission.tryAdmit(WireCost.messageBytes(size), nowNs)) {
                    continue; // rates are in bytes on the wire: payload plus datagram overhead
                }
                queue.waiting.poll();
                waitingBytes -= size;
                long seq = ++queue.lastSeq;
                LocalData data = new LocalData(member, incarnation, e.getKey(), seq, next.sentEpochMicros(), false,
                        next.payload());
                queue.unstable.add(data);
                unstableBytes += size;
                io.lanSend(data);
                io.admitted(next);
                progress = true;
            }
        }
    }

    /**
     * Releases the messages of a group up to {@code memberSeq}; the window grows with what was released.
     *
     * @return true if anything was released (more may be admitted)
     */
    boolean release(String group, long memberSeq) {
        GroupQueue queue = groups.get(group);
        long released = 0;
        while (queue != null && !queue.unstable.isEmpty() && queue.unstable.peek().memberSeq() <= memberSeq) {
            released += queue.unstable.poll().payload().length;
        }
        unstableBytes -= released;
        if (released > 0) {
            window.onAcked(released);
        }
        return released > 0;
    }

    /** The delegate granted this member a rate for a group. */
    void grant(String group, double rateBytesPerSec, long nowNs) {
        group(group, nowNs).admission.onGrant(new RateShare(rateBytesPerSec), nowNs);
    }

    /**
     * The delegate published a group's packet price and salary (price-based controllers). A group this member has not
     * sent to yet gets it when it starts.
     */
    void price(String group, double dollarsPerPacket, double salaryDollars, long nowNs) {
        Price price = new Price(dollarsPerPacket, salaryDollars);
        prices.put(group, price);
        GroupQueue queue = groups.get(group);
        if (queue != null) {
            queue.admission.onGrant(price, nowNs);
        }
    }

    /** @return each group's admission state (cost-benefit: budget, salary period, price), by group */
    Map<String, Map<String, Double>> admissionStates() {
        Map<String, Map<String, Double>> states = new java.util.TreeMap<>();
        groups.forEach((group, queue) -> {
            Map<String, Double> state = queue.admission.state();
            if (!state.isEmpty()) {
                states.put(group, state);
            }
        });
        return states;
    }

    /** The LAN showed congestion (retransmissions): the window halves (at most once per RTT). */
    void onLanCongestion(long nowNs, long rttNs) {
        window.onCongestion(nowNs, rttNs);
    }

    /** @return the rate requests due to the delegate (rate-based controllers: every 100 ms when changed) */
    List<Demand> dueDemands(long nowNs) {
        List<Demand> due = new ArrayList<>();
        for (Map.Entry<String, GroupQueue> e : groups.entrySet()) {
            GroupQueue queue = e.getValue();
            DemandReport report = queue.admission.dueReport(nowNs, !queue.waiting.isEmpty(), !queue.unstable.isEmpty());
            if (report != null) {
                due.add(new Demand(member, incarnation, e.getKey(), report.requestBytesPerSec(), report.windowFull()));
            }
        }
        return due;
    }

    /**
     * Withdraws a request that is still waiting (its sender gave up).
     *
     * @return true if it was waiting and is now withdrawn, false if it was already admitted
     */
    boolean cancel(SendRequest request) {
        GroupQueue queue = groups.get(request.group());
        boolean removed = queue != null && queue.waiting.remove(request);
        if (removed) {
            waitingBytes -= request.payload().length;
        }
        return removed;
    }

    /** @return every unstable message, flagged as a re-send, in each group's order */
    List<LocalData> resendCopies() {
        List<LocalData> copies = new ArrayList<>();
        for (GroupQueue queue : groups.values()) {
            for (LocalData d : queue.unstable) {
                copies.add(new LocalData(d.member(), d.incarnation(), d.group(), d.memberSeq(), d.sentEpochMicros(),
                        true, d.payload()));
            }
        }
        return copies;
    }

    /** @return the requests still waiting (removed), for failing them when the node closes */
    List<SendRequest> drainWaiting() {
        List<SendRequest> all = new ArrayList<>();
        for (GroupQueue queue : groups.values()) {
            all.addAll(queue.waiting);
            queue.waiting.clear();
        }
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

    /** @return the current send window in bytes */
    long windowBytes() {
        return window.windowBytes();
    }

    /** @return when a group's admission must next be asked for a report though nothing waits or is unstable */
    long nextReportCheckNs() {
        long earliest = Long.MAX_VALUE;
        for (GroupQueue queue : groups.values()) {
            earliest = Math.min(earliest, queue.admission.nextReportCheckNs());
        }
        return earliest;
    }

    /** @return true if nothing waits and nothing is unstable */
    boolean idle() {
        for (GroupQueue queue : groups.values()) {
            if (!queue.waiting.isEmpty() || !queue.unstable.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /** One group's part of the sending side. */
    private final class GroupQueue {
        final ArrayDeque<SendRequest> waiting = new ArrayDeque<>();
        final ArrayDeque<LocalData> unstable = new ArrayDeque<>();
        final SenderAdmission admission;
        long lastSeq;

        GroupQueue(String group, long nowNs) {
            admission = control.newAdmission(new AdmissionContext(member, group, nowNs,
                    WireCost.FRAGMENT_PAYLOAD_BYTES + WireCost.DATAGRAM_OVERHEAD_BYTES));
            Price price = prices.get(group);
            if (price != null) {
                admission.onGrant(price, nowNs);
            }
        }
    }
}
