/**
 * The congestion-control plug-in interface: one {@link org.gcs.cc.api.CongestionControl} per scheme, which makes
 * the three parts a scheme runs as — the sending delegate's {@link org.gcs.cc.api.SourceController} per
 * (sending site, group) flow, the receiving delegate's {@link org.gcs.cc.api.ReceiverMonitor} per incoming flow,
 * and each local sender's {@link org.gcs.cc.api.SenderAdmission} per group — and the codec of the controller's
 * blocks on the wire. Everything here is sans-IO: time comes in as {@code long nowNs}, nothing reads a clock,
 * starts a thread or touches a socket, so the same controller runs under Netty and in virtual time.
 *
 * <p>Select a scheme with {@link org.gcs.cc.CongestionControls#create}: a short name ({@code tfrc},
 * {@code ormcc}, {@code none}) or the fully-qualified name of a class implementing
 * {@link org.gcs.cc.api.CongestionControl}.
 */
package org.gcs.cc.api;
