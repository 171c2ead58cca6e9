package org.gcs.order;

import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.gcs.GroupMember;
import org.gcs.GroupMessage;
import org.gcs.MemberId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a {@link TotalOrderMember}'s state transfers need from it: sending, joining a transfer's channel, the views,
 * and delivering what a joiner held. Its methods run under the member's lock, except {@link #locked}, which takes it.
 */
final class MemberTransfersHost implements StateTransfers.Host {
    private static final Logger LOG = LoggerFactory.getLogger(MemberTransfersHost.class);

    private final TotalOrderMember member;
    private final GroupMember inner;
    private final MemberListeners listeners;
    private final ControlQueue control;
    private final Map<String, TotalOrderGroup> totalGroups;
    private final SplittableRandom random;
    private final LongSupplier nanoClock;
    private StateTransfers transfers;

    MemberTransfersHost(TotalOrderMember member, GroupMember inner, MemberListeners listeners, ControlQueue control,
            Map<String, TotalOrderGroup> totalGroups, SplittableRandom random, LongSupplier nanoClock) {
        this.member = member;
        this.inner = inner;
        this.listeners = listeners;
        this.control = control;
        this.totalGroups = totalGroups;
        this.random = random;
        this.nanoClock = nanoClock;
    }

    /** The transfers this host serves (they are built with it). */
    void attach(StateTransfers stateTransfers) {
        this.transfers = stateTransfers;
    }

    @Override
    public MemberId self() {
        return inner.self();
    }

    @Override
    public void direct(GroupMessage message) {
        listeners.direct(message);
    }

    @Override
    public boolean fifo(String group) {
        return !totalGroups.containsKey(group) && !transfers.isChannel(group) && inner.groups().contains(group);
    }

    @Override
    public Set<MemberId> viewMembers(String group) {
        return inner.view(group).<Set<MemberId>>map(v -> Set.copyOf(v.members())).orElse(Set.of());
    }

    @Override
    public void send(String group, byte[] payload) {
        control.send(group, payload);
    }

    @Override
    public void joinChannel(String channel) {
        transfers.joinedChannel(channel);
        inner.join(channel);
    }

    @Override
    public void leaveChannel(String channel) {
        transfers.leftChannel(channel);
        inner.leave(channel);
    }

    @Override
    public boolean present(String group, MemberId someone) {
        return inner.view(group).map(v -> v.contains(someone)).orElse(false);
    }

    @Override
    public void deliverHeld(String group, StateFetch.Held event) {
        if (!totalGroups.containsKey(group)) {
            listeners.fifoMessage(event.message());
            return;
        }
        if (event.view() != null) {
            listeners.orderedView(event.view(), event.position());
        } else {
            listeners.orderedMessage(event.message(), event.position());
        }
        transfers.delivered(group, event.view(), event.position());
    }

    @Override
    public void stateRead(String group, long position) {
        transfers.stateRead(group, position);
    }

    @Override
    public void failed(String group, String reason) {
        LOG.warn("state of group '{}' not received; this member leaves the group: {}", group, reason);
        member.leave(group);
    }

    @Override
    public void locked(Runnable action) {
        synchronized (member) {
            action.run();
        }
    }

    @Override
    public long nowNs() {
        return nanoClock.getAsLong();
    }

    @Override
    public long newTransferId() {
        return random.nextLong();
    }
}
