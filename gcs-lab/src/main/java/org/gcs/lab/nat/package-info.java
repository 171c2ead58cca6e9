/**
 * The {@code nat} lab scenario and its parts: GCS sites in network namespaces behind NATs
 * ({@link org.gcs.tools.netns.NatNetwork}), one {@code gcs lab-nat-agent} process per site that runs the site's
 * delegate, sends sequenced messages and counts what it delivers, and the scenario that classifies the path between
 * every pair of sites (direct, punched, relayed), changes the NATs in mid-run and checks that nothing was lost,
 * duplicated or reordered.
 */
package org.gcs.lab.nat;
