package org.gcs.cc.api;

/**
 * What a {@link ReceiverMonitor} is made for: one incoming meta-flow at a receiving delegate.
 *
 * @param site the receiving site (this delegate's)
 * @param sourceSite the sending site
 * @param group the group
 * @param epoch the flow's epoch (the sending delegate's term)
 * @param seed a seed for the monitor's random choices (ORMCC's indication delays), derived from the node's seed
 *     and the flow, so that runs repeat exactly in virtual time
 */
public record MonitorContext(String site, String sourceSite, String group, long epoch, long seed) {
}
