package org.gcs.sim.order;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gcs.GroupMessage;
import org.gcs.MemberId;
import org.gcs.MessageListener;
import org.gcs.order.StateProvider;
import org.gcs.order.StateReceiver;

/**
 * What one member of a FIFO group delivered, per sender (the counters the senders put in their payloads), and the
 * state it received: its whole log is the group's state, so that {@link #check()} can check a transfer exactly. Each
 * sender's counters, the state's then the delivered ones, must run 1 by 1 with no gap and none twice.
 */
final class FifoStateLog implements MessageListener, StateProvider, StateReceiver {
    final MemberId member;
    private final Map<MemberId, List<Long>> delivered = new LinkedHashMap<>();
    /** The sequence numbers of {@link #delivered}, for the problems' descriptions. */
    private final Map<MemberId, List<Long>> deliveredSeqs = new LinkedHashMap<>();
    /** The state received, null if none (yet, or this member was the group's first). */
    private Map<MemberId, List<Long>> state;
    private boolean first;
    private int statesRead;

    FifoStateLog(MemberId member) {
        this.member = member;
    }

    static byte[] payload(long counter) {
        return ByteBuffer.allocate(Long.BYTES).putLong(counter).array();
    }

    @Override
    public synchronized void onMessage(GroupMessage message) {
        delivered.computeIfAbsent(message.sender(), s -> new ArrayList<>())
                .add(ByteBuffer.wrap(message.payload()).getLong());
        deliveredSeqs.computeIfAbsent(message.sender(), s -> new ArrayList<>()).add(message.sequence());
    }

    @Override
    public synchronized Snapshot snapshot(String group, long position) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            Map<MemberId, List<Long>> all = all();
            out.writeInt(all.size());
            for (var e : all.entrySet()) {
                out.writeUTF(e.getKey().site());
                out.writeUTF(e.getKey().name());
                out.writeInt(e.getValue().size());
                for (long k : e.getValue()) {
                    out.writeLong(k);
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        byte[] copy = bytes.toByteArray();
        return out -> out.write(copy);
    }

    @Override
    public void readState(String group, long position, InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        Map<MemberId, List<Long>> read = new LinkedHashMap<>();
        int senders = data.readInt();
        for (int i = 0; i < senders; i++) {
            MemberId sender = new MemberId(data.readUTF(), data.readUTF());
            int count = data.readInt();
            List<Long> ks = new ArrayList<>(count);
            for (int j = 0; j < count; j++) {
                ks.add(data.readLong());
            }
            read.put(sender, ks);
        }
        synchronized (this) {
            if (!delivered.isEmpty()) {
                throw new IllegalStateException(member + " delivered messages before its state");
            }
            state = read;
            statesRead++;
        }
    }

    @Override
    public synchronized void onFirstMember(String group) {
        first = true;
    }

    /** @return true once this member has its state, or knows it was the first */
    synchronized boolean ready() {
        return first || state != null;
    }

    synchronized boolean receivedState() {
        return state != null;
    }

    synchronized int statesRead() {
        return statesRead;
    }

    /** @return the last counter this member holds from the sender, 0 if none */
    synchronized long last(MemberId sender) {
        List<Long> ks = all().get(sender);
        return ks == null || ks.isEmpty() ? 0 : ks.get(ks.size() - 1);
    }

    /** @return the state and the deliveries after it, per sender */
    private Map<MemberId, List<Long>> all() {
        Map<MemberId, List<Long>> all = new LinkedHashMap<>();
        if (state != null) {
            state.forEach((s, ks) -> all.put(s, new ArrayList<>(ks)));
        }
        delivered.forEach((s, ks) -> all.computeIfAbsent(s, x -> new ArrayList<>()).addAll(ks));
        return all;
    }

    /** @return the violations: a counter twice or out of order, or one missing between two held */
    synchronized List<String> check() {
        List<String> problems = new ArrayList<>();
        all().forEach((sender, ks) -> {
            int fromState = state == null ? 0 : state.getOrDefault(sender, List.of()).size();
            for (int i = 1; i < ks.size(); i++) {
                long before = ks.get(i - 1);
                long k = ks.get(i);
                if (k != before + 1) {
                    problems.add(member + " from " + sender + ": " + k + " after " + before
                            + (i == fromState ? " (first after the state)" : i < fromState ? " (in the state)" : "")
                            + (k <= before ? ": twice or out of order" : ": missing") + " (sequence numbers after"
                            + " the state " + deliveredSeqs.getOrDefault(sender, List.of()).stream().limit(5).toList()
                            + ")");
                    return;
                }
            }
        });
        return problems;
    }
}
