package org.gcs.order;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.gcs.MemberId;

/**
 * A state transfer's host for tests: records what is sent, joined and left, and the fetches that failed; its views of
 * the groups list whom the test says ({@link #list}); its clock is the test's.
 */
class FakeFetchHost implements StateFetch.Host {
    final List<String> joined = new ArrayList<>();
    final List<String> left = new ArrayList<>();
    /** The reasons of the fetches that failed. */
    final List<String> failures = new ArrayList<>();
    private final Map<String, Set<MemberId>> views = new HashMap<>();
    private final List<String> sentGroups = new ArrayList<>();
    private final List<byte[]> sentPayloads = new ArrayList<>();
    private final LongSupplier clock;
    private long transfers;

    /** @param clock the test's clock, nanoseconds */
    FakeFetchHost(LongSupplier clock) {
        this.clock = clock;
    }

    /** This host's view of the group lists the member from now on. */
    void list(String group, MemberId member) {
        views.computeIfAbsent(group, g -> new HashSet<>()).add(member);
    }

    /** This host's view of the group no longer lists the member. */
    void unlist(String group, MemberId member) {
        views.computeIfAbsent(group, g -> new HashSet<>()).remove(member);
    }

    /** @return the payloads sent to the group, in order */
    List<byte[]> sentTo(String group) {
        List<byte[]> payloads = new ArrayList<>();
        for (int i = 0; i < sentGroups.size(); i++) {
            if (sentGroups.get(i).equals(group)) {
                payloads.add(sentPayloads.get(i));
            }
        }
        return payloads;
    }

    @Override
    public void send(String group, byte[] payload) {
        sentGroups.add(group);
        sentPayloads.add(payload);
    }

    @Override
    public void joinChannel(String channel) {
        joined.add(channel);
    }

    @Override
    public void leaveChannel(String channel) {
        left.add(channel);
    }

    @Override
    public boolean present(String group, MemberId member) {
        return views.getOrDefault(group, Set.of()).contains(member);
    }

    @Override
    public Set<MemberId> viewMembers(String group) {
        return Set.copyOf(views.getOrDefault(group, Set.of()));
    }

    @Override
    public void deliverHeld(String group, StateFetch.Held event) {
    }

    @Override
    public void failed(String group, String reason) {
        failures.add(reason);
    }

    @Override
    public void stateRead(String group, long position) {
    }

    @Override
    public void locked(Runnable action) {
        action.run();
    }

    @Override
    public long nowNs() {
        return clock.getAsLong();
    }

    @Override
    public long newTransferId() {
        return ++transfers;
    }
}
