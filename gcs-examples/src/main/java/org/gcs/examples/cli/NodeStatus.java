package org.gcs.examples.cli;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.gcs.GcsNode;
import org.gcs.GroupView;

/**
 * Counts what a {@code gcs node} sends and delivers, and formats its status and view lines. A status line reads
 * <pre>
 * HH:mm:ss LABEL SELF delegate=yes|no[ (DELEGATE)] views=GROUP:N members/M sites,... sent=N delivered=N
 *     checked=N dup=N ooo=N from=SENDER:CONTIGUOUS/DISTINCT,... gaps=SENDER:GAPS/HIGHEST,...
 * </pre>
 * on one line, with the check fields of a {@link DeliveryTracker}: {@code from=none} and {@code gaps=none} before
 * the first check message, else one entry per sender ({@code site/member}, sorted), separated by commas, in both
 * fields. {@code gaps} came later than the other fields and is appended at the end, so that readers of the older
 * fields are unaffected.
 */
final class NodeStatus {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final GcsNode node;
    private final List<String> groups;
    private final LongSupplier sent;
    private final DeliveryTracker tracker;
    private final AtomicLong delivered = new AtomicLong();

    /**
     * @param node the node
     * @param groups the groups it joined at start
     * @param sent messages this node sent so far (chat lines and generated traffic)
     * @param tracker checks the delivered check messages
     */
    NodeStatus(GcsNode node, List<String> groups, LongSupplier sent, DeliveryTracker tracker) {
        this.node = node;
        this.groups = List.copyOf(groups);
        this.sent = sent;
        this.tracker = tracker;
    }

    /** Counts one delivered message. */
    void delivered() {
        delivered.incrementAndGet();
    }

    /**
     * @param label the line's second word, e.g. {@code status} or {@code final}
     * @return one status line: delegate or not, the views, messages sent and delivered, the delivery check
     */
    String line(String label) {
        StringBuilder line = new StringBuilder();
        line.append(LocalTime.now().format(TIME)).append(' ').append(label).append(' ').append(node.self())
                .append(" delegate=").append(node.isDelegate() ? "yes" : "no");
        node.delegate().filter(d -> !node.isDelegate()).ifPresent(d -> line.append(" (").append(d).append(')'));
        line.append(" views=");
        if (groups.isEmpty()) {
            line.append("none");
        }
        for (int i = 0; i < groups.size(); i++) {
            String group = groups.get(i);
            line.append(i == 0 ? "" : ",").append(group).append(':');
            line.append(node.view(group).map(v -> v.size() + " members/" + v.sites().size() + " sites").orElse("none"));
        }
        line.append(" sent=").append(sent.getAsLong()).append(" delivered=").append(delivered.get());
        appendCheck(line, tracker.snapshot());
        return line.toString();
    }

    /**
     * @param line where to append
     * @param check the delivery check so far
     */
    static void appendCheck(StringBuilder line, DeliveryTracker.Snapshot check) {
        line.append(" checked=").append(check.checked()).append(" dup=").append(check.duplicates())
                .append(" ooo=").append(check.outOfOrder()).append(" from=");
        if (check.bySender().isEmpty()) {
            line.append("none");
        }
        String separator = "";
        for (Map.Entry<String, DeliveryTracker.SenderCounts> e : check.bySender().entrySet()) {
            line.append(separator).append(e.getKey()).append(':').append(e.getValue().contiguous()).append('/')
                    .append(e.getValue().distinct());
            separator = ",";
        }
        line.append(" gaps=");
        if (check.bySender().isEmpty()) {
            line.append("none");
        }
        separator = "";
        for (Map.Entry<String, DeliveryTracker.SenderCounts> e : check.bySender().entrySet()) {
            line.append(separator).append(e.getKey()).append(':').append(e.getValue().gaps()).append('/')
                    .append(e.getValue().highest());
            separator = ",";
        }
    }

    /**
     * @param view a new view
     * @return a line describing it
     */
    static String viewLine(GroupView view) {
        return LocalTime.now().format(TIME) + " view " + view.group() + " #" + view.viewId() + ": " + view.size()
                + " members in " + view.sites().size() + " site(s) " + view.members();
    }
}
