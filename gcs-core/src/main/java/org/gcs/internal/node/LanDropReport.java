package org.gcs.internal.node;

import org.gcs.internal.engine.LanView.LanMember;
import org.gcs.internal.engine.ProtocolMetrics;
import org.gcs.internal.log.RateLimitedLog;
import org.gcs.internal.wire.LanDropReason;
import org.gcs.internal.wire.LanMessage;
import org.jgroups.Address;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts dropped LAN messages by reason and logs the suspicious ones (unauthenticated, forged origin, not from the
 * delegate) at WARN and those of duplicate members at ERROR, at most once per reason per interval, naming the sender
 * and what the message claimed.
 * Thread-safe: called on JGroups threads and on the event loop.
 */
final class LanDropReport {
    private static final Logger LOG = LoggerFactory.getLogger(LanDropReport.class);

    private final String site;
    private final ProtocolMetrics metrics;
    private final RateLimitedLog log;

    LanDropReport(String site, ProtocolMetrics metrics) {
        this(site, metrics, LOG);
    }

    /** @param logger where the WARN lines go (a test passes its own) */
    LanDropReport(String site, ProtocolMetrics metrics, Logger logger) {
        this.site = site;
        this.metrics = metrics;
        this.log = new RateLimitedLog(logger);
    }

    /** A message that does not decode. */
    void malformed() {
        metrics.lanDropped(LanDropReason.MALFORMED);
    }

    /** The LAN protection rejected a message (no key, another key, tampered). */
    void unauthenticated(Address sender, String why) {
        metrics.lanDropped(LanDropReason.UNAUTHENTICATED);
        log.warn(LanDropReason.UNAUTHENTICATED.tag(), System.nanoTime(),
                "site {}: LAN message from JGroups address {} rejected: {}; a process without the cluster key, or a"
                        + " member configured with another cluster.key, key ring or lan.protection, is on the site's"
                        + " LAN (while rotating keys, add the new key on every node before any node sends with it)",
                site, sender, why);
    }

    /** The origin check dropped a message (see {@link LanOriginGuard}). */
    void dropped(LanMessage message, LanMember sender, LanDropReason reason) {
        metrics.lanDropped(reason);
        String claimed = reason == LanDropReason.FORGED_ORIGIN ? describe(LanOriginGuard.claim(message)) : "the delegate";
        log.warn(reason.tag(), System.nanoTime(),
                "site {}: LAN message {} dropped ({}): JGroups sender {} but it claims to come from {}", site,
                message.getClass().getSimpleName(), reason.tag(), sender == null ? "(no member address)"
                        : sender.name() + " incarnation " + Long.toHexString(sender.incarnation()), claimed);
    }

    /** A message from a duplicate member of the current view (see {@link LanDuplicates}). */
    void duplicateMember(LanMember sender, String address) {
        metrics.lanDropped(LanDropReason.DUPLICATE_MEMBER);
        log.error(LanDropReason.DUPLICATE_MEMBER.tag(), System.nanoTime(),
                "site {}: LAN message from {} dropped (duplicate-member): its member name {} appears more than once"
                        + " in the site's LAN view, so its messages are not trusted (docs/security.md, LAN, one member"
                        + " per name); give each process its own member.name", site, address,
                sender == null ? "?" : sender.name() + " (incarnation " + Long.toHexString(sender.incarnation()) + ")");
    }

    private static String describe(LanOriginGuard.Claim claim) {
        return claim == null ? "?" : claim.member() + " incarnation " + Long.toHexString(claim.incarnation());
    }
}
