package org.gcs.emulator;

import java.util.random.RandomGenerator;

/**
 * The stateful loss process of one emulated link: decides, packet by packet, whether a packet is lost.
 *
 * <p>A model is created by {@link LossProfile#newModel()} and belongs to exactly one link. Models that
 * remember state between packets (such as the Gilbert-Elliott chain) advance that state on every call, so
 * call {@link #shouldDrop(RandomGenerator)} exactly once per packet offered to the link. Models read no
 * clock and own no randomness: the caller passes the link's seeded generator, which keeps runs repeatable.
 * Implementations are not thread-safe.
 */
public interface LossModel {

    /**
     * Decides the fate of the next packet offered to the link and advances the model's state.
     *
     * @param random the link's random generator; the only source of randomness the model uses
     * @return {@code true} if the packet is lost, {@code false} if it goes on
     */
    boolean shouldDrop(RandomGenerator random);
}
