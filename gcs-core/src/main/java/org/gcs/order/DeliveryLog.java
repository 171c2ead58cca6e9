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
public final class DeliveryLog implements OrderedListener, StateProvider, StateReceiver {
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
    /** The state each incarnation received (null: none), in the order of {@link #incarnations}. */
    private final List<ReceivedState> states = new ArrayList<>();

    /**
     * A state an incarnation received: every event of the order up to {@code position}, as the provider had them.
     *
     * @param position the position the state was taken at
     * @param content the events it holds, in order
     */
    public record ReceivedState(long position, List<Event> content) {
        /** Makes the content immutable. */
        public ReceivedState {
            content = List.copyOf(content);
        }
    }

    /**
     * @param member the member whose deliveries this records
     * @param group the total-order group recorded
     */
    public DeliveryLog(MemberId member, String group) {
        this.member = member;
        this.group = group;
        incarnations.add(new ArrayList<>());
        lineages.add(0L);
        states.add(null);
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

    /** @return the state each incarnation received (null where none), in the order of {@link #incarnations()} */
    public synchronized List<ReceivedState> states() {
        return java.util.Collections.unmodifiableList(new ArrayList<>(states));
    }

    /** @return messages delivered, over every incarnation */
    public synchronized long messages() {
        return incarnations.stream().flatMap(List::stream).filter(e -> !e.isView()).count();
    }

    @Override
    public synchronized void onMessage(GroupMessage message, long position) {
        if (message.group().equals(group)) {
            current().add(event(message, position));
        }
    }

    @Override
    public synchronized void onView(GroupView view, long position) {
        if (view.group().equals(group)) {
            current().add(event(view, position));
        }
    }

    @Override
    public synchronized void onAdmitted(String admittedGroup, long lineage) {
        if (admittedGroup.equals(group)) {
            if (!current().isEmpty()) {
                incarnations.add(new ArrayList<>());
                lineages.add(lineage);
                states.add(null);
            }
            lineages.set(lineages.size() - 1, lineage);
        }
    }

    @Override
    public synchronized void onRejoined(String rejoinedGroup, String reason) {
        if (rejoinedGroup.equals(group) && !current().isEmpty()) {
            incarnations.add(new ArrayList<>());
            lineages.add(0L);
            states.add(null);
        }
    }

    /**
     * Gives, as this log's state, every event of the order up to {@code position}: the state this incarnation
     * received, then what it delivered. A log used as the group's state makes {@link OrderChecker} check state
     * transfers exactly (nothing missing, nothing twice).
     */
    @Override
    public synchronized Snapshot snapshot(String snapshotGroup, long position) {
        List<Event> content = new ArrayList<>();
        ReceivedState received = states.get(states.size() - 1);
        if (received != null) {
            content.addAll(received.content());
        }
        for (Event event : current()) {
            if (received == null || event.position() > received.position()) {
                content.add(event);
            }
        }
        return out -> {
            java.io.DataOutputStream data = new java.io.DataOutputStream(out);
            data.writeInt(content.size());
            for (Event event : content) {
                data.writeLong(event.position());
                data.writeBoolean(event.sender() != null);
                if (event.sender() != null) {
                    data.writeUTF(event.sender().site());
                    data.writeUTF(event.sender().name());
                }
                data.writeLong(event.seq());
                data.writeInt(event.contentHash());
            }
            data.flush();
        };
    }

    /** Records the state this incarnation received (another log's {@link #snapshot}). */
    @Override
    public void readState(String stateGroup, long position, java.io.InputStream in) throws java.io.IOException {
        java.io.DataInputStream data = new java.io.DataInputStream(in);
        int count = data.readInt();
        List<Event> content = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long at = data.readLong();
            MemberId sender = data.readBoolean() ? new MemberId(data.readUTF(), data.readUTF()) : null;
            content.add(new Event(at, sender, data.readLong(), data.readInt()));
        }
        synchronized (this) {
            states.set(states.size() - 1, new ReceivedState(position, content));
        }
    }

    /** Appends an event to the current incarnation, as if delivered (for {@link DeliveryLogFile}). */
    synchronized void add(Event event) {
        current().add(event);
    }

    /** @return the event a message delivered at a position is recorded as */
    static Event event(GroupMessage message, long position) {
        return new Event(position, message.sender(), message.sequence(), Arrays.hashCode(message.payload()));
    }

    /** @return the event a view delivered at a position is recorded as */
    static Event event(GroupView view, long position) {
        return new Event(position, null, view.viewId(), view.members().hashCode());
    }

    private List<Event> current() {
        return incarnations.get(incarnations.size() - 1);
    }
}
