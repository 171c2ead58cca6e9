package org.gcs.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The delivery check of a run, from every receiver's {@code final} counts: each one delivered every warm-up and
 * every measured message of the sender exactly once and in the sender's order. For UDP datagrams loss and
 * reordering are allowed (they are reported), duplicates are not. For a total-order system
 * ({@link BenchSystem#totalOrder()}) every receiver must also have delivered the same sequence: the rolling hashes of
 * their deliveries ({@link ArrivalCheck}) must be equal, and positions must have grown from delivery to delivery.
 */
final class DeliveryVerdict {
    private DeliveryVerdict() {
    }

    /**
     * @param plan the run's nodes
     * @param board what they reported
     * @throws BenchFailure naming every receiver that missed, duplicated or reordered a message
     */
    static void check(RunPlan plan, RunBoard board) throws BenchFailure {
        List<String> problems = new ArrayList<>();
        boolean datagrams = plan.system() == BenchSystem.UDP;
        long expectedWarmup = expectedWarmup(plan, board);
        for (NodeSpec receiver : plan.receivers()) {
            NodeLine last = board.first(receiver.member(), NodeLine.FINAL).orElseThrow(() ->
                    new IllegalStateException("no final line from " + receiver.member()));
            long warmup = last.number("warmup");
            long measured = last.number("measured");
            long duplicates = last.number("duplicates");
            long outOfOrder = last.number("outOfOrder");
            List<String> wrong = new ArrayList<>();
            if (!datagrams && warmup != expectedWarmup) {
                wrong.add(String.format("%d of %d warm-up messages", warmup, expectedWarmup));
            }
            if (!datagrams && measured != receiver.measuredMessages()) {
                wrong.add(String.format("%d of %d measured messages (%d missing)", measured,
                        receiver.measuredMessages(), receiver.measuredMessages() - measured));
            }
            if (datagrams && measured == 0) {
                wrong.add("no measured datagram");
            }
            if (duplicates != 0) {
                wrong.add(duplicates + " duplicates");
            }
            if (!datagrams && outOfOrder != 0) {
                wrong.add(outOfOrder + " out of per-sender order");
            }
            if (!wrong.isEmpty()) {
                problems.add(receiver.site() + "/" + receiver.member() + " delivered " + String.join(", ", wrong));
            }
        }
        if (!problems.isEmpty()) {
            throw new BenchFailure("delivery check FAILED for " + plan.system().title() + " (sender "
                    + plan.sender().member() + "): " + String.join("; ", problems));
        }
        if (plan.system().totalOrder()) {
            checkAgreement(plan, board);
        }
    }

    /**
     * @param plan the run's nodes
     * @param board what they reported
     * @return the warm-up messages the sender sent: a settling sender's warm-up lasts until the JIT is done, and
     *         its sent line says how long it was
     */
    static long expectedWarmup(RunPlan plan, RunBoard board) {
        return board.first(plan.sender().member(), NodeLine.SENT).filter(l -> l.fields().containsKey("warmup"))
                .map(l -> l.number("warmup")).orElse(plan.sender().warmupMessages());
    }

    /**
     * @param plan the run's nodes, of a total-order system
     * @param board what they reported
     * @return the number of members whose sequences were compared (all receivers)
     * @throws BenchFailure if two receivers delivered different sequences, or positions went back
     */
    static int checkAgreement(RunPlan plan, RunBoard board) throws BenchFailure {
        Map<String, List<String>> byHash = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (NodeSpec receiver : plan.receivers()) {
            NodeLine last = board.first(receiver.member(), NodeLine.FINAL).orElseThrow();
            byHash.computeIfAbsent(last.text("orderHash"), h -> new ArrayList<>()).add(receiver.member());
            long regressions = last.number("positionRegressions");
            if (regressions != 0) {
                problems.add(receiver.member() + " delivered " + regressions + " messages at a position not above the"
                        + " previous one's");
            }
        }
        if (byHash.size() != 1) {
            problems.add("the members delivered " + byHash.size() + " different sequences (members by hash of their"
                    + " sequence: " + byHash + ")");
        }
        if (!problems.isEmpty()) {
            throw new BenchFailure("order agreement FAILED for " + plan.system().title() + ": "
                    + String.join("; ", problems));
        }
        return plan.receivers().size();
    }
}
