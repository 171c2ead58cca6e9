package org.gcs.order;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.gcs.GroupMessage;
import org.gcs.GroupView;
import org.gcs.MemberId;

/**
 * What one member delivered in one total-order group, event by event with positions, for {@link OrderChecker}: an
 * {@link OrderedListener} that records. A member that is made to join again ({@link OrderedListener#onRejoined})
 * starts a new log (a new incarnation of the member), as its old membership ended.
 */
public final class DeliveryLog implements OrderedListener {
    /**
     * One delivered event.
     *
     * @param position its position in the agreed order
     * @param sender the sender of a message, null for a view
     * @param seq the sender's number of a message, or the view number of a view
     * @param contentHash a hash of a message's payload, or of a view's member list
     */
    public record Event(long position, MemberId sender, long seq, int contentHash) {
        /** @return true for a view */
        public boolean isView() {
            return sender == null;
        }

        /** @return what makes two deliveries the same event, whatever their position */
        String identity() {
            return (sender == null ? "view " : sender + " ") + seq + " " + contentHash;
        }
    }

    private final MemberId member;
    private final String group;
    private final List<List<Event>> incarnations = new ArrayList<>();
    private final List<Long> lineages = new ArrayList<>();

    /**
     * @param member the member whose deliveries this records
     * @param group the total-order group recorded
     */
    public DeliveryLog(MemberId member, String group) {
        this.member = member;
        this.group = group;
        incarnations.add(new ArrayList<>());
        lineages.add(0L);
    }

    /** @return the member */
    public MemberId member() {
        return member;
    }

    /** @return the logs of the member's successive incarnations, the current one last */
    public synchronized List<List<Event>> incarnations() {
        return incarnations.stream().map(List::copyOf).toList();
    }

    /** @return the lineage of each incarnation's order, in the order of {@link #incarnations()} */
    public synchronized List<Long> lineages() {
        return List.copyOf(lineages);
    }

    /** @return messages delivered, over every incarnation */
    public synchronized long messages() {
        return incarnations.stream().flatMap(List::stream).filter(e -> !e.isView()).count();
    }

    @Override
    public synchronized void onMessage(GroupMessage message, long position) {
        if (message.group().equals(group)) {
            current().add(new Event(position, message.sender(), message.sequence(),
                    Arrays.hashCode(message.payload())));
        }
    }

    @Override
    public synchronized void onView(GroupView view, long position) {
        if (view.group().equals(group)) {
            current().add(new Event(position, null, view.viewId(), view.members().hashCode()));
        }
    }

    @Override
    public synchronized void onAdmitted(String admittedGroup, long lineage) {
        if (admittedGroup.equals(group)) {
            if (!current().isEmpty()) {
                incarnations.add(new ArrayList<>());
                lineages.add(lineage);
            }
            lineages.set(lineages.size() - 1, lineage);
        }
    }

    @Override
    public synchronized void onRejoined(String rejoinedGroup, String reason) {
        if (rejoinedGroup.equals(group) && !current().isEmpty()) {
            incarnations.add(new ArrayList<>());
            lineages.add(0L);
        }
    }

    private List<Event> current() {
        return incarnations.get(incarnations.size() - 1);
    }
}
