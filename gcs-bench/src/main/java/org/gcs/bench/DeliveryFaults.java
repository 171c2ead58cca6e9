package org.gcs.bench;

/**
 * What the receivers of one run got wrong, summed over them: the failover scenario's figures. In every other
 * scenario the run fails unless all three are 0 ({@link DeliveryVerdict}).
 *
 * @param lost warm-up and measured messages of the sender that a surviving receiver never delivered
 * @param duplicates messages a surviving receiver delivered more than once
 * @param reordered messages a surviving receiver delivered out of the sender's order
 */
public record DeliveryFaults(long lost, long duplicates, long reordered) {
    /** No fault. */
    public static final DeliveryFaults NONE = new DeliveryFaults(0, 0, 0);

    /**
     * Counts the faults from the receivers' {@code final} lines.
     *
     * @param plan the run's nodes
     * @param board what they reported
     * @return the sums over {@link RunPlan#receivers()}
     */
    static DeliveryFaults of(RunPlan plan, RunBoard board) {
        long expectedWarmup = DeliveryVerdict.expectedWarmup(plan, board);
        long lost = 0;
        long duplicates = 0;
        long reordered = 0;
        for (NodeSpec receiver : plan.receivers()) {
            NodeLine last = board.first(receiver.member(), NodeLine.FINAL).orElseThrow(() ->
                    new IllegalStateException("no final line from " + receiver.member()));
            lost += Math.max(0, expectedWarmup - last.number("warmup"))
                    + Math.max(0, receiver.measuredMessages() - last.number("measured"));
            duplicates += last.number("duplicates");
            reordered += last.number("outOfOrder");
        }
        return new DeliveryFaults(lost, duplicates, reordered);
    }

    /** @return true if nothing was lost, duplicated or reordered */
    public boolean none() {
        return lost == 0 && duplicates == 0 && reordered == 0;
    }
}
