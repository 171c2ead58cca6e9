package org.gcs.lab;

import java.util.ArrayList;
import java.util.List;
import org.gcs.GroupMember;

/**
 * One named flow of a run (a sender, the clients of a multicast flow, the senders of one member): its senders, the
 * sum of their admitted wire bytes sampled over time, and each sender's own. Senders that stopped keep counting what
 * they still get admitted. The flow's track begins with its first sender, or earlier with {@link #begin()}; before
 * that its rates are NaN.
 */
public final class Traffic {
    private final LabDriver driver;
    private final int messageBytes;
    private final List<Client> clients = new ArrayList<>();
    private final RateTrack total = new RateTrack();
    private boolean begun;
    private boolean sending;

    /** A sender and the track of its admitted bytes. */
    private record Client(LabDriver.LabSender sender, RateTrack track) {
    }

    Traffic(LabDriver driver, int messageBytes) {
        this.driver = driver;
        this.messageBytes = messageBytes;
    }

    /** Begins the flow's track now (at zero bytes), whether or not it has a sender yet. */
    public Traffic begin() {
        if (!begun) {
            total.add(driver.nowNs(), 0);
            begun = true;
        }
        return this;
    }

    /** Starts a sender on a node that sends to the group as fast as it is allowed. */
    public Traffic greedy(GroupMember node, String group) {
        return add(driver.greedy(node, group, messageBytes));
    }

    /** Starts a sender on a node that offers a fixed rate of wire bytes per second to the group. */
    public Traffic fixedRate(GroupMember node, String group, double wireBytesPerSec) {
        return add(driver.fixedRate(node, group, messageBytes, wireBytesPerSec));
    }

    private Traffic add(LabDriver.LabSender sender) {
        RateTrack track = new RateTrack();
        track.add(driver.nowNs(), 0);
        clients.add(new Client(sender, track));
        begin();
        sending = true;
        return this;
    }

    /** @return true once its track began (its first sender, or {@link #begin()}) */
    public boolean begun() {
        return begun;
    }

    /** @return true if it has senders that were not stopped */
    public boolean sending() {
        return sending;
    }

    /** Stops its senders (what they already offered may still be admitted, and counts). */
    public void stop() {
        clients.forEach(c -> c.sender().stop());
        sending = false;
    }

    /** Reads the senders' counters; the run template calls it at every sample. */
    void sample(long nowNs) {
        if (!begun) {
            return;
        }
        long sum = 0;
        for (Client c : clients) {
            long bytes = c.sender().admittedWireBytes();
            c.track().add(nowNs, bytes);
            sum += bytes;
        }
        total.add(nowNs, sum);
    }

    /** @return the flow's rate over the last window ({@link RateTrack#rateOver}), NaN before it began */
    public double rateOver(long windowNs) {
        return begun ? total.rateOver(windowNs) : Double.NaN;
    }

    /** @return the flow's mean rate between two times ({@link RateTrack#meanBetween}), NaN if it did not run then */
    public double mean(long fromNs, long toNs) {
        return begun ? total.meanBetween(fromNs, toNs) : Double.NaN;
    }

    /** @return the flow's mean rate over the measured part of a phase */
    public double mean(Phase phase) {
        return mean(phase.measureFromNs(), phase.endNs());
    }

    /** @return each sender's mean rate between two times, in the order they started */
    public List<Double> clientMeans(long fromNs, long toNs) {
        List<Double> means = new ArrayList<>();
        clients.forEach(c -> means.add(c.track().meanBetween(fromNs, toNs)));
        return means;
    }
}
