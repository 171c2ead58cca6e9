/**
 * The {@code none} scheme ({@link org.gcs.cc.none.NoCongestionControl}): no congestion control. Senders are limited
 * only by their send window (a member's bytes not yet acknowledged by every receiving site) and the back-pressure of
 * slow sites; nothing travels on the wire. The hop-by-hop transport's default, where the links' windows and buffers
 * hold the senders back; with the end-to-end transport it is seed 003's end-to-end model. Also
 * {@link org.gcs.cc.none.SilentMonitor}, the receiving delegate's monitor of schemes that measure nothing at the
 * receivers ({@code none} and {@code cost-benefit}). Sans-IO: the scheme is stateless, its parts keep the state of
 * their flow and run on the node's protocol thread.
 */
package org.gcs.cc.none;
