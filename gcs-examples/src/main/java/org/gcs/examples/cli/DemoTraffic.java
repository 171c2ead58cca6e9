package org.gcs.examples.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gcs.GroupMember;
import org.gcs.MemberId;
import org.gcs.tools.send.RealTimeSender;

/** The senders of a demo: one {@link PacedSends paced sender} per member, each on a thread of its own. */
final class DemoTraffic {
    private final Map<MemberId, RealTimeSender> senders = new LinkedHashMap<>();
    private final List<Thread> threads = new ArrayList<>();
    private final CountDownLatch done;
    private volatile long startNs;
    private volatile long lastDoneNs;

    /**
     * @param members the sending members (each has joined the group)
     * @param messageBytes payload size
     * @param ratePerMember messages per second per member
     * @param endNs {@link System#nanoTime()} at which sending stops
     */
    DemoTraffic(DemoMembers members, int messageBytes, double ratePerMember, long endNs) {
        List<GroupMember> all = members.members();
        for (int i = 0; i < all.size(); i++) {
            RealTimeSender sender = members.sender(i, ratePerMember, messageBytes,
                    sequence -> Payloads.stamped(messageBytes, Payloads.nowMicros())).stopAt(endNs);
            senders.put(all.get(i).self(), sender);
        }
        done = new CountDownLatch(all.size());
    }

    /** Starts every sender. */
    void start() {
        startNs = System.nanoTime();
        for (Map.Entry<MemberId, RealTimeSender> e : senders.entrySet()) {
            RealTimeSender sender = e.getValue();
            Thread thread = new Thread(() -> {
                try {
                    sender.run();
                } finally {
                    lastDoneNs = System.nanoTime();
                    done.countDown();
                }
            }, "gcs-demo-send-" + e.getKey().name());
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
    }

    /** @return true once every sender has returned */
    boolean done() {
        return done.getCount() == 0;
    }

    /**
     * @param timeoutMs how long to wait at most
     * @return true once every sender has returned
     */
    boolean awaitDone(long timeoutMs) throws InterruptedException {
        return done.await(timeoutMs, TimeUnit.MILLISECONDS);
    }

    /** Stops every sender after its current send, and interrupts those blocked in one. */
    void abort() {
        senders.values().forEach(RealTimeSender::stop);
        threads.forEach(Thread::interrupt);
    }

    /** @return the members that send, in start order */
    List<MemberId> members() {
        return List.copyOf(senders.keySet());
    }

    /**
     * @param member a sending member
     * @return messages it has sent so far
     */
    long sentBy(MemberId member) {
        RealTimeSender sender = senders.get(member);
        return sender == null ? 0 : sender.counter().admittedMessages();
    }

    /** @return messages sent so far by all members */
    long totalSent() {
        long total = 0;
        for (RealTimeSender sender : senders.values()) {
            total += sender.counter().admittedMessages();
        }
        return total;
    }

    /** @return seconds from the start until the last sender returned (or until now, if one still runs) */
    double sendingSeconds() {
        long end = done() ? lastDoneNs : System.nanoTime();
        return Math.max(0, end - startNs) / 1e9;
    }

    /** @return the first sender failure, described, or null if none failed */
    String firstFailure() {
        for (Map.Entry<MemberId, RealTimeSender> e : senders.entrySet()) {
            Throwable failure = e.getValue().failure();
            if (failure != null) {
                return "sender " + e.getKey() + " failed: " + failure;
            }
        }
        return null;
    }
}
