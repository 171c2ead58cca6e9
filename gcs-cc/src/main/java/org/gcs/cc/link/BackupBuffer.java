package org.gcs.cc.link;

import java.util.ArrayDeque;
import java.util.List;

/**
 * A delegate's backup buffer (seed 001 §II-D, §IV): a copy of every packet that leaves an input buffer, the last
 * {@link #capacityPackets()} of them, oldest first. When the tree is repaired after a relay fails, the new upstream
 * sends its backup buffer first, and the receivers drop what they already have by flow sequence.
 *
 * <p>Seed 001's Theorem 2: with {@code B_back = r·(B_OUT + B_IN) + B_OUT} (the largest buffers of the system), a
 * chain survives r simultaneous, consecutive relay failures without losing a packet: the failed relays held at most
 * r·(B_IN + B_OUT) packets the survivor no longer has in its output buffer, and the survivor's own output buffer
 * held at most B_OUT that its dead child may not have passed on.
 *
 * @param <P> the packet type
 */
public final class BackupBuffer<P> {
    private final int capacityPackets;
    private final ArrayDeque<P> packets = new ArrayDeque<>();

    /** @param capacityPackets B_back; at least 0 (0 keeps nothing) */
    public BackupBuffer(int capacityPackets) {
        if (capacityPackets < 0) {
            throw new IllegalArgumentException("capacityPackets must not be negative, got " + capacityPackets);
        }
        this.capacityPackets = capacityPackets;
    }

    /**
     * Seed 001's sizing, {@code B_back = r·(B_OUT + B_IN) + B_OUT}.
     *
     * @param failures r, the consecutive relay failures to survive; at least 0
     * @param inputPackets B_IN, the largest input buffer of the system
     * @param outputPackets B_OUT, the largest output buffer
     * @return B_back, in packets
     */
    public static int capacityFor(int failures, int inputPackets, int outputPackets) {
        if (failures < 0 || inputPackets < 1 || outputPackets < 1) {
            throw new IllegalArgumentException("need failures >= 0 and buffers >= 1, got " + failures + ", "
                    + inputPackets + ", " + outputPackets);
        }
        long capacity = (long) failures * (outputPackets + inputPackets) + outputPackets;
        if (capacity > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a backup buffer of " + capacity + " packets is too large; lower r");
        }
        return (int) capacity;
    }

    /**
     * Keeps a copy of a packet that left an input buffer, forgetting the oldest when full.
     *
     * @param packet the packet
     */
    public void append(P packet) {
        if (capacityPackets == 0) {
            return;
        }
        if (packets.size() == capacityPackets) {
            packets.pollFirst();
        }
        packets.addLast(packet);
    }

    /** @return the packets held, oldest first: what a new downstream is sent before anything else */
    public List<P> replay() {
        return List.copyOf(packets);
    }

    /** @return B_back */
    public int capacityPackets() {
        return capacityPackets;
    }

    /** @return the packets held now */
    public int size() {
        return packets.size();
    }
}
