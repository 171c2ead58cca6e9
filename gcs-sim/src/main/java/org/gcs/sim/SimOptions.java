package org.gcs.sim;

/**
 * What a simulated network adds to the nodes' own configuration (a {@code GcsConfig} each, the same settings as a real
 * node's): the seed of every random choice, the simulated LANs' delay and how long a LAN takes to notice a crashed
 * member, and whether quiet members skip ticks as real nodes do.
 *
 * @param seed seed of every random choice (link loss and jitter, timer phases, the controllers' random seeds)
 * @param lanDelayNs one-way delay of the simulated LANs
 * @param failureDetectionNs how long a site's LAN takes to notice a crashed member
 * @param quietTicks whether a quiet member skips ticks, as a real node does ({@link org.gcs.driver.TickGrid}; the
 *     default), or ticks at every tick interval (to check that the ticks it skips would have done nothing)
 */
public record SimOptions(long seed, long lanDelayNs, long failureDetectionNs, boolean quietTicks) {

    /** Checks the delays. */
    public SimOptions {
        if (lanDelayNs < 0) {
            throw new IllegalArgumentException("lanDelayNs must be >= 0, was " + lanDelayNs);
        }
        if (failureDetectionNs <= 0) {
            throw new IllegalArgumentException("failureDetectionNs must be positive, was " + failureDetectionNs);
        }
    }

    /**
     * Quiet members skip ticks, as real nodes do.
     *
     * @param seed seed of every random choice
     * @param lanDelayNs one-way delay of the simulated LANs
     * @param failureDetectionNs how long a site's LAN takes to notice a crashed member
     */
    public SimOptions(long seed, long lanDelayNs, long failureDetectionNs) {
        this(seed, lanDelayNs, failureDetectionNs, true);
    }

    /** @return seed 1, a 0.2 ms LAN, failure detection in 200 ms, quiet members skipping ticks */
    public static SimOptions defaults() {
        return new SimOptions(1, 200_000L, 200_000_000L);
    }

    /** @return a copy with another seed */
    public SimOptions withSeed(long newSeed) {
        return new SimOptions(newSeed, lanDelayNs, failureDetectionNs, quietTicks);
    }

    /** @return a copy with another one-way LAN delay (a slow or loaded LAN: a long queue before JGroups) */
    public SimOptions withLanDelayNs(long newLanDelayNs) {
        return new SimOptions(seed, newLanDelayNs, failureDetectionNs, quietTicks);
    }

    /** @return a copy with another failure detection time */
    public SimOptions withFailureDetectionNs(long newFailureDetectionNs) {
        return new SimOptions(seed, lanDelayNs, newFailureDetectionNs, quietTicks);
    }

    /** @return a copy in which quiet members skip ticks ({@code true}, as real nodes) or tick every interval */
    public SimOptions withQuietTicks(boolean newQuietTicks) {
        return new SimOptions(seed, lanDelayNs, failureDetectionNs, newQuietTicks);
    }
}
