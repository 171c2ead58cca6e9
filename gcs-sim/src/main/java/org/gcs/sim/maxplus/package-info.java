/**
 * The papers' (max,+) models as pure code, evaluated packet by packet from their evolution equations: the oracles of
 * the hop-by-hop transport and the source of two lab scenarios. Seed 001's tree of TCP connections with back-pressure
 * (Baccelli, Chaintreau, Liu, Riabov, INFOCOM 2005, §III): {@link org.gcs.sim.maxplus.OneToManyTcpModel} with random
 * service, losses and AIMD windows ({@link org.gcs.sim.maxplus.ConnectionWindow},
 * {@link org.gcs.sim.maxplus.LossModel}) for the group throughput ({@code gcs lab overlay-scaling}), and
 * {@link org.gcs.sim.maxplus.FixedWindowTreeRecurrence} with a fixed window, no loss and given service times, whose
 * copy-out times GCS's own links must reproduce in the conformance test. Seed 003's model of end-to-end and overlay
 * multicast congestion control (Urvoy-Keller and Biersack, NGC 2002, §3):
 * {@link org.gcs.sim.maxplus.OverlayMulticastModel} ({@code gcs lab overlay-vs-e2e}).
 *
 * <p>No threads, no clocks, no I/O: time is the model's own (seconds of model time in seed 001's, units of service time
 * in seed 003's), and randomness comes from seeded {@link java.util.SplittableRandom}s, so a run is deterministic for
 * its seed. A run is confined to the thread that calls it and shares nothing with other runs, so the lab evaluates many
 * at once on a thread pool. The package depends on the JDK only (gcs-sim's {@code SimulationBoundariesTest} checks it);
 * gcs-lab's {@code org.gcs.lab.overlay} and gcs-sim's conformance test use it.
 */
package org.gcs.sim.maxplus;
