package org.gcs.internal.node;

import org.jgroups.Message;
import org.jgroups.util.MaxOneThreadPerSender;
import org.jgroups.util.MessageBatch;

/**
 * How the LAN's UDP transport hands received messages up: regular messages (GCS's data, in order per sender) go up on
 * the receiver thread that read them, as JGroups' {@code direct} policy does, which saves a wake-up of a pool thread
 * per message and per hop; out-of-band messages (heartbeats, suspicion checks, credits) and multicasts looped back
 * to this member go to JGroups' thread pool as with its default policy ({@link MaxOneThreadPerSender}).
 *
 * <p>The loopback matters: JGroups' {@code direct} policy would run a looped-back multicast up the stack on the
 * thread that sent it, and a GCS node's loop sends (see {@link LanOut}). GCS's own messages are sent without loopback
 * ({@link JGroupsLan#send} takes the member's copy itself), but JGroups' own multicasts still loop back, and the
 * loop must never run JGroups' receive path.
 * A receiver thread may wait for room ({@link LanInbox}); it then reads nothing, as a pool thread would have waited
 * for the same room, and the kernel's socket buffer and NAKACK2's retransmissions carry the rest. Heartbeats left
 * unread meanwhile make failure detection check the other members by unicast, which another thread reads. Used with
 * the UDP transport only: over TCP a blocked receiver thread would also hold a peer's suspicion replies.
 *
 * <p>Public only because JGroups creates its policy by class name ({@code TP.setMessageProcessingPolicy}).
 */
public final class LanReceivePolicy extends MaxOneThreadPerSender {
    /** Created by JGroups. */
    public LanReceivePolicy() {
    }

    @Override
    public boolean process(Message message, boolean oob) {
        if (oob) {
            return super.process(message, true);
        }
        new SingleMessageHandler(message) { }.run();
        return true;
    }

    @Override
    public boolean process(MessageBatch batch, boolean oob) {
        if (oob) {
            return super.process(batch, true);
        }
        new BatchHandler(batch, false).run();
        return true;
    }
}
