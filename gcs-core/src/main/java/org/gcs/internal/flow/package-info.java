/**
 * The reliable meta-flows (docs/architecture.md §4): one flow per (sending site, group), numbered by the sending
 * delegate in an epoch (its term). {@link MetaFlowSender} is the sending delegate's side: it cuts each message into
 * fragments with one flow sequence number each, keeps them in a retransmit buffer until every receiving site
 * acknowledged them, repairs what receivers NAK, syncs new receivers and probes lagging ones, measures each receiver's
 * RTT from acknowledgement echoes and reports messages stable. {@link MetaFlowReceiver} is the receiving delegate's
 * side: it waits for the sync, detects gaps and NAKs them, drops duplicates, reassembles fragments, releases whole
 * messages in flow order and acknowledges cumulatively what it released, with its congestion controller's monitor
 * beside it. {@link SequenceRing} holds packets by sequence number for both; {@link FlowSettings} carries their timers
 * and limits. {@link ControlBlocks} turns the node's congestion controller's headers and feedback into the tagged
 * blocks the packets carry and back, and counts the blocks it drops ({@link BlockDropReason}).
 *
 * <p><b>Threads.</b> Sans-IO like the engine that owns it: time comes in as {@code nowNs}, packets go out through each
 * class's {@code Output}. A sender, a receiver and a {@link ControlBlocks} belong to one delegate role of the engine
 * ({@code internal.engine}: {@code OutgoingGroup} holds a sender, {@code IncomingFlows} the receivers), so they run on
 * the engine's thread, the node's event loop or the simulator's thread; none is thread-safe and none locks.
 * {@link FlowSettings} and {@link BlockDropReason} are immutable.
 *
 * <p><b>Dependencies.</b> On {@code internal.wire} (the packets {@code Data}, {@code Ack}, {@code Nak}, {@code Sync},
 * {@code CcFeedback} and {@link org.gcs.internal.wire.ControlBlock}), gcs-cc (the controller interface
 * {@code org.gcs.cc.api}, {@link org.gcs.cc.rtt.RttEstimator}, {@link org.gcs.cc.none.NoCongestionControl}) and
 * {@link org.gcs.WireCost}; on nothing else in {@code internal}. Used by {@code internal.engine}; {@code internal.node}
 * builds the {@link FlowSettings} ({@code EngineSettingsFactory}), {@code org.gcs.metrics} counts by
 * {@link BlockDropReason}, and gcs-jmh benchmarks the receive path.
 */
package org.gcs.internal.flow;
