package org.gcs.internal.engine;

/**
 * One incoming meta-flow at a receiving delegate: a sending site's traffic to one group.
 *
 * @param srcSite the sending site
 * @param group the group
 */
record FlowKey(String srcSite, String group) {
}
