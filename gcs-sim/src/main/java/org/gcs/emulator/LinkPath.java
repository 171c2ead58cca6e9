package org.gcs.emulator;

import java.util.SplittableRandom;

/**
 * The path of an {@link EmulatedLink} outside its bottleneck: the random loss elsewhere on the path (the link's
 * {@link LossModel}), the propagation delay with its jitter, and the no-reordering guarantee (the latest arrival
 * given so far). Loss and jitter draw from one generator, the link's own: once for the loss of every packet
 * offered, then once for the jitter of every packet admitted (none when the jitter is 0). Not thread-safe.
 */
final class LinkPath {

    private final SplittableRandom random;
    private LossProfile loss;
    private LossModel lossModel;
    private long oneWayDelayNs;
    private long jitterNs;
    private boolean allowReorder;
    private long lastArrivalNs;

    /**
     * @param profile the link's properties; only its loss, delay, jitter and reordering are read
     * @param seed the seed of the link's generator
     */
    LinkPath(LinkProfile profile, long seed) {
        this.random = new SplittableRandom(seed);
        this.loss = profile.loss();
        this.lossModel = loss.newModel();
        takeTiming(profile);
    }

    /** @return whether the packet now offered is lost; asked exactly once per packet offered to the link */
    boolean loses() {
        return lossModel.shouldDrop(random);
    }

    /**
     * The arrival of an admitted packet: {@code max(0, oneWayDelayNs + jitter)} after its departure from the
     * bottleneck, {@code jitter} uniform over the integers in {@code [-jitterNs, +jitterNs]}; without reordering,
     * raised to the latest earlier arrival if it would precede it.
     *
     * @param departureNs when the packet's last bit left the bottleneck
     * @return the arrival time in nanoseconds, {@code >= departureNs}
     */
    long arrivalNs(long departureNs) {
        long arrivalNs = LinkMath.saturatedAdd(departureNs, propagationDelayNs());
        if (!allowReorder) {
            arrivalNs = Math.max(arrivalNs, lastArrivalNs);
        }
        lastArrivalNs = Math.max(lastArrivalNs, arrivalNs);
        return arrivalNs;
    }

    /**
     * Takes the loss, delay, jitter and reordering of a new profile. The loss model starts anew (in its initial
     * state) only if the loss profile changed; the generator and the latest arrival carry on.
     */
    void reconfigure(LinkProfile newProfile) {
        if (!newProfile.loss().equals(loss)) {
            lossModel = newProfile.loss().newModel();
        }
        loss = newProfile.loss();
        takeTiming(newProfile);
    }

    private void takeTiming(LinkProfile profile) {
        oneWayDelayNs = profile.oneWayDelayNs();
        jitterNs = profile.jitterNs();
        allowReorder = profile.allowReorder();
    }

    private long propagationDelayNs() {
        if (jitterNs == 0) {
            return oneWayDelayNs;
        }
        long offsetNs = jitterNs == Long.MAX_VALUE
                ? random.nextLong(-jitterNs, jitterNs)
                : random.nextLong(-jitterNs, jitterNs + 1);
        return offsetNs < 0 ? Math.max(0, oneWayDelayNs + offsetNs) : LinkMath.saturatedAdd(oneWayDelayNs, offsetNs);
    }
}
