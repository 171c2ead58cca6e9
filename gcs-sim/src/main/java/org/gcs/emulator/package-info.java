/**
 * A user-space WAN emulator for running several GCS sites on one machine.
 *
 * <ul>
 *   <li>{@link org.gcs.emulator.EmulatedLink} is the pure model of one directed link: random loss
 *       ({@link org.gcs.emulator.LossProfile}), then a drop-tail bottleneck queue, then delay and jitter.
 *       It takes time as {@code nowNs} and reads no clock, so the Netty handler and the virtual-time
 *       simulator share it.</li>
 *   <li>{@link org.gcs.emulator.LinkProfile} holds a link's numbers; {@link org.gcs.emulator.Topology}
 *       holds the sites and the directed links between them, parsed from a small text format or loaded by
 *       name ({@code ron6}, {@code ron3}: the RON testbed of the Xpand experiments). For experiments a
 *       topology may also give a fixed multicast tree ({@link org.gcs.emulator.TreeEdge}), scheduled link
 *       changes ({@link org.gcs.emulator.LinkChange}) and on/off cross traffic
 *       ({@link org.gcs.emulator.CrossTraffic}), which shares a link's bottleneck with GCS's packets.</li>
 *   <li>{@link org.gcs.emulator.LinkEmulatorHandler} applies the links to the outbound datagrams of a
 *       delegate's WAN channel, per destination site, resolved by a
 *       {@link org.gcs.emulator.PeerSiteResolver}.</li>
 * </ul>
 *
 * <p>See {@code docs/link-emulator.md} for the model, the file format and how {@code ron6} was derived.
 */
package org.gcs.emulator;
