package org.gcs.order;

import java.io.IOException;
import java.io.InputStream;

/**
 * Receives a group's state when this member joins it ({@link TotalOrderMember#join(String, Ordering,
 * StateReceiver)}). In a total-order group, once admitted, the member delivers its first view (the one that admits
 * it), then asks a current member for the state, its own site's first, and holds every later event. The state comes
 * as of some position {@code P} of the agreed order at or after that view; then the member delivers the events after
 * {@code P} (the latest view up to {@code P} first, if the view changed meanwhile). In a FIFO group the member holds
 * the group's messages from its join on; the state comes as of a cut of every sender's stream (position -1), and the
 * member delivers each sender's messages after the cut. Either way the state and the messages delivered after it
 * hold every message once: none missing, none twice.
 */
public interface StateReceiver {
    /**
     * Reads the state, on a thread of its own (no event of the group is delivered meanwhile).
     *
     * @param group the group
     * @param position the position of the order the state was taken at
     * @param in the state, as the provider wrote it; it ends where the provider's snapshot ended
     * @throws IOException if reading failed. When the provider fails or leaves mid-transfer, {@code in} throws an
     *     {@link IOException}: let it propagate; this method is then called again, with the state from another
     *     member, and must start over (discard what it read). In a FIFO group it is also called again when a state
     *     read whole turns out unusable (this member's stream of a sender begins after the state's cut)
     */
    void readState(String group, long position, InputStream in) throws IOException;

    /**
     * This member is the first of the group (its first view holds only itself; in a FIFO group, for 3 s, or every
     * other member waits for a state too): there is no state to receive.
     *
     * @param group the group
     */
    default void onFirstMember(String group) {
    }

    /**
     * The state could not be transferred: no other member could give it (every one refused, left, or stopped
     * answering, round after round for two minutes). The member has left the group; it may join again.
     *
     * @param group the group
     * @param reason why, for a log line
     */
    default void onStateFailed(String group, String reason) {
    }
}
