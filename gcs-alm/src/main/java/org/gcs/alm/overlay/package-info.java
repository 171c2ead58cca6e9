/**
 * Overlay membership of site delegates: who speaks for each site, where, and whether it is still alive.
 * Pure Java: no sockets, no threads, no clock reads.
 */
package org.gcs.alm.overlay;
