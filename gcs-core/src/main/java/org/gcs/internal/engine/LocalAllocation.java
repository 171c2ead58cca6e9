package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gcs.cc.alloc.MaxMinAllocator;
import org.gcs.cc.api.GrantKind;
import org.gcs.cc.api.RateGrant;
import org.gcs.internal.wire.LanMessage;
import org.gcs.internal.wire.LanMessage.Demand;
import org.gcs.internal.wire.LanMessage.Grant;
import org.gcs.internal.wire.LanMessage.Share;

/**
 * The sending delegate's split of one group's aggregate rate among its local senders (seed 004 §4.3): it keeps
 * every sender's latest request, divides the aggregate max-min fairly over them (water-filling), and publishes a
 * {@link Grant} when a share or the aggregate moved by more than 5 %, or at least every 500 ms while senders are
 * active. A sender whose requests stop for 3 s leaves the allocation. With an unlimited aggregate (no remote
 * receiver yet) every sender is unlimited. It is the {@link GrantPolicy} of rate-based controllers
 * ({@link GrantKind#RATE}); under a price-based one it only keeps the senders' demands for status.
 */
final class LocalAllocation implements GrantPolicy<RateGrant> {
    private static final long REGRANT_NS = 500_000_000L;
    private static final long SENDER_TIMEOUT_NS = 3_000_000_000L;
    private static final double CHANGE = 0.05;

    private final String group;
    private final Map<SenderKey, Request> requests = new LinkedHashMap<>();
    private Map<SenderKey, Double> granted = Map.of();
    private double grantedCapacity = -1;
    private long lastGrantNs = Long.MIN_VALUE / 2;

    LocalAllocation(String group) {
        this.group = group;
    }

    /** A local sender asked for a rate. */
    void onDemand(Demand demand, long nowNs) {
        double request = demand.requestBytesPerSec() == Long.MAX_VALUE ? Double.POSITIVE_INFINITY
                : demand.requestBytesPerSec();
        requests.put(new SenderKey(demand.member(), demand.incarnation()),
                new Request(request, demand.windowFull(), nowNs));
    }

    /**
     * @param grant the controller's aggregate rate and limiting site
     * @param term the delegate's term
     * @param nowNs the current time
     * @return the {@link Grant} to publish on the LAN, if one is due
     */
    @Override
    public Optional<LanMessage> publish(RateGrant grant, long term, long nowNs) {
        return grantDue(grant.aggregateBytesPerSec(), grant.limitingSite(), term, nowNs).map(g -> g);
    }

    /**
     * @param capacityBytesPerSec the group's aggregate rate
     * @param limitingSite the receiving site that limits it, or null
     * @return a grant to publish, if one is due
     */
    private Optional<Grant> grantDue(double capacityBytesPerSec, String limitingSite, long term, long nowNs) {
        for (Iterator<Request> it = requests.values().iterator(); it.hasNext(); ) {
            if (nowNs - it.next().atNs > SENDER_TIMEOUT_NS) {
                it.remove();
            }
        }
        if (requests.isEmpty()) {
            return Optional.empty();
        }
        Map<SenderKey, Double> demands = new LinkedHashMap<>();
        requests.forEach((key, request) -> demands.put(key, request.bytesPerSec));
        Map<SenderKey, Double> shares = Double.isInfinite(capacityBytesPerSec) ? unlimited(demands)
                : MaxMinAllocator.allocate(capacityBytesPerSec, demands);
        boolean due = nowNs - lastGrantNs >= REGRANT_NS || moved(grantedCapacity, capacityBytesPerSec)
                || !shares.keySet().equals(granted.keySet());
        for (Map.Entry<SenderKey, Double> e : shares.entrySet()) {
            due |= moved(granted.getOrDefault(e.getKey(), -1.0), e.getValue());
        }
        if (!due) {
            return Optional.empty();
        }
        granted = shares;
        grantedCapacity = capacityBytesPerSec;
        lastGrantNs = nowNs;
        List<Share> list = new ArrayList<>();
        shares.forEach((key, rate) -> list.add(new Share(key.member(), key.incarnation(), toWire(rate))));
        return Optional.of(new Grant(term, group, toWire(capacityBytesPerSec), limitingSite == null ? "" : limitingSite,
                list));
    }

    private static Map<SenderKey, Double> unlimited(Map<SenderKey, Double> demands) {
        Map<SenderKey, Double> all = new LinkedHashMap<>();
        demands.keySet().forEach(key -> all.put(key, Double.POSITIVE_INFINITY));
        return all;
    }

    private static boolean moved(double before, double now) {
        if (Double.isInfinite(before) || Double.isInfinite(now)) {
            return before != now;
        }
        return Math.abs(now - before) > CHANGE * Math.max(before, 1);
    }

    private static long toWire(double rate) {
        return Double.isInfinite(rate) ? Long.MAX_VALUE : Math.round(rate);
    }

    /**
     * The part of the group's rate that its senders leave unused: the aggregate less the sum of their latest
     * requests, none below zero. Under max-min fairness every sender is granted its request while the requests sum to
     * less than the aggregate, so this is rate no sender asked for. A sender held back by its grant asks for more
     * than it is granted (it doubles its request while its window is full, seed 004 §4.3.1), so a flow limited by
     * its rate, not by its application, leaves none.
     *
     * @param capacityBytesPerSec the group's aggregate rate
     * @return the unused rate in bytes per second; the whole aggregate while no sender has asked
     */
    double unusedBytesPerSec(double capacityBytesPerSec) {
        double requested = 0;
        for (Request request : requests.values()) {
            requested += request.bytesPerSec;
        }
        return Math.max(0, capacityBytesPerSec - requested);
    }

    /** @return each sender's latest request and current grant */
    List<SenderStatus> senders() {
        List<SenderStatus> list = new ArrayList<>();
        requests.forEach((key, request) -> list.add(new SenderStatus(key.member(), request.bytesPerSec,
                granted.getOrDefault(key, Double.NaN), request.windowFull)));
        return list;
    }

    /**
     * One local sender's state.
     *
     * @param member the sender
     * @param demandBytesPerSec its latest request
     * @param grantBytesPerSec its current grant (NaN before the first)
     * @param windowFull whether it reported a full sending window
     */
    record SenderStatus(String member, double demandBytesPerSec, double grantBytesPerSec, boolean windowFull) {
    }

    private record SenderKey(String member, long incarnation) {
    }

    private record Request(double bytesPerSec, boolean windowFull, long atNs) {
    }
}
