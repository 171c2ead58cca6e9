package org.gcs.lab;

import java.util.List;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.gcs.FlowStatus;
import org.gcs.GroupMember;
import org.gcs.WireCost;
import org.gcs.sim.SimNetwork;
import org.gcs.tools.send.FixedRate;
import org.gcs.tools.send.Greedy;
import org.gcs.tools.send.Pacing;
import org.gcs.tools.send.SendCounter;

/**
 * Runs a scenario's nodes, senders and time, so that scenario code is written once for both drivers:
 * {@link VirtualDriver} (the simulator: virtual time, exact and repeatable from the seed) and {@link RealDriver}
 * (real nodes on loopback with the link emulator, in real time). Times are nanoseconds since the driver started.
 * Rates are bytes on the wire ({@link org.gcs.WireCost}).
 */
public interface LabDriver extends AutoCloseable {
    /** The default sampling step of the scenarios: FlowStatus is refreshed every 100 ms. */
    long SAMPLE_STEP_NS = 100_000_000L;
    /** A greedy sender keeps this many messages waiting. */
    int GREEDY_QUEUE_MESSAGES = 16;
    /**
     * A fixed-rate sender lets at most this many messages wait (like one blocking send): a backlog built while its
     * grant was below its demand would later be sent above its demand.
     */
    int FIXED_QUEUE_MESSAGES = 1;

    /**
     * The settings every lab node starts from, on either driver, before the scenario's and the command line's: a
     * 1 MiB send window (the experiments were calibrated with it; GCS's default is 4 MiB).
     *
     * @param builder a node's builder
     * @return the builder with the lab's defaults
     */
    static org.gcs.GcsConfigBuilder labDefaults(org.gcs.GcsConfigBuilder builder) {
        return builder.sendWindowBytes(1 << 20);
    }

    /** @return {@code virtual} or {@code real} */
    String name();

    /**
     * @return the simulated network (links, filters, queues) on the virtual driver; empty on the real one, whose
     * links are the emulator's
     */
    default Optional<SimNetwork> simulation() {
        return Optional.empty();
    }

    /**
     * Starts a member in a site.
     *
     * @param site a site of the driver's topology
     * @param member the member's name, unique in the site
     * @return the member: a simulated node on the virtual driver, a {@link org.gcs.GcsNode} on the real one
     */
    GroupMember start(String site, String member);

    /** @return nanoseconds since the driver started, in its time */
    long nowNs();

    /**
     * Lets {@code durationNs} pass: runs the simulation, or sleeps until the next point of a regular schedule (so
     * that repeated calls do not drift).
     */
    void advance(long durationNs) throws InterruptedException;

    /**
     * Waits until every node sees a group view of {@code size} members.
     *
     * @return true if they do within {@code timeoutNs}
     */
    boolean awaitViews(String group, List<? extends GroupMember> nodes, int size, long timeoutNs)
            throws InterruptedException;

    /**
     * @param site a site
     * @return the congestion state of the site's flows, from its delegate (empty if it has none or no flow)
     */
    List<FlowStatus> flows(String site);

    /** @return the site's flow to one group, if its delegate has one */
    default Optional<FlowStatus> flow(String site, String group) {
        return flows(site).stream().filter(f -> f.group().equals(group)).findFirst();
    }

    /**
     * Starts a sender that sends as fast as it is allowed: it keeps {@value #GREEDY_QUEUE_MESSAGES} messages waiting
     * for admission at all times.
     *
     * @param node a member that joined the group
     * @param messageBytes payload bytes per message
     */
    default LabSender greedy(GroupMember node, String group, int messageBytes) {
        return send(node, group, messageBytes, new Greedy(GREEDY_QUEUE_MESSAGES));
    }

    /**
     * Starts a sender with a fixed demand: it sends on a schedule, lets at most {@value #FIXED_QUEUE_MESSAGES} wait,
     * and does not catch up on time lost while blocked.
     *
     * @param wireBytesPerSec the rate it offers, in bytes on the wire
     * @throws IllegalArgumentException if the rate is not positive and finite
     */
    default LabSender fixedRate(GroupMember node, String group, int messageBytes, double wireBytesPerSec) {
        return send(node, group, messageBytes, new FixedRate(wireBytesPerSec, WireCost.messageBytes(messageBytes),
                FIXED_QUEUE_MESSAGES, FixedRate.NO_CATCH_UP));
    }

    /**
     * Starts a sender of {@code messageBytes}-byte messages to {@code group}, paced by {@code pacing}, in the driver's
     * time; its counter counts wire bytes ({@link WireCost#messageBytes}).
     */
    LabSender send(GroupMember node, String group, int messageBytes, Pacing pacing);

    /**
     * Runs for {@code durationNs}, calling {@code sample} with the time after every {@code stepNs}.
     */
    default void sampleFor(long durationNs, long stepNs, LongConsumer sample) throws InterruptedException {
        long end = nowNs() + durationNs;
        while (nowNs() < end - stepNs / 2) {
            advance(Math.min(stepNs, end - nowNs()));
            sample.accept(nowNs());
        }
    }

    /** Stops every node. */
    @Override
    void close();

    /**
     * A running sender: counts what was admitted (it left the sender's queue into the send window).
     *
     * @param node the sending node
     * @param counter what it sent and what was admitted
     * @param stopper stops its loop
     */
    record LabSender(GroupMember node, SendCounter counter, Runnable stopper) {
        /** @return bytes on the wire admitted so far */
        public long admittedWireBytes() {
            return counter.admittedBytes();
        }

        /** Stops offering new messages (those already waiting may still be admitted). */
        public void stop() {
            stopper.run();
        }
    }
}
