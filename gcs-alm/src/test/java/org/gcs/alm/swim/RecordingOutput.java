package org.gcs.alm.swim;

import java.util.ArrayList;
import java.util.List;

/** A {@link SwimOutput} that keeps what a member sent and reported, for tests. */
final class RecordingOutput implements SwimOutput {
    /** One message sent. */
    record Sent(String to, SwimMessage message) {
    }

    private final List<Sent> sent = new ArrayList<>();
    private final List<String> events = new ArrayList<>();

    @Override
    public void send(String to, SwimMessage message) {
        sent.add(new Sent(to, message));
    }

    @Override
    public void onAlive(String member) {
        events.add("alive " + member);
    }

    @Override
    public void onSuspect(String member) {
        events.add("suspect " + member);
    }

    @Override
    public void onDead(String member) {
        events.add("dead " + member);
    }

    /** @return the messages sent since the last call, in order, and forgets them */
    List<Sent> takeSent() {
        List<Sent> taken = List.copyOf(sent);
        sent.clear();
        return taken;
    }

    /** @return the events reported since the last call, in order ("suspect b"), and forgets them */
    List<String> takeEvents() {
        List<String> taken = List.copyOf(events);
        events.clear();
        return taken;
    }
}
