package org.gcs.emulator;

/**
 * What became of the packets of one kind (ours, or cross traffic's) offered to an {@link EmulatedLink}: how many
 * were admitted and their bytes, how many the random loss dropped and how many the bottleneck. Not thread-safe.
 */
final class PacketTally {

    private long admitted;
    private long bytesAdmitted;
    private long droppedByLoss;
    private long droppedByQueue;

    /** Counts a packet of {@code sizeBytes} that was admitted. */
    void countAdmitted(int sizeBytes) {
        admitted++;
        bytesAdmitted += sizeBytes;
    }

    /** Counts a packet the random loss model dropped. */
    void countLoss() {
        droppedByLoss++;
    }

    /** Counts a packet the bottleneck dropped (RED or a full queue). */
    void countQueueDrop() {
        droppedByQueue++;
    }

    /** @return the packets admitted since creation */
    long admitted() {
        return admitted;
    }

    /** @return the total size of the admitted packets, in bytes */
    long bytesAdmitted() {
        return bytesAdmitted;
    }

    /** @return the packets the random loss model dropped since creation */
    long droppedByLoss() {
        return droppedByLoss;
    }

    /** @return the packets the bottleneck dropped since creation */
    long droppedByQueue() {
        return droppedByQueue;
    }
}
