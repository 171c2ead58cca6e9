/**
 * The papers' (max,+) models as pure code, used as oracles for the hop-by-hop transport: seed 001's tree of TCP
 * connections with back-pressure (Baccelli, Chaintreau, Liu, Riabov, INFOCOM 2005, §III), evaluated packet by packet
 * from its evolution equations. No threads, no clocks: time is the model's own, in seconds of service.
 */
package org.gcs.sim.maxplus;
