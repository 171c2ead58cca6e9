/**
 * For drivers of the protocol engine other than the built-in Netty one, and for extensions of that driver: the hook
 * into the Netty driver's WAN pipeline ({@link org.gcs.driver.WanPipelineHook}, which gcs-sim's link emulator
 * supplies), and the sans-IO engine behind a byte-level face, which gcs-sim's virtual-time simulator runs. An
 * application needs none of it.
 */
package org.gcs.driver;
