package org.gcs;

import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A message delivered to a member of a group.
 *
 * <p>Every member of the group (the sender included) receives each message exactly once, and the messages of
 * one sender to one group arrive in the order they were sent ({@link #sequence()} counts them from 1).
 * There is no order between different senders. A WAN partition longer than the site timeout is the exception to
 * "exactly once": messages sent across it while the sides were apart are never delivered on the other side (at
 * most once, still in order); the receiver sees the sender's sequence jump and the sender leave and rejoin its
 * view (docs/architecture.md, "Partitions").
 *
 * <p>The payload array is shared by all listeners of a node: read it, do not modify it.
 */
public final class GroupMessage {
    private final MemberId sender;
    private final String group;
    private final long sequence;
    private final byte[] payload;

    /**
     * @param sender who sent the message
     * @param group the group it was sent to
     * @param sequence the sender's sequence number for this group, from 1
     * @param payload the application's bytes
     */
    public GroupMessage(MemberId sender, String group, long sequence, byte[] payload) {
        this.sender = Objects.requireNonNull(sender, "sender");
        this.group = Objects.requireNonNull(group, "group");
        this.sequence = sequence;
        this.payload = Objects.requireNonNull(payload, "payload");
    }

    /** @return the sending member */
    public MemberId sender() {
        return sender;
    }

    /** @return the sending member's site */
    public String senderSite() {
        return sender.site();
    }

    /** @return the group the message was sent to */
    public String group() {
        return group;
    }

    /**
     * @return the sender's sequence number of this message within the group, from 1; the sender numbers without
     *     gaps, so a jump between two messages of one sender means that messages were lost (a partition)
     */
    public long sequence() {
        return sequence;
    }

    /** @return the payload (shared: do not modify) */
    public byte[] payload() {
        return payload;
    }

    /** @return a read-only view of the payload */
    public ByteBuffer payloadBuffer() {
        return ByteBuffer.wrap(payload).asReadOnlyBuffer();
    }

    @Override
    public String toString() {
        return "GroupMessage[" + sender + " -> " + group + " #" + sequence + ", " + payload.length + " bytes]";
    }
}
