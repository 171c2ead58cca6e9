package org.gcs.alm.swim;

/**
 * Where a {@link SwimMember} sends its messages and reports changes of membership. The driver owns the
 * transport: it maps member ids to addresses and sends the datagrams; a message it cannot send is simply lost
 * (SWIM tolerates loss by design).
 *
 * <p>The events are reported once per change, when the change is applied; each has a no-op default.
 */
public interface SwimOutput {
    /**
     * Sends a message to a member. Called from within {@link SwimMember#onTick} and {@link SwimMember#onMessage}.
     *
     * @param to the member id
     * @param message the message
     */
    void send(String to, SwimMessage message);

    /**
     * A member became {@link MemberStatus#ALIVE}: learned through gossip or from an unknown sender, refuted its
     * suspicion, or came back from the dead with a higher incarnation (a restarted site).
     *
     * @param member the member id
     */
    default void onAlive(String member) {
    }

    /**
     * A member became {@link MemberStatus#SUSPECT} (SWIM §4.2).
     *
     * @param member the member id
     */
    default void onSuspect(String member) {
    }

    /**
     * A member became {@link MemberStatus#DEAD}: its suspicion timed out here, or a Dead update arrived.
     *
     * @param member the member id
     */
    default void onDead(String member) {
    }
}
