package org.gcs.internal.engine;

/**
 * One sender's stream of messages to one group: the unit of FIFO order and of duplicate suppression.
 *
 * @param site the sender's site
 * @param member the sender's name
 * @param incarnation the sender's incarnation
 * @param group the group
 */
record OriginKey(String site, String member, long incarnation, String group) {
}
