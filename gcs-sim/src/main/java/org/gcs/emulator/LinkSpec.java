package org.gcs.emulator;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * The settings of one link direction as written in a topology file, before they become a
 * {@link LinkProfile}. Loss rate and burst length are kept apart because a {@code defaults} line may give one
 * and a {@code link} line the other.
 *
 * @param delayNs one-way delay
 * @param jitterNs jitter half-width
 * @param lossRate loss fraction in {@code [0, 1)}
 * @param burstLength mean loss-burst length, or {@code null} for independent loss
 * @param bandwidthBitsPerSec bit rate, 0 = unlimited
 * @param queueBytes drop-tail limit
 * @param allowReorder whether jitter may reorder
 */
record LinkSpec(long delayNs, long jitterNs, double lossRate, Double burstLength, long bandwidthBitsPerSec,
        long queueBytes, boolean allowReorder, RedQueue red) {

    /** What a link gets for the keys that neither its line nor a {@code defaults} line gives. */
    static final LinkSpec BUILT_IN_DEFAULTS = new LinkSpec(0, 0, 0.0, null, 0, LinkProfile.DEFAULT_QUEUE_BYTES, false,
            null);

    /**
     * The profile these settings describe: no loss when the rate is 0, Gilbert-Elliott loss when a burst
     * length is given, Bernoulli loss otherwise.
     *
     * @throws IllegalArgumentException if the loss rate and burst length do not fit together
     */
    LinkProfile toProfile() {
        LossProfile loss;
        if (lossRate == 0.0) {
            loss = LossProfile.none();
        } else if (burstLength != null) {
            loss = LossProfile.bursty(lossRate, burstLength);
        } else {
            loss = LossProfile.bernoulli(lossRate);
        }
        return new LinkProfile(delayNs, jitterNs, loss, bandwidthBitsPerSec, queueBytes, allowReorder,
                bandwidthBitsPerSec > 0 ? red : null);
    }

    /** A mutable copy, for applying one line's settings. */
    Builder toBuilder() {
        Builder b = new Builder();
        b.delayNs = delayNs;
        b.jitterNs = jitterNs;
        b.lossRate = lossRate;
        b.burstLength = burstLength;
        b.bandwidthBitsPerSec = bandwidthBitsPerSec;
        b.queueBytes = queueBytes;
        b.allowReorder = allowReorder;
        b.red = red;
        return b;
    }

    /** Mutable settings; {@link #build()} checks that they make a valid profile. */
    static final class Builder {
        long delayNs;
        long jitterNs;
        double lossRate;
        Double burstLength;
        long bandwidthBitsPerSec;
        long queueBytes;
        boolean allowReorder;
        RedQueue red;

        /**
         * The immutable settings.
         *
         * @throws IllegalArgumentException if they do not make a valid {@link LinkProfile}
         */
        LinkSpec build() {
            if (burstLength != null && lossRate > 0 && lossRate / (1 - lossRate) > burstLength * (1 + 1e-9)) {
                throw new IllegalArgumentException("burst=" + plain(burstLength) + " is too short for loss="
                        + plain(lossRate * 100) + "%: with that loss, bursts must average at least loss / (1 - loss) = "
                        + String.format(Locale.ROOT, "%.2f", lossRate / (1 - lossRate))
                        + " packets; raise burst= or lower loss=");
            }
            LinkSpec spec = new LinkSpec(delayNs, jitterNs, lossRate, burstLength, bandwidthBitsPerSec, queueBytes,
                    allowReorder, red);
            spec.toProfile();
            return spec;
        }

        private static String plain(double value) {
            return BigDecimal.valueOf(value).round(new MathContext(6)).stripTrailingZeros().toPlainString();
        }
    }
}
