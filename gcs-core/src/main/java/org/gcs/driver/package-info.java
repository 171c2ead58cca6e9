/**
 * For drivers of the protocol engine other than the built-in Netty one, and for extensions of that driver: the hook
 * into the Netty driver's WAN pipeline ({@link org.gcs.driver.WanPipelineHook}, which gcs-sim's link emulator supplies,
 * with the {@link org.gcs.driver.WanHookContext} a node gives its handler), and the sans-IO engine behind a byte-level
 * face ({@link org.gcs.driver.SansIoEngine}, with its LAN view members {@link org.gcs.driver.LanMember} and its
 * outgoing datagrams {@link org.gcs.driver.OutgoingDatagram}, described in public terms by
 * {@link org.gcs.driver.WanPacketInfo}), which gcs-sim's virtual-time simulator runs. An application needs none of it.
 *
 * <p><b>Threads.</b> A {@link org.gcs.driver.SansIoEngine} is not thread-safe: its driver calls it from one thread at a
 * time (gcs-sim: the thread that runs the virtual clock) and gets its {@code Io} callbacks on that thread, within those
 * calls. A {@link org.gcs.driver.WanPipelineHook} belongs to a configuration, so it is immutable and may serve many
 * nodes; each handler it makes belongs to one node's WAN channel and runs on that node's event loop.
 */
package org.gcs.driver;
