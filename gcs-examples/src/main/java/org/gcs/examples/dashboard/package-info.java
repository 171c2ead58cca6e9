/**
 * The live dashboard of {@code gcs node --dashboard-port N} and {@code gcs demo --dashboard}: one self-contained page
 * (HTML, CSS and vanilla JavaScript from the classpath, no external URL) and {@code /api/state}, a JSON snapshot of the
 * sites, the multicast trees, the flows' congestion state and the members' send and delivery rates.
 *
 * <p><b>Threads.</b> {@link org.gcs.examples.dashboard.DeliveryCounts} counts deliveries in a message listener on each
 * shown node's delivery thread; a daemon thread ({@code gcs-dashboard-sampler}) turns the members' totals into rates
 * once a second ({@link org.gcs.examples.dashboard.RateHistory}); the web server's thread builds each snapshot
 * ({@link org.gcs.examples.dashboard.DashboardState}) from them and from the nodes' own snapshots. The counts and the
 * histories are thread-safe.
 */
package org.gcs.examples.dashboard;
