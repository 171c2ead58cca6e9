package org.gcs.order;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gcs.MemberId;

/**
 * Checks the delivery logs of a total-order group's members against its guarantees (docs/architecture.md, "Total
 * order"):
 * <ul>
 *   <li><b>one agreed order</b>: one position holds the same event at every member that delivered it, and one
 *       message sits at one position everywhere (so no two members order a pair of messages differently);</li>
 *   <li><b>no gap</b>: each member's positions follow each other without a hole, from the view that admitted it;</li>
 *   <li><b>each sender's order</b>: a sender's messages come with consecutive numbers (from 1 again only after a view
 *       that may have let it join again);</li>
 *   <li><b>view synchrony</b>: two members that install one view and then the same next view delivered the same
 *       messages in between (it follows from the two above, and is counted on its own);</li>
 *   <li><b>exact state transfer</b>, for a member that received a state ({@link DeliveryLog.ReceivedState}, when
 *       the logs serve as the group's state): the state holds every position up to the one it was taken at, each
 *       with the event the others delivered there, and the member delivers no message up to that position and every
 *       position after it. The checks above then run over the state followed by what the member delivered.</li>
 * </ul>
 * A message is known by its sender, its number and a hash of its payload: a sender that joined again numbers from 1
 * again, so a workload checked with this class sends payloads that differ (a counter of its own, for instance).
 */
public final class OrderChecker {
    private OrderChecker() {
    }

    /**
     * What the check found.
     *
     * @param members logs checked (member incarnations)
     * @param events events delivered, over every log
     * @param orderDisagreements positions holding different events at two members, plus messages delivered at two
     *     positions
     * @param gaps holes in a member's positions
     * @param senderOrderViolations messages out of their sender's order
     * @param viewSynchronyViolations pairs of members that passed from one view to the next with different messages
     * @param stateTransferViolations states that miss a position or end elsewhere than where they were taken, and
     *     messages a member both received in a state and delivered
     * @param problems the first problems found, for a report (at most 20)
     */
    public record Result(int members, long events, long orderDisagreements, long gaps, long senderOrderViolations,
                         long viewSynchronyViolations, long stateTransferViolations, List<String> problems) {
        /** @return true if nothing was found */
        public boolean ok() {
            return orderDisagreements == 0 && gaps == 0 && senderOrderViolations == 0 && viewSynchronyViolations == 0
                    && stateTransferViolations == 0;
        }
    }

    /**
     * @param logs every member's log of one group
     * @return what was found
     */
    public static Result check(List<DeliveryLog> logs) {
        List<String> problems = new ArrayList<>();
        Map<String, String> atPosition = new HashMap<>();
        Map<String, Long> positionOf = new HashMap<>();
        Map<String, List<DeliveryLog.Event>> betweenViews = new HashMap<>();
        long disagreements = 0;
        long gaps = 0;
        long senderOrder = 0;
        long synchrony = 0;
        long stateTransfer = 0;
        long events = 0;
        int members = 0;
        for (DeliveryLog log : logs) {
            List<List<DeliveryLog.Event>> incarnations = log.incarnations();
            List<Long> lineages = log.lineages();
            List<DeliveryLog.ReceivedState> states = log.states();
            for (int i = 0; i < incarnations.size(); i++) {
                List<DeliveryLog.Event> delivered = incarnations.get(i);
                if (delivered.isEmpty()) {
                    continue;
                }
                String lineage = Long.toHexString(lineages.get(i)) + ":";
                members++;
                String who = log.member() + " (incarnation " + members + ")";
                DeliveryLog.ReceivedState state = states.get(i);
                List<DeliveryLog.Event> incarnation = delivered;
                if (state != null) {
                    List<String> found = checkState(who, delivered, state);
                    stateTransfer += found.size();
                    found.forEach(problem -> note(problems, problem));
                    incarnation = new ArrayList<>(state.content());
                    for (DeliveryLog.Event event : delivered) {
                        if (event.position() > state.position()) {
                            incarnation.add(event);
                        } else {
                            disagreements += agree(lineage, event, atPosition, positionOf, who, problems);
                        }
                    }
                }
                Map<MemberId, Long> lastSeq = new HashMap<>();
                Map<MemberId, Integer> viewsAtLast = new HashMap<>();
                int viewsSeen = 0;
                DeliveryLog.Event previous = null;
                DeliveryLog.Event lastView = null;
                List<DeliveryLog.Event> sinceView = new ArrayList<>();
                for (DeliveryLog.Event event : incarnation) {
                    events++;
                    String identity = event.identity();
                    disagreements += agree(lineage, event, atPosition, positionOf, who, problems);
                    if (previous == null && !event.isView()) {
                        gaps++;
                        note(problems, who + " began with a message, not with the view that admitted it");
                    }
                    if (previous != null && event.position() != previous.position() + 1) {
                        gaps++;
                        note(problems, who + " went from position " + previous.position() + " to "
                                + event.position());
                    }
                    if (event.isView()) {
                        if (lastView != null) {
                            String key = lineage + lastView.identity() + " -> " + identity;
                            List<DeliveryLog.Event> other = betweenViews.putIfAbsent(key, List.copyOf(sinceView));
                            if (other != null && !other.equals(sinceView)) {
                                synchrony++;
                                note(problems, who + " delivered other messages than another member between "
                                        + key);
                            }
                        }
                        lastView = event;
                        sinceView.clear();
                        viewsSeen++;
                    } else {
                        sinceView.add(event);
                        Long last = lastSeq.put(event.sender(), event.seq());
                        Integer views = viewsAtLast.put(event.sender(), viewsSeen);
                        boolean next = last == null || event.seq() == last + 1
                                || event.seq() == 1 && views != null && views < viewsSeen;
                        if (!next) {
                            senderOrder++;
                            note(problems, who + " delivered " + event.sender() + " #" + event.seq() + " after #"
                                    + last);
                        }
                    }
                    previous = event;
                }
            }
        }
        return new Result(members, events, disagreements, gaps, senderOrder, synchrony, stateTransfer,
                List.copyOf(problems));
    }

    /**
     * Checks one event against what the other members delivered at its position and where they delivered it.
     *
     * @return the disagreements found (0, 1 or 2)
     */
    private static int agree(String lineage, DeliveryLog.Event event, Map<String, String> atPosition,
            Map<String, Long> positionOf, String who, List<String> problems) {
        int found = 0;
        String identity = event.identity();
        String there = atPosition.putIfAbsent(lineage + event.position(), identity);
        if (there != null && !there.equals(identity)) {
            found++;
            note(problems, who + " delivered " + identity + " at " + event.position()
                    + " where another member delivered " + there);
        }
        Long elsewhere = positionOf.putIfAbsent(identity, event.position());
        if (elsewhere != null && elsewhere != event.position()) {
            found++;
            note(problems, who + " delivered " + identity + " at " + event.position() + ", another member at "
                    + elsewhere);
        }
        return found;
    }

    /**
     * @return what is wrong with a state a member received, given what it delivered: a position the state lacks up
     *     to the one it was taken at (from the first one the member delivered), a state that ends elsewhere, and
     *     messages delivered at or before its position (they are in the state: delivered twice)
     */
    private static List<String> checkState(String who, List<DeliveryLog.Event> delivered,
            DeliveryLog.ReceivedState state) {
        List<String> found = new ArrayList<>();
        List<DeliveryLog.Event> content = state.content();
        if (content.isEmpty() || content.get(content.size() - 1).position() != state.position()) {
            found.add(who + " received a state taken at " + state.position() + " that ends at "
                    + (content.isEmpty() ? "nothing" : content.get(content.size() - 1).position()));
        }
        for (int k = 1; k < content.size(); k++) {
            if (content.get(k).position() != content.get(k - 1).position() + 1) {
                found.add(who + " received a state that goes from " + content.get(k - 1).position() + " to "
                        + content.get(k).position());
            }
        }
        if (!content.isEmpty() && content.get(0).position() > delivered.get(0).position()) {
            found.add(who + " received a state from " + content.get(0).position() + " on, after its first position "
                    + delivered.get(0).position());
        }
        for (DeliveryLog.Event event : delivered) {
            if (!event.isView() && event.position() <= state.position()) {
                found.add(who + " delivered " + event.identity() + " at " + event.position() + ", in its state too");
            }
        }
        return found;
    }

    private static void note(List<String> problems, String problem) {
        if (problems.size() < 20) {
            problems.add(problem);
        }
    }
}
