/**
 * What GCS puts on the wire, and how (docs/architecture.md §8, docs/security.md). Between the members of one site: the
 * {@link LanMessage}s (data, announcements, remote sites, stability, hand-overs, demands, grants, held reports, tree
 * plans, prices), encoded by {@link LanCodec} and carried by JGroups, several in one JGroups message as a
 * {@link LanBundle}. Between delegates: the {@link WanPacket}s (data, acknowledgements, NAKs, syncs, site
 * announcements, probes, tree plans, congestion feedback, hop-by-hop frames, link prices, fragments of a split packet,
 * {@link WanBatch}es of several packets), each in a {@link WanEnvelope} that names the sending site and term.
 * {@link WanCodec} lays out and protects one WAN datagram (version 6: a clear fixed header that names the
 * destination site ({@link DestinationTag}), then AES-256-GCM or AES-256-GMAC under a packet key from {@link org.gcs.internal.crypto.WanKeyRing}); the package-private
 * {@code WanPacketCodec}, {@code TreeCodec} and {@code PacketProtection} write and read the bodies and seal them.
 * {@link WanReceiver} is the WAN receive path up to the engine: open and decode, check the destination, then judge freshness
 * ({@link ReplayGuard}, a {@link ReplayWindow} per sender). {@link WanPacker} packs the packets one loop turn sends to
 * one peer into as few datagrams as fit. A datagram that fails is a {@link MalformedDatagramException} with its
 * {@link DropReason}; {@link LanDropReason} names why the Netty driver drops a LAN message. The lowercase names of both
 * are the drop counters' {@code reason} tags.
 *
 * <p><b>Threads.</b> No thread, clock or lock here: times come in as arguments. The messages, packets and envelopes are
 * records that nobody changes once built, so they pass between threads freely. {@link LanCodec} and {@link LanBundle}
 * are stateless and thread-safe: the Netty driver decodes on JGroups' receive threads ({@code LanInbox}; a member's own
 * multicasts on the thread that sent them), encodes on the node's event loop and bundles on the LAN-out thread (or on
 * the loop when that thread is idle). {@link WanCodec} (its packet counter, ciphers and key cache),
 * {@link WanReceiver}, {@link ReplayGuard}, {@link ReplayWindow} and {@link WanPacker} are not thread-safe: a node has
 * one set, confined to its event loop ({@code internal.node}'s {@code WanChannel}) or to the simulator's thread
 * ({@link org.gcs.driver.SansIoEngine}). {@link WanCodec}'s static methods (sizes, {@code encodePacket},
 * {@code decodePacket}) are pure, and the engine calls them on its thread.
 *
 * <p><b>Dependencies.</b> On {@code internal.crypto} ({@link org.gcs.internal.crypto.WanKeyRing}), the public API
 * ({@link org.gcs.ClusterKeys}, {@link org.gcs.WanProtection}, {@link org.gcs.Names}), gcs-cc's hop-by-hop link
 * ({@link org.gcs.cc.link.LinkAck}, {@link org.gcs.cc.link.LinkSettings}) and the JDK's JCA; on nothing else in
 * {@code internal}, and not on Netty, JGroups or a logger. Used by {@code internal.flow}, {@code internal.engine},
 * {@code internal.node}, {@code org.gcs.driver}, {@code org.gcs.metrics} (the drop reasons) and gcs-jmh's codec
 * benchmarks.
 */
package org.gcs.internal.wire;
