/**
 * A user-space WAN emulator for running several GCS sites on one machine, in real time (the Netty driver) or in virtual
 * time (the simulator, {@code org.gcs.sim}).
 *
 * <ul>
 *   <li>{@link org.gcs.emulator.EmulatedLink} is the pure model of one directed link: random loss
 *       ({@link org.gcs.emulator.LossProfile}: none, Bernoulli or Gilbert-Elliott, each link running its own
 *       {@link org.gcs.emulator.LossModel}), then a drop-tail bottleneck queue (optionally with RED in front,
 *       {@link org.gcs.emulator.RedQueue}), then delay and jitter. It takes time as {@code nowNs} and reads no clock,
 *       so the Netty handler and the virtual-time simulator share it. Inside, each part owns its state: the path
 *       ({@code LinkPath}: the link's generator, loss model, delay, jitter and order), the bottleneck
 *       ({@code Bottleneck}: its rate, queue limit, RED gate and busy time), the cross traffic
 *       ({@code CrossTrafficMix}) and the counters ({@code PacketTally}); {@code LinkSeeds} derives every generator's
 *       seed from one number.</li>
 *   <li>{@link org.gcs.emulator.LinkProfile} holds a link's numbers; {@link org.gcs.emulator.Topology} holds the sites
 *       and the directed links between them, parsed from a small text format or loaded by name ({@code ron6},
 *       {@code ron3}: the RON testbed of the Xpand experiments), or built in code
 *       ({@link org.gcs.emulator.TopologyBuilder}). For experiments a topology may also give a fixed multicast tree
 *       ({@link org.gcs.emulator.TreeEdge}), scheduled link changes ({@link org.gcs.emulator.LinkChange}) and on/off
 *       cross traffic ({@link org.gcs.emulator.CrossTraffic}), which shares a link's bottleneck with GCS's
 *       packets. The text is read by {@code TopologyParser}, which owns the line grammar and hands each directive to
 *       the part that keeps its lines ({@code SiteDirectives}, {@code LinkDirectives}, {@code TreeDirective},
 *       {@code ChangeDirectives}, {@code CrossDirectives}); {@code LinkSettings} reads key=value link settings and
 *       {@code SourceLine} words the errors. {@code TopologyLoader} finds a topology by name or path,
 *       {@code SiteSubset} cuts one down to some of its sites.</li>
 *   <li>{@link org.gcs.emulator.LinkEmulation} puts the links in front of a real node's WAN socket: it is the node's
 *       {@link org.gcs.driver.WanPipelineHook} (set in its configuration, or with the
 *       {@link org.gcs.emulator.LinkEmulationKeys} of a {@code gcs node} properties file), and makes for each node a
 *       {@link org.gcs.emulator.LinkEmulatorHandler}, which applies the links to the node's outbound datagrams, per
 *       destination site, resolved by a {@link org.gcs.emulator.PeerSiteResolver} (the node's own knowledge of its
 *       peers' sites).</li>
 * </ul>
 *
 * <p><b>Threads.</b> Topologies, profiles and the hook are immutable and may be shared. An
 * {@link org.gcs.emulator.EmulatedLink} (with its parts, its loss model and RED gate) is not thread-safe: it belongs to
 * one handler or one simulator. A {@link org.gcs.emulator.LinkEmulatorHandler} belongs to one node's WAN channel and
 * runs on that node's event loop, where it also schedules the delayed datagrams; only its drop counters are read from
 * other threads (the node's meters).
 *
 * <p>See {@code docs/link-emulator.md} for the model, the file format and how {@code ron6} was derived.
 */
package org.gcs.emulator;
