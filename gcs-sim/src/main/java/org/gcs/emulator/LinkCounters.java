package org.gcs.emulator;

/**
 * What an {@link EmulatedLink} (or several, added up) did with the packets offered to it.
 *
 * @param admitted our packets admitted (they will arrive)
 * @param droppedByLoss our packets the random loss model dropped
 * @param droppedByQueue our packets that found the bottleneck queue full
 * @param crossAdmitted cross-traffic packets that entered the bottleneck
 * @param crossDropped cross-traffic packets that found the bottleneck queue full
 */
public record LinkCounters(long admitted, long droppedByLoss, long droppedByQueue, long crossAdmitted,
        long crossDropped) {

    /** All zero. */
    public static final LinkCounters ZERO = new LinkCounters(0, 0, 0, 0, 0);

    /**
     * The sum of two sets of counters.
     *
     * @param other the counters to add
     * @return the component-wise sum
     */
    public LinkCounters plus(LinkCounters other) {
        return new LinkCounters(admitted + other.admitted, droppedByLoss + other.droppedByLoss,
                droppedByQueue + other.droppedByQueue, crossAdmitted + other.crossAdmitted,
                crossDropped + other.crossDropped);
    }
}
