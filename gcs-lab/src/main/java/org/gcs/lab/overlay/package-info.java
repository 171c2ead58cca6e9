/**
 * Lab scenarios computed from the papers' (max,+) models of overlay transports (gcs-sim's {@code org.gcs.sim.maxplus}),
 * not from GCS itself: {@code overlay-scaling} ({@link org.gcs.lab.overlay.OverlayScalingScenario}, seed 001 §V-A: the
 * group throughput of a tree of TCP connections with back-pressure as the output buffers grow) and
 * {@code overlay-vs-e2e} ({@link org.gcs.lab.overlay.OverlayVsEndToEndScenario}, seed 003 Fig. 7: overlay against
 * end-to-end multicast congestion control as receivers are added). Each spreads its independent model runs over a
 * thread pool.
 */
package org.gcs.lab.overlay;
