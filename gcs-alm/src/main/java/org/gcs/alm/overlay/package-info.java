/**
 * Overlay membership of site delegates: who speaks for each site, where, whether it is still alive, and
 * the quality (RTT, loss) of the links to the other sites' delegates as measured by probes.
 * Pure Java: no sockets, no threads, no clock reads.
 */
package org.gcs.alm.overlay;
