/**
 * The live dashboard of {@code gcs node --dashboard-port N} and {@code gcs demo --dashboard}: one self-contained page
 * (HTML, CSS and vanilla JavaScript from the classpath, no external URL) and {@code /api/state}, a JSON snapshot of
 * the sites, the multicast trees, the flows' congestion state and the members' send and delivery rates.
 */
package org.gcs.examples.dashboard;
