/**
 * The virtual-time simulator: GCS's own protocol engine, run without sockets, threads or a real clock, so that a
 * scenario with many sites and minutes of traffic runs in seconds and repeats exactly from its seed. A
 * {@link org.gcs.sim.SimNetwork} holds the sites and the WAN between them: each site is a simulated LAN (reliable FIFO
 * multicast after a fixed delay, views on join, leave and crash, a crash noticed after a failure-detection delay,
 * pauses and delayed merges), and each directed WAN link follows the emulated {@link org.gcs.emulator.Topology} through
 * the same {@link org.gcs.emulator.EmulatedLink} model as the Netty link emulator. Each {@link org.gcs.sim.SimNode} is
 * a {@link org.gcs.GroupMember} running the production engine behind {@link org.gcs.driver.SansIoEngine}, configured
 * from a {@link org.gcs.GcsConfig} by the same path as a real node; its WAN datagrams are really sealed, authenticated
 * and checked for replays ({@code SimWanPort}), and it records what it delivers and sees for checks.
 * {@link org.gcs.sim.SimClock} is the virtual clock and its event queue; {@link org.gcs.sim.SimOptions} the seed, the
 * LAN delay and the failure detection; {@link org.gcs.sim.WanFilter} and {@link org.gcs.sim.WanTap} let an experiment
 * remove WAN traffic or see its bytes.
 *
 * <p><b>Parts.</b> Each package-private class owns one part of the state. A network's: the nodes started so far
 * ({@code SimNodes}), how each is configured ({@code SimNodeConfigs}), the LANs and their views ({@code SimLans}), and
 * the WAN's link profiles, filter, tap and counts ({@code SimWan}). A node's: its process, running, paused or dead,
 * which drives the engine ({@code SimProcess}), the engine's outputs ({@code SimEngineIo}), its emulated links
 * ({@code SimWanPort}), and what it delivers and installs ({@code SimRecorder}).
 *
 * <p><b>Threads.</b> None: everything runs on the thread that calls the network ({@code start}, {@code runFor},
 * {@code runUntil}, a node's {@code sendAsync}), which also receives every listener call, in virtual-time order.
 * Nothing here is thread-safe. gcs-sim's {@code SimulationBoundariesTest} keeps this package free of clock reads, Netty
 * and JGroups.
 *
 * <p><b>Dependencies.</b> On gcs-core's public API ({@code org.gcs}, {@code org.gcs.driver}), never its
 * {@code internal} packages, on {@code org.gcs.emulator} and on gcs-alm's {@link org.gcs.alm.overlay.DelegateAddress}.
 * Used by gcs-sim's tests and by gcs-lab (its virtual driver and the scenarios that run only in virtual time).
 */
package org.gcs.sim;
