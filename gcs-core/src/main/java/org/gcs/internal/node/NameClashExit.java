package org.gcs.internal.node;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.gcs.GcsException;
import org.gcs.MemberId;
import org.gcs.ViewListener;
import org.gcs.internal.wire.LanDropReason;
import org.gcs.metrics.NodeMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a node does when a LAN view shows an older member of its site with its member name (docs/security.md, LAN,
 * "One member per name"): while its start has not returned, the start fails; afterwards (a merge of two LAN
 * partitions) the node leaves its groups, tells the application ({@link ViewListener#onExcluded}) and closes itself
 * with the reason. Owns the race between the two. Thread-safe: views come on JGroups threads, the start on its own.
 */
final class NameClashExit {
    private static final Logger LOG = LoggerFactory.getLogger(NameClashExit.class);
    /**
     * How long a starting member whose name an older member of the site has waits for a view without that member
     * before it gives up: about as long as the LAN takes to exclude a crashed or hung copy, so that a process restarted
     * right after its previous copy died starts instead of being refused.
     */
    static final long NAME_TAKEN_GRACE_NS = TimeUnit.MILLISECONDS.toNanos(JGroupsLan.HUNG_MEMBER_DETECTION_MS);

    private final MemberId self;
    private final NodeLoop loop;
    private final GroupMemberships memberships;
    private final Deliveries deliveries;
    private final NodeMetrics metrics;
    private final Consumer<String> closeBecause;
    private boolean started;
    /** Why a view showed this member's name taken after the first view but before the start returned, or null. */
    private String takenWhileStarting;

    /**
     * @param closeBecause closes the node, remembering why (for the message of later calls)
     */
    NameClashExit(MemberId self, NodeLoop loop, GroupMemberships memberships, Deliveries deliveries,
                  NodeMetrics metrics, Consumer<String> closeBecause) {
        this.self = self;
        this.loop = loop;
        this.memberships = memberships;
        this.deliveries = deliveries;
        this.metrics = metrics;
        this.closeBecause = closeBecause;
    }

    /**
     * The start is about to return.
     *
     * @throws GcsException if a view showed this member's name taken meanwhile
     */
    synchronized void started() {
        if (takenWhileStarting != null) {
            throw new GcsException("cannot start " + self + ": " + takenWhileStarting);
        }
        started = true;
    }

    /**
     * A view showed an older member of the site with this member's name: before the start returned, the start fails;
     * after it, the node leaves and closes on a thread of its own (the caller is a JGroups thread, which must not
     * close the channel).
     */
    void onNameTaken(String why) {
        synchronized (this) {
            if (!started) {
                takenWhileStarting = why; // the start sees it and fails
                return;
            }
        }
        String reason = "an older member of the site has this member's name: " + why;
        LOG.error("{} leaves its site and closes: {}", self, reason);
        Thread leaving = new Thread(() -> {
            try {
                loop.runAndWait(() -> {
                    for (String group : memberships.groups()) {
                        memberships.exclude(group, reason);
                        metrics.memberExcluded(group, LanDropReason.DUPLICATE_MEMBER.tag());
                        deliveries.excluded(group, reason);
                    }
                }, TimeUnit.SECONDS.toNanos(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            closeBecause.accept(reason);
        }, "gcs-leave-" + self);
        leaving.setDaemon(true);
        leaving.start();
    }
}
