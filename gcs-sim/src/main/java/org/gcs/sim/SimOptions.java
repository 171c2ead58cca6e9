package org.gcs.sim;

/**
 * What a simulated network adds to the nodes' own configuration (a {@code GcsConfig} each, the same settings as a real
 * node's): the seed of every random choice, the simulated LANs' delay and how long a LAN takes to notice a crashed
 * member.
 *
 * @param seed seed of every random choice (link loss and jitter, timer phases, the controllers' random seeds)
 * @param lanDelayNs one-way delay of the simulated LANs
 * @param failureDetectionNs how long a site's LAN takes to notice a crashed member
 */
public record SimOptions(long seed, long lanDelayNs, long failureDetectionNs) {

    /** Checks the delays. */
    public SimOptions {
        if (lanDelayNs < 0) {
            throw new IllegalArgumentException("lanDelayNs must be >= 0, was " + lanDelayNs);
        }
        if (failureDetectionNs <= 0) {
            throw new IllegalArgumentException("failureDetectionNs must be positive, was " + failureDetectionNs);
        }
    }

    /** @return seed 1, a 0.2 ms LAN, failure detection in 200 ms */
    public static SimOptions defaults() {
        return new SimOptions(1, 200_000L, 200_000_000L);
    }

    /** @return a copy with another seed */
    public SimOptions withSeed(long newSeed) {
        return new SimOptions(newSeed, lanDelayNs, failureDetectionNs);
    }

    /** @return a copy with another one-way LAN delay (a slow or loaded LAN: a long queue before JGroups) */
    public SimOptions withLanDelayNs(long newLanDelayNs) {
        return new SimOptions(seed, newLanDelayNs, failureDetectionNs);
    }

    /** @return a copy with another failure detection time */
    public SimOptions withFailureDetectionNs(long newFailureDetectionNs) {
        return new SimOptions(seed, lanDelayNs, newFailureDetectionNs);
    }
}
