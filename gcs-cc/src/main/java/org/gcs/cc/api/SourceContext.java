package org.gcs.cc.api;

/**
 * What a {@link SourceController} is made for: one meta-flow of the sending delegate.
 *
 * @param site the sending site (this delegate's)
 * @param group the group
 * @param epoch the flow's epoch (the delegate's term)
 * @param seed a seed for the controller's random choices, derived from the node's seed and the flow, so that runs
 *     repeat exactly in virtual time
 */
public record SourceContext(String site, String group, long epoch, long seed) {
}
