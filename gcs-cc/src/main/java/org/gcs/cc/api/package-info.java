/**
 * The congestion-control plug-in interface: one {@link org.gcs.cc.api.CongestionControl} per scheme, which makes the
 * three parts a scheme runs as — the sending delegate's {@link org.gcs.cc.api.SourceController} per (sending site,
 * group) flow, the receiving delegate's {@link org.gcs.cc.api.ReceiverMonitor} per incoming flow, and each local
 * sender's {@link org.gcs.cc.api.SenderAdmission} per group — and the codec of the controller's blocks on the wire. A
 * scheme that prices links (seed 000's cost-benefit) also makes a {@link org.gcs.cc.api.LinkPricer} per outgoing
 * hop-by-hop link, and its sources grant a price ({@link org.gcs.cc.api.PriceGrant}) rather than a rate
 * ({@link org.gcs.cc.api.RateGrant}). Everything here is sans-IO: time comes in as {@code long nowNs}, nothing reads a
 * clock, starts a thread or touches a socket, so the same controller runs under Netty and in virtual time. A scheme is
 * one instance per node, used from the node's protocol thread, and every part belongs to the flow, group or link it was
 * made for, on that thread.
 *
 * <p>Select a scheme with {@link org.gcs.cc.CongestionControls#create CongestionControls.create}: a short name
 * ({@code tfrc}, {@code ormcc}, {@code cost-benefit}, {@code none}) or the fully-qualified name of a class implementing
 * {@link org.gcs.cc.api.CongestionControl}.
 */
package org.gcs.cc.api;
