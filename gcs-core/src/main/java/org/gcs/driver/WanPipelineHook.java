package org.gcs.driver;

import io.netty.channel.ChannelHandler;

/**
 * A hook into the WAN pipeline of the Netty driver ({@link org.gcs.GcsNode#start}): a Netty handler placed nearest the
 * node's UDP socket. It sees every datagram the node sends, sealed and packed, and may drop, delay or pass it; what the
 * socket receives passes it on the way in. For tests and demos on one machine: the link emulator of gcs-sim
 * ({@code org.gcs.emulator.LinkEmulation}) is one, which applies an emulated WAN's delay, loss and bandwidth to each
 * peer site. Set with {@link org.gcs.GcsConfigBuilder#wanPipelineHook}; a node without a hook sends straight to the
 * socket.
 *
 * <p>The hook is part of the configuration, so it must be immutable and may serve many nodes: each node's WAN channel
 * asks it for a handler of its own ({@link #newHandler}), which lives on that channel's event loop.
 */
public interface WanPipelineHook {

    /**
     * Checks, when the configuration is built, that the hook can serve a node of this site (an emulated topology must
     * have the site, say).
     *
     * @param site the node's site
     * @throws IllegalArgumentException with a message for the user if it cannot; the configuration is then refused
     */
    default void check(String site) {
    }

    /**
     * Makes the handler of one node's WAN channel; called once per channel, on its event loop, before the socket binds.
     *
     * @param context the node's site, the sites of its peers and its drop counters
     * @return the handler, put nearest the socket (outbound datagrams are {@code DatagramPacket}s)
     */
    ChannelHandler newHandler(WanHookContext context);
}
