package org.gcs.examples.dashboard;

/**
 * What one member has sent and delivered so far, cumulative since it started.
 *
 * @param sentMessages messages it sent
 * @param sentBytes payload bytes of those messages
 * @param deliveredMessages messages it delivered (of every group and sender, its own included)
 * @param deliveredBytes payload bytes of those messages
 */
public record MemberTotals(long sentMessages, long sentBytes, long deliveredMessages, long deliveredBytes) {
}
