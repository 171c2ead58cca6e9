/**
 * gcs-cc: GCS's congestion control, as pure algorithms behind one plug-in interface ({@code org.gcs.cc.api}).
 * {@link org.gcs.cc.CongestionControls} selects a scheme by short name ({@code tfrc}, the default end to end;
 * {@code ormcc}; {@code cost-benefit}, the hop-by-hop transport's pricing; {@code none}) or by the class name of a
 * scheme written elsewhere, and checks the {@code cc.<scheme>.<parameter>} settings of every built-in scheme before a
 * node starts. The schemes live in {@code tfrc}, {@code ormcc}, {@code costbenefit} and {@code none}; their shared
 * parts in {@code rtt} (RTT estimation), {@code alloc} (max-min allocation and demand), {@code shaping} (token bucket),
 * {@code window} (the members' AIMD send window) and {@code link} (the hop-by-hop transport's reliable edge).
 * docs/congestion-control.md describes the contract and each scheme.
 *
 * <p>The whole module is sans-IO: it depends on the JDK only, reads no clock, starts no thread and touches no socket
 * (gcs-core's {@code ModuleBoundariesTest} checks it). Its objects belong to the node's protocol engine and run on the
 * engine's thread (a node's event loop, or the simulator's thread); {@link org.gcs.cc.CongestionControls} itself is
 * stateless.
 */
package org.gcs.cc;
