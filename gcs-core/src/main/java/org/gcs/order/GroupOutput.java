package org.gcs.order;

import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where one total-order group's protocol output goes: protocol messages to the {@link ControlQueue}, events to the
 * member's listeners, unless a state transfer holds them ({@link StateTransfers}).
 */
final class GroupOutput implements TotalOrderGroup.Output {
    private static final Logger LOG = LoggerFactory.getLogger(GroupOutput.class);

    private final String group;
    private final MemberListeners listeners;
    private final StateTransfers transfers;
    private final ControlQueue control;

    GroupOutput(String group, MemberListeners listeners, StateTransfers transfers, ControlQueue control) {
        this.group = group;
        this.listeners = listeners;
        this.transfers = transfers;
        this.control = control;
    }

    @Override
    public void send(byte[] payload) {
        control.send(group, payload);
    }

    @Override
    public void admitted(long lineage) {
        listeners.admitted(group, lineage);
    }

    @Override
    public void message(GroupMessage message, long position) {
        if (!transfers.hold(group, message, null, position)) {
            listeners.orderedMessage(message, position);
            transfers.delivered(group, null, position);
        }
    }

    @Override
    public void view(GroupView view, long position) {
        if (!transfers.hold(group, null, view, position)) {
            listeners.orderedView(view, position);
            transfers.delivered(group, view, position);
        }
    }

    @Override
    public void blocked(String reason) {
        LOG.warn("total-order group '{}' blocked: {}", group, reason);
        listeners.blocked(group, reason);
    }

    @Override
    public void rejoined(String reason) {
        LOG.warn("total-order group '{}': joined again as a new member: {}", group, reason);
        listeners.forget(group);
        transfers.rejoined(group);
        listeners.rejoined(group, reason);
    }

    @Override
    public void mismatch(MemberId member, String reason) {
        LOG.error(reason);
        listeners.mismatch(group, member, reason);
    }
}
