package org.gcs.internal.wire;

/**
 * A WAN datagram as the protocol sees it: who sent it (site and delegate term) and what it carries.
 *
 * @param fromSite the sending delegate's site
 * @param fromTerm the sending delegate's term
 * @param packet the body
 */
public record WanEnvelope(String fromSite, long fromTerm, WanPacket packet) {
}
