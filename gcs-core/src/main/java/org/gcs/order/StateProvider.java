package org.gcs.order;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Gives a group's state to a member that joins it ({@link TotalOrderMember#provideState}). When a joiner asks this
 * member, {@link #snapshot} is called on the delivering thread, between two deliveries: in a total-order group at a
 * position of the agreed order, after every event up to it was handed to the listeners and before any later one; in a
 * FIFO group at a cut of every sender's stream, once every member marked its stream for the joiner (position -1). The
 * snapshot it returns is then written to the joiner on a thread of its own, in chunks, while deliveries go on: it must
 * not change with them (copy what is small, or keep an immutable version).
 */
@FunctionalInterface
public interface StateProvider {
    /**
     * @param group the group
     * @param position the position of the order the state is taken at (every event up to it is in the state); -1 in
     *     a FIFO group
     * @return what writes the state as it is now
     */
    Snapshot snapshot(String group, long position);

    /** The state of a group at one position, written once to one joiner. */
    @FunctionalInterface
    interface Snapshot {
        /**
         * Writes the state. Writing blocks while the joiner is behind (at most a few chunks are in flight), so memory
         * stays bounded at both ends however large the state.
         *
         * @param out where to write; closing it is not needed
         * @throws IOException if the transfer was aborted (the joiner left, or gave up on this member) or the state
         *     could not be read; the joiner then asks another member
         */
        void writeTo(OutputStream out) throws IOException;
    }
}
