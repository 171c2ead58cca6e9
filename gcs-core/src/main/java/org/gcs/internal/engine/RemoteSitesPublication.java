package org.gcs.internal.engine;

import java.util.ArrayList;
import java.util.List;
import org.gcs.alm.overlay.SiteDirectory;
import org.gcs.alm.overlay.SiteRecord;
import org.gcs.internal.wire.LanMessage.RemoteSite;
import org.gcs.internal.wire.LanMessage.RemoteSites;
import org.gcs.internal.wire.MemberGroups;

/**
 * What the delegate last told its LAN about the remote sites, and when ({@link RemoteSites}): the members build their
 * views of the remote sites from it, and a delegate's successor starts from it. It owns the publication's spacing and
 * the flag that says the directory may differ from what was published.
 *
 * <p>At most one publication per {@link #SPACING_NS}: a change that follows the last publication sooner waits for a
 * later tick. Like JGroups' view bundling, this folds a burst of changes into one message: while 512 sites found each
 * other every delegate learned about 1 000 changes, and publishing each one to the LAN with the whole list of sites
 * made forming the overlay grow with N³.
 */
final class RemoteSitesPublication {
    /** The least time between two publications of the remote sites that a change caused. */
    static final long SPACING_NS = 50_000_000L;

    private final EngineIo io;
    private final long term;
    private final SiteDirectory<List<MemberGroups>> directory;
    private List<RemoteSite> publishedSites = List.of();
    /** Set when the directory may differ from what was last published to the site. */
    private boolean changed;
    private long lastPublishedNs = Long.MIN_VALUE / 2;

    /** @param term the delegate's term, which every publication carries */
    RemoteSitesPublication(EngineIo io, long term, SiteDirectory<List<MemberGroups>> directory) {
        this.io = io;
        this.term = term;
        this.directory = directory;
    }

    /** The directory may have changed: the next {@link #publish} looks. */
    void changed() {
        changed = true;
    }

    /** Tells the site about the remote sites if anything changed since the last time (cheap when not), spaced out. */
    void publish(long nowNs) {
        if (!changed || nowNs - lastPublishedNs < SPACING_NS) {
            return;
        }
        lastPublishedNs = nowNs;
        changed = false;
        List<RemoteSite> sites = new ArrayList<>();
        for (SiteRecord<List<MemberGroups>> record : directory.sites()) {
            List<MemberGroups> members = record.state() == null ? List.of() : record.state();
            sites.add(new RemoteSite(record.site(), record.term(), record.address().host(), record.address().port(),
                    record.stateVersion(), members));
        }
        if (!sites.equals(publishedSites)) {
            publishedSites = sites;
            io.lanSend(new RemoteSites(term, sites));
        }
    }

    /** Publishes the remote sites at once, even if unchanged (a new member joined the LAN and needs them). */
    void republish(long nowNs) {
        publishedSites = List.of();
        changed = true;
        lastPublishedNs = Long.MIN_VALUE / 2;
        publish(nowNs);
    }
}
