/**
 * GCS's public API: what an application needs to talk in named groups, many-to-many, across sites joined by a WAN.
 * {@link org.gcs.GcsNode#start GcsNode.start} starts a node from a {@link org.gcs.GcsConfig}; the node is a
 * {@link org.gcs.GroupMember} (join, leave, {@code sendAsync}, listeners, views, trees, status) that also sends with
 * back-pressure, waits for stability, rotates its keys and closes. What it delivers: {@link org.gcs.GroupMessage} (to a
 * {@link org.gcs.MessageListener}), {@link org.gcs.GroupView} (to a {@link org.gcs.ViewListener}, with exclusions by
 * the member stall policy), {@link org.gcs.GroupTree} (to a {@link org.gcs.TreeListener}); members are named by
 * {@link org.gcs.MemberId} under the rules of {@link org.gcs.Names}. What it shows of its protocol: the immutable
 * snapshots {@link org.gcs.MemberStatus}, {@link org.gcs.FlowStatus}, {@link org.gcs.ReceivingFlowStatus} and
 * {@link org.gcs.HopLinkStatus}, with rates in {@link org.gcs.WireCost}'s bytes on the wire.
 *
 * <p>Configuration: {@link org.gcs.GcsConfig}, built with {@link org.gcs.GcsConfigBuilder} or loaded from a properties
 * file by {@link org.gcs.GcsConfigLoader}, in parts that each own their keys and checks ({@link org.gcs.WanSettings},
 * {@link org.gcs.WanSecurity}, {@link org.gcs.LanConfig}, {@link org.gcs.ProtocolTimers}, {@link org.gcs.FlowLimits},
 * {@link org.gcs.MemberStallTimeouts}, {@link org.gcs.CongestionSettings}, {@link org.gcs.OverlaySettings},
 * {@link org.gcs.TransportSettings}), with the key ring {@link org.gcs.ClusterKeys}. {@link org.gcs.ConfigKeys} lists
 * every key of the file, {@link org.gcs.ConfigReference} renders them as docs/configuration.md, and
 * {@link org.gcs.Quantities} parses {@code 20ms}, {@code 4MB}, {@code 10Mbps} for the loader, the tools and the link
 * emulator. Errors are {@link org.gcs.GcsException}s that say what to do: {@link org.gcs.GcsConfigException},
 * {@link org.gcs.GcsClosedException}, {@link org.gcs.NotJoinedException}, {@link org.gcs.MessageTooLargeException},
 * {@link org.gcs.SendQueueFullException}.
 *
 * <p><b>Threads.</b> A {@link org.gcs.GcsNode}'s methods are thread-safe; its listeners run on the node's one delivery
 * thread ({@code gcs-deliver-<member>}), one call at a time and in delivery order, and a listener must not call the
 * blocking {@code send} (it is refused there: use {@code sendAsync}). A simulated member (gcs-sim) calls its listeners
 * on the thread that runs the simulation. Configurations, settings records, identities, views, trees and status
 * snapshots are immutable; {@link org.gcs.GcsConfigBuilder} is not thread-safe; a {@link org.gcs.GroupMessage}'s
 * payload is shared by all listeners of a node and must not be modified.
 *
 * <p><b>Dependencies.</b> On gcs-cc (the congestion-control settings and names), {@code org.gcs.driver} (the WAN
 * pipeline hook a configuration may carry) and Micrometer's {@code MeterRegistry}; never on Netty or JGroups types. It
 * reaches the implementation ({@code org.gcs.internal.node}) only through {@link org.gcs.GcsNode#start GcsNode.start};
 * gcs-core's {@code ModuleBoundariesTest} checks both rules.
 */
package org.gcs;
