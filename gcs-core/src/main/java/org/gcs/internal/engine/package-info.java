/**
 * The protocol engine of one node, sans-IO: every input is a method call that carries the time ({@code nowNs}), every
 * output a call on {@link EngineIo}; {@link NodeEngine} is the entry point. Every node is a member: it keeps who is in
 * which group ({@link Membership}), installs group views and trees ({@link ViewTracker}, {@link TreeTracker}), drops
 * duplicates before delivery ({@link DeliveryFilter}), sends through its {@link MemberSender} and {@link SendWindow},
 * and reports to its delegate what it holds ({@link HeldReport}). The oldest eligible member of the LAN view is also
 * its site's delegate and runs a {@link DelegateRole}, a new one for each term, which routes WAN datagrams, LAN events
 * and the tick to the parts that own their state: {@link OverlayMembership} (the remote sites, their delegates and
 * memberships), {@link OutgoingFlows} (an {@link OutgoingGroup} per group the site sends to: the meta-flow sender, the
 * congestion controller's source and the {@link GrantPolicy} that passes its grant to the local senders),
 * {@link IncomingFlows} (a meta-flow receiver per incoming flow, acknowledging only what the {@link SiteHoldTracker}
 * says every member holds), {@link TreeOverlay} (probes and the agreed tree plan) and the {@link DataTransport} under
 * the flows ({@link TreeForwarding} end to end, or {@link HopByHopTransport}). Smaller parts: {@link ControlSplitter}
 * and {@link FragmentReassembly} (control packets larger than a datagram), {@link SiteConflicts} and
 * {@link SiteConflictWatch} (two delegates for one site name), {@link PeerHintSlices}, {@link LinkPriceBook} (link
 * prices under a price-based controller), {@link RelayedSequences}, {@link FlowSeeds}. docs/architecture.md §2 to §7
 * describe the protocol these classes implement.
 *
 * <p><b>Threads.</b> The engine has no thread, clock or lock of its own: it belongs to the one thread its driver calls
 * it on, and the driver serializes every call. In a real node ({@link org.gcs.internal.node.NettyJGroupsNode}) that
 * thread is the node's Netty event loop ({@code gcs-loop-<member>}), and every other thread hands its work to that
 * loop; under gcs-sim's simulator it is the thread that runs the virtual clock, through
 * {@link org.gcs.driver.SansIoEngine}. {@link EngineIo} and {@link ProtocolMetrics} are called back on that thread,
 * from within the driver's calls. What crosses to or from other threads is a record nobody changes: {@link LanView},
 * {@link SendRequest} (whose completion handle is the driver's business), {@link PricedLink}, and the
 * {@link org.gcs.MemberStatus} snapshot that {@link EngineStatus} reads on the engine's thread (through
 * {@link DelegateQueries} for the delegate's WAN state, which stays on that thread too). The only state engines
 * share is the rate-limited loggers that {@link OverlayMembership}, {@link SiteConflictWatch}, {@link ControlSplitter}
 * and {@link FragmentReassembly} keep in static fields: one per class for every node in the JVM, thread-safe
 * ({@link org.gcs.internal.log.RateLimitedLog}).
 *
 * <p><b>Dependencies.</b> On {@code internal.flow} (the meta-flows and the controller blocks), {@code internal.wire}
 * (the LAN messages and WAN packets, and the sizes {@link org.gcs.internal.wire.WanCodec} computes),
 * {@code internal.log}, gcs-cc (the controllers, the hop-by-hop link, the max-min allocator, the AIMD window), gcs-alm
 * (the site directory, the link quality table, the tree strategies) and the public API {@code org.gcs} (settings,
 * status records, identities); not on {@code internal.node}, {@code internal.crypto}, Netty or JGroups. gcs-core's
 * {@code ModuleBoundariesTest} keeps this package, {@code internal.flow} and {@code internal.wire} free of clock reads,
 * Netty and JGroups. Used by {@code internal.node} (the Netty driver), {@code org.gcs.driver}
 * ({@link org.gcs.driver.SansIoEngine}) and {@code org.gcs.metrics} ({@link org.gcs.metrics.NodeMetrics} implements
 * {@link ProtocolMetrics}).
 */
package org.gcs.internal.engine;
