package org.gcs.emulator;

import java.util.List;
import java.util.Objects;

/**
 * A pure (sans-IO) model of one directed WAN link: given a packet's size and the time it is offered, it says
 * when the packet arrives at the far end, or that it is lost. It reads no clock and starts no thread: time
 * comes in as {@code nowNs} (any monotonic nanosecond clock whose values are {@code >= 0}). The Netty
 * {@link LinkEmulatorHandler} and the virtual-time simulator both drive it.
 *
 * <p>Each packet passes three stages, in this order:
 * <ol>
 *   <li><b>Random loss.</b> The link's {@link LossModel} (from {@link LinkProfile#loss()}) is asked once per
 *       offered packet. A lost packet is gone before the bottleneck: it takes no queue space and no
 *       transmission time. This models loss elsewhere on the path (cross traffic at other routers), which
 *       is what the measured loss rates of a WAN path describe; loss caused by <em>our own</em> traffic comes
 *       from the queue below. Result: {@link #DROPPED_LOSS}.</li>
 *   <li><b>Bottleneck.</b> If {@link LinkProfile#bandwidthBitsPerSec()} is non-zero the link is a FIFO
 *       server of that rate which is busy until {@code busyUntilNs}. The backlog at time {@code now} is
 *       {@code (busyUntilNs - now) * bandwidth / 8} bytes (rounded down; the packet being transmitted counts
 *       until its last bit is out). If {@code backlog + size > queueBytes} the packet is dropped (drop-tail,
 *       result {@link #DROPPED_QUEUE}); otherwise it departs at
 *       {@code max(now, busyUntilNs) + size * 8 * 1e9 / bandwidth} (rounded up to a whole nanosecond) and
 *       {@code busyUntilNs} becomes that departure time. With unlimited bandwidth the packet departs at
 *       {@code now}.</li>
 *   <li><b>Propagation.</b> The packet arrives {@code max(0, oneWayDelayNs + jitter)} after its departure,
 *       where {@code jitter} is uniform over the integers in {@code [-jitterNs, +jitterNs]}. If
 *       {@link LinkProfile#allowReorder()} is {@code false}, the arrival is raised to the previous admitted
 *       packet's arrival when it would precede it, so packets leave the link in the order they entered.</li>
 * </ol>
 * The result of {@link #admit(int, long)} is therefore either an arrival time {@code >= nowNs} or a negative
 * drop code; {@link #isDropped(long)} tells them apart.
 *
 * <p><b>Cross traffic.</b> A link may carry {@link CrossTraffic} streams (on/off constant-rate packets of
 * other users). Their packets occupy the bottleneck exactly like ours: before {@link #admit(int, long)},
 * {@link #backlogBytes(long)} or {@link #reconfigure(LinkProfile, long)} handles time {@code nowNs}, every
 * cross packet due at or before {@code nowNs} is offered to the drop-tail queue, in time order (ties: the
 * order of the streams), at its own time. This is lazy, so no timers are needed, and a cross packet due at the
 * same nanosecond as one of ours goes first. Cross packets are counted ({@link #crossPacketsAdmitted()},
 * {@link #crossPacketsDropped()}) but have no arrival time and are <em>not</em> subject to the random loss
 * model (that loss stands for other parts of the path, which the cross traffic does not share). While the link
 * has no bandwidth limit, cross packets pass without effect and count as admitted. The streams start at time 0 of
 * the link's clock.
 *
 * <p><b>RED.</b> A profile with {@link LinkProfile#red()} puts a {@link RedGate} in front of the drop-tail limit: at
 * every arrival (ours and cross traffic's) it updates its average queue and may drop the packet early (counted as a
 * queue drop). Its random draws come from a generator of its own, seeded from the link's seed.
 *
 * <p><b>Changes.</b> {@link #reconfigure(LinkProfile, long)} gives the link a new profile without losing its
 * queue: the bytes in the bottleneck stay and drain at the new rate.
 *
 * <p>Randomness (loss and jitter) comes from one {@link java.util.SplittableRandom} seeded by the constructor, so the
 * same profile, seed and sequence of calls give the same results. Each cross-traffic stream has its own
 * generator, seeded from the link's seed and the stream's position, so adding cross traffic to a link changes
 * neither the loss and jitter draws of that link nor anything on another link. Instances are not thread-safe:
 * one link belongs to one event loop or one simulator.
 */
public final class EmulatedLink {

    /** Returned by {@link #admit(int, long)} when the packet was lost by the random loss model. */
    public static final long DROPPED_LOSS = -1L;

    /** Returned by {@link #admit(int, long)} when the packet did not fit in the bottleneck queue. */
    public static final long DROPPED_QUEUE = -2L;

    /** Stages 1 and 3: random loss, then delay, jitter and order, from the link's own generator. */
    private final LinkPath path;
    /** Stage 2, shared by our packets and the cross traffic. */
    private final Bottleneck bottleneck;
    private final CrossTrafficMix crossMix;
    /** What became of our packets (the cross traffic's are counted by {@link #crossMix}). */
    private final PacketTally ours = new PacketTally();
    private LinkProfile profile;

    /**
     * Creates an idle link without cross traffic.
     *
     * @param profile the link's properties
     * @param seed the seed of the link's random generator; equal seeds give equal runs
     */
    public EmulatedLink(LinkProfile profile, long seed) {
        this(profile, seed, List.of());
    }

    /**
     * Creates an idle link that carries cross traffic. With an empty list it behaves exactly like
     * {@link #EmulatedLink(LinkProfile, long)} with the same seed.
     *
     * @param profile the link's properties
     * @param seed the seed of the link's random generator; equal seeds give equal runs. The cross-traffic
     *     streams' generators are derived from it (one per stream, by position in the list)
     * @param crossTraffic the on/off streams sharing the bottleneck, in a fixed order (their sites are not
     *     checked)
     */
    public EmulatedLink(LinkProfile profile, long seed, List<CrossTraffic> crossTraffic) {
        this.profile = Objects.requireNonNull(profile, "profile");
        this.path = new LinkPath(profile, seed);
        this.bottleneck = new Bottleneck(profile, LinkSeeds.forRedGate(seed));
        this.crossMix = new CrossTrafficMix(Objects.requireNonNull(crossTraffic, "crossTraffic"), seed,
                bottleneck);
    }

    /**
     * Offers one packet to the link.
     *
     * @param sizeBytes the packet's size on the wire in bytes, {@code >= 0}
     * @param nowNs the time the packet is offered, in nanoseconds, {@code >= 0}; should not decrease between
     *     calls
     * @return the arrival time at the far end in nanoseconds ({@code >= nowNs}), or {@link #DROPPED_LOSS} or
     *     {@link #DROPPED_QUEUE}
     * @throws IllegalArgumentException if {@code sizeBytes} or {@code nowNs} is negative
     */
    public long admit(int sizeBytes, long nowNs) {
        if (sizeBytes < 0) {
            throw new IllegalArgumentException("sizeBytes must be >= 0, got " + sizeBytes);
        }
        requireNonNegativeNow(nowNs);
        crossMix.offerDue(nowNs);
        if (path.loses()) {
            ours.countLoss();
            return DROPPED_LOSS;
        }
        long departureNs = bottleneck.offer(sizeBytes, nowNs);
        if (departureNs == Bottleneck.DROPPED) {
            ours.countQueueDrop();
            return DROPPED_QUEUE;
        }
        long arrivalNs = path.arrivalNs(departureNs);
        ours.countAdmitted(sizeBytes);
        return arrivalNs;
    }

    /**
     * Gives the link a new profile from {@code nowNs} on, keeping its queue. Cross traffic due up to
     * {@code nowNs} is offered first (at the old profile); then the bytes in the bottleneck at {@code nowNs}
     * stay queued and drain at the new rate ({@code busyUntilNs} becomes {@code nowNs} plus their transmission
     * time at the new bandwidth). If the new queue limit is below that backlog, nothing is thrown away, but
     * packets are dropped until the backlog falls below the limit; with unlimited bandwidth the backlog no longer
     * delays anything. Packets admitted earlier keep the arrival times they were given. The loss model is
     * replaced by a new one (in its initial state) only if the loss profile changed. Cross traffic, the random
     * generators, the no-reordering guarantee and the counters carry on.
     *
     * @param newProfile the link's properties from now on
     * @param nowNs the time of the change, in nanoseconds, {@code >= 0}; should not precede earlier calls
     * @throws IllegalArgumentException if {@code nowNs} is negative
     */
    public void reconfigure(LinkProfile newProfile, long nowNs) {
        Objects.requireNonNull(newProfile, "newProfile");
        requireNonNegativeNow(nowNs);
        crossMix.offerDue(nowNs);
        bottleneck.reconfigure(newProfile, nowNs);
        path.reconfigure(newProfile);
        profile = newProfile;
    }

    /**
     * Whether a result of {@link #admit(int, long)} means the packet was dropped.
     *
     * @param admitResult a value returned by {@link #admit(int, long)}
     * @return {@code true} for {@link #DROPPED_LOSS} and {@link #DROPPED_QUEUE}
     */
    public static boolean isDropped(long admitResult) {
        return admitResult < 0;
    }

    /**
     * A seed for the link between two sites, derived from a run's seed, so that every link of an emulated
     * WAN gets its own random stream and the whole run still repeats from one number. The result depends
     * only on the arguments (not on the JVM or the order links are created).
     *
     * @param seed the run's seed
     * @param fromSite the sending site
     * @param toSite the receiving site
     * @return the link's seed
     */
    public static long deriveSeed(long seed, String fromSite, String toSite) {
        return LinkSeeds.forLink(seed, fromSite, toSite);
    }

    /**
     * The bytes waiting in (or being sent from) the bottleneck at a given time, ours and cross traffic's
     * (offered first, up to {@code nowNs}); always 0 when the bandwidth is unlimited.
     *
     * @param nowNs the time, in nanoseconds; should not precede earlier calls when the link has cross traffic
     * @return {@code (busyUntilNs - nowNs) * bandwidth / 8}, rounded down, or 0 if the link is idle
     */
    public long backlogBytes(long nowNs) {
        crossMix.offerDue(nowNs);
        return bottleneck.queuedBytes(nowNs);
    }

    /**
     * The time the bottleneck finishes sending everything admitted so far (0 before the first packet, and
     * always 0 when the bandwidth is unlimited).
     *
     * @return the time in nanoseconds
     */
    public long busyUntilNs() {
        return bottleneck.busyUntilNs();
    }

    /**
     * The time one packet occupies the bottleneck: {@code sizeBytes * 8 * 1e9 / bandwidth}, rounded up to a
     * whole nanosecond; 0 when the bandwidth is unlimited.
     *
     * @param sizeBytes the packet size in bytes, {@code >= 0}
     * @return the transmission time in nanoseconds
     */
    public long transmissionNs(int sizeBytes) {
        return bottleneck.transmissionNs(sizeBytes);
    }

    /**
     * The properties this link has now: the constructor's, or the latest {@link #reconfigure}'s.
     *
     * @return the profile
     */
    public LinkProfile profile() {
        return profile;
    }

    /**
     * How many packets were admitted (will arrive).
     *
     * @return the count since creation
     */
    public long packetsAdmitted() {
        return ours.admitted();
    }

    /**
     * How many packets the random loss model dropped.
     *
     * @return the count since creation
     */
    public long packetsDroppedByLoss() {
        return ours.droppedByLoss();
    }

    /**
     * How many packets found the bottleneck queue full.
     *
     * @return the count since creation
     */
    public long packetsDroppedByQueue() {
        return ours.droppedByQueue();
    }

    /**
     * The total size of the admitted packets.
     *
     * @return bytes since creation
     */
    public long bytesAdmitted() {
        return ours.bytesAdmitted();
    }

    /**
     * The cross-traffic streams this link carries.
     *
     * @return an unmodifiable list, empty if none
     */
    public List<CrossTraffic> crossTraffic() {
        return crossMix.streams();
    }

    /**
     * How many cross-traffic packets entered the bottleneck (offered so far, i.e. up to the latest time
     * passed to this link).
     *
     * @return the count since creation
     */
    public long crossPacketsAdmitted() {
        return crossMix.tally().admitted();
    }

    /**
     * How many cross-traffic packets found the bottleneck queue full.
     *
     * @return the count since creation
     */
    public long crossPacketsDropped() {
        return crossMix.tally().droppedByQueue();
    }

    /**
     * The total size of the cross-traffic packets that entered the bottleneck.
     *
     * @return bytes since creation
     */
    public long crossBytesAdmitted() {
        return crossMix.tally().bytesAdmitted();
    }

    /**
     * All packet counters at once.
     *
     * @return the counters since creation
     */
    public LinkCounters counters() {
        PacketTally cross = crossMix.tally();
        return new LinkCounters(ours.admitted(), ours.droppedByLoss(), ours.droppedByQueue(), cross.admitted(),
                cross.droppedByQueue());
    }

    private static void requireNonNegativeNow(long nowNs) {
        if (nowNs < 0) {
            throw new IllegalArgumentException("nowNs must be >= 0 (time since an origin of your choice), got "
                    + nowNs);
        }
    }
}
