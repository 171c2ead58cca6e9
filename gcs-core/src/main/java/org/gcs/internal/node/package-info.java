/**
 * The production driver: runs a node's {@link org.gcs.internal.engine.NodeEngine} over a Netty UDP socket (the WAN) and
 * a JGroups cluster (the LAN), and is the {@link org.gcs.GcsNode} an application gets from
 * {@link org.gcs.GcsNode#start GcsNode.start}. {@link NettyJGroupsNode} builds the parts, starts them (WAN bind, LAN
 * join, tick, first view) and closes them in order; each part has one job (docs/architecture.md §6): {@link NodeLoop}
 * (the event loop), {@link ProtocolTimer} and {@link StallChecks} (the tick, the status snapshot, the member stall
 * policy of {@link MemberStallPolicy}), {@link WanChannel} and {@link WanInboundHandler} (the WAN socket),
 * {@link JGroupsLan} (the LAN stack, with {@link LanEncryption}, {@link MulticastCredits}, {@link LanBundler} and
 * {@link LanReceivePolicy}; {@link LanDuplicates} finds member names that appear twice in a view), {@link LanInput},
 * {@link StartGate}, {@link NameClashExit}, {@link LanInbox} and {@link LanOriginGuard} (LAN views and messages in),
 * {@link LanOut} and {@link LanSender} (LAN messages out), {@link Deliveries} (the listeners), {@link Sends} and
 * {@link PendingSends} (the application's sends), {@link NodeIo} (the engine's
 * {@link org.gcs.internal.engine.EngineIo}), {@link GroupMemberships} (joined groups, views, trees, exclusions). Every
 * queue between them is bounded: {@link PendingSends}, the engine's send window, {@link DeliveryPermits} with
 * {@link DeliveryBacklog}, and the LAN-out watermarks.
 *
 * <p><b>Threads.</b>
 * <ul>
 *   <li>The event loop {@code gcs-loop-<member>} ({@link NodeLoop}, one Netty event loop per node) owns the engine and
 *       everything that calls it: {@link NodeIo}, {@link WanChannel} with {@link WanInboundHandler} (and its codec,
 *       replay guard and packer), {@link ProtocolTimer} with {@link TickGapMonitor}, {@link StallChecks} with
 *       {@link MemberStallPolicy} (both sans-IO: time as an argument), {@link LanOriginGuard}, {@link HandOffBatcher},
 *       the loop side of {@link LanOut} and {@link Deliveries}. When the LAN-out thread is idle the loop performs light
 *       LAN sends itself ({@link LanSender#sendHereOrQueue LanSender.sendHereOrQueue}, {@link LanBundler}).</li>
 *   <li>JGroups' threads call {@link JGroupsLan} (a {@code Receiver}) and run the stack's protocols
 *       ({@link LanEncryption}, {@link MulticastCredits}, {@link LanBundler}'s queue). {@link LanInput} and
 *       {@link LanInbox} decode each batch on the receive thread, take its delivery room from {@link DeliveryPermits}
 *       (waiting while the backlog is full) and post one loop task per batch; views go to the loop as a task too. Over
 *       UDP, {@link LanReceivePolicy} keeps regular messages on the socket's receiver thread.</li>
 *   <li>The delivery thread {@code gcs-deliver-<member>} ({@link Deliveries}) calls the application's listeners one at
 *       a time, in order, and completes {@code sendAsync} stages; {@link DeliveryBacklog} gives a message's room back
 *       when its listeners return.</li>
 *   <li>The LAN-out thread {@code gcs-lan-out-<member>} ({@link LanSender}, fed by {@link LanOut}) performs the JGroups
 *       sends that may block on flow control, bundling what queued meanwhile; a member's own copy of each message
 *       enters {@link LanInbox} on the thread that sent it.</li>
 *   <li>Application threads call {@link NettyJGroupsNode}: {@link Sends} checks a send, reserves room in
 *       {@link PendingSends} (a blocking send waits there and for admission) and posts it to the loop; joins, leaves
 *       and queries go through {@link GroupMemberships}, {@link NodeLoop#run NodeLoop.run} or
 *       {@link NodeLoop#call NodeLoop.call}, and read the latest {@link ProtocolTimer#status status} snapshot of
 *       {@link ProtocolTimer}.</li>
 * </ul>
 * Shared between these threads, and thread-safe: {@link PendingSends}, {@link DeliveryPermits},
 * {@link DeliveryBacklog}, {@link GroupMemberships}, {@link LanDropReport}, {@link LanEncryption}, {@link StartGate},
 * {@link NameClashExit};
 * immutable: {@link LanKeyRing}, {@link LanDuplicates}; stateless: {@link NodeClock} (the monotonic and wall clocks), {@link WanSocketKind}.
 *
 * <p><b>Dependencies.</b> On every other {@code internal} package ({@code engine}, {@code flow}, {@code wire},
 * {@code crypto}, {@code log}), the public API {@code org.gcs}, {@code org.gcs.metrics}
 * ({@link org.gcs.metrics.NodeMetrics}), {@code org.gcs.driver} (the WAN pipeline hook), gcs-cc, gcs-alm, Netty and
 * JGroups. Used only inside gcs-core: {@link org.gcs.GcsNode#start GcsNode.start} (its one door from the public API),
 * and {@link org.gcs.metrics.GcsMetrics} (which needs the node's meters and LAN channel). Its engine settings come from
 * {@link org.gcs.internal.engine.EngineSettingsFactory}, the path a simulated node's take too.
 * {@link LanReceivePolicy} is public only because JGroups creates it by class name.
 */
package org.gcs.internal.node;
